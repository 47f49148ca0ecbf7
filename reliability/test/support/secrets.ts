import { inspect } from 'node:util';

/**
 * Distinctive secrets for every client, step and sandbox of the suite: values no record, message
 * or hint could contain by chance, so any occurrence in what the suite sees is a leak. Letters,
 * digits and `_` only, so they read the same raw, URL-encoded and JSON-escaped.
 */
const KEY_STEM = 'R3liab1lityKey';
const COOKIE_TOKEN = 'C00kieT0ken_x7Pq';
const COOKIE_CSRF = 'Csrf5ecret_k2Lm';
const PROXY_PASSWORD = 'Pr0xyPassw0rd_v9Rt';

export const COOKIE = `auth_token=${COOKIE_TOKEN}; ct0=${COOKIE_CSRF}`;
export const PROXY = `http://reluser:${PROXY_PASSWORD}@127.0.0.1:8080`;

/** API keys that differ per client (faults staged on the sandbox are matched by key) and share the stem. */
export const apiKey = (n = 0) => `tda_${KEY_STEM}_${n.toString(36).padStart(4, '0')}`;

const SECRETS: Record<string, string[]> = {
  'API key': [KEY_STEM],
  cookie: [COOKIE_TOKEN, COOKIE_CSRF],
  'proxy password': [PROXY_PASSWORD],
};

/** A cut-off echo leaks as surely as a whole one: every 10 characters of a secret are searched for. */
function windows(secret: string): string[] {
  const size = Math.min(10, secret.length);
  return Array.from({ length: secret.length - size + 1 }, (_, at) => secret.slice(at, at + size));
}

const FORMS: Array<[string, string]> = Object.entries(SECRETS).flatMap(([name, values]) =>
  values.flatMap(windows).map((form): [string, string] => [name, form]),
);

export interface Text {
  /** Where the text came from, shown instead of the secret when one is found. */
  where: string;
  text: string;
}

/** Every string a value holds: own properties, enumerable or not, and causes, at any depth. */
function strings(value: unknown, path: string, seen: Set<object>, out: Text[]): void {
  if (typeof value === 'string') out.push({ where: path, text: value });
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    const name = String(key);
    out.push({ where: `${path} key`, text: name });
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
    if (descriptor && 'value' in descriptor) strings(descriptor.value, `${path}.${name}`, seen, out);
  }
}

/**
 * Everything a user or a log could be shown of a value: its strings one by one, how it prints
 * (String, JSON.stringify, util.inspect with hidden properties) and, for errors, their causes.
 */
export function textsOf(value: unknown, where: string): Text[] {
  const out: Text[] = [];
  strings(value, where, new Set(), out);
  out.push({ where: `${where} (String)`, text: String(value) });
  out.push({ where: `${where} (util.inspect)`, text: inspect(value, { depth: Infinity, showHidden: true }) });
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  out.push({ where: `${where} (JSON.stringify)`, text: json ?? '' });
  return out;
}

/** Where a secret occurs, as "place: which secret"; never the secret itself. */
export function findSecrets(texts: Text[]): string[] {
  const found = new Set<string>();
  for (const { where, text } of texts) {
    for (const [name, form] of FORMS) if (text.includes(form)) found.add(`${where}: ${name}`);
  }
  return [...found];
}

/** Tallies what was scanned, for the figures. */
export class SecretScan {
  texts = 0;
  found = 0;

  /** Fails, naming the places, when any text holds a secret. */
  check(texts: Text[]): void {
    const found = findSecrets(texts);
    this.texts += texts.length;
    this.found += found.length;
    if (found.length) throw new Error(`A secret leaked into:\n${found.join('\n')}`);
  }
}
