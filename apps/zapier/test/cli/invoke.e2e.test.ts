import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { writeReport } from '@social-data/n8n-harness';
import type { Figures } from '@social-data/n8n-harness';
import { startRecorder, WELL_KNOWN } from '@social-data/sandbox';
import type { Recorder, Sandbox } from '@social-data/sandbox';

import { connectedSandbox } from '../support/sandbox';

// The same runner `npm run zapier` and `npm run validate` use: Zapier's CLI on a Node it accepts.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { cliNode, runZapierCli } = require('../../scripts/zapier-cli.cjs') as {
  cliNode: () => string;
  runZapierCli: (
    args: string[],
    options: { cwd: string; env: Record<string, string>; timeoutMs: number },
  ) => Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>;
};

// Each invoke is a fresh CLI process that loads the app; on two shared cores that has taken
// seconds. These limits only stop a hang.
const INVOKE_LIMIT_MS = 120_000;
jest.setTimeout(INVOKE_LIMIT_MS + 10_000);

const appRoot = join(__dirname, '..', '..');

let sandbox: Sandbox;
let authData: Record<string, string>;
/** Stands in for zapier.com: the CLI's API base points here, so any call out would be seen. */
let zapierDotCom: Recorder;
let appDir: string;
const outputs: string[] = [];
const figures: Figures = {};

/**
 * The folder `zapier-platform push` uploads (build/), with its one dependency installed as Zapier
 * installs it, outside the workspace: the CLI runs the app exactly as built.
 */
function builtAppFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'zapier-invoke-'));
  cpSync(join(appRoot, 'build'), dir, { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(
    realpathSync(join(appRoot, 'node_modules', 'zapier-platform-core')),
    join(dir, 'node_modules', 'zapier-platform-core'),
  );
  return dir;
}

/** The CLI reads a connection from `.env` as `authData_<field>` lines, the way its docs show. */
function writeConnection(connection: Record<string, string>): void {
  const lines = Object.entries(connection).map(([field, value]) => `authData_${field}='${value}'`);
  writeFileSync(join(appDir, '.env'), `${lines.join('\n')}\n`, { mode: 0o600 });
}

async function invoke(label: string, args: string[], connection = authData) {
  writeConnection(connection);
  const result = await runZapierCli(['invoke', ...args, '--non-interactive'], {
    cwd: appDir,
    env: {
      ZAPIER_BASE_ENDPOINT: zapierDotCom.url,
      // Not the developer's `zapier-platform login`: its deploy key only serves relaying through
      // zapier.com (`-a`), and these runs must not depend on who ran them.
      ZAPIER_AUTH_LOCATION: join(appDir, 'no-zapierrc'),
    },
    timeoutMs: INVOKE_LIMIT_MS,
  });
  outputs.push(result.stdout, result.stderr);
  figures[`${label}: ms`] = result.ms;
  console.log(`zapier-platform invoke ${args.join(' ')}: exit ${result.code} in ${result.ms} ms`);
  return result;
}

function parsed<T>(result: { code: number | null; stdout: string; stderr: string }): T {
  if (result.code !== 0) throw new Error(`invoke failed (exit ${result.code}):\n${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

beforeAll(async () => {
  // On Node 20 the CLI runs under the harness's Node 24, which a fresh clone may still have to
  // download here: that belongs to set-up, not to the first invoke's hang guard.
  cliNode();
  ({ sandbox, authData } = await connectedSandbox('Invoke'));
  zapierDotCom = await startRecorder({ host: '127.0.0.1' });
  appDir = builtAppFolder();
}, 900_000);

afterAll(async () => {
  writeReport(
    'zapier-invoke',
    "Zapier's CLI (zapier-platform invoke 19.1.0) on the built app against the sandbox",
    figures,
  );
  rmSync(appDir, { recursive: true, force: true });
  await zapierDotCom?.close();
  await sandbox?.close();
});

interface User {
  id: string;
  userName: string;
  followers: number;
}

describe('zapier-platform invoke runs the built app against the sandbox', () => {
  it('tests the connection: one lookup with the key, labelled with the sandbox host', async () => {
    sandbox.stats.reset();
    const result = parsed<{ label: string }>(await invoke('auth test', ['auth', 'test']));
    expect(result.label).toBe(`Social Data (${new URL(sandbox.url).host})`);
    expect(sandbox.stats.byEndpoint.lookupTweets).toBe(1);
  });

  it('polls New Follower: every follower of sandbox_owner, in the sandbox order', async () => {
    const owner = sandbox.world.accountByName('sandbox_owner')!;
    const expected = sandbox.world.followers(owner);
    const records = parsed<User[]>(
      await invoke('trigger newFollower', ['trigger', 'newFollower', '-i', '{"userName":"sandbox_owner"}']),
    );
    figures['trigger newFollower: records'] = records.length;
    expect(records.map((user) => user.id)).toEqual(expected.slice(0, expected.length).map((user) => user.id));
    expect(records).toHaveLength(
      WELL_KNOWN.find((account) => account.userName === 'sandbox_owner')!.followers,
    );
  });

  it("finds a profile with the sandbox's own counts", async () => {
    const account = sandbox.world.accountByName('social_data')!;
    const found = parsed<User[]>(
      await invoke('search getUser', ['search', 'getUser', '-i', '{"userName":"@social_data"}']),
    );
    figures['search getUser: records'] = found.length;
    const [profile] = found;
    expect(profile).toMatchObject({
      id: sandbox.world.user(account).id,
      userName: 'social_data',
      followers: sandbox.world.counters(account).followers,
    });
  });

  it('creates the list asked for, which the sandbox knows by the returned id', async () => {
    const before = sandbox.world.listsCreated;
    // Values are text, as the Zap editor sends them; the CLI parses "yes" for a boolean field.
    const created = parsed<{ list_id: string }>(
      await invoke('create createList', [
        'create',
        'createList',
        '-i',
        '{"name":"My list","description":"made by invoke","is_private":"yes"}',
      ]),
    );
    expect(sandbox.world.listsCreated).toBe(before + 1);
    const list = sandbox.world.listByIdString(created.list_id);
    expect(list).toBeDefined();
    expect(sandbox.world.listInfo(list!)).toMatchObject({
      name: 'My list',
      description: 'made by invoke',
      isPrivate: true,
    });
  });

  it('shows a rejected key as the Zap builder sees it, without the key', async () => {
    const badKey = 'tda_invokeRejectedKey_9';
    const result = await invoke('auth test, bad key', ['auth', 'test'], { ...authData, apiKey: badKey });
    expect(result.code).not.toBe(0);
    const message = result.stderr.replace(/\s*›\s*/g, ' ');
    expect(message).toContain(
      'The API key was rejected (HTTP 401 on “the connection test”): Invalid API key. Check the API key in the Social Data connection (its Reconnect or Edit settings)',
    );
    expect(message).not.toContain(badKey);
  });

  it('printed no secret and called nothing but the sandbox', () => {
    const printed = outputs.join('\n');
    const cookieValues = authData.cookie!.split(';').map((pair) => pair.split('=')[1]!.trim());
    const proxyPassword = new URL(authData.proxy!).password;
    for (const secret of [authData.apiKey!, ...cookieValues, proxyPassword])
      expect(printed).not.toContain(secret);
    expect(zapierDotCom.requests).toEqual([]);
  });
});
