/** A feed whose items are computed on demand: a 1,000,000-item feed costs no memory. */
export interface Sequence<T> {
  readonly length: number;
  slice(offset: number, count: number): T[];
}

export function generated<T>(length: number, at: (index: number) => T): Sequence<T> {
  return {
    length,
    slice: (offset, count) => {
      const items: T[] = [];
      for (let i = offset; i < Math.min(length, offset + count); i += 1) items.push(at(i));
      return items;
    },
  };
}

/** Items added at run time (newest first) before a base feed. */
export function prepended<T>(added: readonly T[], base: Sequence<T>): Sequence<T> {
  return {
    length: added.length + base.length,
    slice: (offset, count) => {
      const head = added.slice(offset, offset + count);
      const rest = count - head.length;
      return rest > 0 ? [...head, ...base.slice(Math.max(0, offset - added.length), rest)] : head;
    },
  };
}

export function mapped<T, U>(source: Sequence<T>, map: (item: T) => U): Sequence<U> {
  return { length: source.length, slice: (offset, count) => source.slice(offset, count).map(map) };
}

/**
 * A base feed with some of its positions hidden (unfollowed accounts, or accounts moved to the
 * top by a re-follow). `hidden` holds base positions, ascending; visible index j maps to the
 * j-th base position that is not hidden.
 */
export function withHidden<T>(
  base: Sequence<T> & { at(index: number): T },
  hidden: readonly number[],
): Sequence<T> {
  const basePosition = (visible: number) => {
    let position = visible;
    for (const h of hidden) {
      if (h <= position) position += 1;
      else break;
    }
    return position;
  };
  return {
    length: base.length - hidden.length,
    slice: (offset, count) => {
      const items: T[] = [];
      let position = basePosition(offset);
      let next = hidden.findIndex((h) => h >= position);
      while (items.length < count && position < base.length) {
        if (next >= 0 && hidden[next] === position) {
          next = next + 1 < hidden.length ? next + 1 : -1;
        } else {
          items.push(base.at(position));
        }
        position += 1;
      }
      return items;
    },
  };
}

/**
 * A small feed reordered newest first by tweet id (ids grow with time), as a timeline that mixes
 * several authors is: a list's or a community's. Materialized once; such feeds hold at most a few
 * hundred tweets.
 */
export function newestFirst<T extends { id: string }>(source: Sequence<T>): Sequence<T> {
  const items = source
    .slice(0, source.length)
    .sort((a, b) => (a.id.length !== b.id.length ? b.id.length - a.id.length : a.id < b.id ? 1 : -1));
  return { length: items.length, slice: (offset, count) => items.slice(offset, offset + count) };
}
