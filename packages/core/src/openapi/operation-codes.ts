// Which codes one operation answers, by status: those it declares (`x-error-codes`) and those the
// contract answers for it on its own, given its options and what the operation is (secured, with
// a body). One function, so that every way of writing a document (withErrorResponses, Fastify's
// route schemas, Nest's decorators) lists the same codes for the same operation.
import { type ErrorContract, settingsOf } from '../contract/contract.js';
import { mappedAnswers } from '../mapping/map-option.js';
import { type KnownCode, knownCodes } from './codes.js';
import { acceptPolicyOf } from './probe.js';

/**
 * The OpenAPI extension an operation names its own codes in: `'x-error-codes': ['not_found']`.
 * With it, the operation lists exactly what it answers; without it, every code it may answer.
 *
 * @example
 * const get = { [ERROR_CODES_EXTENSION]: ['not_found'], responses: { '200': { description: 'The widget' } } };
 */
export const ERROR_CODES_EXTENSION = 'x-error-codes';

/**
 * What the contract answers on its own besides an operation's declared codes, as the service is
 * set up. The contract's options decide the rest: 406 when its `accept` refuses, 400
 * `bad_request` when it has `rejectMalformedPath`.
 *
 * @example
 * const options: ContractAnswers = { rateLimited: true, bodyReaderResponses: true, clientErrorResponses: true };
 */
export interface ContractAnswers {
  /**
   * Where a 400 for the body is listed: `'auto'` (default) on operations with a `requestBody`,
   * as `bad_request` (malformed JSON) and `validation_failed`; `'all'` on every operation (query
   * validation too); `'none'` nowhere.
   */
  validatedBodies?: 'auto' | 'all' | 'none';
  /** 401 `unauthorized` where the operation or the document declares `security` (and 403 where it declares no codes). Default true. */
  securityResponses?: boolean;
  /** 429 `too_many_requests` on every operation (the service has a rate limiter). Default false. */
  rateLimited?: boolean;
  /**
   * 413 `payload_too_large` and 415 `unsupported_media_type` on operations with a `requestBody`:
   * the service's body reader has a size limit and reads only JSON. Default false.
   */
  bodyReaderResponses?: boolean;
  /**
   * 400 `bad_request`, 408, 417 and 431 on every operation: the server answers Node's parser
   * refusals in the contract (`answerClientErrors` of `@error-contract/node`). Default false.
   */
  clientErrorResponses?: boolean;
}

/**
 * The facts of one operation that decide its codes.
 *
 * @example
 * const facts: OperationFacts = { method: 'post', secured: true, hasBody: true, declared: ['forbidden'] };
 */
export interface OperationFacts {
  /** Its method, any case. */
  method: string;
  /** Whether it requires credentials. */
  secured: boolean;
  /** Whether it reads a request body. */
  hasBody: boolean;
  /** The codes it answers itself (`x-error-codes`); undefined when it declares none. */
  declared?: readonly string[];
}

const WRITE_METHODS: ReadonlySet<string> = new Set(['put', 'post', 'delete', 'patch']);

/** Node's parser's refusals (`@error-contract/node`'s client-errors.ts), as the contract sends them. */
const CLIENT_ERROR_STATUSES = [400, 408, 417, 431] as const;

function codeAt(known: Map<string, KnownCode>, status: number): string | undefined {
  for (const entry of known.values()) if (entry.builtin && entry.status === status) return entry.code;
  return undefined;
}

/**
 * Every code an operation answers, by status, in the order the statuses are listed: its declared
 * codes, and what the contract adds. A built-in code whose status the contract's `statuses`
 * leave out is listed as what goes out instead (`bad_request`, `internal_server_error`). Without declared codes the
 * operation gets every code it may answer (404 and 405 on all, 403 where secured), as a document
 * written without declarations always did. Throws a TypeError for a declared code the contract
 * does not know.
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { operationErrorCodes } from '@error-contract/core/openapi';
 *
 * const contract = createErrorContract({ accept: 'strict' });
 * operationErrorCodes(contract, { method: 'get', secured: false, hasBody: false, declared: ['not_found'] });
 * // Map { 404 => ['not_found'], 406 => ['not_acceptable'], 500 => ['internal_server_error'] }
 */
export function operationErrorCodes(contract: ErrorContract, facts: OperationFacts, options: ContractAnswers = {}): Map<number, string[]> {
  options ??= {};
  const { validatedBodies = 'auto', securityResponses = true, rateLimited = false, bodyReaderResponses = false, clientErrorResponses = false } = options;
  const known = knownCodes(contract);
  const settings = settingsOf(contract);
  const byStatus = new Map<number, string[]>();
  const add = (code: string | undefined): void => {
    const entry = code === undefined ? undefined : known.get(code);
    if (entry === undefined) return;
    // a built-in code whose status the contract's `statuses` leave out goes out as the 400's or
    // the 500's own code (normalize.ts's `decide`); a catalog code keeps its code
    const own = settings.catalog.get(entry.code)?.status;
    if (entry.builtin && entry.code !== 'validation_failed' && own !== undefined && own !== entry.status) {
      add(entry.status < 500 ? 'bad_request' : 'internal_server_error');
      return;
    }
    const codes = byStatus.get(entry.status) ?? [];
    if (!codes.includes(entry.code)) codes.push(entry.code);
    byStatus.set(entry.status, codes);
  };
  const declared = facts.declared;
  if (declared !== undefined) {
    for (const code of declared) {
      if (!known.has(code)) throw new TypeError(`error-contract: ${facts.method.toUpperCase()} declares the code \`${String(code)}\`, which the contract does not know: add it to the catalog, or name a built-in code.`);
    }
  }

  const bodyChecked = validatedBodies === 'all' || (validatedBodies === 'auto' && facts.hasBody);
  // a path that does not decode is refused before routing; a body that is no JSON is a 400 too
  if (settings.rejectMalformedPath || clientErrorResponses || (facts.hasBody && validatedBodies !== 'none')) add('bad_request');
  if (bodyChecked) add('validation_failed');
  if (securityResponses && facts.secured) add('unauthorized');
  if (declared === undefined) {
    if (securityResponses && facts.secured) add('forbidden');
    add('not_found');
    add('method_not_allowed');
  } else for (const code of declared) add(code);
  if (acceptPolicyOf(contract) !== 'any') add('not_acceptable');
  if (bodyReaderResponses && facts.hasBody) {
    add('payload_too_large');
    add('unsupported_media_type');
  }
  if (rateLimited) add('too_many_requests');
  if (clientErrorResponses) for (const status of CLIENT_ERROR_STATUSES) add(codeAt(known, status));
  // what the `map` option's mappers can answer with (409 on writes, 503 everywhere, ...)
  const writes = WRITE_METHODS.has(facts.method.toLowerCase());
  for (const answer of mappedAnswers(settings.map)) {
    if (answer.on === 'all' || (answer.on === 'writes' && writes) || (answer.on === 'secured' && facts.secured)) add(answer.code);
  }
  add('internal_server_error');
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}
