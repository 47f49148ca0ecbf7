// Generated tables in READMEs live between `<!-- name:start -->` and `<!-- name:end -->`; the
// scripts that render them from the catalog share this, and each README's test compares.
function between(readme, name, table) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from === -1 || to === -1) throw new Error(`the README lacks the ${start} / ${end} markers`);
  return `${readme.slice(0, from + start.length)}\n\n${table}\n\n${readme.slice(to)}`;
}

module.exports = { between };
