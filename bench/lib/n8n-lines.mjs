import { n8nInstalled } from '@social-data/n8n-harness';

/**
 * Runs `measureLine(line, context, log)` on every n8n line of `lines` that is installed (the bench
 * never installs n8n), and names the others as skipped: `what` says what was not measured.
 */
export async function onEveryLine(lines, what, measureLine, context) {
  const log = (line) => process.stderr.write(`[bench] ${line}\n`);
  const rows = [];
  const skipped = [];
  for (const line of lines) {
    if (!n8nInstalled(line)) skipped.push(`${what} in n8n ${line}.x (not installed)`);
    else rows.push(...(await measureLine(line, context, log)));
  }
  return { rows, skipped };
}
