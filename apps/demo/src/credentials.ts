import type { Sandbox } from '@social-data/sandbox';

/**
 * The credentials the example workflows name. Their values are the sandbox's, not secrets, but
 * the demo still never prints them: the habit should not depend on the value.
 */
export const API_CREDENTIAL = { id: 'sdDemoApi0000001', name: 'Social Data' } as const;

export function sandboxCredentials(sandbox: Sandbox): Array<Record<string, unknown>> {
  return [
    {
      ...API_CREDENTIAL,
      type: 'socialDataApi',
      data: {
        apiKey: sandbox.keys[0],
        baseUrl: sandbox.url,
        cookie: 'auth_token=sandbox-demo; ct0=sandbox-demo',
        proxy: 'http://demo:demo@127.0.0.1:8080',
      },
    },
  ];
}
