import type { SocialDataClient } from '../client';
import type { EndpointId } from '../catalog/endpoints';
import type { BatchLookupId, PaginatedId } from '../catalog/infer';
import { endpointSpec, isPaginated, recordKindOf } from '../catalog/queries';
import { settleLookup } from '../input/settle-lookup';
import { SETTINGS } from '../errors/host-words';
import { invalid } from '../input/fail';
import { normalizeParams } from '../input/params';
import { normalizeCount } from '../input/values';
import type { FlatRecord } from '../output/simplify';
import type { ResumePoint } from '../pagination/paginator';
import { stopNotice } from '../pagination/stop-notice';
import { DEFAULT_AGENT_LIMIT, DEFAULT_OUTPUT_BUDGET, MAX_AGENT_LIMIT, MIN_OUTPUT_BUDGET } from './budget';
import { decodeAgentCursor, encodeAgentCursor } from './cursor';
import type { AgentPosition } from './cursor';
import { agentErrorOutput, agentOutput } from './output';
import type { AgentOutput } from './output';
import { agentArgName, agentInputSchema, agentToolName } from './tools';
import { modelViewOf } from './view';

export interface AgentCallOptions {
  /** Characters one output may hold (default DEFAULT_OUTPUT_BUDGET, at least MIN_OUTPUT_BUDGET). */
  budget?: number | undefined;
  /** Where the host keeps the key, base URL, cookie and proxy; shown with errors only the user can fix. */
  settings?: string | undefined;
  /** The host's short name for that place, in messages (`the "Social Data API" credential`). */
  settingsName?: string | undefined;
  /** Cancels the call (the client went away): a retry wait ends, a request in flight is aborted. */
  signal?: AbortSignal | undefined;
  /**
   * A time the call ends by, for a host whose client gives up on a call (an MCP client's request
   * timeout): no request runs past it and no retry wait outlasts it, so the model gets what was
   * read, or the error and how long to wait, instead of nothing.
   */
  deadline?: number | undefined;
  /**
   * The tool's name as the model knows it, for "call … again" texts; default the catalog name
   * (`get_user_followers`). n8n names a tool after its node instead.
   */
  toolName?: string | undefined;
  /**
   * The characters a model reads for an output text, counted against the budget; default its
   * length. A host that re-encodes the text (n8n's MCP Client Tool hands the model the MCP
   * content array as JSON, every quote escaped) passes how it does so.
   */
  measure?: ((text: string) => number) | undefined;
  /**
   * How the arguments are named: `tool` (default) as `agentTools()` declares them (`user_name`),
   * `catalog` as the catalog does (`userName`; n8n's node fills those). A catalog name passed to
   * a tool still works, so a model that knew the old names is not refused.
   */
  argNames?: 'tool' | 'catalog' | undefined;
  /**
   * The host's name for each setting core's texts mention (`baseUrl`, `allowInsecureHttp`): a
   * variable, a credential field. A setting it has no name for keeps core's.
   */
  settingNames?: ((name: string) => string | undefined) | undefined;
}

type Measure = (text: string) => number;
const textLength: Measure = (text) => text.length;

type Args = Record<string, unknown>;

/** Records shown, as the output budget allows: whole records, the first one always. */
class Fitting {
  readonly shown: FlatRecord[] = [];
  private size = 0;
  private readonly baseline: number;

  constructor(
    private readonly room: number,
    private readonly measure: Measure,
  ) {
    this.baseline = measure('');
  }

  /** False, and nothing added, when the record would pass the budget. */
  add(record: FlatRecord): boolean {
    const length = this.measure(JSON.stringify(record)) - this.baseline + 1;
    if (this.shown.length > 0 && this.size + length > this.room) return false;
    this.shown.push(record);
    this.size += length;
    return true;
  }
}

/**
 * The JSON text of a list of records within the budget: built, and while too long (a long
 * summary or cursor), built again with one record fewer. `build(n)` renders the first n.
 */
