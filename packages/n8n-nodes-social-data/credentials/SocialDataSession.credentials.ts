import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * Your own session for the endpoints that act as you (For You, bookmarks, lists you create...).
 * Both values are secrets: the cookie logs in as you, and a proxy URL often carries a password.
 * Core sends them in the request body, never in a URL, a log line or an error. A session can only
 * be checked together with an API key, so the node tests this credential (`testedBy`) by checking
 * both values the way core will before any request.
 */
// It holds a session, not an API key: the "-Api" suffix convention would mislabel it, and the
// node, the docs and existing workflows know it as socialDataSession.
// eslint-disable-next-line n8n-nodes-base/cred-class-name-unsuffixed
export class SocialDataSession implements ICredentialType {
  // eslint-disable-next-line n8n-nodes-base/cred-class-field-name-unsuffixed
  name = 'socialDataSession';

  // eslint-disable-next-line n8n-nodes-base/cred-class-field-display-name-missing-api
  displayName = 'Social Data Session';

  icon: Icon = { light: 'file:../icons/socialData.svg', dark: 'file:../icons/socialData.dark.svg' };

  documentationUrl =
    'https://github.com/social-data/social-data-integrations/tree/main/packages/n8n-nodes-social-data#credentials';

  properties: INodeProperties[] = [
    // A session cookie logs in as you: a secret whatever its field is called.
    // eslint-disable-next-line @n8n/community-nodes/credential-unnecessary-password
    {
      displayName: 'Session Cookie',
      name: 'cookie',
      type: 'string',
      typeOptions: { password: true },
      required: true,
      default: '',
      description:
        'The cookie of your logged-in session, copied from your browser (the whole Cookie header value).',
    },
    // Proxy URLs carry the proxy's user and password.
    // eslint-disable-next-line @n8n/community-nodes/credential-unnecessary-password
    {
      displayName: 'Proxy URL',
      name: 'proxy',
      type: 'string',
      typeOptions: { password: true },
      required: true,
      default: '',
      placeholder: 'http://user:password@proxy.example.com:8080',
      description:
        'The proxy the API uses for your session: an http://, https://, socks5:// or socks5h:// URL with a host.',
    },
  ];
}
