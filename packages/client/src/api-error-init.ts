import type { JsonObject } from 'type-fest';
// What an ApiError is made of, as plain types: what the readers below the class produce and the
// class holds. Types only, so that the readers need not import the class.
import type { Dialect } from './dialects/index.js';

/**
 * Which of the contract's two shapes the body was in: `detailed` for every problem-details
 * dialect (`problem-details`, `aspnet`, `zalando`), `compact` for ours, `unknown` for anything else.
 * {@link ApiError.dialect} says which dialect exactly.
 */
export type BodyShape = 'detailed' | 'compact' | 'unknown';

/** One problem, as the compact shape lists them. */
export interface ApiProblem {
  code: string;
  message: string;
}

/** One offending field, whichever way its dialect named it. */
export interface ApiFieldError {
  /** As the body named it (`items[0].price`, `Name`, `card[number]`), or read from the pointer. */
  field: string;
  /**
   * The field as a JSON Pointer (RFC 6901) into the request body: `/items/0/price`. Undefined when
   * the field is a query parameter or a header (JSON:API `source.parameter`/`source.header`).
   */
  pointer?: string | undefined;
  detail: string;
}

/** What {@link ApiError}'s constructor takes: everything already read from the response. */
export interface ApiErrorInit<C extends string = string> {
  status: number;
  code: C;
  message: string;
  title?: string;
  type?: string;
  instance?: string;
  problems: ApiProblem[];
  fieldErrors: ApiFieldError[];
  body: unknown;
  shape: BodyShape;
  /** Defaults to `unknown`. */
  dialect?: Dialect;
  traceId?: string | undefined;
  headers: Headers;
  /** Members of a JSON body that are not the standard problem-details ones. */
  extensions: JsonObject;
}
