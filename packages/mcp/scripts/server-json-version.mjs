#!/usr/bin/env node
// Writes the package's version into server.json (the MCP Registry entry), whose version and
// package version must be the one published: run after `changeset version` (root script
// `version-packages`), so a release never lists a version npm does not have.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const path = join(root, 'server.json');
const entry = JSON.parse(readFileSync(path, 'utf8'));
entry.version = version;
for (const each of entry.packages) each.version = version;
writeFileSync(path, `${JSON.stringify(entry, null, 2)}\n`);
