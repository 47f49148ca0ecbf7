/** The credential a node names: n8n finds it by id. */
export interface CredentialRef {
  id: string;
  name: string;
}

/** A node's credentials by credential type, e.g. `{ socialDataApi: ref }`. */
export type NodeCredentials = Record<string, CredentialRef>;

export type Position = [number, number];

/** A node as `n8n import:workflow` takes it; its id is its name made into a slug. */
export function node(
  name: string,
  type: string,
  typeVersion: number,
  position: Position,
  parameters: Record<string, unknown>,
  more: Record<string, unknown> = {},
): Record<string, unknown> {
  const id = name.toLowerCase().replace(/\W+/g, '-');
  return { id, name, type, typeVersion, position, parameters, ...more };
}

/** The manual trigger `n8n execute` starts a workflow from. */
export const manualTrigger = (name = 'Start') => node(name, 'n8n-nodes-base.manualTrigger', 1, [0, 0], {});

/** A Social Data node running one operation; `parameters` holds the operation's fields. */
export function socialDataNode(
  name: string,
  position: Position,
  parameters: Record<string, unknown>,
  credentials: NodeCredentials,
  more: Record<string, unknown> = {},
): Record<string, unknown> {
  return node(name, 'n8n-nodes-social-data.socialData', 1, position, parameters, { credentials, ...more });
}

/**
 * By default every trigger the harness builds polls four times a minute, at seconds 0, 15, 30 and
 * 45, so the triggers of one workflow poll at once. n8n's own "Every Minute" picks a random second
 * per node, which made them overlap only now and then, and an n8n 2.x failure that needs two polls
 * at once (one trigger's poll ending while another still reads, decision N26) showed only now and
 * then. Four times a minute (n8n refuses a schedule finer than whole seconds of each minute, so
 * this is four schedules) cuts the wait for each round of a trigger test to a quarter, and makes a
 * poll that outlasts its interval (decision N27) likelier.
 */
const POLL_SECONDS = [0, 15, 30, 45];

/** A Social Data Trigger polling every minute at each of `seconds`. */
export function socialDataTrigger(
  name: string,
  position: Position,
  event: string,
  parameters: Record<string, unknown>,
  credentials: NodeCredentials,
  seconds: readonly number[] = POLL_SECONDS,
): Record<string, unknown> {
  return node(
    name,
    'n8n-nodes-social-data.socialDataTrigger',
    1,
    position,
    {
      event,
      ...parameters,
      pollTimes: {
        item: seconds.map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })),
      },
    },
    { credentials },
  );
}

/**
 * An HTTP Request node posting `{ node, id }` for each item it gets to `url`, so a test's
 * receiver knows when an execution started by `from` has finished, and what it emitted.
 */
export function postItems(from: string, position: Position, url: string): Record<string, unknown> {
  return node(`Post ${from}`, 'n8n-nodes-base.httpRequest', 4.2, position, {
    method: 'POST',
    url,
    sendBody: true,
    specifyBody: 'json',
    jsonBody: `={{ JSON.stringify({ node: '${from}', id: $json.id }) }}`,
    options: {},
  });
}

/** Connections that run the nodes of each chain one after another, by node name. */
export function connections(...chains: string[][]): Record<string, unknown> {
  return Object.fromEntries(
    chains.flatMap((chain) =>
      chain
        .slice(0, -1)
        .map((from, index) => [from, { main: [[{ node: chain[index + 1], type: 'main', index: 0 }]] }]),
    ),
  );
}

/** A workflow as `n8n import:workflow` takes it, inactive until a test activates it. */
export function workflow(
  id: string,
  name: string,
  nodes: Array<Record<string, unknown>>,
  links: Record<string, unknown> = {},
): { id: string; [field: string]: unknown } {
  return { id, name, active: false, settings: { executionOrder: 'v1' }, nodes, connections: links };
}
