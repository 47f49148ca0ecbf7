import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { SETTING_VARIABLES, USER_SETTINGS } from '@social-data/core';

import { settingVariable } from '../src/settings';

/**
 * The MCP Registry entry (issue 42). The registry's published schema
 * (https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json) cannot be copied
 * here and CI has no network, so its rules that this entry touches are restated below, from its
 * documentation, and checked with Ajv; `mcp-publisher validate` checks the real one before a
 * publish (README, "The MCP Registry").
 */

const ROOT = join(__dirname, '..');
const entry = JSON.parse(readFileSync(join(ROOT, 'server.json'), 'utf8')) as Record<string, unknown> & {
  name: string;
  version: string;
  packages: Array<{ identifier: string; version: string; environmentVariables: Array<{ name: string }> }>;
};
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  mcpName?: string;
};

const SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
/** What the registry takes for a version: an exact one, never a range or `latest`. */
const EXACT_VERSION = '^(?!latest$)[^\\s^~<>=*|]+$';
const text = (min: number, max: number) => ({ type: 'string', minLength: min, maxLength: max });
const keyValue = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$' },
    description: { type: 'string', minLength: 1 },
    isRequired: { type: 'boolean' },
    isSecret: { type: 'boolean' },
    format: { enum: ['string', 'number', 'boolean', 'filepath'] },
    default: { type: 'string' },
  },
};
const registryEntry = {
  type: 'object',
  required: ['$schema', 'name', 'description', 'version', 'packages'],
  additionalProperties: false,
  properties: {
    $schema: { const: SCHEMA_URL },
    name: { ...text(3, 200), pattern: '^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$' },
    title: text(1, 100),
    description: text(1, 100),
    version: { ...text(1, 255), pattern: EXACT_VERSION },
    repository: {
      type: 'object',
      required: ['url', 'source'],
      additionalProperties: false,
      properties: {
        url: { type: 'string', format: 'uri' },
        source: { const: 'github' },
        subfolder: { type: 'string', pattern: '^(?!/)(?!.*\\.\\.)[\\w./-]+$' },
      },
    },
    packages: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['registryType', 'identifier', 'version', 'transport'],
        additionalProperties: false,
        properties: {
          registryType: { const: 'npm' },
          registryBaseUrl: { const: 'https://registry.npmjs.org' },
          identifier: { type: 'string', minLength: 1 },
          version: { type: 'string', minLength: 1, pattern: EXACT_VERSION },
          runtimeHint: { const: 'npx' },
          transport: {
            type: 'object',
            required: ['type'],
            additionalProperties: false,
            properties: { type: { const: 'stdio' } },
          },
          environmentVariables: { type: 'array', items: keyValue },
        },
      },
    },
  },
};

describe('the MCP Registry entry (server.json)', () => {
  it("follows the registry's rules for a server published on npm", () => {
    const ajv = new Ajv({ allErrors: true, strict: true });
    ajv.addFormat('uri', (value: string) => URL.canParse(value));
    const validate = ajv.compile(registryEntry);
    expect(validate(entry) ? [] : validate.errors).toEqual([]);
  });

  it('names this package at its version, and the package claims the entry (mcpName)', () => {
    // The registry checks the npm package's mcpName against the entry's name before it lists it.
    expect(manifest.mcpName).toBe(entry.name);
    expect(entry.packages.map(({ identifier, version }) => ({ identifier, version }))).toEqual([
      { identifier: manifest.name, version: manifest.version },
    ]);
    expect(entry.version).toBe(manifest.version);
  });

  it('offers only settings the README documents, and every connection setting the server reads', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const offered = entry.packages[0]!.environmentVariables.map(({ name }) => name);
    for (const name of offered) expect(readme).toMatch(new RegExp(`\`${name}(=[^\`]*)?\``));
    for (const setting of USER_SETTINGS) {
      // The variable core reads it from, and the one messages name.
      expect(offered).toContain(SETTING_VARIABLES[setting]);
      expect(settingVariable(setting)).toMatch(new RegExp(`^${SETTING_VARIABLES[setting]}(=|$)`));
    }
  });
});
