// Lenient reading, as RFC 9457 section 3.1 asks: a member of the wrong type is ignored as if it
// were absent. Every read is guarded, so a body built to break the reader cannot.

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string member, else undefined. */
export function stringMember(object: Json | undefined, key: string): string | undefined {
  const value = object?.[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** An array member, else undefined. */
export function arrayMember(object: Json | undefined, key: string): unknown[] | undefined {
  const value = object?.[key];
  return Array.isArray(value) ? value : undefined;
}