function withinBudget(
  count: number,
  budget: number,
  measure: Measure,
  build: (shown: number) => Record<string, unknown>,
) {
  let shown = count;
  let text = JSON.stringify(build(shown));
  while (measure(text) > budget && shown > 1) {
    shown -= 1;
    text = JSON.stringify(build(shown));
  }
  return { shown, text };
}

/** Room for the summary and the cursor beside the records. */
const ENVELOPE_RESERVE = 1_000;
/** Ids a lookup's not_found and failed lists show at most, so they cannot fill the budget. */
const LISTED_IDS = 50;

/** An error's message for a summary; core's errors are redacted already. */
function messageOf(error: unknown): string {
  return error instanceof Error
    ? `${error.message} ${(error as { hint?: string }).hint ?? ''}`.trim()
    : String(error);
}

function argsObject(args: unknown): Args {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'object' || Array.isArray(args))
    throw invalid('arguments', 'expected an object of named inputs', 'Pass the inputs as a JSON object.');
  return { ...(args as Args) };
}

/**
 * The tool's arguments under their catalog names (`user_name` → `userName`). An input the tool's
 * schema does not offer is refused with the ones it does, and one given under both its names
 * (`user_name` and `userName`) is refused rather than one of them silently winning.
 */
function fromToolNames(id: EndpointId, args: Args): Args {
  const offered = Object.keys(agentInputSchema(id).properties ?? {});
  const byArg = new Map(Object.keys(endpointSpec(id).params).map((param) => [agentArgName(param), param]));
  const renamed: Args = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    const param = byArg.get(name) ?? name;
    const toolName = agentArgName(param);
    if (!offered.includes(toolName))
      throw invalid(name, 'this tool takes no such input', `It takes: ${offered.join(', ')}.`);
    if (Object.hasOwn(renamed, param))
      throw invalid(toolName, 'given twice, in two spellings', `Pass ${toolName} only.`);
    renamed[param] = value;
  }
  return renamed;
}

/** A refused input named as the model passed it: `user_name`, not the catalog's `userName`. */
function toolNameOf(id: EndpointId): (field: string) => string | undefined {
  return (field) => (Object.hasOwn(endpointSpec(id).params, field) ? agentArgName(field) : undefined);
}

function continueText(toolName: string): string {
  return `To get the next ones, call ${toolName} again with the same inputs and cursor set to next_cursor.`;
}

/** Names tools for the model: this call's by `toolName` when given, any other by its catalog name. */
function namerFor(id: EndpointId, toolName: string | undefined): (other: string) => string {
  return (other) => (other === id && toolName ? toolName : agentToolName(other));
}

