// The app's `map` option: foreign errors (an ORM's not-found, a database's unique violation, an
// expired token) turned into what a handler could throw, before the contract decides anything.
// Ordered like ASP.NET's ProblemDetails `Map<T>`: the first mapper that answers wins.
import type { Catalog, CodeOf } from '../contract/catalog.js';
import { ContractError, isContractError, type ProblemExtras, type ProblemInit } from '../failures/contract-error.js';
import { type ErrorLogger, frameworkLogger } from '../observability/log-line.js';
import type { RequestLike } from '../types.js';

/**
 * What a mapper may answer with: one of our problems (a factory's error such as `notFound()`,
 * `problem(409, ...)`, or `to.error(code)` for a catalog code). It is trusted as the mapper wrote
 * it: its detail is the mapper's words, never the original error's message.
 *
 * @example
 * const answer: MappedError = conflict('A widget with this name already exists.');
 */
export type MappedError = ProblemInit;

/**
 * What a mapper gets besides the error: the contract's catalog codes, checked by the compiler as
 * `contract.error` checks them.
 *
 * @example
 * const mapper: ErrorMapper<typeof catalog> = (error, request, to) =>
 *   error instanceof LockedError ? to.error('widget_locked', 'Someone else is editing it.') : undefined;
 */
export interface MapperTools<C extends Catalog = Catalog> {
  /** The error of a catalog code, as `contract.error(code, detail, extras)` makes it. */
  error(code: CodeOf<C>, detail?: string, extras?: ProblemExtras & { status?: number }): ContractError;
}

/**
 * A status and code a mapper can answer with, for the OpenAPI responses and the docs pages:
 * `on` says which operations may get it (`'writes'`: POST, PUT, PATCH, DELETE; `'secured'`: those
 * that declare `security`; `'all'`: every one).
 *
 * @example
 * const answer: MapperAnswer = { status: 409, code: 'conflict', on: 'writes' };
 */
export interface MapperAnswer {
  status: number;
  code: string;
  on: 'all' | 'writes' | 'secured';
}

/**
 * One entry of the `map` option: `(error, request, to) => replacement | undefined`. Return
 * undefined for errors it does not know. A mapper that throws is logged, and the original error
 * gets its usual answer (no later mapper is asked). `answers` (optional) lists what it can answer with, so
 * the OpenAPI document and the docs pages include those codes.
 *
 * @example
 * import { conflict, createErrorContract, type ErrorMapper } from '@error-contract/core';
 *
 * const duplicateName: ErrorMapper = (error) =>
 *   error instanceof DuplicateNameError ? conflict('A widget with this name already exists.') : undefined;
 * const contract = createErrorContract({ map: [duplicateName] });
 */
export type ErrorMapper<C extends Catalog = Catalog> = ((error: unknown, request: RequestLike, to: MapperTools<C>) => MappedError | undefined) & {
  readonly answers?: readonly MapperAnswer[];
};

/** The `map` option after its checks, with what its mappers need at request time. */
export interface MapSettings {
  mappers: readonly ErrorMapper[];
  tools: MapperTools;
  logger: ErrorLogger | false | undefined;
}

/** What the mappers say they can answer with, each status and code once, in the order given. */
export function mappedAnswers(map: MapSettings | undefined): MapperAnswer[] {
  const answers: MapperAnswer[] = [];
  for (const mapper of map?.mappers ?? []) {
    for (const answer of mapper.answers ?? []) {
      if (!answers.some((known) => known.code === answer.code && known.status === answer.status)) answers.push(answer);
    }
  }
  return answers;
}

/** Checks the `map` option when the contract is made. */
export function resolveMap(map: unknown, catalogStatus: (code: string) => number | undefined, logger: ErrorLogger | false | undefined): MapSettings | undefined {
  if (map === undefined) return undefined;
  if (!Array.isArray(map) || map.some((mapper) => typeof mapper !== 'function')) {
    throw new TypeError('error-contract: `map` must be an array of mappers, functions `(error, request) => replacement | undefined`, e.g. [prismaErrors()].');
  }
  if (map.length === 0) return undefined;
  const tools: MapperTools = {
    error(code, detail, extras = {}) {
      return new ContractError(extras.status ?? catalogStatus(code) ?? 500, detail, { ...extras, code });
    },
  };
  return { mappers: Object.freeze([...map]), tools, logger };
}

/** Where `mapError` says which mapper answered: its function name (a preset's name), for the metric. */
export interface MappedBy {
  mapper?: string;
}

/** A mapper's name as the metric records it: its function name, `anonymous` when it has none. */
function mapperName(mapper: ErrorMapper): string {
  return typeof mapper.name === 'string' && mapper.name !== '' ? mapper.name : 'anonymous';
}

/**
 * The first mapper's replacement for a foreign error, or undefined. Our own problems are never
 * mapped: they are already in the contract. `by.mapper` is set to the answering mapper's name.
 * Never throws.
 */
export function mapError(map: MapSettings, error: unknown, request: RequestLike, by?: MappedBy): unknown {
  if (isContractError(error)) return undefined;
  for (const mapper of map.mappers) {
    let replacement: unknown;
    try {
      replacement = mapper(error, request, map.tools);
    } catch (mapperError) {
      // the original error gets its usual answer, as if no mapper had been given; the line goes
      // where the contract's own lines go (its logger, else the framework's, else the console)
      reportMapperFailure(map.logger ?? frameworkLogger(request), mapperError);
      return undefined;
    }
    if (replacement !== undefined && replacement !== null) {
      if (by !== undefined) by.mapper = mapperName(mapper);
      return replacement;
    }
  }
  return undefined;
}

const MAPPER_FAILED = 'error-contract: a mapper of the `map` option threw; the error it was given is answered as if unmapped';

/** One line for a broken mapper, where the contract's own lines go; nothing of it reaches the client. */
function reportMapperFailure(logger: ErrorLogger | false | undefined, mapperError: unknown): void {
  try {
    if (logger === false) return;
    if (logger === undefined) console.error(MAPPER_FAILED, mapperError);
    else logger.error({ err: mapperError }, MAPPER_FAILED);
  } catch {
    // a failing logger must not turn one failure into two
  }
}
