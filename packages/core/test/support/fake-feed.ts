import { ConnectionError, ValidationError } from '../../src';
import type { FeedPage, ReadPages } from '../../src/feeds';

export interface Item {
  id: string;
}

/**
 * A feed in memory, newest first, served in pages with offset cursors like the sandbox's (and,
 * as far as anyone can tell, the API's): items added at the top shift every later page.
 */
export class FakeFeed {
  items: string[];
  requests = 0;
  /** Requests still to fail with a connection error. */
  failures = 0;
  /** Reject every cursor, as an API does with an expired one. */
  refuseCursors = false;
  /** Empty pages that claim more, served before the first page with records. */
  emptyPagesFirst = 0;
  /** Requests still to answer with an empty page that claims more (the place stays the same). */
  emptyPages = 0;
  /** Requests still to answer with a cursor already given, which a reader takes for a stall. */
  repeatedCursors = 0;
  /** Request numbers (counting every request) answered with an empty page that claims more. */
  readonly emptyAt = new Set<number>();
  /** Request numbers answered with a cursor already given. */
  readonly repeatAt = new Set<number>();
  /** Changes to make just before the request of this number is answered (a change mid-read). */
  readonly changeAt = new Map<number, () => void>();
  /**
   * End as an account list of the API and the sandbox does (architecture decision 5, decision
   * S3): the last page with records carries a `0|…` cursor, and following it answers an empty page.
   */
  endsOnEmptyPage = false;

  constructor(
    readonly pageSize: number,
    initial: string[] = [],
  ) {
    this.items = [...initial];
  }

  /** The API counts the feed on its owner (followers, following): the reader offers `count`. */
  counts = false;
  /** Count requests made. */
  countRequests = 0;

  get read(): ReadPages<Item> {
    const read = Object.assign((cursor: string | undefined) => this.pages(cursor), {
      // Accounts outlive their place in the feed: a lookup by id finds each (100 a request).
      lookup: (ids: readonly string[]) => {
        this.lookups += Math.ceil(ids.length / 100);
        return Promise.resolve(ids.map((id) => ({ id })));
      },
    });
    if (!this.counts) return read;
    return Object.assign(read, {
      count: () => {
        this.countRequests += 1;
        return Promise.resolve(this.items.length);
      },
    });
  }
  /** Lookup requests made for held-back items. */
  lookups = 0;

  private async *pages(cursor: string | undefined): AsyncGenerator<FeedPage<Item>> {
    if (cursor !== undefined && this.refuseCursors)
      throw new ValidationError('cursor is not valid', { status: 400 });
    if (cursor?.startsWith('0|')) {
      this.requests += 1;
      yield { records: [], next_cursor: '', has_next_page: false };
      return;
    }
    let empties = cursor?.startsWith('empty') ? Number(cursor.slice(5)) : 0;
    let offset = cursor === undefined || cursor.startsWith('empty') ? 0 : Number(cursor);
    while (empties < this.emptyPagesFirst) {
      this.requests += 1;
      empties += 1;
      yield { records: [], next_cursor: `empty${empties}`, has_next_page: true };
    }
    while (true) {
      this.requests += 1;
      this.changeAt.get(this.requests)?.();
      if (this.failures > 0) {
        this.failures -= 1;
        throw new ConnectionError('socket hang up');
      }
      if (this.emptyPages > 0 || this.emptyAt.has(this.requests)) {
        this.emptyPages = Math.max(0, this.emptyPages - 1);
        yield { records: [], next_cursor: String(offset), has_next_page: true };
        continue;
      }
      const records = this.items.slice(offset, offset + this.pageSize).map((id) => ({ id }));
      offset += this.pageSize;
      const more = offset < this.items.length;
      if (more && (this.repeatedCursors > 0 || this.repeatAt.has(this.requests))) {
        this.repeatedCursors = Math.max(0, this.repeatedCursors - 1);
        yield { records, next_cursor: String(offset - this.pageSize), has_next_page: false, stalled: true };
        return;
      }
      if (!more && this.endsOnEmptyPage && records.length > 0) {
        yield { records, next_cursor: `0|${offset}`, has_next_page: true };
        this.requests += 1;
        yield { records: [], next_cursor: '', has_next_page: false };
        return;
      }
      yield { records, next_cursor: more ? String(offset) : '', has_next_page: more };
      if (!more) return;
    }
  }

  /** New items at the top; `ids` newest first. */
  add(...ids: string[]): void {
    const added = new Set(ids);
    this.items = [...added, ...this.items.filter((id) => !added.has(id))];
  }

  remove(id: string): void {
    this.items = this.items.filter((item) => item !== id);
  }

  /** A tweet that shows up late: placed by its id among the others. */
  insertById(id: string): void {
    const at = this.items.findIndex((item) => BigInt(item) < BigInt(id));
    this.items.splice(at === -1 ? this.items.length : at, 0, id);
  }
}

/** Time-ordered ids with room between them for late arrivals. */
export class TweetIds {
  private next = 1_800_000_000_000_000_000n;

  take(count: number): string[] {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      this.next += 1000n;
      ids.unshift(String(this.next));
    }
    return ids;
  }
}

let account = 0;
/** Account ids carry no order: they are shuffled on purpose. */
export function accountIds(count: number): string[] {
  return Array.from({ length: count }, () => {
    account += 1;
    // The low digits are the counter itself, so ids never collide; the high ones scramble the order.
    return String(
      1_400_000_000_000_000_000n + BigInt((account * 7919) % 1_000_003) * 10_000_000n + BigInt(account),
    );
  });
}
