const nock = require('nock');

nock.disableNetConnect();
nock.enableNetConnect(/^(127\.0\.0\.1|localhost)(:\d+)?$/);
afterEach(() => nock.cleanAll());
// Each test file loads its own copy of nock, but node's http module is shared by the files a
// worker runs: a copy left active would catch the next file's requests with no interceptors.
afterAll(() => nock.restore());
