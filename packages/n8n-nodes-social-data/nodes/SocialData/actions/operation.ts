import {
  endpointSpec,
  isPaginated,
  pageCapNotice,
  settleLookup,
  stopNotice,
  tweetsCarryMedia,
} from '@social-data/core';
import { filteredRead, filteredReadNotice, readFiltered, readOptions } from '@social-data/core/feeds';
import type {
  BatchLookupId,
  EndpointId,
  PaginatedId,
  RequestGate,
  SettledLookup,
  SocialDataClient,
} from '@social-data/core';
import { NodeOperationError } from 'n8n-workflow';
import type { IBinaryKeyData, IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { filterFrom, isTweetFeed } from '../../shared/filters';
import type { FilterOptions } from '../../shared/filters';
import { mediaReader } from '../../shared/media/items';
import type { MediaOptions } from '../../shared/media/options';
import { shapeFor } from '../../shared/records';
import { clientFor } from '../../shared/transport/client';
import { operationLabel } from './resources';
import { checkReturnAllSize } from './big-accounts';
import { readToFile } from './file-output';
import type { FileOptions } from './file-output';
import type { FoldedLookup } from './folded-lookups';
import { readParams } from './params';

interface Options extends MediaOptions, FilterOptions, FileOptions {
  pageSize?: number;
  startCursor?: string;
  maxPages?: number;
  simplify?: boolean;
  outputMode?: 'records' | 'pages' | 'file';
}

/** Where an operation's output goes, one item JSON at a time, so no run holds it twice. */
export interface Sink {
  record(json: IDataObject, binary?: IBinaryKeyData): void;
  /** Ids of a batch lookup that failed, with why; the records found were handed to `record`. */
  failure(ids: string[], error: unknown): void;
  /** A file of this tweet could not be downloaded; the sink stops the run or makes an error item. */
  mediaFailure(tweetId: string, error: unknown): void;
  /** Something the user should know about a result that is still complete as far as it goes. */
  notice(message: string): void;
  /** Ids of a batch lookup that do not exist: said once for the whole run, not per item. */
  notFound(ids: readonly string[]): void;
}

/** What the items of one run share: the request pace (a 429 slows them all) and folded lookups. */
export interface RunShared {
  gate: RequestGate;
  lookup: FoldedLookup;
}

/** How a record reaches the sink: shaped, and with its media downloaded when asked. */
type Emit = (record: unknown) => Promise<void>;

function emitterFor(
  context: IExecuteFunctions,
  client: SocialDataClient,
  operation: EndpointId,
  itemIndex: number,
  options: Options,
  sink: Sink,
): Emit {
  const shape = shapeFor(operation, options.simplify);
  if (!options.downloadMedia || !tweetsCarryMedia(operation))
    return async (record) => sink.record(shape(record));
  if (options.outputMode === 'pages' || options.outputMode === 'file')
    throw new NodeOperationError(context.getNode(), 'Download Media needs Output "One Item per Record"', {
      itemIndex,
      description: `${options.outputMode === 'pages' ? 'A page item holds many tweets' : 'A file holds many tweets'}, so it has no place for their files. Set Options > Output to "One Item per Record", or turn Download Media off.`,
    });
  const read = mediaReader(context, client, options, 'throw');
  return async (record) => {
    try {
      for (const item of await read(record, shape(record))) sink.record(item.json, item.binary);
    } catch (error) {
      sink.mediaFailure((record as { id: string }).id, error);
    }
  };
}

async function readPages(
  context: IExecuteFunctions,
  client: SocialDataClient,
  operation: PaginatedId,
  params: IDataObject,
  itemIndex: number,
  options: Options,
  emit: Emit,
  sink: Sink,
): Promise<void> {
  const shape = shapeFor(operation, options.simplify);
  // Filters apply after reading (decision N24), checked before any request.
  const keep = isTweetFeed(operation) ? filterFrom(options) : undefined;
  const returnAll = context.getNodeParameter('returnAll', itemIndex, false) as boolean;
  const limit = returnAll ? undefined : (context.getNodeParameter('limit', itemIndex) as number);
  const byPage = options.outputMode === 'pages';
  const toFile = options.outputMode === 'file';
  // A file keeps no record in the execution, so Return All of any size fits in one.
  if (returnAll && !toFile) {
    const range = endpointSpec(operation).count;
    const perPage = range && (options.pageSize ?? range.default);
    const bound = options.maxPages && perPage ? options.maxPages * perPage : undefined;
    await checkReturnAllSize(context, client, operation, params, itemIndex, bound);
  }
  // A page item or a file hands out its next_cursor, so its pages are never cut.
  const paginator = client.paginateUntyped(
    operation,
    params,
    readOptions(operation, { ...options, limit, keep, wholePages: byPage || toFile }),
  );
  if (toFile)
    return readToFile(context, paginator, { operation, shape, keep, limit }, options, itemIndex, sink);
  if (byPage) {
    let read = 0;
    let records = 0;
    for await (const page of paginator.pages()) {
      const passed = keep ? page.records.filter(keep) : page.records;
      sink.record({
        records: passed.map(shape),
        next_cursor: page.next_cursor,
        has_next_page: page.has_next_page,
      });
      read += page.records.length;
      records += passed.length;
      if (limit !== undefined && records >= limit) break;
    }
    const atCap = paginator.stopReason === 'maxPages';
    const notice =
      keep && filteredReadNotice(filteredRead(read, records, paginator.pagesFetched, atCap, limit));
    if (notice) sink.notice(notice);
  } else if (keep) {
    const notice = filteredReadNotice(await readFiltered(paginator, keep, limit, emit));
    if (notice) sink.notice(notice);
  } else {
    for await (const record of paginator) await emit(record);
    // Items carry no cursor: a read cut by Max Pages says how to go on, or nobody could.
    const capped =
      paginator.stopReason === 'maxPages' &&
      pageCapNotice(paginator.pagesFetched, paginator.recordsYielded, paginator.resumePoint());
    if (capped) sink.notice(capped);
  }
  // A read the API ended early looks complete: the user is told it may not be.
  const stopped = stopNotice(paginator.stopReason);
  if (stopped) sink.notice(stopped);
}

/**
 * A batch lookup keeps what it found: the records come out as items, each batch that failed is
 * reported to the sink, and so are the ids that do not exist (decision N19).
 */
async function readLookup(settled: SettledLookup<unknown>, emit: Emit, sink: Sink): Promise<void> {
  for (const record of settled.records) await emit(record);
  for (const failure of settled.failures) sink.failure(failure.ids, failure.error);
  sink.notFound(settled.notFound);
}

export async function runOperation(
  context: IExecuteFunctions,
  operation: EndpointId,
  itemIndex: number,
  sink: Sink,
  shared: RunShared,
): Promise<void> {
  await readInto(context, operation, readParams(context, operation, itemIndex), itemIndex, sink, shared);
}

async function readInto(
  context: IExecuteFunctions,
  operation: EndpointId,
  params: IDataObject,
  itemIndex: number,
  sink: Sink,
  shared: RunShared,
): Promise<void> {
  const client = await clientFor(context, operation, operationLabel(operation), itemIndex, shared.gate);
  const options = context.getNodeParameter('options', itemIndex, {}) as Options;
  const emit = emitterFor(context, client, operation, itemIndex, options, sink);
  if (isPaginated(operation))
    return readPages(context, client, operation, params, itemIndex, options, emit, sink);
  if (endpointSpec(operation).result.kind === 'records') {
    const lookup = operation as BatchLookupId;
    const found = (await shared.lookup(lookup, itemIndex)) ?? (await client.lookupUntyped(lookup, params));
    return readLookup(settleLookup(lookup, params, found), emit, sink);
  }
  await emit(await client.callUntyped(operation, params));
}
