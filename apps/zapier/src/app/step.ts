import type { Bundle, ZObject } from 'zapier-platform-core';

import { clientFor } from '../http/client';
import { toZapierError } from '../http/errors';
import type { SocialDataClient } from '@social-data/core';

type Perform<T> = (client: SocialDataClient, bundle: Bundle, z: ZObject) => Promise<T>;

/**
 * A step's perform: a client from the connection, and every failure (bad input found before any
 * request, a dropped connection, a timeout) as a `z.errors` error that says what to do.
 */
export function step<T>(perform: Perform<T>) {
  return async (z: ZObject, bundle: Bundle): Promise<T> => {
    try {
      return await perform(clientFor(z, bundle), bundle, z);
    } catch (error) {
      throw toZapierError(z, error);
    }
  };
}
