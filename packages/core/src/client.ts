import { catalog } from './catalog/endpoints';
import type { EndpointId } from './catalog/endpoints';
import type {
  BatchLookupId,
  PageParamsOf,
  PageRecordOf,
  PaginatedId,
  ParamsOf,
  ResultOf,
} from './catalog/infer';
import { endpointSpec, isPaginated } from './catalog/queries';
import {
  ApiError,
  AuthenticationError,
  CancelledError,
  ConnectionError,
  CreditsExhaustedError,
  RateLimitError,
  ResponseFormatError,
  SocialDataError,
  TimeoutError,
  UpstreamError,
  ValidationError,
} from './errors/classes';
import { hints } from './errors/hints';
import { namingWhatIsMissing } from './errors/not-found';
import { abortable } from './http/abortable';
import { RequestGate } from './http/gate';
import { shapeResult } from './http/extras';
import { readResponse } from './http/envelope';
import { buildRequest } from './http/request';
import type { RequestContext } from './http/request';
import { DEFAULT_MAX_RETRIES, isRetryable, retryDelay } from './http/retry';
import { withinDeadline } from './http/deadline';
import { classifyTransportFailure } from './http/transport-failure';
import type { Sleep, Transport } from './http/transport';
import { chunk, inInputOrder, settleWithConcurrency } from './input/batches';
import type { Settled } from './input/batches';
import type { BatchFailure, BatchResult } from './input/batch-result';
import { unfold } from './input/folded-lookup';
import { invalid } from './input/fail';
import type { NormalizedParams } from './input/params';
import { normalizeParams } from './input/params';
import {
  normalizeBoolean,
  normalizeCount,
  normalizeCursor,
  normalizeSession,
  pageSizeForLimit,
} from './input/values';
import { toPage } from './pagination/page';
import { Paginator } from './pagination/paginator';
import type { PaginateOptions } from './pagination/paginator';
import { DEFAULT_MAX_RESPONSE_BYTES } from './http/body-limit';
import { normalizeBaseUrl } from './input/base-url';
import { createRedactor, redactError } from './security/redactor';
import type { Redact } from './security/redactor';

/** A wait before a retry: how long, which attempt comes next, and whether the rate limit is why. */
export interface RetryWait {
  endpoint: EndpointId;
  ms: number;
  /** The attempt that follows the wait, counted from 1, and how many there may be. */
  attempt: number;
  attempts: number;
  rateLimited: boolean;
}

export interface ClientOptions {
  apiKey: string;
  /** Where the API lives; a credential field, pointed at the sandbox by the demo and the tests. */
  baseUrl: string;
  /** Own-session endpoints only: the caller's session cookie. */
  cookie?: string | undefined;
  /** Own-session endpoints only: http, https, socks5 or socks5h proxy URL. */
  proxy?: string | undefined;
  transport: Transport;
  sleep: Sleep;
  /** Extra attempts after a retryable failure (default 2). */
  maxRetries?: number | undefined;
  /** Per request, headers and body together (default 30 s). */
  timeoutMs?: number | undefined;
  /**
   * A time (by `now`, ms since the epoch) that no request of this client runs past: each attempt
   * gets what is left of it, at most `timeoutMs`, and none starts after it. A host with a limit
   * per step (Zapier's 30 s) sets it, so a step ends in time with what it read.
   */
  deadline?: number | undefined;
  /** The most bytes of one answer to read, after decompression (default 8 MiB). */
  maxResponseBytes?: number | undefined;
  /** Allows an http:// base URL to a host other than loopback, which sends the secrets unencrypted. */
  allowInsecureHttp?: boolean | undefined;
  /** Requests in flight at once for batched id lookups (default 4). */
  concurrency?: number | undefined;
  /** Optional client-side rate cap, since the API publishes none. */
  requestsPerSecond?: number | undefined;
  /**
   * Pacing shared with other clients (one per n8n item run at once): a 429 met by any of them
   * holds back all of them. Each client has its own when none is given.
   */
  gate?: RequestGate | undefined;
  /** Receives one redacted line per attempt. */
  logger?: ((line: string) => void) | undefined;
  /**
   * Told before each wait for a retry, so a host can say why nothing happens for a while (a
   * rate limit's Retry-After) where its user looks, without a request log.
   */
  onRetryWait?: ((wait: RetryWait) => void) | undefined;
  /**
   * Errors the transport throws that are already the host's final answer (a `z.errors` class
   * that `z.request` raised): passed on unchanged and never retried. Answers are read by core
   * alone; no host hook reads them first.
   */
  passThrough?: ((error: unknown) => boolean) | undefined;
  now?: (() => number) | undefined;
  random?: (() => number) | undefined;
  /**
   * Cancels every call of this client (n8n's Stop button): a retry wait ends at once, a request
   * in flight is aborted, and the call rejects with a CancelledError.
   */
  signal?: AbortSignal | undefined;
}

