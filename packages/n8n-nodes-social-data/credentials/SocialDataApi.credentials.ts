import type {
  IAuthenticateRuleResponseCode,
  IAuthenticateRuleResponseSuccessBody,
  Icon,
  ICredentialDataDecryptedObject,
  ICredentialTestRequest,
  ICredentialType,
  IHttpRequestMethods,
  IHttpRequestOptions,
  INodeProperties,
} from 'n8n-workflow';
import { SETTING_FIELDS } from '@social-data/core';
import type { SettingField } from '@social-data/core';

/**
 * A setting as this credential's form shows it. A session cookie logs in as you and a proxy URL
 * carries its password: secrets, whatever their fields are called.
 */
function settingProperty(field: SettingField): INodeProperties {
  return {
    displayName: field.label,
    name: field.name,
    type: field.kind === 'boolean' ? 'boolean' : 'string',
    ...(field.secret ? { typeOptions: { password: true } } : {}),
    ...(field.required ? { required: true } : {}),
    default: field.kind === 'boolean' ? false : '',
    ...(field.example ? { placeholder: field.example } : {}),
    description: field.description,
  };
}

/** Whether the credential holds any part of a session, as an n8n expression. */
const WITH_SESSION =
  '(String($credentials.cookie ?? "").trim() !== "" || String($credentials.proxy ?? "").trim() !== "")';

/** Where n8n 1.x sees only the answer's body (decision N2): the API's error envelope. */
export const REFUSED =
  'The Social Data API refused the test request. Check, in this order: the API Key (the current key from your Social Data dashboard, starting with tda_), the credits left on the account, the path in the Base URL field (as your dashboard shows it), and, if either is filled in, Session Cookie (the Cookie header of a browser logged in to x.com, copied again) and Proxy URL (fill in both, or leave both empty for public data).';

/** Anything but the API's JSON: a missing page, a redirect or another service at that address. */
export const NOT_THE_API =
  'No Social Data API answered at this Base URL (the reply was a web page, a redirect or another service). Check the Base URL field: the address your Social Data dashboard shows, or the URL the local sandbox printed.';

/** The statuses n8n 2.x hands to the credential's own rules, each with what to do. */
const STATUS_RULES: IAuthenticateRuleResponseCode[] = [
  {
    type: 'responseCode',
    properties: {
      value: 401,
      message:
        'The API key was rejected. Copy the current key from your Social Data dashboard (it starts with tda_).',
    },
  },
  {
    type: 'responseCode',
    properties: {
      value: 400,
      message:
        'The API refused the session. Session Cookie takes the Cookie header of a browser logged in to x.com (with auth_token and ct0; copy it again, as it changes when you log in again) and Proxy URL an http://, https://, socks5:// or socks5h:// address: fill in both, or leave both empty to use public data only.',
    },
  },
  {
    type: 'responseCode',
    properties: {
      value: 402,
      message: 'The key is valid but the account has no credits left. Top it up in the dashboard.',
    },
  },
  {
    type: 'responseCode',
    properties: {
      value: 404,
      message:
        'The API answered 404 (not found) to the test request: the Base URL probably does not point at the Social Data API. Check the Base URL field.',
    },
  },
];

const BODY_RULES: IAuthenticateRuleResponseSuccessBody[] = [
  { type: 'responseSuccessBody', properties: { key: 'status', value: 'error', message: REFUSED } },
  { type: 'responseSuccessBody', properties: { key: 'data', value: undefined, message: NOT_THE_API } },
];

/** What the test sends: it judges the session too once either session field is filled in. */
const TEST_NOTICE: INodeProperties = {
  displayName:
    'Test checks the API Key and Base URL with a public tweet lookup. With Session Cookie or Proxy URL filled in, it reads the first page of your bookmarks instead, so the API judges the session too.',
  name: 'testNotice',
  type: 'notice',
  default: '',
};

