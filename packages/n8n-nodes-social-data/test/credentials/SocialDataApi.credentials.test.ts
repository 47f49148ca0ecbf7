import { Workflow } from 'n8n-workflow';
import type { INode, INodeTypes } from 'n8n-workflow';

import { SocialDataApi } from '../../credentials/SocialDataApi.credentials';

/**
 * The credential test is a request n8n makes itself, from an expression, before any check of the
 * node runs: the expression alone must keep the key off plain HTTP to another machine.
 */
const node: INode = {
  id: 'credential-test',
  name: 'Credential test',
  type: 'n8n-nodes-base.noOp',
  typeVersion: 1,
  position: [0, 0],
  parameters: {},
};
const noTypes = { description: { properties: [] } };
const nodeTypes = {
  getByName: () => noTypes,
  getByNameAndVersion: () => noTypes,
  getKnownTypes: () => ({}),
} as unknown as INodeTypes;

/** The test request's Base URL as n8n's own expression engine resolves it from the credential. */
function testBaseUrl(credentials: { baseUrl: string; allowInsecureHttp?: boolean }): unknown {
  const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
  const expression = new SocialDataApi().test.request.baseURL as string;
  return workflow.expression.getSimpleParameterValue(node, expression, 'internal', {
    $credentials: credentials,
  } as never);
}

describe('the API credential test', () => {
  it.each([
    ['https://api.example.com/', 'https://api.example.com'],
    ['http://api.example.com', 'https://api.example.com'],
    ['HTTP://api.example.com/v1/', 'https://api.example.com/v1'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://localhost:4010/', 'http://localhost:4010'],
    ['http://[::1]:4010', 'http://[::1]:4010'],
    ['http://127.0.0.1.example.com', 'https://127.0.0.1.example.com'],
    ['http://localhost.example.com:4010', 'https://localhost.example.com:4010'],
  ])('sends %s as %s', (baseUrl, expected) => {
    expect(testBaseUrl({ baseUrl })).toBe(expected);
  });

  it('keeps plain HTTP to another machine only with Allow Insecure HTTP', () => {
    expect(testBaseUrl({ baseUrl: 'http://api.example.com', allowInsecureHttp: true })).toBe(
      'http://api.example.com',
    );
  });
});
