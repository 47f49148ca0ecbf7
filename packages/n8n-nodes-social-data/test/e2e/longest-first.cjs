// Runs the end-to-end files longest first. Without timings from an earlier run (a fresh CI), jest
// starts the largest files first, which put the two big-accounts files last: one of them ran alone
// for the last minutes of CI 28, on one of the two cores. Minutes each, as measured in a loaded CI.
const LONGEST_FIRST = [
  'n8n-1.node-and-trigger', // 1,000-1,060 s
  'n8n-2.node-and-trigger', // 1,030-1,070 s
  'n8n-2.security', // 700-1,090 s
  'n8n-2.registry', // 600-740 s
  'n8n-1.big-accounts', // 500-740 s
  'n8n-1.security', // 520-665 s
  'n8n-2.big-accounts', // 440 s
  'n8n-1.file-output', // new (issue 41): a million followers to a file
  'n8n-2.file-output',
  'n8n-2.lists-and-removals', // 155-265 s
  'n8n-1.lists-and-removals', // 140-260 s
  'n8n-2.agents', // 105-140 s
  'n8n-2.media', // 70-95 s
  'n8n-1.media', // 45-85 s
];

const rank = (path) => {
  const index = LONGEST_FIRST.findIndex((name) => path.endsWith(`${name}.e2e.test.ts`));
  return index === -1 ? LONGEST_FIRST.length : index;
};

class LongestFirst {
  sort(tests) {
    return [...tests].sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path));
  }

  cacheResults() {}

  allFailedTests(tests) {
    return tests;
  }
}

module.exports = LongestFirst;
