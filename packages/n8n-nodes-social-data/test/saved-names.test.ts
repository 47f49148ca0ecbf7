import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { SocialData } from '../nodes/SocialData/SocialData.node';
import { SocialDataTrigger } from '../nodes/SocialDataTrigger/SocialDataTrigger.node';

// Plain scripts shared with the Zapier app's test; they read the descriptions untyped.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { assertUnchanged, checkSavedNames } = require('../../../scripts/saved-names.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { savedNames } = require('./support/saved-names.cjs');

const NEW_VERSION =
  'a new node version (`version: [1, 1.1]` with `@version` display conditions, or a VersionedNodeType v2)';

const current = () => savedNames(new SocialData().description, new SocialDataTrigger().description);

describe('what saved workflows store', () => {
  it('has not changed since saved-names.json was written', () => {
    checkSavedNames(join(__dirname, 'saved-names.json'), current(), NEW_VERSION);
  });

  describe('a change to it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'saved-names-')), 'saved-names.json');
    beforeEach(() => writeFileSync(file, JSON.stringify(current())));
    afterAll(() => rmSync(dirname(file), { recursive: true, force: true }));

    it('that renames an operation or changes a default is named, with how to ship it', () => {
      const changed = current();
      const { operations } = changed.action;
      operations['user:getUserProfile'] = operations['user:getUser'];
      delete operations['user:getUser'];
      operations['user:getUserFollowers'].limit.default = 20;
      const check = () => assertUnchanged(file, changed, NEW_VERSION);
      expect(check).toThrow(/^ {2}- action\.operations\.user:getUser\.userName\.type: "resourceLocator"$/m);
      expect(check).toThrow(
        /^ {2}\+ action\.operations\.user:getUserProfile\.userName\.type: "resourceLocator"$/m,
      );
      expect(check).toThrow(
        /^ {2}- action\.operations\.user:getUserFollowers\.limit\.default: 50\n {2}\+ action\.operations\.user:getUserFollowers\.limit\.default: 20$/m,
      );
      expect(check).toThrow(`Revert the change, or ship it as ${NEW_VERSION}`);
    });

    it('that only adds an option value is told apart: saved work still runs', () => {
      const changed = current();
      changed.trigger.event.values.push('newSomething');
      const check = () => assertUnchanged(file, changed, NEW_VERSION);
      expect(check).toThrow(/^ {2}\+ trigger\.event\.values\["newSomething"\]$/m);
      expect(check).toThrow('Only additions: saved work is unaffected');
    });
  });
});
