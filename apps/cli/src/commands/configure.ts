import { text } from 'node:stream/consumers';
import { ValidationError, errorInHostWords, normalizeCookie, normalizeProxy } from '@social-data/core';
import { createClient } from '@social-data/core/node';
import type { Command } from 'commander';
import { configPath, profileName, readConfig, writeConfig } from '../config/profile';
import type { Credentials } from '../config/profile';
import { UsageError } from '../run/failure';
import { reportFailure } from './action';

interface Field {
  key: keyof Credentials;
  label: string;
  secret: boolean;
}

const FIELDS: Field[] = [
  { key: 'baseUrl', label: 'Base URL of the API', secret: false },
  { key: 'apiKey', label: 'API key (tda_…)', secret: true },
  { key: 'cookie', label: 'Session cookie, for own-session endpoints (optional)', secret: true },
  { key: 'proxy', label: 'Proxy URL, for own-session endpoints (optional)', secret: true },
];

/**
 * Asks in a terminal, the secrets hidden while typed (not even their length shows); Enter keeps what
 * the profile holds. Without a terminal it reads one line per field from stdin, for scripts.
 */
async function askAll(current: Credentials): Promise<Credentials> {
  const answers: Credentials = {};
  if (!process.stdin.isTTY) {
    const given = await text(process.stdin);
    // Nothing at all (a script's stdin at /dev/null) is no answer, not four answers left empty.
    if (given === '')
      throw new UsageError(
        'configure read nothing from stdin, which is not a terminal. Nothing was saved.',
        'Pipe the answers in, one a line (base URL, API key, cookie, proxy; an empty line keeps the saved one), or run it in a terminal.',
      );
    const lines = given.split(/\r?\n/);
    FIELDS.forEach((field, index) => {
      const line = lines[index]?.trim();
      answers[field.key] = line ? line : current[field.key];
    });
    return answers;
  }
  // Loaded here, not with the command: they cost as much start-up time as an export's first page.
  const [{ default: input }, { default: password }] = await Promise.all([
    import('@inquirer/input'),
    import('@inquirer/password'),
  ]);
  for (const field of FIELDS) {
    const kept = current[field.key];
    const answer = field.secret
      ? await password({ message: `${field.label}${kept ? ' [Enter keeps the saved one]' : ''}:` })
      : await input({ message: `${field.label}:`, ...(kept ? { default: kept } : {}) });
    answers[field.key] = answer.trim() ? answer.trim() : kept;
  }
  return answers;
}

/**
 * Refuses a profile a client would refuse (a base URL that is no URL, a key that is no key, a bad
 * cookie or proxy) before it is saved, in the words of this command. An answer left empty may come
 * from a SOCIAL_DATA_* variable at run time, and a plain http:// address from --allow-insecure-http.
 */
function checkProfile(profile: Credentials): void {
  try {
    createClient({
      baseUrl: profile.baseUrl ?? 'https://api.example.com',
      apiKey: profile.apiKey ?? 'tda_left_empty',
      cookie: profile.cookie,
      proxy: profile.proxy,
      allowInsecureHttp: true,
    });
    if (profile.cookie) normalizeCookie(profile.cookie);
    if (profile.proxy) normalizeProxy(profile.proxy);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // Named as the question asked it: "API key (tda_…): the API key is empty."
    const { message } = errorInHostWords(error, {
      settings: 'this profile',
      field: (name) => FIELDS.find(({ key }) => key === name)?.label,
    });
    throw new UsageError(
      `${message} Nothing was saved.`,
      'Run social-data configure again with a corrected answer.',
    );
  }
}

/**
 * Whether the base URL is plain http:// to another machine, which every command refuses unless
 * it is given --allow-insecure-http: saved, as the profile may be meant for that, but said.
 */
function refusedWithoutFlag(profile: Credentials): boolean {
  if (!profile.baseUrl) return false;
  try {
    createClient({ baseUrl: profile.baseUrl, apiKey: 'tda_left_empty' });
    return false;
  } catch (error) {
    return error instanceof ValidationError && error.field === 'baseUrl';
  }
}

export function addConfigureCommand(program: Command): void {
  program
    .command('configure')
    .summary('save the base URL, API key, cookie and proxy in the config file')
    .description(
      'Asks for the credentials of a profile and saves them in the config file ($SOCIAL_DATA_CONFIG, else ~/.config/social-data/config.json), readable only by you (mode 0600). SOCIAL_DATA_BASE_URL, SOCIAL_DATA_API_KEY, SOCIAL_DATA_COOKIE and SOCIAL_DATA_PROXY override the profile when set.',
    )
    .option('--profile <name>', 'the profile to write (default: $SOCIAL_DATA_PROFILE or "default")')
    .action(async (options: { profile?: string }) => {
      try {
        const path = configPath();
        const config = readConfig(path);
        const name = profileName(options.profile);
        const answers = await askAll(config.profiles[name] ?? {});
        const profile: Credentials = {};
        for (const field of FIELDS) if (answers[field.key]) profile[field.key] = answers[field.key];
        checkProfile(profile);
        config.profiles[name] = profile;
        writeConfig(path, config);
        process.stderr.write(`social-data: saved profile "${name}" in ${path} (mode 0600).\n`);
        // Said, not refused: only the API knows what it takes, and a refusal here would leave no way.
        if (profile.cookie && !/[^=;\s]+=/.test(profile.cookie))
          process.stderr.write(
            "social-data: warning: the session cookie holds no name=value pair, as the value of a browser's Cookie header does (auth_token=…; ct0=…): the API may refuse it. Copy the whole Cookie header's value if it does.\n",
          );
        if (refusedWithoutFlag(profile))
          process.stderr.write(
            `social-data: warning: ${new URL(profile.baseUrl ?? '').origin} is plain http:// to another machine, which sends the API key unencrypted: every command refuses it unless given --allow-insecure-http.\n`,
          );
      } catch (error) {
        if (error instanceof Error && error.name === 'ExitPromptError') {
          process.exitCode = 130;
          return;
        }
        reportFailure(error, undefined);
      }
    });
}
