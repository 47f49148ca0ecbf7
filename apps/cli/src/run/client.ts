import { clientOptionsFromEnv, createClient } from '@social-data/core/node';
import type { SocialDataClient } from '@social-data/core';
import { configPath, profileName, resolveCredentials } from '../config/profile';
import { barOnScreen } from './progress';

/** Options every command that calls the API takes. */
export interface ConnectionOptions {
  profile?: string;
  verbose?: boolean;
  quiet?: boolean;
  retries?: number;
  timeout?: number;
  allowInsecureHttp?: boolean;
}

/** A wait a user would notice; a short backoff is not worth a line. */
const LONG_WAIT_MS = 2000;

/**
 * A client on the run's credentials. `--verbose` logs one line per request through core's
 * logger, which redacts the key, the cookie and the proxy before a line reaches us.
 */
export function clientFor(options: ConnectionOptions, signal: AbortSignal): SocialDataClient {
  const credentials = resolveCredentials(options.profile);
  const client = createClient({
    baseUrl: credentials.baseUrl ?? '',
    apiKey: credentials.apiKey ?? '',
    cookie: credentials.cookie,
    proxy: credentials.proxy,
    signal,
    maxRetries: options.retries,
    timeoutMs: options.timeout,
    // The flag, or the variable every SOCIAL_DATA_* reader takes (cron sets it once).
    allowInsecureHttp: options.allowInsecureHttp || clientOptionsFromEnv().allowInsecureHttp,
    logger: options.verbose ? (line) => process.stderr.write(`social-data: ${line}\n`) : undefined,
    // A rate limit's wait (up to a minute) would look like a hang: said unless asked for quiet
    // (--verbose says it already, in its request log) or a progress bar, whose clock goes on, is
    // on screen (a line would land inside it).
    onRetryWait:
      options.verbose || options.quiet
        ? undefined
        : ({ ms, attempt, attempts, rateLimited }) => {
            if ((rateLimited || ms >= LONG_WAIT_MS) && !barOnScreen())
              process.stderr.write(
                `social-data: ${rateLimited ? 'rate limited' : 'retrying'}; waiting ${Math.ceil(ms / 1000)} s before attempt ${attempt} of ${attempts}\n`,
              );
          },
  });
  // The address as the client took it: a password or a key in the URL as given is never shown.
  if (options.verbose)
    process.stderr.write(
      `social-data: profile "${profileName(options.profile)}" of ${configPath()} and SOCIAL_DATA_* variables; base URL ${client.baseUrl}\n`,
    );
  return client;
}
