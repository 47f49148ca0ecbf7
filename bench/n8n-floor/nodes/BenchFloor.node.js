'use strict';

/**
 * The least a node can do for Return All inside n8n: n8n's HTTP helper with our credential, the
 * body parsed by n8n, one item per follower. It stops where core does (an empty page, or no
 * cursor); only `maxPages` caps it, as the node's Max Pages option does.
 */
class BenchFloor {
  description = {
    displayName: 'Bench Floor',
    name: 'benchFloor',
    group: ['transform'],
    version: 1,
    description: 'Followers through httpRequestWithAuthentication in a bare loop',
    defaults: { name: 'Bench Floor' },
    inputs: ['main'],
    outputs: ['main'],
    credentials: [{ name: 'socialDataApi', required: true }],
    properties: [
      { displayName: 'User Name', name: 'userName', type: 'string', default: '' },
      { displayName: 'Max Pages', name: 'maxPages', type: 'number', default: 0 },
    ],
  };

  async execute() {
    const userName = this.getNodeParameter('userName', 0);
    const maxPages = this.getNodeParameter('maxPages', 0) || Infinity;
    const { baseUrl } = await this.getCredentials('socialDataApi');
    const url = `${baseUrl}/social/user/${encodeURIComponent(userName)}/followers`;
    const items = [];
    let cursor;
    for (let pages = 0; pages < maxPages; pages += 1) {
      const qs = cursor ? { count: 200, cursor } : { count: 200 };
      const { data } = await this.helpers.httpRequestWithAuthentication.call(this, 'socialDataApi', {
        method: 'GET',
        url,
        qs,
        json: true,
      });
      for (const json of data.followers) items.push({ json, pairedItem: { item: 0 } });
      cursor = data.next_cursor;
      if (data.followers.length === 0 || !cursor || cursor === '0') break;
    }
    return [items];
  }
}

module.exports = { BenchFloor };
