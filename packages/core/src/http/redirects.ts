import { RedirectError } from '../errors/classes';
import { hints } from '../errors/hints';
import { excerpt } from '../security/redactor';
import { headerValue } from './transport';
import type { TransportResponse } from './transport';

export function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

/** The origin a Location header points at; undefined for a relative one, which stays on this host. */
function targetOrigin(location: string | undefined): string | undefined {
  if (!location) return undefined;
  try {
    // Only an absolute URL parses without a base; `origin` leaves out any user and password.
    return excerpt(new URL(location).origin, 100);
  } catch {
    return undefined;
  }
}

/**
 * A 3xx answer as an error, never followed (docs/decisions.md): the message names the status, the
 * endpoint and where the redirect pointed (its origin only), so the user can tell an address
 * that moved from one that should not be trusted.
 */
export function redirectError(id: string, response: TransportResponse): RedirectError {
  const { status } = response;
  const header = headerValue(response.headers, 'location');
  const location = targetOrigin(header);
  if (status === 304)
    return new RedirectError(`The API answered HTTP 304 Not Modified on ${id}, with no answer in it.`, {
      status,
      endpoint: id,
      location,
      hint: hints.notModified,
    });
  // A relative Location stays on the host; none at all is no redirect anyone could follow.
  const target = location
    ? `a redirect to ${location}`
    : header
      ? 'a redirect to another path on the same host'
      : 'a redirect status but no address to go to (no Location header)';
  return new RedirectError(
    `The API answered HTTP ${status} on ${id} with ${target}, which is not followed: the API key and the session go only to the Base URL's host.`,
    {
      status,
      endpoint: id,
      location,
      hint: hints.redirect,
    },
  );
}
