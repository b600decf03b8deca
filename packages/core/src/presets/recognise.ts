// How the presets recognise a library's error without importing the library: by name, code and
// shape, through the wrappers that carry a driver's error, and never trusting a getter.
import { isArray, items, read, readString } from '../base/safe-read.js';

/**
 * The error and the errors it carries, outermost first: TypeORM's `driverError`, Sequelize's
 * `parent` / `original`, Drizzle's and Kysely's (and the app's own) `cause`. Bounded, and a
 * cycle ends the walk.
 */
export function errorChain(error: unknown, depth = 4): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== null && typeof current === 'object' && chain.length <= depth && !chain.includes(current)) {
    chain.push(current);
    current = read(current, 'driverError') ?? read(current, 'original') ?? read(current, 'parent') ?? read(current, 'cause');
  }
  return chain;
}

/**
 * The error's `name` and the names of the classes it is an instance of, nearest first, so that
 * a subclass a library added later (Sequelize's `ConnectionRefusedError` is a `ConnectionError`)
 * is recognised by its parent's name.
 */
export function classNames(error: unknown): string[] {
  const names: string[] = [];
  const own = readString(error, 'name');
  if (own !== undefined) names.push(own);
  let prototype: unknown;
  try {
    prototype = Object.getPrototypeOf(error);
  } catch {
    return names;
  }
  for (let step = 0; step < 8 && prototype !== null && prototype !== Object.prototype && prototype !== Error.prototype; step++) {
    try {
      const name = readString(Object.getOwnPropertyDescriptor(prototype, 'constructor')?.value, 'name');
      if (name !== undefined && !names.includes(name)) names.push(name);
      prototype = Object.getPrototypeOf(prototype);
    } catch {
      break;
    }
  }
  return names;
}

/** Whether any of the error's class names is one of `names`. */
export function isNamed(error: unknown, names: ReadonlySet<string>): boolean {
  return classNames(error).some((name) => names.has(name));
}

// A column, constraint, index or model name as schemas spell them: what an answer may name.
// Anything else (a value, an expression, SQL) is left out of the answer.
const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_$.]{0,62}$/;

/** `value` when it looks like a schema name (a column, constraint or index), else undefined. */
export function schemaName(value: unknown): string | undefined {
  return typeof value === 'string' && SCHEMA_NAME.test(value) ? value : undefined;
}

/** The schema names among `values` (a string or an array of them), in order, without repeats. */
export function schemaNames(values: unknown): string[] {
  const list = typeof values === 'string' ? [values] : isArray(values) ? items(values, 16) : [];
  const names: string[] = [];
  for (const value of list) {
    const name = schemaName(value);
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}
