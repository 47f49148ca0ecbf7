import { startSandbox } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

import { N8nInstance } from '@social-data/n8n-harness';

import { SocialDataApi } from '../../credentials/SocialDataApi.credentials';
import { API_KEY, COOKIE, PROXY, REVOKED_KEY, scanForReport } from './credentials';

const OWNER = {
  email: 'owner@social-data.local',
  firstName: 'Credential',
  lastName: 'Test',
  password: 'SocialData-e2e-1',
};
// n8n ties its login cookie to the browser that logged in; every request here is that browser.
const BROWSER = { 'browser-id': 'social-data-credential-test' };

const credential = new SocialDataApi();
const ruleFor = (status: number) =>
  credential.test.rules?.find((rule) => rule.type === 'responseCode' && rule.properties.value === status)
    ?.properties.message;
const SESSION_REFUSED = ruleFor(400);
const KEY_REJECTED = ruleFor(401);
// n8n 1.x applies a credential's own messages only to a failure that carries the response, which
// its RoutingNode error does not (issue 19, point 2): the test still fails, in n8n's words.
const N8N_1_BAD_REQUEST = 'Bad request - please check your parameters';
const N8N_1_UNAUTHORIZED = 'Authorization failed - please check your credentials';

interface TestResult {
  status: 'OK' | 'Error';
  message: string;
}

/**
 * The credential's Test button as the editor calls it (`POST /rest/credentials/test`) in a real
 * n8n against the sandbox: the key alone, and the key with a whole, half or no session.
 */
export function credentialTestSuite(line: 1 | 2): void {
  describe(`the credential's Test in real n8n ${line}.x`, () => {
    let sandbox: Sandbox;
    let n8n: N8nInstance;
    let auth = '';
    const answers: string[] = [];

    // n8n 1.x tests only a saved credential the user may read, as the editor saves before testing:
    // each test saves one, then sends its form as the editor does.
    let saved = 0;
    const test = async (data: Record<string, string>): Promise<TestResult> => {
      const credential = {
        id: `sdCredTest${String(++saved).padStart(6, '0')}`,
        name: 'Social Data',
        type: 'socialDataApi',
        data,
      };
      await n8n.importCredentials([credential]);
      const response = await fetch(`${n8n.url}/rest/credentials/test`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: auth, ...BROWSER },
        body: JSON.stringify({ credentials: credential }),
      });
      const text = await response.text();
      answers.push(text);
      if (!response.ok) throw new Error(`credential test answered ${response.status}: ${text}`);
      return (JSON.parse(text) as { data: TestResult }).data;
    };

    beforeAll(async () => {
      sandbox = await startSandbox({ keys: [API_KEY] });
      n8n = new N8nInstance(line, { prefix: `n8n-credential-test-${line}-` });
      await n8n.start();
      await n8n.setupOwner(OWNER);
      const login = await fetch(`${n8n.url}/rest/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...BROWSER },
        body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
      });
      if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
      auth = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    }, 900_000);

    afterAll(async () => {
      await sandbox?.close();
      await n8n?.remove();
    });

    it('passes a valid key without a session, looking up a public tweet', async () => {
      const before = sandbox.stats.byEndpoint.getBookmarks ?? 0;
      await expect(test({ apiKey: API_KEY, baseUrl: sandbox.url })).resolves.toMatchObject({ status: 'OK' });
      expect(sandbox.stats.byEndpoint.getBookmarks ?? 0).toBe(before);
    }, 120_000);

    it('passes a valid key with a whole session only after the API accepted the session', async () => {
      const before = sandbox.stats.byEndpoint.getBookmarks ?? 0;
      const result = await test({ apiKey: API_KEY, baseUrl: sandbox.url, cookie: COOKIE, proxy: PROXY });
      expect(result).toMatchObject({ status: 'OK' });
      expect(sandbox.stats.byEndpoint.getBookmarks ?? 0).toBe(before + 1);
    }, 120_000);

    it.each([
      ['a cookie without a proxy', { cookie: COOKIE }],
      ['a proxy without a cookie', { proxy: PROXY }],
      ['a cookie that is no cookie', { cookie: 'not a cookie', proxy: PROXY }],
    ])(
      'fails %s, naming both session fields',
      async (_case, session) => {
        const result = await test({ apiKey: API_KEY, baseUrl: sandbox.url, ...session });
        expect(result).toEqual({
          status: 'Error',
          message: line === 2 ? SESSION_REFUSED : N8N_1_BAD_REQUEST,
        });
      },
      120_000,
    );

    it('fails a revoked key', async () => {
      const result = await test({ apiKey: REVOKED_KEY, baseUrl: sandbox.url, cookie: COOKIE, proxy: PROXY });
      expect(result).toEqual({ status: 'Error', message: line === 2 ? KEY_REJECTED : N8N_1_UNAUTHORIZED });
    }, 120_000);

    it('leaves no key, cookie or proxy password in what n8n answered, printed or stored', () => {
      expect(answers.length).toBeGreaterThanOrEqual(6);
      const texts = [...answers, n8n.log, ...n8n.storedFiles()];
      expect(scanForReport(`credential-test-n8n-${line}`, `Credential test, n8n ${line}.x`, texts)).toEqual(
        [],
      );
    });
  });
}
