import { endpointSpec } from '../catalog/queries';
import type { EndpointId } from '../catalog/endpoints';
import type { NormalizedParams } from '../input/params';
import { NotFoundError } from './classes';
import type { SocialDataError } from './classes';

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
  const named = Object.entries(endpointSpec(id).params)
    .filter(([name, spec]) => spec.in === 'path' && typeof params[name] === 'string' && params[name] !== '')
    .map(([name, spec]) => `${spec.displayName} "${String(params[name])}"`);
  if (named.length === 0) return error;
  return new NotFoundError(error.message.replace(/^Not found/, `${named.join(', ')} was not found`), {
    status: error.status,
    apiMessage: error.apiMessage,
    endpoint: error.endpoint,
    hint: error.hint,
  });
}