export interface CallOptions {
  /** Overrides the client's retry count for this call. */
  maxRetries?: number | undefined;
  /** Cancels this call, as the client's `signal` does. */
  signal?: AbortSignal | undefined;
  /** A time no request of this call runs past, as the client's `deadline` (the earlier holds). */
  deadline?: number | undefined;
}

export type { BatchFailure, BatchResult } from './input/batch-result';

/** Ids one batched request carries (decision 1 of docs/reference/architecture.md). */
export const IDS_PER_REQUEST = 100;
/** What one request may take, headers and body together, when the caller sets no `timeoutMs`. */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_CONCURRENCY = 4;
/** How long after its timeout an attempt is ended by core's own deadline (decision B32). */
const DEADLINE_GRACE_MS = 1000;

/** A bound on retries so a persistent failure cannot keep a run going for hours. */
export const MAX_RETRIES_LIMIT = 10;
/** The longest timeout a timer can hold (2^31 − 1 ms, about 24.8 days); longer ones fire at once. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;
export const MAX_CONCURRENCY = 32;

type Settings = Partial<Record<'maxRetries' | 'timeoutMs' | 'concurrency' | 'maxResponseBytes', number>>;

type Range = number | { min: number; max: number };

/**
 * Each named option that is set, as a whole number in its range (a bare number is a minimum).
 * Forms and expressions hand numbers over as text ("5000"), which must not reach a timer as text.
 */
function wholeNumbers<K extends string>(
  options: object,
  ranges: Record<K, Range>,
): Partial<Record<K, number>> {
  const numbers: Partial<Record<K, number>> = {};
  for (const name of Object.keys(ranges) as K[]) {
    const value = (options as Record<string, unknown>)[name];
    const range = ranges[name];
    if (value !== undefined)
      numbers[name] = normalizeCount(value, typeof range === 'number' ? { min: range } : range, name);
  }
  return numbers;
}

/** A deadline is a time by the client's clock: NaN or text would reach a timer as an address problem. */
function checkDeadline(deadline: unknown): void {
  if (deadline !== undefined && !(typeof deadline === 'number' && Number.isFinite(deadline)))
    throw invalid(
      'deadline',
      'it must be a time in milliseconds since the epoch',
      'Leave it out for no deadline.',
    );
}

function checkSettings(options: ClientOptions | CallOptions): Settings {
  const settings: Settings = wholeNumbers(options, {
    maxRetries: { min: 0, max: MAX_RETRIES_LIMIT },
    timeoutMs: { min: 1, max: MAX_TIMEOUT_MS },
    concurrency: { min: 1, max: MAX_CONCURRENCY },
    maxResponseBytes: 1024,
  });
  checkDeadline(options.deadline);
  const rate = (options as ClientOptions).requestsPerSecond;
  if (rate !== undefined && !(typeof rate === 'number' && Number.isFinite(rate) && rate > 0)) {
    throw invalid(
      'requestsPerSecond',
      'it must be a number above 0',
      'Leave it empty for no client-side limit.',
    );
  }
  return settings;
}

