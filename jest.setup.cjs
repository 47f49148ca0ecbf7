const nock = require('nock');

nock.disableNetConnect();
nock.enableNetConnect(/^(127\.0\.0\.1|localhost)(:\d+)?$/);
afterEach(() => nock.cleanAll());
// Each test file loads its own nock, which patches Node's shared http module: unpatch it after
// the file, or the next file in the same worker runs behind two interceptors (and fails once
// zapier-platform-core's tester has used node:domain).
afterAll(() => nock.restore());
