import { startSandbox } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

export interface Connected {
  sandbox: Sandbox;
  authData: Record<string, string>;
}

/** A sandbox on loopback and a Zapier connection to it, with the session own-session steps need. */
export async function connectedSandbox(tag: string): Promise<Connected> {
  const apiKey = `tda_zapier${tag}Key_1`;
  const sandbox = await startSandbox({ keys: [apiKey] });
  return {
    sandbox,
    authData: {
      apiKey,
      baseUrl: sandbox.url,
      cookie: `auth_token=zap${tag}Cookie_1; ct0=zap${tag}Csrf_1`,
      proxy: `http://zapuser:zap${tag}Pass_1@127.0.0.1:8080`,
    },
  };
}
