import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '..', '..', '..');
const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The text of a `## ` section of the root README, up to the next one. */
function section(title: string): string {
  const start = README.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`the README has no "## ${title}" section`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

/** The shell lines of each ```sh block in `text`, comments taken off. */
function shellBlocks(text: string): string[][] {
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) =>
    match[1]!
      .split('\n')
      .map((line) => line.replace(/\s+#\s.*$/, '').trim())
      .filter((line) => line && !line.startsWith('#')),
  );
}

/** The first screen: the command lines above the README's first section. */
export function firstScreen(): string[] {
  return shellBlocks(README.slice(0, README.indexOf('\n## ')))[0] ?? [];
}

/** The install section's blocks: from npm, from this clone, and the settings for the sandbox. */
export function installBlocks(): { published: string[]; clone: string[]; settings: string[] } {
  const text = section('Install');
  const [published = [], clone = [], settings = []] = shellBlocks(text);
  return { published, clone, settings };
}

export const installText = () => section('Install');
