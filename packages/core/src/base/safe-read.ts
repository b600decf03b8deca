// Anything can be thrown: a Proxy whose traps throw, a throwing getter, a revoked object.
// Every read of a thrown value goes through here so that normalising never throws.

/**
 * Reads `value[key]`, or undefined when `value` is not an object or the read throws (a Proxy, a
 * throwing getter): the one way an adapter reads a member of a thrown value.
 *
 * @example
 * read({ status: 404 }, 'status'); // 404
 * read(new Proxy({}, { get() { throw new Error('trap'); } }), 'status'); // undefined
 */
export function read(value: unknown, key: PropertyKey): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return undefined;
  try {
    return (value as Record<PropertyKey, unknown>)[key];
  } catch {
    return undefined;
  }
}

/**
 * Reads a non-empty string member, else undefined; never throws (see {@link read}).
 *
 * @example
 * readString({ code: 'P2025' }, 'code'); // 'P2025'
 * readString({ code: '' }, 'code'); // undefined
 */
export function readString(value: unknown, key: PropertyKey): string | undefined {
  const member = read(value, key);
  return typeof member === 'string' && member.length > 0 ? member : undefined;
}

/** Reads an array member, else undefined. `Array.isArray` is guarded because a Proxy may throw. */
export function readArray(value: unknown, key: PropertyKey): readonly unknown[] | undefined {
  const member = read(value, key);
  return isArray(member) ? member : undefined;
}

export function isArray(value: unknown): value is readonly unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** The first `limit` items of an array-like, read one by one so a hostile element cannot throw. */
export function items(list: readonly unknown[], limit = 100): unknown[] {
  const out: unknown[] = [];
  let length = 0;
  try {
    length = Math.min(list.length, limit);
  } catch {
    return out;
  }
  for (let index = 0; index < length; index++) out.push(read(list, index));
  return out;
}

/** `String(value)` that never throws (a Symbol, an object whose toString throws). */
export function describe(value: unknown): string {
  try {
    return typeof value === 'symbol' ? value.toString() : String(value);
  } catch {
    return '[unprintable value]';
  }
}
