// A jest reporter that keeps what failed in .reports/failures/<suite>.json, so the end of
// `npm test` names every failed test with the start and end of its message: a CI log is often seen only
// by its tail, and turbo's interleaved output buries jest's own summary far above it.
const { mkdirSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const DIRECTORY = path.join(ROOT, '.reports', 'failures');
// A message's start says what failed; its end often says why (a harness appends a log's tail).
const HEAD_LINES = 15;
const TAIL_LINES = 30;
// eslint-disable-next-line no-control-regex
const COLOURS = /\u001b\[[0-9;]*m/g;

// jest's and Node's own frames say nothing about what failed; the message and our frames do.
const NOT_OURS = /^\s+at .*(node_modules|node:internal|<anonymous>)/;

const headAndTail = (text) => {
  const lines = text
    .replace(COLOURS, '')
    .split('\n')
    .filter((line) => !NOT_OURS.test(line));
  if (lines.length <= HEAD_LINES + TAIL_LINES) return lines.join('\n');
  const left = lines.length - HEAD_LINES - TAIL_LINES;
  return [...lines.slice(0, HEAD_LINES), `… ${left} lines left out …`, ...lines.slice(-TAIL_LINES)].join(
    '\n',
  );
};

class FailuresReporter {
  onRunComplete(contexts, results) {
    const names = [...contexts].map(
      (context) => context.config.displayName?.name ?? path.basename(context.config.rootDir),
    );
    const file = path.join(DIRECTORY, `${[...new Set(names)].sort().join('+') || 'jest'}.json`);
    const failures = results.testResults.flatMap((suite) => {
      const where = path.relative(ROOT, suite.testFilePath);
      const broken = suite.testExecError
        ? [
            {
              file: where,
              test: '(the file did not run)',
              message: headAndTail(suite.testExecError.message ?? String(suite.testExecError)),
            },
          ]
        : [];
      return broken.concat(
        suite.testResults
          .filter((test) => test.status === 'failed')
          .map((test) => ({
            file: where,
            test: test.fullName,
            message: headAndTail(test.failureMessages.join('\n')),
          })),
      );
    });
    if (!failures.length) return rmSync(file, { force: true });
    mkdirSync(DIRECTORY, { recursive: true });
    writeFileSync(file, `${JSON.stringify({ failures }, null, 2)}\n`);
  }
}

module.exports = FailuresReporter;
