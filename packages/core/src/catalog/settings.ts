/**
 * The settings a user sets (a connection, a credential, a configuration file, variables), which
 * core's texts name by these code names. Each surface keeps a name for every one
 * (`satisfies Record<UserSetting, string>`), so a setting added here does not compile until every
 * surface can say it.
 */
export const USER_SETTINGS = ['apiKey', 'baseUrl', 'cookie', 'proxy', 'allowInsecureHttp'] as const;
export type UserSetting = (typeof USER_SETTINGS)[number];

/** A setting as a host's connection or credential form offers it. */
export interface SettingField {
  name: UserSetting;
  label: string;
  kind: 'text' | 'boolean';
  /** Shown as dots, kept out of logs: a key, a session, a proxy with its password. */
  secret: boolean;
  required: boolean;
  description: string;
  /** What a user might enter, for a placeholder. */
  example?: string;
}

/**
 * The settings in the order a form asks for them, described once so that every host's connection
 * or credential form says the same (issue 39: field descriptors rendered by each host).
 */
export const SETTING_FIELDS: readonly SettingField[] = [
  {
    name: 'apiKey',
    label: 'API Key',
    kind: 'text',
    secret: true,
    required: true,
    example: 'tda_...',
    description: 'Your key from the Social Data dashboard. It starts with tda_.',
  },
  {
    name: 'baseUrl',
    label: 'Base URL',
    kind: 'text',
    secret: false,
    required: true,
    example: 'https://api.example.com',
    description:
      'Address of the Social Data API, as your account dashboard shows it. For the local sandbox, the URL it printed (e.g. http://127.0.0.1:4010).',
  },
  {
    name: 'cookie',
    label: 'Session Cookie',
    kind: 'text',
    secret: true,
    required: false,
    example: 'auth_token=...; ct0=...',
    description:
      'Only where a description says "uses your session" (your timeline, bookmarks and muted accounts; list tweets and members, communities, topics and media tweets; creating a list; a profile looked up as you): the Cookie header of a browser logged in to x.com, at least its auth_token and ct0 cookies. Leave empty for public data.',
  },
  {
    name: 'proxy',
    label: 'Proxy URL',
    kind: 'text',
    secret: true,
    required: false,
    example: 'http://user:password@proxy.example.com:8080',
    description:
      'Only with the Session Cookie: the proxy the API uses for your session, an http://, https://, socks5:// or socks5h:// URL with a host.',
  },
  {
    name: 'allowInsecureHttp',
    label: 'Allow Insecure HTTP',
    kind: 'boolean',
    secret: false,
    required: false,
    description:
      'Whether to allow an http:// Base URL on a host other than this machine. Plain HTTP sends the API key, the session cookie and the proxy password unencrypted: turn it on only on a network you trust.',
  },
];

/** A setting's label on a connection or credential form: `API Key`, `Session Cookie`. */
export const SETTING_LABELS = Object.fromEntries(
  SETTING_FIELDS.map(({ name, label }) => [name, label]),
) as Readonly<Record<UserSetting, string>>;

/**
 * The environment variable each setting is read from where a host reads variables (the CLI, the
 * MCP server, scripts: `clientOptionsFromEnv`), named once so that messages and readers agree.
 */
export const SETTING_VARIABLES = {
  apiKey: 'SOCIAL_DATA_API_KEY',
  baseUrl: 'SOCIAL_DATA_BASE_URL',
  cookie: 'SOCIAL_DATA_COOKIE',
  proxy: 'SOCIAL_DATA_PROXY',
  allowInsecureHttp: 'SOCIAL_DATA_ALLOW_INSECURE_HTTP',
} as const satisfies Record<UserSetting, string>;
