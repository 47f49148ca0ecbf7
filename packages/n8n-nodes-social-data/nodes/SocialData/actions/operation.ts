import { endpointSpec, inputParams } from '@social-data/core';
import type { EndpointId, PaginatedId, SocialDataClient } from '@social-data/core';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { plain, shapeFor } from '../../shared/records';
import { clientFor } from '../../shared/transport/client';
import { isPaginated } from './catalog';

interface Options {
  pageSize?: number;
  startCursor?: string;
  maxPages?: number;
  simplify?: boolean;
  outputMode?: 'records' | 'pages';
}

/** The call's parameters from the panel: its fields, then its Additional Fields. */
function readParams(context: IExecuteFunctions, operation: EndpointId, itemIndex: number): IDataObject {
  const params: IDataObject = {};
  const fields = inputParams(operation);
  const additional = (
    fields.some(([, spec]) => !spec.required)
      ? context.getNodeParameter('additionalFields', itemIndex, {})
      : {}
  ) as IDataObject;
  for (const [name, spec] of fields) {
    const value = spec.required ? plain(context.getNodeParameter(name, itemIndex)) : additional[name];
    if (value !== undefined) params[name] = value as IDataObject[string];
  }
  return params;
}

async function readPages(
  context: IExecuteFunctions,
  client: SocialDataClient,
  operation: PaginatedId,
  params: IDataObject,
  itemIndex: number,
  options: Options,
): Promise<IDataObject[]> {
  const shape = shapeFor(operation, options.simplify);
  const returnAll = context.getNodeParameter('returnAll', itemIndex, false) as boolean;
  const limit = returnAll ? undefined : (context.getNodeParameter('limit', itemIndex) as number);
  const byPage = options.outputMode === 'pages';
  const paginator = client.paginate(operation, params as never, {
    // A page item hands out its next_cursor, so pages are never cut: a cut page's cursor would
    // skip the records left out. Page mode stops after the page that reaches the limit instead.
    limit: byPage ? undefined : limit,
    maxPages: options.maxPages,
    startCursor: options.startCursor || undefined,
    pageSize: endpointSpec(operation).count ? options.pageSize : undefined,
  });
  const results: IDataObject[] = [];
  if (byPage) {
    let records = 0;
    for await (const page of paginator.pages()) {
      results.push({
        records: page.records.map(shape),
        next_cursor: page.next_cursor,
        has_next_page: page.has_next_page,
      });
      records += page.records.length;
      if (limit !== undefined && records >= limit) break;
    }
    return results;
  }
  for await (const record of paginator) results.push(shape(record));
  return results;
}

export async function runOperation(
  context: IExecuteFunctions,
  operation: EndpointId,
  itemIndex: number,
): Promise<IDataObject[]> {
  const params = readParams(context, operation, itemIndex);
  const client = await clientFor(context, operation, itemIndex);
  const options = context.getNodeParameter('options', itemIndex, {}) as Options;
  if (isPaginated(operation)) return readPages(context, client, operation, params, itemIndex, options);
  const shape = shapeFor(operation, options.simplify);
  const result: unknown = await (
    client.call as (id: EndpointId, params: IDataObject) => Promise<unknown>
  ).call(client, operation, params);
  return (Array.isArray(result) ? result : [result]).map(shape);
}

export function asItems(records: IDataObject[], itemIndex: number): INodeExecutionData[] {
  return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}
