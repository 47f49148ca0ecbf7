// Saved n8n workflows and Zaps store operation values, parameter names and step keys that the
// code generates from the catalog, so no file shows them. Each host package records them in a
// checked-in saved-names.json; its test compares that file with what the code offers now and fails
// with the difference and how a breaking change ships, or rewrites the file when run with
// UPDATE_SAVED_NAMES=1 (which `npm run docs` does).
const { readFileSync, writeFileSync } = require('node:fs');

/**
 * `a.b.c` → JSON of the value, for every leaf. A list's members become `a.b[member]`, so adding
 * one reads as an addition and reordering as no change: saved work refers to members by value.
 */
function flatten(value, prefix = '', into = new Map()) {
  if (Array.isArray(value)) {
    for (const member of value) into.set(`${prefix}[${JSON.stringify(member)}]`, '');
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, JSON.stringify(value));
  }
  return into;
}

const line = (sign, path, value) => (value ? `${sign} ${path}: ${value}` : `${sign} ${path}`);

/** The lines that differ, `-` for what the file has and `+` for what the code offers now. */
function differences(saved, current) {
  const before = flatten(saved);
  const after = flatten(current);
  const lines = [];
  for (const [path, value] of before) {
    if (after.get(path) !== value) lines.push(line('-', path, value));
    if (after.has(path) && after.get(path) !== value) lines.push(line('+', path, after.get(path)));
  }
  for (const [path, value] of after) if (!before.has(path)) lines.push(line('+', path, value));
  return lines;
}

/**
 * Throws when `current` differs from the snapshot in `file`. `breaking` says how this host ships
 * a change that saved work would notice.
 */
function assertUnchanged(file, current, breaking) {
  const lines = differences(JSON.parse(readFileSync(file, 'utf8')), current);
  if (lines.length === 0) return;
  const onlyAdded = lines.every((line) => line.startsWith('+'));
  throw new Error(
    [
      `${file} no longer matches what the code offers. Saved workflows and Zaps store these names and defaults:`,
      ...lines.map((line) => `  ${line}`),
      onlyAdded
        ? 'Only additions: saved work is unaffected. Record them with `npm run docs` (or this test run with UPDATE_SAVED_NAMES=1).'
        : `Saved work that uses a removed or changed line breaks or behaves differently. Revert the change, or ship it as ${breaking} (CONTRIBUTING.md, "Changing what saved work stores"), then record it with \`npm run docs\`.`,
    ].join('\n'),
  );
}

/** Compares with the snapshot, or rewrites it when asked to. */
function checkSavedNames(file, current, breaking) {
  if (process.env.UPDATE_SAVED_NAMES === '1') writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
  else assertUnchanged(file, current, breaking);
}

module.exports = { assertUnchanged, checkSavedNames };
