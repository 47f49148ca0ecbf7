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

/** One MCP client's entry of the README's `mcpServers` config: what the client starts. */
export interface McpEntry {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * The README's MCP server section (under "AI agents"): the Claude Desktop entry, and the shell
 * lines of the remote mode, from npm and from this clone.
 */
export function mcpSection(): { desktop: McpEntry; remote: string[]; clone: string[]; text: string } {
  const text = section('AI agents: the node as a tool, and the MCP server');
  const server = text.slice(text.indexOf('\n### The MCP server\n'));
  const json = /```json\n([\s\S]*?)```/.exec(server)?.[1];
  if (!json) throw new Error("the README's MCP section has no ```json config block");
  const config = JSON.parse(json) as { mcpServers: Record<string, McpEntry> };
  const [remote = [], clone = []] = shellBlocks(server);
  return { desktop: config.mcpServers['social-data']!, remote, clone, text: server };
}