function normalizeApiKey(value: unknown): string {
  const fix = 'Copy the key from your account dashboard; keys start with tda_.';
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    throw invalid('apiKey', 'the API key is empty', fix);
  if (typeof value !== 'string') throw invalid('apiKey', `expected text, got ${typeof value}`, fix);
  const key = value.trim();
  if (!key.startsWith('tda_') || /\s/.test(key)) throw invalid('apiKey', 'this is not an API key', fix);
  // A header carries visible ASCII only: a key with a control character, a letter outside ASCII
  // or an emoji failed in the HTTP library three times over as "could not reach the API".
  if (!/^[\x21-\x7e]+$/.test(key))
    throw invalid(
      'apiKey',
      'the API key holds a character no request can carry (a control character, a letter outside ASCII or an emoji)',
      fix,
    );
  return key;
}

/** Parameters as a host's form hands them over, checked against the catalog at run time. */
export type UntypedParams = Readonly<Record<string, unknown>>;

/** The id itself, when a host's stored choice (a saved workflow, a Zap step) names an endpoint. */
function knownEndpoint<Id extends EndpointId>(id: Id): Id {
  if (typeof id !== 'string' || !Object.hasOwn(catalog, id))
    throw invalid(
      'operation',
      `"${String(id)}" is not an endpoint of this version`,
      'Pick the operation again from the list.',
    );
  return id;
}

/**
 * A failed call that is not idempotent (creating a list), told so when the server may have acted
 * on it: after a 5xx, a timeout or a connection lost once the request was sent, "run again"
 * could make a second list.
 */
function mayHaveActed(failure: SocialDataError): SocialDataError {
  const acted =
    failure instanceof UpstreamError ||
    failure instanceof TimeoutError ||
    failure instanceof ResponseFormatError ||
    (failure instanceof ConnectionError && failure.reachedServer);
  if (acted) failure.hint = hints.mayHaveActed;
  return failure;
}

function cancelled(id: EndpointId): CancelledError {
  return new CancelledError(`The call to ${id} was cancelled.`, { endpoint: id, hint: hints.cancelled });
}

/** Failures every other batch of the call would meet too, so none is sent after one. */
function stopsEveryBatch(error: unknown): boolean {
  return (
    error instanceof AuthenticationError ||
    error instanceof CreditsExhaustedError ||
    error instanceof CancelledError ||
    (error instanceof ConnectionError && !error.reachedServer)
  );
}

function acceptedApiKey(value: unknown): string | undefined {
  try {
    return normalizeApiKey(value);
  } catch {
    return undefined;
  }
}

/**
 * The typed client: every call is checked against the catalog before anything is sent, goes
 * through the transport with retries, and comes back as the endpoint's documented result.
 * Every error it throws has passed through the redactor.
 */
export class SocialDataClient {
  readonly redact: Redact;
  private readonly apiKey: string;
  /** The API address requests go to: its origin and path, never a user, password or query. */
  readonly baseUrl: string;
  private readonly options: ClientOptions;
  private readonly settings: Settings;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly gate: RequestGate;

  constructor(options: ClientOptions) {
    // Only a key the client accepts is hidden as one: a refused value is never sent, and a
    // mistyped short one ("api", "key") would blank those words out of every message.
    this.redact = createRedactor({
      apiKey: acceptedApiKey(options.apiKey),
      cookie: options.cookie,
      proxy: options.proxy,
    });
    this.options = options;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.gate = options.gate ?? new RequestGate();
    try {
      this.settings = checkSettings(options);
      this.apiKey = normalizeApiKey(options.apiKey);
      const allowInsecureHttp = normalizeBoolean(options.allowInsecureHttp, 'allowInsecureHttp') ?? false;
      this.baseUrl = normalizeBaseUrl(options.baseUrl, allowInsecureHttp);
    } catch (error) {
      throw this.sanitize(error);
    }
  }

  /**
   * One call: a record, a record list (ids batched 100 per request), one page or a created list.
   * A batch lookup fails as a whole when one batch fails for good; `lookup()` keeps what the
   * other batches found instead.
   */
  call<Id extends EndpointId>(
    id: Id,
    params: ParamsOf<Id>,
    options: CallOptions = {},
  ): Promise<ResultOf<Id>> {
    return this.callUntyped(id, params, options);
  }

