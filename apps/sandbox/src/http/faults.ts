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
  // Issue 26: a fresh cursor with the records already served, a cursor of white space, and
  // Retry-After values that are no delay.
  'fresh-cursor-repeat',
  'blank-cursor',
  'rate-limit-odd',
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * Faults no retry cures (an error the API states, pages that end a run early or never), and the
 * odd Retry-After, which a retry does cure but only after the client's own backoff.
 */
const PERSISTENT_FAULTS: readonly FaultKind[] = [
  'error-200',
  'repeat-cursor',
  'empty-page',
  'fresh-cursor-repeat',
  'blank-cursor',
  'rate-limit-odd',
];

/** The faults a retry cures: what a client must ride out without losing or repeating records. */
export const TRANSIENT_FAULTS: readonly FaultKind[] = FAULT_KINDS.filter(
  (kind) => !PERSISTENT_FAULTS.includes(kind),
);

export interface FaultRule {
  fault: FaultKind;
  /** How many requests it hits; absent means every matching request. */
  times?: number;
  /** The share of matching requests it hits (0–1); absent means all of them. */
  rate?: number;
  /** Only requests with this API key. */
  key?: string;
  /** Only this catalog endpoint. */
  endpoint?: string;
  /** Seconds the 429 asks the client to wait (default 1). */
  retryAfter?: number;
  /** How long a slow answer takes (default 2000 ms). */
  delayMs?: number;
  /** `rate-limit-odd`'s Retry-After as sent (default "-5"); "5, 10" goes as two headers. */
  retryAfterText?: string;
}

export type Fault = Required<Pick<FaultRule, 'fault' | 'retryAfter' | 'delayMs' | 'retryAfterText'>>;

const ODD_RETRY_AFTER = '-5';

export function parseFaultRule(input: unknown): FaultRule {
  const rule = (input ?? {}) as Record<string, unknown>;
  if (!FAULT_KINDS.includes(rule.fault as FaultKind))
    throw new Error(`fault must be one of ${FAULT_KINDS.join(', ')}`);
  if (rule.retryAfterText !== undefined && typeof rule.retryAfterText !== 'string')
    throw new Error('retryAfterText must be text');
  for (const name of ['times', 'rate', 'retryAfter', 'delayMs'] as const) {
    if (rule[name] !== undefined && (typeof rule[name] !== 'number' || (rule[name] as number) < 0))
      throw new Error(`${name} must be a number >= 0`);
  }
  return rule as unknown as FaultRule;
}

/** `rate-limit;retry-after=3` or `slow;delay=500`, as sent in the X-Sandbox-Fault header. */
export function parseFaultHeader(header: string): Fault {
  const [kind = '', ...settings] = header.split(';').map((part) => part.trim());
  const options = Object.fromEntries(settings.map((setting) => setting.split('=').map((s) => s.trim())));
  const rule = parseFaultRule({ fault: kind });
  return {
    fault: rule.fault,
    retryAfter: Number(options['retry-after'] ?? 1),
    delayMs: Number(options.delay ?? 2000),
    retryAfterText: options['retry-after-text'] ?? ODD_RETRY_AFTER,
  };
}

interface ActiveRule extends FaultRule {
  hits: number;
}

/** Faults switched on through the control API, matched per key and endpoint, deterministic by seed. */
export class Faults {
  private rules: ActiveRule[] = [];
  private draws = 0;
  injected = 0;

  constructor(private readonly seed: number) {}

  add(rule: FaultRule): void {
    this.rules.push({ ...rule, hits: 0 });
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

  pick(key: string, endpoint: string, header: string | undefined): Fault | undefined {
    const fault = header ? parseFaultHeader(header) : this.fromRules(key, endpoint);
    if (fault) this.injected += 1;
    return fault;
  }

  private fromRules(key: string, endpoint: string): Fault | undefined {
    for (const rule of this.rules) {
      if (rule.key !== undefined && rule.key !== key) continue;
      if (rule.endpoint !== undefined && rule.endpoint !== endpoint) continue;
      if (rule.times !== undefined && rule.hits >= rule.times) continue;
      if (rule.rate !== undefined && hash(this.seed, 901, this.draws++) / 2 ** 32 >= rule.rate) continue;
      rule.hits += 1;
      return {
        fault: rule.fault,
        retryAfter: rule.retryAfter ?? 1,
        delayMs: rule.delayMs ?? 2000,
        retryAfterText: rule.retryAfterText ?? ODD_RETRY_AFTER,
      };
    }
    return undefined;
  }
}
