import { endpointIds } from '@social-data/core';
import { feedIds } from '@social-data/core/feeds';
import { commandName, feedName } from '../src/commands/names';
import { Bench } from './support/cli';

const bench = new Bench();
beforeAll(() => bench.start());
afterAll(() => bench.close());

/** The candidates the hidden `complete` command offers for the words typed so far. */
async function candidates(...words: string[]): Promise<string[]> {
  const result = await bench.run(['complete', '--', ...words]);
  expect(result.code).toBe(0);
  const lines = result.stdout.split('\n').filter(Boolean);
  // One candidate a line, its description on the same line: a line break would be a candidate.
  for (const line of lines) expect(line).toMatch(/^(:\d+|[\w-]+\t.*)$/);
  return lines.filter((line) => !line.startsWith(':')).map((line) => line.split('\t')[0]!);
}

describe('shell completion', () => {
  it.each(['bash', 'zsh', 'fish'])(
    'prints a %s script that asks the command for candidates',
    async (shell) => {
      const result = await bench.run(['completion', shell]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('social-data complete --');
    },
  );

  it('completes every group and operation of the catalog, and every feed of watch', async () => {
    const groups = new Set(endpointIds.map((id) => commandName(id).group));
    expect(await candidates('')).toEqual(
      expect.arrayContaining([...groups, 'watch', 'configure', 'completion']),
    );
    for (const group of groups) {
      const operations = endpointIds
        .filter((id) => commandName(id).group === group)
        .map((id) => commandName(id).operation);
      expect(await candidates(group, '')).toEqual(expect.arrayContaining(operations));
    }
    expect(await candidates('watch', '')).toEqual(feedIds.map(feedName));
    expect(await candidates('watch', 'new-follower', '@a', '--st')).toEqual(['--state']);
  });

  it('completes options and their choices', async () => {
    expect(await candidates('user', 'followers', '@a', '--ch')).toEqual(['--checkpoint']);
    expect(await candidates('user', 'followers', '@a', '--format', '')).toEqual([
      'jsonl',
      'json',
      'csv',
      'ids',
    ]);
  });
});
