import { endpointIds, endpointSpec } from '@social-data/core';
import { feedIds } from '@social-data/core/feeds';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandName, feedName } from '../src/commands/names';
import { EXIT } from '../src/run/failure';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

describe("the CLI's README", () => {
  it('lists the command of every catalog endpoint with its action', () => {
    for (const id of endpointIds) {
      const { group, operation } = commandName(id);
      const row = readme
        .split('\n')
        .find((line) => line.startsWith(`| \`social-data ${group} ${operation}\``));
      expect({ id, row: row?.includes(endpointSpec(id).action) }).toEqual({ id, row: true });
    }
  });

  it('names every feed watch takes', () => {
    for (const id of feedIds) expect(readme).toContain(`\`${feedName(id)}\``);
  });

  it('documents every exit code', () => {
    for (const code of Object.values(EXIT)) expect(readme).toMatch(new RegExp(`^\\| ${code} +\\|`, 'm'));
  });
});
