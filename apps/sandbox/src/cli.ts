#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { DEFAULT_KEY, startSandbox } from './http/server';
import { WELL_KNOWN } from './world/accounts';

const USAGE = `Usage: social-data-sandbox [options]

Serves the whole Social Data API from deterministic data on loopback, with no account.

Options:
  --port <n>         where to listen (default 4010, or SANDBOX_PORT; 0 picks a free port)
  --host <address>   the address to bind (default 127.0.0.1)
  --seed <n>         the world's seed (default 42)
  --key <key>        an API key the sandbox accepts (repeatable; default ${DEFAULT_KEY})
  --control          serve the control API (/_sandbox/...) to stage faults and changes
  --latency <ms>     delay every answer by this much (default 0)
  --media-port <n>   the media host's port (default a free one, or SANDBOX_MEDIA_PORT)
  --help             this text`;

const OPTIONS = {
  port: { type: 'string', default: process.env.SANDBOX_PORT ?? '4010' },
  host: { type: 'string', default: '127.0.0.1' },
  seed: { type: 'string', default: '42' },
  key: { type: 'string', multiple: true },
  control: { type: 'boolean', default: false },
  latency: { type: 'string', default: '0' },
  'media-port': { type: 'string', default: process.env.SANDBOX_MEDIA_PORT ?? '0' },
  help: { type: 'boolean', default: false },
} as const;

/** The flags as given; a flag it does not know stops it with the usage (exit 2), not a stack trace. */
function options() {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
}

const values = options();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({
    port: Number(values.port),
    host: values.host,
    seed: Number(values.seed),
    keys: values.key?.length ? values.key : [DEFAULT_KEY],
    control: values.control,
    latencyMs: Number(values.latency),
    mediaPort: Number(values['media-port']),
  });

  // Before the address is printed: whoever reads it may stop the sandbox at once, and a signal
  // with no handler yet would kill it mid-print, unclosed and without a word.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void sandbox.close().then(() => {
        console.log('The sandbox stopped.');
        process.exit(0);
      });
    });
  }

  console.log(`Social Data sandbox listening on ${sandbox.url}`);
  console.log(`  SOCIAL_DATA_BASE_URL=${sandbox.url}`);
  console.log(`  SOCIAL_DATA_API_KEY=${sandbox.keys[0]}`);
  console.log(
    `  own-session calls: SOCIAL_DATA_COOKIE='auth_token=sandbox; ct0=sandbox' SOCIAL_DATA_PROXY=http://user:pass@127.0.0.1:8080`,
  );
  console.log(`  media host (every media item's url): ${sandbox.mediaUrl}`);
  console.log(`  accounts: ${WELL_KNOWN.map((a) => a.userName).join(', ')}`);
  if (values.control) console.log(`  control API: ${sandbox.url}/_sandbox/directory`);
}

main().catch((error: unknown) => {
  const taken = (error as { code?: unknown }).code === 'EADDRINUSE';
  console.error(
    `The sandbox could not start: ${error instanceof Error ? error.message : String(error)}${
      taken
        ? `\nAnother process listens on port ${values.port}: pick another with --port (0 picks a free one).`
        : ''
    }`,
  );
  process.exit(1);
});
