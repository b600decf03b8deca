// The answers the presets give, written by us: they may name a field, a constraint or a model,
// never a value, the SQL, the library's message or a token.
import type { ProblemInit } from '../failures/contract-error.js';
import type { MapperAnswer } from '../mapping/map-option.js';
import { problem, problems } from '../failures/problems.js';
import type { FieldError } from '../types.js';

/**
 * Options every preset that can answer 503 takes.
 *
 * @example
 * const options: RetryOptions = { retryAfter: 5 }; // postgresErrors(options): a deadlock -> 503, Retry-After: 5
 */
export interface RetryOptions {
  /**
   * `Retry-After` of the 503 for a failure worth retrying (a deadlock, a lost connection, an
   * exhausted pool), in seconds. Default 1.
   */
  retryAfter?: number;
}

/**
 * How a preset names a database column in a field problem or a conflict's detail: a record from
 * column to request field (`{ user_id: 'userId' }`), or a function (`undefined`: the column is
 * not a request field).
 *
 * @example
 * const byName: FieldNames = { user_id: 'userId' };
 * const camel: FieldNames = (column) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
 */
export type FieldNames = Readonly<Record<string, string>> | ((column: string) => string | undefined);

/**
 * Options every preset that names a database's columns takes. A column is named as a request
 * field only through `fields`: a NOT NULL on `user_id` then answers `{ field: 'userId', pointer:
 * '/userId' }`; without a mapping the field problem names the column and carries no `pointer`
 * (RFC 6901: a pointer into the request must point at a member it has), and a conflict's detail
 * names the column.
 *
 * @example
 * const options: FieldOptions = { fields: { user_id: 'userId' } };
 * // postgresErrors(options): a NOT NULL on user_id -> 400 { errors: [{ field: 'userId', pointer: '/userId', detail: 'is required' }] }
 */
export interface FieldOptions {
  /** The request field of each column (a record, or a function returning undefined for a column that is none). Default: none. */
  fields?: FieldNames;
}

/** A column as an answer names it: the request field it is, or the column itself, marked as no member of the request. */
export interface NamedColumn {
  name: string;
  inRequest: boolean;
}

/** How a preset names its columns, from its `fields` option (checked at creation: a mistake is a TypeError then, not a 500 later). */
export type ColumnNamer = (column: string) => NamedColumn;

export function columnNamerOf(options: FieldOptions | undefined, columnsAreFields = false): ColumnNamer {
  const fields = options?.fields;
  if (fields === undefined) return (column) => ({ name: column, inRequest: columnsAreFields });
  if (typeof fields === 'function') {
    return (column) => {
      let name: unknown;
      try {
        name = fields(column);
      } catch {
        name = undefined;
      }
      return typeof name === 'string' && name !== '' ? { name, inRequest: true } : { name: column, inRequest: false };
    };
  }
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields) || Object.values(fields).some((name) => typeof name !== 'string' || name === '')) {
    throw new TypeError('error-contract: `fields` must be a record of column -> request field name, or a function of a column.');
  }
  const table = new Map(Object.entries(fields));
  return (column) => {
    const name = table.get(column);
    return name === undefined ? { name: column, inRequest: false } : { name, inRequest: true };
  };
}

export function retryAfterOf(options: RetryOptions | undefined): number {
  const retryAfter = options?.retryAfter ?? 1;
  if (typeof retryAfter !== 'number' || !Number.isFinite(retryAfter) || retryAfter < 0) {
    throw new TypeError('error-contract: `retryAfter` must be a number of seconds, 0 or more.');
  }
  return retryAfter;
}

