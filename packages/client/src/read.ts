// Lenient reading, as RFC 9457 section 3.1 asks: a member of the wrong type is ignored as if it
// were absent. Every read is guarded, so a body built to break the reader cannot.

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An array member, else undefined. */
export function arrayMember(object: Json | undefined, key: string): unknown[] | undefined {
  const value = object?.[key];
  return Array.isArray(value) ? value : undefined;
}

/** An object member, else undefined. */
export function objectMember(object: Json | undefined, key: string): Json | undefined {
  const value = object?.[key];
  return isObject(value) ? value : undefined;
}

/** The first non-empty string among these members: each dialect names the same thing its own way. */
export function pick(object: Json | undefined, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = object?.[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

/** `NOT_FOUND` -> `not_found`: only an all-caps code is rewritten, the one case that is unambiguous. */
export function snakeCode(code: string | undefined): string | undefined {
  return /^[A-Z\d_]+$/.test(code!) ? code!.toLowerCase() : code;
}

/** The members that are arrays, as one list: a dialect may spread its problems over several. */
export function lists(values: unknown[]): unknown[] {
  return values.filter(Array.isArray).flat();
}
