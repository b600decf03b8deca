// Anything can be thrown: a Proxy whose traps throw, a throwing getter, a revoked object.
// Every read of a thrown value goes through here so that normalising never throws.

/** Reads `value[key]`, or undefined when `value` is not an object or the read throws. */
export function read(value: unknown, key: PropertyKey): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return undefined;
  try {
    return (value as Record<PropertyKey, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** Reads a non-empty string member, else undefined. */
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

// The members every look at a thrown value reads, each at a site of its own (issue 43). `read` is
// one property load that sees every key of every kind of thrown value, so V8 cannot cache it (a
// megamorphic keyed load, about 20 ns each, 24 of them per http-errors value); a function per
// member caches the few shapes it meets. The guard is the same: a Proxy whose trap throws, a
// throwing getter, a revoked object reads as undefined.

export function isObjectLike(value: unknown): value is Record<PropertyKey, unknown> {
  return value !== null && (typeof value === 'object' || typeof value === 'function');
}

/** A non-empty string, else undefined (`readString` for a value already read). */
export function stringIn(member: unknown): string | undefined {
  return typeof member === 'string' && member.length > 0 ? member : undefined;
}

/** An array, else undefined (`readArray` for a value already read). */
export function arrayIn(member: unknown): readonly unknown[] | undefined {
  return isArray(member) ? member : undefined;
}

export function readIsAxiosError(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.isAxiosError;
  } catch {
    return undefined;
  }
}

export function readCode(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.code;
  } catch {
    return undefined;
  }
}

export function readGetStatus(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.getStatus;
  } catch {
    return undefined;
  }
}

export function readGetResponse(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.getResponse;
  } catch {
    return undefined;
  }
}

export function readResponse(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.response;
  } catch {
    return undefined;
  }
}

export function readIsBoom(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.isBoom;
  } catch {
    return undefined;
  }
}

export function readStatus(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.status;
  } catch {
    return undefined;
  }
}

export function readStatusCode(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.statusCode;
  } catch {
    return undefined;
  }
}

export function readType(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.type;
  } catch {
    return undefined;
  }
}

export function readName(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.name;
  } catch {
    return undefined;
  }
}

export function readMessage(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.message;
  } catch {
    return undefined;
  }
}

export function readExpose(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.expose;
  } catch {
    return undefined;
  }
}

export function readIssues(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.issues;
  } catch {
    return undefined;
  }
}

export function readDetails(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.details;
  } catch {
    return undefined;
  }
}

export function readErrors(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.errors;
  } catch {
    return undefined;
  }
}

export function readValidationContext(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.validationContext;
  } catch {
    return undefined;
  }
}

export function readValidation(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.validation;
  } catch {
    return undefined;
  }
}

export function readRes(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.res;
  } catch {
    return undefined;
  }
}

export function readOutput(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.output;
  } catch {
    return undefined;
  }
}

export function readHeaders(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.headers;
  } catch {
    return undefined;
  }
}

export function readBody(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.body;
  } catch {
    return undefined;
  }
}

export function readSyscall(value: unknown): unknown {
  if (!isObjectLike(value)) return undefined;
  try {
    return value.syscall;
  } catch {
    return undefined;
  }
}