/**
 * The API key every operation needs, where the API lives, and the session for the operations
 * and events that act as you. The key travels only in the X-API-Key header that n8n adds through
 * `authenticate`; core sends the cookie and proxy only in the body of own-session requests. One
 * credential, so n8n picks it for every operation: the session fields are optional, and an
 * own-session operation names what is missing before any request.
 */
export class SocialDataApi implements ICredentialType {
  name = 'socialDataApi';

  displayName = 'Social Data API';

  icon: Icon = { light: 'file:../icons/socialData.svg', dark: 'file:../icons/socialData.dark.svg' };

  documentationUrl =
    'https://github.com/social-data/social-data-integrations/tree/main/packages/n8n-nodes-social-data#credentials';

  // Core's setting fields, in their order, and after the session's last field the notice of
  // what the test checks, which depends on them.
  properties: INodeProperties[] = SETTING_FIELDS.flatMap((field) =>
    field.name === 'proxy' ? [settingProperty(field), TEST_NOTICE] : [settingProperty(field)],
  );

  // A function, not n8n's `generic` form with an `={{$credentials.apiKey}}` expression: n8n 2.41
  // evaluates expressions in an isolate that a poll borrows from its workflow, and when two
  // triggers of one workflow poll at once, the first to finish hands it back while the other is
  // still reading, so the other's next request failed on evaluating the key (a burst of followers
  // never got past its first page). A function evaluates nothing.
  authenticate = async (
    credentials: ICredentialDataDecryptedObject,
    requestOptions: IHttpRequestOptions,
  ): Promise<IHttpRequestOptions> => ({
    ...requestOptions,
    headers: { ...requestOptions.headers, 'X-API-Key': String(credentials.apiKey ?? '') },
  });

  // Without a session, a lookup of one well-known tweet: it answers 200 for any valid key
  // whatever the account holds, so only a rejected key fails the test. With a Session Cookie or
  // Proxy URL filled in, the first page of your bookmarks instead, so the API judges the key and
  // the session together and a half-filled session fails the test. n8n sends this request itself,
  // before the node's own check of the Base URL can refuse plain HTTP: so an http:// address off
  // this machine is tried as https:// unless Allow Insecure HTTP is on, and the secrets never cross
  // the network in clear (a server without TLS fails the test, which then says why).
  test: ICredentialTestRequest = {
    request: {
      baseURL:
        '={{ ($credentials.allowInsecureHttp || !/^http:\\/\\//i.test($credentials.baseUrl.trim()) || /^http:\\/\\/(localhost|127(\\.\\d{1,3}){3}|\\[::1\\])(:\\d+)?(\\/|$)/i.test($credentials.baseUrl.trim()) ? $credentials.baseUrl.trim() : $credentials.baseUrl.trim().replace(/^http:/i, "https:")).replace(/\\/+$/, "") }}',
      // n8n resolves each request field as an expression; the type only knows literal methods.
      method: `={{ ${WITH_SESSION} ? "POST" : "GET" }}` as IHttpRequestMethods,
      url: `={{ ${WITH_SESSION} ? "/social/bookmarks" : "/social/tweets/lookup?tweet_ids=20" }}`,
      body: `={{ ${WITH_SESSION} ? { cookie: $credentials.cookie, proxy: $credentials.proxy } : undefined }}`,
      // A redirect would carry the secrets to wherever it points; it is answered, not followed.
      disableFollowRedirect: true,
      // n8n 2.x fails the request on these statuses and applies their rules; n8n 1.x knows only
      // "ignore all" (any object is truthy there), so it judges every answer by its body: it drops
      // the response of a failed request, which its status rules would need.
      ignoreHttpStatusErrors: {
        ignore: true,
        except: STATUS_RULES.map((rule) => rule.properties.value),
      } as unknown as boolean,
    },
    // n8n matches each rule by its type: status rules on a failed request, body rules on an answer.
    rules: [...STATUS_RULES, ...BODY_RULES] as IAuthenticateRuleResponseCode[],
  };
}