  /**
   * `call()` for a host whose form hands over the parameters (an n8n panel, a Zapier step): they
   * are checked against the catalog at run time, so a wrong one is a ValidationError naming it.
   */
  async callUntyped<Id extends EndpointId>(
    id: Id,
    params: UntypedParams,
    options: CallOptions = {},
  ): Promise<ResultOf<Id>> {
    try {
      const settings = checkSettings(options);
      const normalized = normalizeParams(knownEndpoint(id), params);
      const context = this.context(id, options);
      if (catalog[id].result.kind !== 'records')
        return (await this.send(id, normalized, context, settings)) as ResultOf<Id>;
      const { records, failures } = await this.batches(id, normalized, context, settings, () => true);
      if (failures[0]) throw failures[0].error;
      return records as ResultOf<Id>;
    } catch (error) {
      throw this.sanitize(error);
    }
  }

  /**
   * A batch lookup (users or tweets by id) that keeps what it found: every batch runs, and the
   * ones that failed for good come back as `failures` with their ids. Only an error every batch
   * would meet (a rejected key, no credits, a cancel) stops the batches not yet sent; they are
   * reported failed with it.
   */
  lookup<Id extends BatchLookupId>(
    id: Id,
    params: ParamsOf<Id>,
    options: CallOptions = {},
  ): Promise<BatchResult<ResultOf<Id>[number]>> {
    return this.lookupUntyped(id, params, options);
  }

  /** `lookup()` with the parameters checked at run time, as `callUntyped()` does. */
  async lookupUntyped<Id extends BatchLookupId>(
    id: Id,
    params: UntypedParams,
    options: CallOptions = {},
  ): Promise<BatchResult<ResultOf<Id>[number]>> {
    try {
      const settings = checkSettings(options);
      if (catalog[knownEndpoint(id)].result.kind !== 'records')
        throw invalid('operation', `${id} is not a batch lookup`, 'Use call() for it.');
      const normalized = normalizeParams(id, params);
      const context = this.context(id, options);
      const result = await this.batches(id, normalized, context, settings, stopsEveryBatch);
      return {
        records: result.records as ResultOf<Id>[number][],
        failures: result.failures.map((failure) => ({
          ids: failure.ids,
          error: this.sanitize(failure.error) as SocialDataError,
        })),
      };
    } catch (error) {
      throw this.sanitize(error);
    }
  }

  /**
   * Batch lookups of many callers (n8n's input items) folded into one: each caller's parameters
   * are checked on their own, so bad input fails that caller alone; the ids of all of them go out
   * together, 100 per request and each id once; and each caller gets what `lookupUntyped` would
   * have given it. 2,000 items of one id each cost 20 requests instead of 2,000.
   */
  async lookupEachUntyped<Id extends BatchLookupId>(
    id: Id,
    callers: readonly UntypedParams[],
    options: CallOptions = {},
  ): Promise<Settled<BatchResult<ResultOf<Id>[number]>>[]> {
    try {
      const settings = checkSettings(options);
      const result = catalog[knownEndpoint(id)].result;
      if (result.kind !== 'records')
        throw invalid('operation', `${id} is not a batch lookup`, 'Use call() for it.');
      const checked = callers.map((params): Settled<NormalizedParams> => {
        try {
          return { ok: true, value: normalizeParams(id, params) };
        } catch (error) {
          return { ok: false, error: this.sanitize(error) };
        }
      });
      const settled: Settled<BatchResult<ResultOf<Id>[number]>>[] = checked.map((entry) =>
        entry.ok ? { ok: true, value: { records: [], failures: [] } } : entry,
      );
      // Callers fold together only when everything but their ids is the same.
      const folds = new Map<string, { params: NormalizedParams; callers: number[] }>();
      checked.forEach((entry, index) => {
        if (!entry.ok) return;
        const key = JSON.stringify(Object.entries(entry.value).filter(([name]) => name !== result.idsParam));
        const fold = folds.get(key) ?? { params: entry.value, callers: [] };
        fold.callers.push(index);
        folds.set(key, fold);
      });
      const context = this.context(id, options);
      for (const { params, callers: members } of folds.values()) {
        const asked = members.map((index) => {
          const entry = checked[index] as { ok: true; value: NormalizedParams };
          return entry.value[result.idsParam] as string[];
        });
        const all = Array.from(new Set(asked.flat()));
        const found = await this.batches(
          id,
          { ...params, [result.idsParam]: all },
          context,
          settings,
          stopsEveryBatch,
        );
        const shares = unfold(asked, {
          records: found.records as { id: string }[],
          failures: found.failures.map((failure) => ({
            ids: failure.ids,
            error: this.sanitize(failure.error) as SocialDataError,
          })),
        });
        members.forEach((index, at) => {
          settled[index] = { ok: true, value: shares[at] as BatchResult<ResultOf<Id>[number]> };
        });
      }
      return settled;
    } catch (error) {
      throw this.sanitize(error);
    }
  }

