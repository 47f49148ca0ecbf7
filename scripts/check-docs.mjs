#!/usr/bin/env node
/**
 * Docs that work from a clone and on GitHub (issue 39, point 5). Fails, naming each problem, when:
 * - a relative link in a Markdown file of the repository points at a file that does not exist, or
 *   at an anchor of docs/decisions.md that does not exist;
 * - a decision cited in code or docs ("decision N27", "decisions N9–N17, Z14") has no entry in
 *   docs/decisions.md, or an id is used by two entries;
 * - a copy in docs/reference/ differs from the shared original beside the repository (when the
 *   shared folder is there, as in CI).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set([
  'node_modules',
  'dist',
  '.turbo',
  '.cache',
  '.git',
  'coverage',
  '.reports',
  'build',
  '.tools',
]);
const problems = [];

function walk(directory, keep, found = []) {
  for (const name of readdirSync(directory)) {
    if (SKIP.has(name) || name === 'CHANGELOG.md') continue;
    const path = join(directory, name);
    if (statSync(path).isDirectory()) walk(path, keep, found);
    else if (keep(name)) found.push(path);
  }
  return found;
}

const decisionsPath = join(root, 'docs', 'decisions.md');
const decisions = readFileSync(decisionsPath, 'utf8');
const ids = [...decisions.matchAll(/<a id="([a-z]\d+)"><\/a>/g)].map((match) => match[1]);
const known = new Set(ids);
for (const id of ids.filter((id, at) => ids.indexOf(id) !== at))
  problems.push(`docs/decisions.md: ${id.toUpperCase()} is used by two entries`);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchors = new Set([
  ...known,
  ...[...decisions.matchAll(/^#+\s+(.*)$/gm)].map((match) => slug(match[1])),
]);

for (const file of walk(root, (name) => name.endsWith('.md'))) {
  const text = readFileSync(file, 'utf8');
  const where = relative(root, file);
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:|#)/.test(target) && !target.startsWith('#')) continue;
    const [path, anchor] = target.split('#');
    const linked = path ? resolve(dirname(file), path) : file;
    if (!linked.startsWith(root)) problems.push(`${where}: ${target} points outside the repository`);
    else if (!existsSync(linked)) problems.push(`${where}: ${target} does not exist`);
    else if (anchor && linked === decisionsPath && !anchors.has(anchor))
      problems.push(`${where}: ${target} names no entry of docs/decisions.md`);
  }
}

const ID = '[ABSNZEQPCM]\\d{1,2}';
const citation = new RegExp(`\\bdecisions? (${ID}(?:(?:, | and | or |–|-)${ID})*)`, 'g');
const cited = walk(root, (name) => /\.(ts|mjs|cjs|md)$/.test(name));
for (const file of cited) {
  const text = readFileSync(file, 'utf8');
  for (const [, list] of text.matchAll(citation))
    for (const id of list.match(new RegExp(ID, 'g')))
      if (!known.has(id.toLowerCase()))
        problems.push(`${relative(root, file)}: decision ${id} has no entry in docs/decisions.md`);
}

const shared = resolve(root, '..', 'shared');
const copies = [
  ['docs/reference/social-data-api.md', 'spec/social-data-api.md'],
  ['docs/reference/architecture.md', 'ARCHITECTURE.md'],
];
for (const [copy, original] of copies) {
  const source = join(shared, original);
  if (!existsSync(source)) continue;
  if (readFileSync(join(root, copy), 'utf8') !== readFileSync(source, 'utf8'))
    problems.push(`${copy} differs from ../shared/${original}: copy it again`);
}

if (problems.length > 0) {
  console.error(`The docs have ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Docs: ${cited.length} files checked, ${known.size} decisions, links and citations all resolve.`);
