import type { ProblemInit } from '../failures/contract-error.js';
import type { ErrorMapper, MapperAnswer } from '../mapping/map-option.js';
import type { RequestLike } from '../types.js';

/**
 * A preset as the `map` option takes it: a named mapper (stack traces and logs name it) that
 * lists what it can answer with.
 */
export function preset(name: string, answers: readonly MapperAnswer[], map: (error: unknown, request?: RequestLike) => ProblemInit | undefined): ErrorMapper {
  const mapper = { [name]: (error: unknown, request?: RequestLike) => map(error, request) }[name]!;
  return Object.assign(mapper, { answers: Object.freeze([...answers]) });
}
