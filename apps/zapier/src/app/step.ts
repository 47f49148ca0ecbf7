import type { SocialDataClient } from '@social-data/core';
import type { Bundle, ZObject } from 'zapier-platform-core';

import { STEP_BUDGET_MS, clientFor } from '../http/client';
import { toZapierError } from '../http/errors';
import type { FieldLabels } from '../http/errors';
import type { InputField } from './fields';

type Perform<T> = (client: SocialDataClient, bundle: Bundle, deadline: number, z: ZObject) => Promise<T>;

/**
 * A step's perform (`label`: the step as the Zap editor names it; `fields`: its input fields): a
 * client from the connection with the step's deadline, and every failure (bad input found before
 * any request, a dropped connection, a timeout) as a `z.errors` error that says what to do and
 * names the field to correct by its label.
 */
export function step<T>(label: string, perform: Perform<T>, fields: FieldLabels = []) {
  return async (z: ZObject, bundle: Bundle): Promise<T> => {
    const deadline = Date.now() + STEP_BUDGET_MS;
    try {
      return await perform(clientFor(z, bundle, deadline), bundle, deadline, z);
    } catch (error) {
      throw toZapierError(z, error, label, fields);
    }
  };
}

/**
 * A step's input fields and its perform as one (`label`: the step as the Zap editor names it), so
 * that every error of the step names a field to correct by the label shown beside it.
 */
export function withFields<T>(label: string, inputFields: InputField[], perform: Perform<T>) {
  return { inputFields, perform: step(label, perform, inputFields) };
}
