import { NODE_PACKAGE_DIR } from '@social-data/n8n-harness';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The example workflows users import; the demo runs these very files. */
export const EXAMPLES_DIR = join(NODE_PACKAGE_DIR, 'examples');

export interface Workflow {
  id: string;
  name: string;
  nodes: Array<{ name: string; parameters: Record<string, unknown> }>;
  [key: string]: unknown;
}

export function loadExample(file: string): Workflow {
  return JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as Workflow;
}

/**
 * Points a parameter that names a place on the user's side (a file path, a Slack URL) at the
 * demo's own; everything else runs as the file says.
 */
export function withParameter(workflow: Workflow, node: string, name: string, value: unknown): Workflow {
  const target = workflow.nodes.find((candidate) => candidate.name === node);
  if (!target) throw new Error(`${workflow.name} has no node "${node}"`);
  target.parameters[name] = value;
  return workflow;
}
