// n8n-core's InstanceSettings writes a config file under N8N_USER_FOLDER: keep it in a temp
// folder, and keep n8n's logger quiet so test output shows only the tests.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'n8n-jest-'));
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
process.env.N8N_LOG_LEVEL = 'silent';
