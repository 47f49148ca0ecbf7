// Lints each text of a JSON list on stdin ({ cwd, file, code }) as ESLint would lint that file
// there, and prints each one's messages as JSON. One process with one ESLint per folder, because
// a process per text loaded the config and built the TypeScript program twenty times over.
import { ESLint } from 'eslint';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const cases = JSON.parse(input);
const linters = new Map();
const results = [];
for (const { cwd, file, code } of cases) {
  if (!linters.has(cwd)) linters.set(cwd, new ESLint({ cwd }));
  const [result] = await linters.get(cwd).lintText(code, { filePath: file });
  results.push(result.messages.map(({ ruleId, severity, message }) => ({ ruleId, severity, message })));
}
process.stdout.write(JSON.stringify(results));
