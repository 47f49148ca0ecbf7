import type { INodeTypeDescription } from 'n8n-workflow';

type Version = INodeTypeDescription['version'];

/**
 * The versions a saved workflow's node may carry. A change that would alter what a saved
 * workflow stores or does ships as a new version rather than an edit: `[1, 1.1]` puts new nodes
 * on 1.1 while saved ones keep 1, and the fields that differ carry
 * `displayOptions.show['@version']` (CONTRIBUTING.md, "Changing what saved work stores").
 */
export const ACTION_NODE_VERSION: Version = 1;

export const TRIGGER_NODE_VERSION: Version = 1;
