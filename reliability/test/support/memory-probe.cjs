// Loaded into the sandbox process with --require (and --expose-gc): on SIGUSR2 it collects
// garbage and prints its memory, so the suite can tell retained memory from garbage not yet
// collected without adding anything to the sandbox itself.
process.on('SIGUSR2', () => {
  global.gc();
  process.stdout.write(`memory ${JSON.stringify(process.memoryUsage())}\n`);
});
