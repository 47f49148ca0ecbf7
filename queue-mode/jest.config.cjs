// Real Redis, PostgreSQL and n8n processes on one shared cluster: one file, one test at a time, and
// room for n8n's minute polls; every wait inside has a deadline of its own well below these.
module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'queue-mode',
  maxWorkers: 1,
  testTimeout: 240_000,
};
