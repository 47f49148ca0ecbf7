import {
  CACHE_DIR,
  ensureN8nInBackground,
  N8N_LINES,
  N8nInstance,
  n8nInstalled,
} from '@social-data/n8n-harness';
import type { N8nLine } from '@social-data/n8n-harness';
import { startSandbox } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

import { sandboxCredentials } from './credentials';
import { DEFAULT_LINE } from './options';
import type { Progress } from './progress';

const EXPRESSION_TIMEOUT_MS = 60_000;

export interface StackOptions {
  line?: N8nLine;
  /**
   * The one folder n8n's file nodes may write to. n8n 2.x allows only ~/.n8n-files unless
   * N8N_RESTRICT_FILE_ACCESS_TO says otherwise; the same setting on 1.x keeps both lines alike.
   */
  outputDir?: string;
  /** Sandbox port; 0 (any free port) unless a person needs a stable address. */
  sandboxPort?: number;
  prefix?: string;
  /** Given what stops everything started so far, as soon as there is any (see `Shutdown`). */
  onStarted?: (close: () => Promise<void>) => void;
}

/** A sandbox with its control API and a real n8n with the package and both credentials in it. */
export interface Stack {
  sandbox: Sandbox;
  n8n: N8nInstance;
  close(): Promise<void>;
}

/**
 * Everything the demo, the dev editor and the browser test run against. The package n8n loads
 * is the built one, copied where `npm install` in ~/.n8n/nodes puts it; the credentials point at
 * the sandbox.
 */
export async function startStack(progress: Progress, options: StackOptions = {}): Promise<Stack> {
  const line = options.line ?? DEFAULT_LINE;
  progress.step(`Real n8n (${line}.x) from ${CACHE_DIR}`);
  if (n8nInstalled(line)) progress.info(`n8n ${N8N_LINES[line].version} is installed: reused`);
  else
    await progress.long(
      `installing n8n ${N8N_LINES[line].version} (once per machine: 4 to 25 minutes)`,
      (say) => ensureN8nInBackground(line, say),
    );

  progress.step('Sandbox API and a throwaway n8n with the community package');
  const sandbox = await startSandbox({
    control: true,
    ...(options.sandboxPort === undefined ? {} : { port: options.sandboxPort }),
  });
  progress.info(`sandbox serving the whole API on ${sandbox.url}`);
  const n8n = new N8nInstance(line, {
    prefix: options.prefix ?? 'social-data-demo-',
    log: (message) => progress.info(message),
    env: {
      ...(options.outputDir ? { N8N_RESTRICT_FILE_ACCESS_TO: options.outputDir } : {}),
      // n8n 2.x stops an expression after 5 s. Summing a part of 200,000 followers in the
      // parts example ran past that on a loaded machine (decision E8); 1.x ignores the setting.
      N8N_EXPRESSION_ENGINE_TIMEOUT: String(EXPRESSION_TIMEOUT_MS),
    },
  });
  // A credential import in flight is let finish first: `remove()` stops n8n, not that command,
  // which would write into the folder after it was deleted and leave its plain-text file behind.
  // Once: Ctrl-C may close while a failed start closes too.
  let importing: Promise<void> | undefined;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await importing?.catch(() => undefined);
      await n8n.remove();
      await sandbox.close();
    })());
  options.onStarted?.(close);
  try {
    progress.info(`n8n ${n8n.runtime.version}, user folder ${n8n.folder}`);
    importing = n8n.importCredentials(sandboxCredentials(sandbox));
    await importing;
    progress.info('credential "Social Data" (with a sandbox session) imported (stored encrypted)');
    return { sandbox, n8n, close };
  } catch (error) {
    await close();
    throw error;
  }
}
