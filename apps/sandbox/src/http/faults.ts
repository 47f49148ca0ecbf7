import { hash } from '../world/random';

/** Every failure the sandbox can stage, for retry, stop-rule and error-path tests. */
export const FAULT_KINDS = [
  'rate-limit',
  'rate-limit-date',
  'error-500',
  'error-502',
  'error-503',
  'slow',
  'reset',
  'html',
  'truncated',
  'error-200',
  'repeat-cursor',
  'empty-page',
  'redirect-other-origin',
  'redirect-same-origin',
  'endless-body',
  'gzip-bomb',
  'lying-length',
  // Issue 26: a fresh cursor with the records already served, a cursor of white space, and
  // Retry-After values that are no delay.
  'fresh-cursor-repeat',
  'blank-cursor',
  'rate-limit-odd',
] as const;

/**
 * Issue 20: a 404, for the media route above all (a deleted picture); the API route answers it
 * too. Kept out of FAULT_KINDS, every kind of which the reliability matrix runs against the API.
 */
export const MEDIA_FAULT_KINDS = ['not-found'] as const;
/**
 * Issue 37: a page answered as an empty list with no more to read (an account suspended, or a
 * transient empty answer). A paged read takes it at its word, so it stays out of the reliability
 * matrix too; triggers must not take it for every item leaving.
 */
export const TRIGGER_FAULT_KINDS = ['empty-list'] as const;
/**
 * Issue 38: answers that start and never finish. `drip-body`: headers at once, then the body a
 * byte every `delayMs` (default 2 s) until the client hangs up; `stall-body`: headers and the
 * opening of the body, then silence; `cut-body`: headers and half a page, then the connection is
 * closed. Kept out of the reliability matrix, which runs every request to its end; each surface's
 * own tests stage them.
 */
export const TIMING_FAULT_KINDS = ['drip-body', 'stall-body', 'cut-body'] as const;
/**
 * Issue 38: answers that are whole and well formed but not what was asked. `extra-record`: a
 * lookup answers its records in reverse order plus one record nobody asked for; `deep-nesting`:
 * the first record carries an unknown field nested `depth` levels (default 5,000); `long-loop`:
 * a paged read goes on for ever with a fresh cursor each page, its records repeating every
 * `every` records (default 120,000, past a client's window of ids seen); `odd-status`: the
 * `status` 304 (no Location), 418 or 451 (default 418). Each surface's tests stage them.
 */
export const EDGE_FAULT_KINDS = ['extra-record', 'deep-nesting', 'long-loop', 'odd-status'] as const;
const ALL_KINDS: readonly string[] = [
  ...FAULT_KINDS,
  ...MEDIA_FAULT_KINDS,
  ...TRIGGER_FAULT_KINDS,
  ...TIMING_FAULT_KINDS,
  ...EDGE_FAULT_KINDS,
];

export type FaultKind =
  | (typeof FAULT_KINDS)[number]
  | (typeof MEDIA_FAULT_KINDS)[number]
  | (typeof TRIGGER_FAULT_KINDS)[number]
  | (typeof TIMING_FAULT_KINDS)[number]
  | (typeof EDGE_FAULT_KINDS)[number];

/**
 * Faults no retry cures (an error the API states, pages that end a run early or never, the
 * hostile answers a client must refuse: issue 25), and the odd Retry-After, which a retry does
 * cure but only after the client's own backoff.
 */
const PERSISTENT_FAULTS: readonly FaultKind[] = [
  'error-200',
  'repeat-cursor',
  'empty-page',
  'redirect-other-origin',
  'redirect-same-origin',
  'endless-body',
  'gzip-bomb',
  'fresh-cursor-repeat',
  'blank-cursor',
  'rate-limit-odd',
  'empty-list',
  'drip-body',
  'stall-body',
  'extra-record',
  'deep-nesting',
  'long-loop',
  'odd-status',
];

/** Where a redirect to another origin points when no target is given: a discard port on 127.0.0.2. */
export const DEFAULT_REDIRECT_TARGET = 'http://127.0.0.2:9/collect';
/** What an endless body or a gzip bomb sends (decompressed) unless told otherwise: 1 GiB. */
export const DEFAULT_HOSTILE_BYTES = 1024 ** 3;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];
const ODD_STATUSES = [304, 418, 451];

/** The faults a retry cures: what a client must ride out without losing or repeating records. */
export const TRANSIENT_FAULTS: readonly FaultKind[] = FAULT_KINDS.filter(
  (kind) => !PERSISTENT_FAULTS.includes(kind),
);

export interface FaultRule {
  fault: FaultKind;
  /** How many requests it hits; absent means every matching request. */
  times?: number;
  /** Matching requests it lets through first (default 0): `after: 1` hits the second page of a read. */
  after?: number;
  /** The share of matching requests it hits (0–1); absent means all of them. */
  rate?: number;
  /** Only requests with this API key. */
  key?: string;
  /** Only this catalog endpoint. */
  endpoint?: string;
  /**
   * Only requests for a later page of a read (those with a cursor): a retry of a first page that
   * was slow on a busy machine is never the request hit, as it could be with `after: 1`.
   */
  laterPages?: boolean;
  /** Seconds the 429 asks the client to wait (default 1). */
  retryAfter?: number;
  /** How long a slow answer takes (default 2000 ms). */
  delayMs?: number;
  /** The status of a redirect: 301, 302, 303, 307 or 308 (default 302). */
  status?: number;
  /** Where a redirect to another origin points (default DEFAULT_REDIRECT_TARGET). */
  to?: string;
  /** How many bytes an endless body, a gzip bomb (decompressed) or a lying length sends (default 1 GiB). */
  bytes?: number;
  /** `rate-limit-odd`'s Retry-After as sent (default "-5"); "5, 10" goes as two headers. */
  retryAfterText?: string;
  /** How deep `deep-nesting`'s field goes (default 5,000 levels). */
  depth?: number;
  /** After how many records `long-loop`'s records repeat (default 120,000). */
  every?: number;
}