async function readPages(
  client: SocialDataClient,
  id: PaginatedId,
  args: Args,
  budget: number,
  { signal, deadline, toolName, measure = textLength }: AgentCallOptions,
): Promise<AgentOutput> {
  const { limit: rawLimit, cursor, ...params } = args;
  const name = namerFor(id, toolName);
  const range = endpointSpec(id).count;
  let pageSize: number | undefined;
  if (range && 'count' in endpointSpec(id).params) {
    if (params.count !== undefined && params.count !== null)
      pageSize = normalizeCount(params.count, range, 'count');
    delete params.count;
  }
  const normalized = normalizeParams(id, params);
  const limit = normalizeCount(
    rawLimit ?? DEFAULT_AGENT_LIMIT,
    { min: 1, max: MAX_AGENT_LIMIT, default: DEFAULT_AGENT_LIMIT },
    'limit',
  );
  const position = decodeAgentCursor(cursor, id, normalized, name);
  const paginator = client.paginateUntyped(id, params, {
    limit,
    pageSize,
    startCursor: position?.startCursor,
    // The model's cursor carries it, so a refusal of it is the model's to correct.
    startCursorGiven: true,
    skip: position?.skip,
    signal,
    deadline,
  });
  const view = modelViewOf(recordKindOf(id)!);
  const fitting = new Fitting(budget - ENVELOPE_RESERVE, measure);
  const resumes: Array<ResumePoint | undefined> = [];
  let cut = false;
  // A page that fails after records were read ends the call with those records and a cursor
  // to try again from; failing the whole call would throw away what the model could use.
  let failure: { error: unknown } | undefined;
  try {
    for await (const record of paginator) {
      if (!fitting.add(view(record))) {
        cut = true;
        break;
      }
      resumes.push(paginator.resumePoint());
    }
  } catch (error) {
    failure = { error };
  }
  if (failure && fitting.shown.length === 0) throw failure.error;
  const returned = position?.returned ?? 0;
  const kind = recordKindOf(id);
  const build = (shown: number) => {
    const cutHere = cut || shown < fitting.shown.length;
    const next = cutHere || failure ? resumes[shown - 1] : paginator.resumePoint();
    const said = [
      shown === 0
        ? `No ${kind}s${returned ? ' after the ones returned before' : ''}.`
        : `${shown} ${kind}${shown === 1 ? '' : 's'} (numbers ${returned + 1} to ${returned + shown} of this read).`,
    ];
    if (failure && !cutHere) said.push(`Reading on failed: ${client.redact(messageOf(failure.error))}`);
    else if (cutHere) said.push(`The output size budget (${budget} characters) ended this call; more exist.`);
    else if (paginator.stopReason === 'limit') said.push(`Stopped at limit ${limit}.`);
    else
      said.push(
        stopNotice(paginator.stopReason) ?? (paginator.stopReason === 'end' ? 'That is all there is.' : ''),
      );
    const body: Record<string, unknown> = { summary: '', records: fitting.shown.slice(0, shown) };
    if (next) {
      said.push(continueText(name(id)));
      const at: AgentPosition = { ...next, returned: returned + shown };
      body.next_cursor = encodeAgentCursor(id, normalized, at);
    }
    body.summary = said.filter(Boolean).join(' ');
    return body;
  };
  const { shown, text } = withinBudget(fitting.shown.length, budget, measure, build);
  return { text, isError: false, records: shown, cutByBudget: cut || shown < fitting.shown.length };
}

