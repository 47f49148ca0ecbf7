import { startSandbox } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

import { N8nInstance } from '@social-data/n8n-harness';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { NOT_THE_API, REFUSED, SocialDataApi } from '../../credentials/SocialDataApi.credentials';
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
// n8n 2.x applies the credential's status rules; n8n 1.x drops the response of a failed request
// (issue 19, point 2), so there the test takes every answer and judges its body (decision N2).
const expected = (line: 1 | 2, status: number) => (line === 2 ? ruleFor(status) : REFUSED);

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
    // A site that is not the API: a page for every path, and a redirect under /moved.
    let web: Server;
    let webPage = '';
    const webPageHits: string[] = [];
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
      web = createServer((request, response) => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        webPageHits.push(path);
        if (path.startsWith('/moved')) response.writeHead(301, { location: `${webPage}/elsewhere` }).end();
        else
          response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>');
      });
      await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
      webPage = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
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
      await new Promise((resolve) => (web ? web.close(resolve) : resolve(undefined)));
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
          message: expected(line, 400),
        });
      },
      120_000,
    );

    it('fails a revoked key', async () => {
      const result = await test({ apiKey: REVOKED_KEY, baseUrl: sandbox.url, cookie: COOKIE, proxy: PROXY });
      expect(result).toEqual({ status: 'Error', message: expected(line, 401) });
    }, 120_000);

    it('fails a Base URL with a path the API does not know', async () => {
      const result = await test({ apiKey: API_KEY, baseUrl: `${sandbox.url}/v2` });
      expect(result).toEqual({ status: 'Error', message: expected(line, 404) });
    }, 120_000);

    it('fails a Base URL where a web page answers, without following its redirect', async () => {
      const result = await test({ apiKey: API_KEY, baseUrl: webPage, cookie: COOKIE, proxy: PROXY });
      expect(result).toEqual({ status: 'Error', message: NOT_THE_API });
      const redirected = await test({ apiKey: API_KEY, baseUrl: `${webPage}/moved` });
      expect(redirected).toEqual({ status: 'Error', message: NOT_THE_API });
      expect(webPageHits).toEqual(['/social/bookmarks', '/moved/social/tweets/lookup']);
    }, 120_000);

    it('leaves no key, cookie or proxy password in what n8n answered, printed or stored', () => {
      expect(answers.length).toBeGreaterThanOrEqual(9);
      const texts = [...answers, n8n.log, ...n8n.storedFiles()];
      expect(scanForReport(`credential-test-n8n-${line}`, `Credential test, n8n ${line}.x`, texts)).toEqual(
        [],
      );
    });
  });
}
