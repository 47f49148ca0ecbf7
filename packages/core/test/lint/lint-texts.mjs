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
  // A planted text is no file on disk, so no tsconfig holds it: the type-aware rules are off for
  // it (they need the file in a program), and the rules under test need no types.
  if (!linters.has(cwd))
    linters.set(
      cwd,
      new ESLint({
        cwd,
        overrideConfig: {
          languageOptions: { parserOptions: { projectService: false, project: null } },
          rules: {
            '@typescript-eslint/no-floating-promises': 'off',
            '@typescript-eslint/no-misused-promises': 'off',
            '@typescript-eslint/await-thenable': 'off',
          },
        },
      }),
    );
  const [result] = await linters.get(cwd).lintText(code, { filePath: file });
  results.push(result.messages.map(({ ruleId, severity, message }) => ({ ruleId, severity, message })));
}
process.stdout.write(JSON.stringify(results));
