import {
  closeSync,
  existsSync,
  fchmodSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { SETTING_VARIABLES } from '@social-data/core';
import { UsageError } from '../run/failure';

/** What a profile holds; the secrets never leave this process except towards the API. */
export interface Credentials {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  cookie?: string | undefined;
  proxy?: string | undefined;
}

export interface ConfigFile {
  profiles: Record<string, Credentials>;
}

type Env = Record<string, string | undefined>;

const DEFAULT_PROFILE = 'default';

/** `SOCIAL_DATA_CONFIG`, else the XDG config folder. */
export function configPath(env: Env = process.env): string {
  if (env.SOCIAL_DATA_CONFIG) return env.SOCIAL_DATA_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'social-data', 'config.json');
}

/**
 * The config file, or an empty one when there is none. A file that others may read (or write) is
 * refused before a byte of it is read: it holds an API key, and a key that leaked through a
 * shared home folder is the user's to rotate, not ours to use.
 */
export function readConfig(path: string): ConfigFile {
  if (!existsSync(path)) return { profiles: {} };
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0)
    throw new UsageError(
      `The config file ${path} can be read by other users (mode ${mode.toString(8).padStart(4, '0')}).`,
      `Run: chmod 600 ${path}`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new UsageError(
      `The config file ${path} is not valid JSON.`,
      'Run social-data configure to write it again.',
    );
  }
  const profiles = (parsed as Partial<ConfigFile> | null)?.profiles;
  if (!profiles || typeof profiles !== 'object')
    throw new UsageError(
      `The config file ${path} has no "profiles".`,
      'Run social-data configure to write it again.',
    );
  return { profiles };
}

/** Writes the whole file at mode 0600 (its folder 0700), through a temporary file and a rename. */
export function writeConfig(path: string, config: ConfigFile): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    fchmodSync(fd, 0o600);
    writeSync(fd, `${JSON.stringify(config, null, 2)}\n`);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/** The profile a run uses: `--profile`, else `SOCIAL_DATA_PROFILE`, else `default`. */
export function profileName(option: string | undefined, env: Env = process.env): string {
  return option || env.SOCIAL_DATA_PROFILE || DEFAULT_PROFILE;
}

/**
 * The credentials of a run: the profile's, each overridden by its `SOCIAL_DATA_*` variable (so
 * cron and CI set secrets without a file). A named profile that does not exist is a usage error;
 * the default one may be absent when the variables carry everything.
 */
export function resolveCredentials(option: string | undefined, env: Env = process.env): Credentials {
  const name = profileName(option, env);
  const path = configPath(env);
  const { profiles } = readConfig(path);
  const stored = profiles[name];
  if (!stored && name !== DEFAULT_PROFILE)
    throw new UsageError(
      `There is no profile "${name}" in ${path}.`,
      `Run: social-data configure --profile ${name}` +
        (Object.keys(profiles).length ? ` (profiles: ${Object.keys(profiles).join(', ')})` : ''),
    );
  // A variable set wins over the profile, setting by setting.
  const pick = (setting: 'baseUrl' | 'apiKey' | 'cookie' | 'proxy') =>
    env[SETTING_VARIABLES[setting]] || stored?.[setting];
  return { baseUrl: pick('baseUrl'), apiKey: pick('apiKey'), cookie: pick('cookie'), proxy: pick('proxy') };
}