export type Fault = Required<
  Pick<
    FaultRule,
    'fault' | 'retryAfter' | 'delayMs' | 'status' | 'to' | 'bytes' | 'retryAfterText' | 'depth' | 'every'
  >
>;

const ODD_RETRY_AFTER = '-5';

function settled(rule: FaultRule): Fault {
  return {
    fault: rule.fault,
    retryAfter: rule.retryAfter ?? 1,
    delayMs: rule.delayMs ?? 2000,
    status: rule.status ?? (rule.fault === 'odd-status' ? 418 : 302),
    to: rule.to ?? DEFAULT_REDIRECT_TARGET,
    bytes: rule.bytes ?? DEFAULT_HOSTILE_BYTES,
    retryAfterText: rule.retryAfterText ?? ODD_RETRY_AFTER,
    depth: rule.depth ?? 5_000,
    every: rule.every ?? 120_000,
  };
}

export function parseFaultRule(input: unknown): FaultRule {
  const rule = (input ?? {}) as Record<string, unknown>;
  if (!ALL_KINDS.includes(rule.fault as string))
    throw new Error(`fault must be one of ${ALL_KINDS.join(', ')}`);
  if (rule.retryAfterText !== undefined && typeof rule.retryAfterText !== 'string')
    throw new Error('retryAfterText must be text');
  if (rule.laterPages !== undefined && typeof rule.laterPages !== 'boolean')
    throw new Error('laterPages must be true or false');
  for (const name of [
    'times',
    'after',
    'rate',
    'retryAfter',
    'delayMs',
    'bytes',
    'depth',
    'every',
  ] as const) {
    if (rule[name] !== undefined && (typeof rule[name] !== 'number' || (rule[name] as number) < 0))
      throw new Error(`${name} must be a number >= 0`);
  }
  const statuses = rule.fault === 'odd-status' ? ODD_STATUSES : REDIRECT_STATUSES;
  if (rule.status !== undefined && !statuses.includes(rule.status as number))
    throw new Error(`status must be one of ${statuses.join(', ')}`);
  if (rule.every === 0) throw new Error('every must be at least 1');
  if (rule.to !== undefined && (typeof rule.to !== 'string' || !URL.canParse(rule.to)))
    throw new Error('to must be an absolute URL');
  return rule as unknown as FaultRule;
}

const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));

/**
 * `rate-limit;retry-after=3`, `slow;delay=500` or `redirect-other-origin;status=307;to=http://…`,
 * as sent in the X-Sandbox-Fault header.
 */
function parseFaultHeader(header: string): Fault {
  const [kind = '', ...settings] = header.split(';').map((part) => part.trim());
  const options = Object.fromEntries(
    settings.map((setting) => {
      const at = setting.indexOf('=');
      return [setting.slice(0, at).trim(), setting.slice(at + 1).trim()];
    }),
  ) as Record<string, string | undefined>;
  return settled(
    parseFaultRule({
      fault: kind,
      retryAfter: number(options['retry-after']),
      delayMs: number(options.delay),
      status: number(options.status),
      to: options.to,
      bytes: number(options.bytes),
      retryAfterText: options['retry-after-text'],
      depth: number(options.depth),
      every: number(options.every),
    }),
  );
}

interface ActiveRule extends FaultRule {
  hits: number;
  /** Matching requests let through so far, up to `after`. */
  passed: number;
}

/** Faults switched on through the control API, matched per key and endpoint, deterministic by seed. */
export class Faults {
  private rules: ActiveRule[] = [];
  private draws = 0;
  injected = 0;

  constructor(private readonly seed: number) {}

  add(rule: FaultRule): void {
    this.rules.push({ ...rule, hits: 0, passed: 0 });
  }

  /**
   * Fails `share` of the matching requests, split evenly over `kinds`. Rules are tried in turn
   * with a draw each, so rule i fires at share / (1 - i * share) of the requests that reach it.
   */
  addShare(kinds: readonly FaultKind[], share: number, rule: Omit<FaultRule, 'fault' | 'rate'> = {}): void {
    const each = share / kinds.length;
    kinds.forEach((fault, i) => this.add({ ...rule, fault, rate: each / (1 - i * each) }));
  }

  clear(): void {
    this.rules = [];
  }

  pick(key: string, endpoint: string, header: string | undefined, laterPage = false): Fault | undefined {
    const fault = header ? parseFaultHeader(header) : this.fromRules(key, endpoint, laterPage);
    if (fault) this.injected += 1;
    return fault;
  }

  private fromRules(key: string, endpoint: string, laterPage: boolean): Fault | undefined {
    for (const rule of this.rules) {
      if (rule.key !== undefined && rule.key !== key) continue;
      if (rule.endpoint !== undefined && rule.endpoint !== endpoint) continue;
      if (rule.laterPages === true && !laterPage) continue;
      if (rule.times !== undefined && rule.hits >= rule.times) continue;
      if (rule.passed < (rule.after ?? 0)) {
        rule.passed += 1;
        continue;
      }
      if (rule.rate !== undefined && hash(this.seed, 901, this.draws++) / 2 ** 32 >= rule.rate) continue;
      rule.hits += 1;
      return settled(rule);
    }
    return undefined;
  }
}
