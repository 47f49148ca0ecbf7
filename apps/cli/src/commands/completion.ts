import tab from '@bomb.sh/tab/commander';
import type { Command } from 'commander';

/**
 * `social-data completion bash|zsh|fish|powershell` prints the shell's script; the script asks
 * the hidden `social-data complete -- <words>` for candidates, read off the command tree, so
 * completion follows the catalog like the commands do. Called once every command is added.
 */
export function addCompletionCommand(program: Command): void {
  tab(program, { completionCommandName: 'completion' });
}
