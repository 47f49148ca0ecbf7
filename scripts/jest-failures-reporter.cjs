// A jest reporter that keeps what failed in .reports/failures/<suite>.json, so the end of
// `npm test` names every failed test with the start of its message: a CI log is often seen only
// by its tail, and turbo's interleaved output buries jest's own summary far above it.
const { mkdirSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const DIRECTORY = path.join(ROOT, '.reports', 'failures');
const MESSAGE_LINES = 25;
// eslint-disable-next-line no-control-regex
const COLOURS = /\u001b\[[0-9;]*m/g;

// jest's and Node's own frames say nothing about what failed; the message and our frames do.
const NOT_OURS = /^\s+at .*(node_modules|node:internal|<anonymous>)/;

const firstLines = (text) =>
  text
    .replace(COLOURS, '')
    .split('\n')
    .filter((line) => !NOT_OURS.test(line))
    .slice(0, MESSAGE_LINES)
    .join('\n');

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
              message: firstLines(suite.testExecError.message ?? String(suite.testExecError)),
            },
          ]
        : [];
      return broken.concat(
        suite.testResults
          .filter((test) => test.status === 'failed')
          .map((test) => ({
            file: where,
            test: test.fullName,
            message: firstLines(test.failureMessages.join('\n')),
          })),
      );
    });
    if (!failures.length) return rmSync(file, { force: true });
    mkdirSync(DIRECTORY, { recursive: true });
    writeFileSync(file, `${JSON.stringify({ failures }, null, 2)}\n`);
  }
}

module.exports = FailuresReporter;