  private async batches(
    id: EndpointId,
    normalized: NormalizedParams,
    context: RequestContext,
    settings: CallOptions,
    stopsAll: (error: unknown) => boolean,
  ): Promise<BatchResult<unknown>> {
    const result = catalog[id].result;
    if (result.kind !== 'records') throw new TypeError(`${id} is not a batch lookup`);
    const ids = normalized[result.idsParam] as string[];
    const chunks = chunk(ids, IDS_PER_REQUEST);
    const settled = await settleWithConcurrency(
      chunks,
      this.settings.concurrency ?? DEFAULT_CONCURRENCY,
      (batch, stopped) =>
        this.send(id, { ...normalized, [result.idsParam]: batch }, context, settings, stopped) as Promise<
          { id: string }[]
        >,
      stopsAll,
    );
    const failures: BatchFailure[] = [];
    const found = function* () {
      for (const outcome of settled) if (outcome.ok) yield* outcome.value;
    };
    settled.forEach((outcome, index) => {
      if (!outcome.ok) failures.push({ ids: chunks[index] ?? [], error: outcome.error as SocialDataError });
    });
    return { records: inInputOrder(ids, found()), failures };
  }

  /**
   * Every record of a paginated endpoint, page after page, lazily. Input is checked at once, so
   * bad input throws here, before the first request.
   */
  paginate<Id extends PaginatedId>(
    id: Id,
    params: PageParamsOf<Id>,
    options: PaginateOptions = {},
  ): Paginator<PageRecordOf<Id>> {
    return this.paginateUntyped(id, params, options);
  }

  /** `paginate()` with the parameters checked at run time, as `callUntyped()` does. */
  paginateUntyped<Id extends PaginatedId>(
    id: Id,
    params: UntypedParams,
    options: PaginateOptions = {},
  ): Paginator<PageRecordOf<Id>> {
    try {
      if (!isPaginated(knownEndpoint(id)))
        throw invalid('operation', `${id} is not paginated`, 'Use call() for it.');
      const endpoint = catalog[id];
      const normalized = normalizeParams(id, params);
      const context = this.context(id, options);
      const pageSize = this.pageSize(id, options);
      const startCursor = normalizeCursor(options.startCursor, 'startCursor');
      const paging = wholeNumbers(options, { limit: 1, maxPages: 1, skip: 0, maxEmptyPages: 1 });
      checkDeadline(options.deadline);
      let run: { signal: AbortSignal; context: RequestContext } | undefined;
      const fetchPage = async (cursor: string | undefined, signal: AbortSignal) => {
        try {
          const pageParams: NormalizedParams = { ...normalized };
          if (pageSize !== undefined) pageParams.count = pageSize;
          if (cursor !== undefined) pageParams.cursor = cursor;
          // The run's own signal joins the caller's: a run stopped mid-read sends nothing more.
          if (run?.signal !== signal) {
            const both = context.signal ? AbortSignal.any([context.signal, signal]) : signal;
            run = { signal, context: { ...context, signal: both } };
          }
          return toPage<PageRecordOf<Id>>(endpoint.result, await this.send(id, pageParams, run.context, {}));
        } catch (error) {
          throw this.sanitize(
            options.startCursorGiven && cursor !== undefined && cursor === startCursor
              ? ofStartCursor(error)
              : error,
          );
        }
      };
      return new Paginator(fetchPage, { ...options, ...paging, startCursor });
    } catch (error) {
      throw this.sanitize(error);
    }
  }

