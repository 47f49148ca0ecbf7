import nock from 'nock';

export const BASE_URL = 'https://api.social-data.test';
export const API_KEY = 'tda_n8nUnitKey_7f3a9c2e51';
export const COOKIE = 'auth_token=c00kieSecretValue42; ct0=csrfSecretValue77';
export const PROXY = 'http://proxyuser:Pr0xyPassw0rd@127.0.0.1:8080';
export const SECRETS = [API_KEY, 'c00kieSecretValue42', 'csrfSecretValue77', 'Pr0xyPassw0rd'];

export const apiCredential = { apiKey: API_KEY, baseUrl: BASE_URL };
/** The credential with its optional session fields filled, for own-session operations. */
export const sessionCredential = { ...apiCredential, cookie: COOKIE, proxy: PROXY };

/** A nock scope that only answers requests carrying the key exactly once, as the credential adds it. */
export function api(): nock.Scope {
  return nock(BASE_URL, { reqheaders: { 'x-api-key': API_KEY } });
}

export function user(n: number) {
  return {
    id: String(1_400_000_000_000_000_000n + BigInt(n)),
    userName: `user_${n}`,
    name: `User ${n}`,
    screen_name: `user_${n}`,
    description: '',
    location: '',
    url: '',
    created_at: 'Tue Oct 15 12:34:56 +0000 2024',
    followers: n,
    following: 1,
    favourites_count: 0,
    statuses_count: 0,
    listed_count: 0,
    media_count: 0,
    verified: false,
    is_blue_verified: false,
    profile_image_url: '',
    profile_banner_url: '',
    protected: false,
    can_dm: false,
  };
}

export function users(from: number, count: number) {
  return Array.from({ length: count }, (_, index) => user(from + index));
}

export function tweet(n: number) {
  return {
    id: String(1_800_000_000_000_000_000n + BigInt(n)),
    text: `Tweet ${n}`,
    created_at: 'Tue Oct 15 12:34:56 +0000 2024',
    likeCount: n,
    retweetCount: 0,
    replyCount: 0,
    viewCount: 10,
    isRetweet: false,
    isReply: false,
    author: { id: user(1).id, userName: 'user_1', name: 'User 1', screen_name: 'user_1' },
    media: [],
  };
}

export const ok = (data: unknown, extra: object = {}) => ({ status: 'success', msg: 'ok', data, ...extra });

/** Everything a run produced, as n8n would store it, to scan for secrets. */
export function leakedSecrets(value: unknown): string[] {
  const text = JSON.stringify(value);
  return SECRETS.filter((secret) => text.includes(secret));
}
