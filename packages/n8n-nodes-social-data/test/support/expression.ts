import { Workflow } from 'n8n-workflow';
import type { INode, INodeParameters, INodeTypes } from 'n8n-workflow';

/**
 * An expression as n8n's own engine resolves it in a node: `$parameter` holds the parameters the
 * node declares (`parameters`), and `keys` adds what n8n adds around it, such as `$credentials`.
 */
export function evaluate(
  expression: string,
  { parameters = {}, keys = {} }: { parameters?: INodeParameters; keys?: Record<string, unknown> } = {},
): unknown {
  const node: INode = {
    id: 'expression',
    name: 'Expression',
    type: 'n8n-nodes-base.noOp',
    typeVersion: 1,
    position: [0, 0],
    parameters,
  };
  const declared = {
    description: {
      properties: Object.keys(parameters).map((name) => ({ name, type: 'string', default: '' })),
    },
  };
  const nodeTypes = {
    getByName: () => declared,
    getByNameAndVersion: () => declared,
    getKnownTypes: () => ({}),
  } as unknown as INodeTypes;
  const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
  return workflow.expression.getSimpleParameterValue(node, expression, 'internal', keys as never);
}
