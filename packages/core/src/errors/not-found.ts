import { endpointSpec } from '../catalog/queries';
import type { EndpointId } from '../catalog/endpoints';
import type { NormalizedParams } from '../input/params';
import type { ParamFormat } from '../catalog/types';
import { NotFoundError } from './classes';
import type { Missing, SocialDataError } from './classes';
import { hints } from './hints';

/**
 * What to check, by what the address names: a missing list gets no word about screen names.
 * Formats that never sit in an address keep the generic hint.
 */
const CHECK: Partial<Record<ParamFormat, string>> = {
  screenName: hints.accountMissing,
  listId: hints.listMissing,
  communityId: hints.communityMissing,
  topicId: hints.topicMissing,
};

/** `Username "jack" was not found`, or for several, `Username "a", "b" were not found`. */
function notFound(missing: readonly Missing[]): string {
  const kinds = [...new Set(missing.map(({ what }) => what))];
  const subject = kinds
    .map(
      (what) =>
        `${what} ${missing
          .filter((entry) => entry.what === what)
          .map(({ value }) => `"${value}"`)
          .join(', ')}`,
    )
    .join(', ');
  return `${subject} ${missing.length > 1 ? 'were' : 'was'} not found`;
}

/**
 * What a named "not found" says after its subject: where, and the API's words; undefined when its
 * message no longer starts with that subject (changed since), so it is said alone.
 */
function tailOf(error: NotFoundError): string | undefined {
  const subject = notFound(error.missing);
  return error.message.startsWith(subject) ? error.message.slice(subject.length) : undefined;
}

/**
 * A "not found" that names what was not found (`Username "jack" was not found`), as every surface
 * shows it, instead of only the API's wording: the account, list, community or topic of the
 * address, by the name its input has in the catalog.
 */
export function namingWhatIsMissing(
  error: SocialDataError,
  id: EndpointId,
  params: NormalizedParams,
): SocialDataError {
  if (!(error instanceof NotFoundError) || !error.message.startsWith('Not found')) return error;
  const named = Object.entries(endpointSpec(id).params).filter(
    ([name, spec]) => spec.in === 'path' && typeof params[name] === 'string' && params[name] !== '',
  );
  const missing = named.map(([name, spec]) => ({ what: spec.displayName, value: String(params[name]) }));
  if (missing.length === 0) return error;
  const checks = [...new Set(named.map(([, spec]) => CHECK[spec.format]))];
  const [check] = checks;
  return new NotFoundError(error.message.replace(/^Not found/, notFound(missing)), {
    status: error.status,
    apiMessage: error.apiMessage,
    endpoint: error.endpoint,
    hint: error.hint === hints.notFound && checks.length === 1 && check ? check : error.hint,
    missing,
  });
}

/**
 * Several reads that each found nothing, alike but for what they looked for (each account of a
 * watch), said once: `Username "a", "b" were not found (HTTP 404 on …)`. Undefined when they
 * are not all such reads, or differ in more than that.
 */
export function notFoundTogether(errors: readonly unknown[]): NotFoundError | undefined {
  const named = errors.filter(
    (error): error is NotFoundError => error instanceof NotFoundError && error.missing.length > 0,
  );
  const [first] = named;
  const tails = new Set(named.map(tailOf));
  const [tail] = tails;
  if (!first || named.length !== errors.length || tails.size > 1 || tail === undefined) return undefined;
  const missing = named.flatMap((error) => error.missing);
  return new NotFoundError(`${notFound(missing)}${tail}`, {
    status: first.status,
    apiMessage: first.apiMessage,
    endpoint: first.endpoint,
    // What to do for each, once.
    hint: [...new Set(named.map((error) => error.hint).filter(Boolean))].join(' '),
    missing,
  });
}
