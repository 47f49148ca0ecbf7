import type { EndpointId } from '../catalog/endpoints';
import { invalid } from '../input/fail';
import type { NormalizedParams } from '../input/params';

/**
 * Where a tool call continues: the API's cursor of the page to read again and the records of it
 * already shown (a call cut by the output budget ends mid-page), how many records came before,
 * and which endpoint and inputs the cursor belongs to.
 */
export interface AgentPosition {
  startCursor: string | undefined;
  skip: number;
  /** Records the earlier calls of this run returned, so a summary can number them on. */
  returned: number;
}

interface Token {
  v: 1;
  e: string;
  f: string;
  c?: string;
  s: number;
  n: number;
}

const PREFIX = 'sd1.';

/** FNV-1a of the normalized inputs: a cursor only continues the read it came from. */
function fingerprint(params: NormalizedParams): string {
  const text = JSON.stringify(
    Object.keys(params)
      .sort()
      .map((name) => [name, params[name]]),
  );
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function encodeAgentCursor(id: EndpointId, params: NormalizedParams, position: AgentPosition): string {
  const token: Token = { v: 1, e: id, f: fingerprint(params), s: position.skip, n: position.returned };
  if (position.startCursor !== undefined) token.c = position.startCursor;
  return PREFIX + toBase64Url(JSON.stringify(token));
}

function readToken(value: string): Token | undefined {
  if (!value.startsWith(PREFIX)) return undefined;
  try {
    const token = JSON.parse(fromBase64Url(value.slice(PREFIX.length))) as Partial<Token>;
    const whole = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
    if (token.v !== 1 || typeof token.e !== 'string' || typeof token.f !== 'string') return undefined;
    if (!whole(token.s) || !whole(token.n) || (token.c !== undefined && typeof token.c !== 'string'))
      return undefined;
    return token as Token;
  } catch {
    return undefined;
  }
}

/**
 * The position a cursor stands for, checked before any request: it must be one this tool
 * returned, for the same inputs. `toolName` names the tool in the message for the model.
 */
export function decodeAgentCursor(
  value: unknown,
  id: EndpointId,
  params: NormalizedParams,
  toolName: (id: string) => string,
): AgentPosition | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const fix =
    'Pass next_cursor exactly as the previous call of this tool returned it, or leave cursor out to start from the first records.';
  if (typeof value !== 'string') throw invalid('cursor', `expected text, got ${typeof value}`, fix);
  const token = readToken(value.trim());
  if (!token) throw invalid('cursor', 'this is not a cursor this server returned', fix);
  if (token.e !== id)
    throw invalid(
      'cursor',
      `this cursor belongs to ${toolName(token.e)}`,
      `Call ${toolName(token.e)} with it, or leave cursor out here.`,
    );
  if (token.f !== fingerprint(params))
    throw invalid(
      'cursor',
      'this cursor was returned for other inputs',
      'Call the tool with the same inputs as the call that returned the cursor, or leave cursor out to start anew.',
    );
  return { startCursor: token.c, skip: token.s, returned: token.n };
}