  /**
   * The count sent with each page: the chosen page size, or the endpoint's default shrunk to the
   * limit so a small limit costs one small request. Endpoint 9 has no default and gets `count`
   * only when the caller sets it; endpoint 2 takes none.
   */
  private pageSize(id: PaginatedId, options: PaginateOptions): number | undefined {
    const range = endpointSpec(id).count;
    if (options.pageSize !== undefined) {
      if (!range)
        throw invalid(
          'pageSize',
          `${id} takes no page size`,
          'Leave the page size empty; use limit to cap the records.',
          hints.validation,
          id,
        );
      return normalizeCount(options.pageSize, range, 'pageSize');
    }
    const limit =
      options.limit === undefined ? undefined : normalizeCount(options.limit, { min: 1 }, 'limit');
    return pageSizeForLimit(range, limit);
  }

  private context(id: EndpointId, { signal, deadline }: CallOptions = {}): RequestContext {
    const signals = [this.options.signal, signal].filter((s): s is AbortSignal => s !== undefined);
    const first = this.options.deadline;
    const earliest = first === undefined || (deadline !== undefined && deadline < first) ? deadline : first;
    const context: RequestContext = {
      baseUrl: this.baseUrl,
      apiKey: this.apiKey,
      timeoutMs: this.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxResponseBytes: this.settings.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      ...(earliest === undefined ? {} : { deadline: earliest }),
    };
    if (signals.length) context.signal = signals.length === 1 ? signals[0] : AbortSignal.any(signals);
    if (catalog[id].mode === 'session') {
      context.session = normalizeSession(this.options.cookie, this.options.proxy);
    }
    return context;
  }

