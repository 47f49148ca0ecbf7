// Real Redis, PostgreSQL and n8n processes on one shared cluster: one file, one test at a time.
// Every wait inside has a deadline of its own that names what did not happen; a test's timeout
// must exceed the sum of its waits (the trigger test waits for three minute polls and a main
// restart: over 240 s on a busy machine), or jest reports a bare timeout instead.
module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'queue-mode',
  maxWorkers: 1,
  testTimeout: 900_000,
};