function listed(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** 404: the record the operation needed does not exist. */
export function recordNotFound(model?: string): ProblemInit {
  return problems.notFound(model === undefined ? 'The requested record was not found.' : `The requested ${model} record was not found.`);
}

/** 409: a unique constraint (named by its fields, else by the constraint) already holds the value. */
export function duplicate(fields: readonly string[], constraint?: string): ProblemInit {
  if (fields.length > 0) {
    const subject = fields.length === 1 ? `this ${fields[0]}` : `this combination of ${listed(fields)}`;
    return problems.conflict(`A record with ${subject} already exists.`);
  }
  return problems.conflict(constraint === undefined ? 'A record with the same unique value already exists.' : `A record with the same unique value already exists (constraint ${constraint}).`);
}

/** 409: a foreign key: the record refers to one that does not exist, or others still refer to it. */
export function brokenReference(direction: 'missing' | 'referenced' | 'unknown', name?: string): ProblemInit {
  const by = name === undefined ? '' : ` (${name})`;
  if (direction === 'missing') return problems.conflict(`The request refers to a related record that does not exist${by}.`);
  if (direction === 'referenced') return problems.conflict(`The record is still referred to by other records${by}.`);
  return problems.conflict(`The request breaks a reference between records${by}.`);
}

/** 400 `validation_failed`: one field problem per field, in our words. */
export function invalidFields(fieldErrors: FieldError[]): ProblemInit {
  return problems.validationFailed(fieldErrors);
}

/** A required field was missing (a NOT NULL column, a required path): a column no `fields` mapped carries no pointer. */
export function requiredField(column: NamedColumn): FieldError {
  return column.inRequest ? { field: column.name, detail: 'is required' } : { field: column.name, detail: 'is required', pointer: false };
}

/** 400 `bad_request`: a required value is missing, and the database did not say which. */
export function missingValue(): ProblemInit {
  return problems.badRequest('A required value is missing.');
}

/** 400 `bad_request`: a value is not in the form its column or path expects. */
export function malformedValue(field?: string): ProblemInit {
  return problems.badRequest(field === undefined ? 'A value in the request is not in the form its field expects.' : `The value of ${field} is not in the form the field expects.`);
}

/** 400 `bad_request`: a value breaks a rule of the database (a CHECK constraint), which names no field. */
export function outsideRule(constraint?: string): ProblemInit {
  return problems.badRequest(constraint === undefined ? 'A value in the request is outside what the database allows.' : `A value in the request is outside what the database allows (constraint ${constraint}).`);
}

/** 503 with `Retry-After`: the database is busy or unreachable; the same request may succeed later. A 5xx's detail is the generic one. */
export function unavailable(retryAfter: number): ProblemInit {
  return problems.serviceUnavailable({ retryAfter });
}

/** 502 `bad_gateway`: a service we called refused, reset, or answered with an error. Nothing of its answer is passed on. */
export function badGateway(): ProblemInit {
  return problems.badGateway();
}

/** 504 `gateway_timeout`: a service we called did not answer in time. */
export function gatewayTimeout(): ProblemInit {
  return problems.gatewayTimeout();
}

/** 401 with an RFC 6750 section 3 challenge: the bearer token is expired, not yet valid, or invalid. */
export function invalidToken(reason: 'expired' | 'not_yet_valid' | 'invalid', realm?: string): ProblemInit {
  const description = reason === 'expired' ? 'The access token expired' : reason === 'not_yet_valid' ? 'The access token is not valid yet' : 'The access token is invalid';
  const challenge = `Bearer ${realm === undefined ? '' : `realm="${realm}", `}error="invalid_token", error_description="${description}"`;
  return problem(401, `${description}.`, { headers: { 'www-authenticate': challenge } });
}

/** What each family of presets can answer with, for the OpenAPI document and the docs pages. */
export const ANSWERS = {
  notFound: { status: 404, code: 'not_found', on: 'all' },
  conflict: { status: 409, code: 'conflict', on: 'writes' },
  validation: { status: 400, code: 'validation_failed', on: 'writes' },
  badRequest: { status: 400, code: 'bad_request', on: 'all' },
  unavailable: { status: 503, code: 'service_unavailable', on: 'all' },
  unauthorized: { status: 401, code: 'unauthorized', on: 'all' },
  badGateway: { status: 502, code: 'bad_gateway', on: 'all' },
  gatewayTimeout: { status: 504, code: 'gateway_timeout', on: 'all' },
} as const satisfies Record<string, MapperAnswer>;