  /** `abandoned` turns true when the call this request belongs to has already failed. */
  private async send(
    id: EndpointId,
    params: NormalizedParams,
    context: RequestContext,
    options: CallOptions,
    abandoned: () => boolean = () => false,
  ): Promise<unknown> {
    const request = buildRequest(id, params, context);
    const { signal } = context;
    const maxRetries = options.maxRetries ?? this.settings.maxRetries ?? DEFAULT_MAX_RETRIES;
    const { idempotent } = catalog[id];
    const { deadline } = context;
    for (let attempt = 0; ; attempt += 1) {
      const { requestsPerSecond } = this.options;
      // Another request's 429 holds the gate past this call's deadline: its rate limit, and how
      // long it lasts, is this call's answer, not a wait past the deadline (decision B37).
      const pause = this.gate.pauseEnd();
      if (deadline !== undefined && pause !== undefined && pause >= deadline)
        throw new RateLimitError(`Rate limited (HTTP 429 on an earlier request, which holds ${id} back)`, {
          status: 429,
          endpoint: id,
          retryAfterMs: Math.max(0, pause - this.now()),
          hint: hints.rateLimit,
        });
      await this.wait(
        () => this.gate.pass(this.now, this.options.sleep, requestsPerSecond, signal),
        signal,
        id,
      );
      const started = this.now();
      let failure: SocialDataError;
      const allowed = Math.min(context.timeoutMs, deadline === undefined ? Infinity : deadline - started);
      if (allowed <= 0)
        throw new TimeoutError(`No time was left for this request (${id}) within its time limit.`, {
          endpoint: id,
          timeoutMs: context.timeoutMs,
          hint: hints.deadline,
        });
      // Settled rather than try/catch: only the transport can throw here (readResponse and
      // shapeResult report instead), and n8n's community-package lint refuses a raw rethrow.
      // A transport whose own timer works reports its own timeout first (in its host's words);
      // the deadline, a moment later, ends what such a timer does not cover, the body above all.
      const sent = await withinDeadline(allowed + DEADLINE_GRACE_MS, signal, (attempt) =>
        this.options.transport({ ...request, timeoutMs: allowed, signal: attempt }),
      ).then(
        (response) => ({ response }),
        (error: unknown) => ({ error }),
      );
      if ('response' in sent) {
        const { response } = sent;
        const read = readResponse(id, response, this.now(), this.redact);
        this.log(
          () =>
            `${request.method} ${request.url} -> ${response.status} in ${this.now() - started} ms (attempt ${attempt + 1})`,
        );
        if (read.ok) return shapeResult(catalog[id].result, read.data, read.envelope);
        failure = namingWhatIsMissing(read.error, id, params);
      } else {
        if (this.options.passThrough?.(sent.error)) throw sent.error;
        if (signal?.aborted) throw cancelled(id);
        failure = classifyTransportFailure(sent.error, allowed, id, this.redact);
        this.log(
          () =>
            `${request.method} ${request.url} -> ${failure.name} after ${this.now() - started} ms (attempt ${attempt + 1})`,
        );
      }
      if (attempt >= maxRetries || !isRetryable(failure, idempotent) || abandoned())
        throw idempotent ? failure : mayHaveActed(failure);
      const delay = retryDelay(failure, attempt, this.random);
      const { sleep } = this.options;
      // A 429 is the account's limit: its wait holds back every request sharing the gate.
      const rateLimited = failure instanceof ApiError && failure.status === 429;
      // A wait that would end past the deadline is not taken: the failure says more now (a rate
      // limit, how long to wait) than "no time was left" would after it. The gate still holds
      // the others for a 429's wait (decision B37).
      if (deadline !== undefined && this.now() + delay >= deadline) {
        if (rateLimited)
          void this.gate.hold(sleep, delay, this.now(), this.options.signal).catch(() => undefined);
        throw idempotent ? failure : mayHaveActed(failure);
      }
      // A long Retry-After looks like a hang to whoever watches the log.
      this.log(
        () =>
          `waiting ${(delay / 1000).toFixed(1)} s before attempt ${attempt + 2} of ${maxRetries + 1}${rateLimited ? ' (rate limited)' : ''}`,
      );
      this.options.onRetryWait?.({
        endpoint: id,
        ms: delay,
        attempt: attempt + 2,
        attempts: maxRetries + 1,
        rateLimited,
      });
      await this.wait(
        // A 429's pause holds every call of this client: only the client's own signal (all of
        // them cancelled) may end it early; one call's cancel ends that call's wait alone.
        () =>
          rateLimited ? this.gate.hold(sleep, delay, this.now(), this.options.signal) : sleep(delay, signal),
        signal,
        id,
      );
      // Another batch failed during the wait: the caller has its error, so send nothing more.
      if (abandoned()) throw failure;
    }
  }

  /** A wait that ends at once, with a CancelledError, when the call is cancelled. */
  private wait(waiting: () => Promise<void>, signal: AbortSignal | undefined, id: EndpointId) {
    return abortable(waiting, signal, () => cancelled(id));
  }

  private log(line: () => string): void {
    // Built and redacted only for a logger: Return All makes hundreds of requests.
    if (this.options.logger) this.options.logger(this.redact(line()));
  }

  private sanitize(error: unknown): unknown {
    if (this.options.passThrough?.(error)) return error;
    const known =
      error instanceof SocialDataError
        ? error
        : new SocialDataError(
            `Unexpected failure: ${error instanceof Error ? error.message : String(error)}`,
          );
    return redactError(known, this.redact);
  }
}

/**
 * The API refusing the cursor of a read's first page refuses the start cursor the user gave: the
 * hint names that input, which they can correct, not the request's `cursor`, which they never set.
 */
function ofStartCursor(error: unknown): unknown {
  if (error instanceof ValidationError && error.status !== undefined && error.field === 'cursor') {
    error.field = 'startCursor';
    error.hint = hints.startCursor;
  }
  return error;
}