async function readLookup(
  client: SocialDataClient,
  id: BatchLookupId,
  args: Args,
  budget: number,
  { signal, deadline, toolName, measure = textLength }: AgentCallOptions,
): Promise<AgentOutput> {
  const { cursor, ...params } = args;
  const name = namerFor(id, toolName);
  const result = endpointSpec(id).result;
  const idsParam = result.kind === 'records' ? result.idsParam : '';
  const normalized = normalizeParams(id, params);
  const ids = normalized[idsParam] as string[];
  const start = Math.min(decodeAgentCursor(cursor, id, normalized, name)?.skip ?? 0, ids.length);
  const asked = ids.slice(start);
  const { records, failures } = settleLookup(
    id,
    { [idsParam]: asked },
    await client.lookupUntyped(id, { [idsParam]: asked }, { signal, deadline }),
  );
  const failed = failures.map((failure) => ({ ids: failure.ids, error: failure.error.message }));
  if (records.length === 0 && failures[0]) throw failures[0].error;
  const view = modelViewOf(recordKindOf(id)!);
  const fitting = new Fitting(budget - ENVELOPE_RESERVE, measure);
  const shownIds: string[] = [];
  for (const record of records) {
    if (!fitting.add(view(record))) break;
    shownIds.push((record as { id: string }).id);
  }
  const kind = recordKindOf(id);
  const build = (shown: number) => {
    const cutHere = shown < records.length;
    const end = cutHere ? asked.indexOf(shownIds[shown - 1]!) + 1 : asked.length;
    const reached = new Set(asked.slice(0, end));
    const failedHere = failed
      .map((failure) => ({ ...failure, ids: failure.ids.filter((each) => reached.has(each)) }))
      .filter((failure) => failure.ids.length > 0);
    const known = new Set(shownIds.slice(0, shown).concat(failedHere.flatMap((failure) => failure.ids)));
    const notFound = asked.slice(0, end).filter((each) => !known.has(each));
    const found = `${shown} ${kind}${shown === 1 ? '' : 's'} found`;
    // Where a call holds part of the ids, which part, of how many the model asked for.
    const said = [
      cutHere || start > 0
        ? `${found} for ids ${start + 1} to ${start + end} of the ${start + asked.length} asked.`
        : `${found} of ${end} id${end === 1 ? '' : 's'} asked.`,
    ];
    const body: Record<string, unknown> = { summary: '', records: fitting.shown.slice(0, shown) };
    if (notFound.length) {
      body.not_found = notFound.slice(0, LISTED_IDS);
      if (notFound.length > LISTED_IDS)
        said.push(`${notFound.length} ids were not found; not_found lists the first ${LISTED_IDS}.`);
    }
    if (failedHere.length) {
      body.failed = failedHere.map((failure) => ({ ...failure, ids: failure.ids.slice(0, LISTED_IDS) }));
      said.push('Some ids could not be looked up (see failed); call again with those ids.');
    }
    if (cutHere) {
      said.push(
        `The output size budget (${budget} characters) ended this call; ${asked.length - end} ids are left.`,
      );
      said.push(continueText(name(id)));
      body.next_cursor = encodeAgentCursor(id, normalized, {
        startCursor: undefined,
        skip: start + end,
        returned: 0,
      });
    }
    body.summary = said.join(' ');
    return body;
  };
  const { shown, text } = withinBudget(fitting.shown.length, budget, measure, build);
  return { text, isError: false, records: shown, cutByBudget: shown < records.length };
}

async function readOne(
  client: SocialDataClient,
  id: EndpointId,
  args: Args,
  call: Pick<AgentCallOptions, 'signal' | 'deadline'>,
): Promise<AgentOutput> {
  const result = await client.callUntyped(id, args, { signal: call.signal, deadline: call.deadline });
  const kind = recordKindOf(id);
  if (!kind) return agentOutput({ summary: 'Created the list.', ...(result as object) }, 0);
  return agentOutput({ summary: `One ${kind}.`, record: modelViewOf(kind)(result) }, 1);
}

/**
 * One tool call of an agent: the endpoint's inputs checked before any request, the call made
 * through core, the records shown as a model reads them within the output budget, and a cursor
 * to continue. Every failure comes back as an error output, never as a throw.
 */
export async function runAgentTool(
  client: SocialDataClient,
  id: EndpointId,
  rawArgs: unknown,
  options: AgentCallOptions = {},
): Promise<AgentOutput> {
  try {
    const budget = normalizeCount(
      options.budget ?? DEFAULT_OUTPUT_BUDGET,
      { min: MIN_OUTPUT_BUDGET },
      'budget',
    );
    const given = argsObject(rawArgs);
    const args = options.argNames === 'catalog' ? given : fromToolNames(id, given);
    if (isPaginated(id)) return await readPages(client, id, args, budget, options);
    if (endpointSpec(id).result.kind === 'records')
      return await readLookup(client, id as BatchLookupId, args, budget, options);
    return await readOne(client, id, args, options);
  } catch (caught) {
    return agentErrorOutput(caught, client.redact, options.settings, {
      settings: options.settingsName ?? SETTINGS,
      operation: options.toolName ?? agentToolName(id),
      // The start cursor a refused page began at is the model's `cursor`, whichever names it uses.
      field: (name) =>
        name === 'startCursor'
          ? 'cursor'
          : ((options.argNames === 'catalog' ? undefined : toolNameOf(id)(name)) ??
            options.settingNames?.(name)),
    });
  }
}
