import { ValidationError, readBounded } from '@social-data/core';
import type { BoundedRead, OpenPaginator, ReadBounds } from '@social-data/core';

import { OUTPUT_BUDGET_BYTES, RECORDS_LIMIT_BYTES } from './limits';

/** What a step bounds its read by; Zapier's size limits are added here. */
export interface StepBounds extends Pick<ReadBounds, 'shape' | 'maxItems' | 'deadline' | 'keep'> {
  /** Whether the step has a Page Size field, which a page too large for Zapier can be fixed by. */
  pageSize?: boolean;
}

/** Core's bounded read within what a Zapier step may return (6 MB), the fix named in Zapier's fields. */
export function readWithinStep(open: OpenPaginator, bounds: StepBounds): Promise<BoundedRead> {
  const { pageSize = false, ...rest } = bounds;
  return readBounded(open, {
    ...rest,
    budgetBytes: OUTPUT_BUDGET_BYTES,
    limitBytes: RECORDS_LIMIT_BYTES,
    tooLarge: (bytes) => pageTooLarge(bytes, pageSize),
  });
}

/** A first page larger than a step may return, with the fix this step has. */
function pageTooLarge(bytes: number, pageSize: boolean): ValidationError {
  const size = `one page of this feed is ${(bytes / 1024 / 1024).toFixed(1)} MB, more than a Zapier step can return`;
  return pageSize
    ? new ValidationError(`pageSize: ${size}.`, {
        field: 'pageSize',
        hint: 'Set Page Size lower, e.g. 200, or set Simplify to yes for smaller records.',
      })
    : new ValidationError(`simplify: ${size}, and the API sets its page size.`, {
        field: 'simplify',
        hint: 'Set Simplify to yes: each record is then a fraction of its size. If it is already yes, this feed cannot pass through a Zapier step.',
      });
}
