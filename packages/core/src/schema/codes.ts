// Every code a contract can answer with, and what it means: the built-in ones and the catalog's.
import type { ErrorContract } from '../contract.js';
import { codeForStatus, reasonPhrase } from '../statuses.js';

/**
 * One code as the documents describe it.
 *
 * @example
 * const code: KnownCode = { code: 'not_found', status: 404, title: 'Not Found', builtin: true };
 */
export interface KnownCode {
  code: string;
  status: number;
  title: string;
  /** The catalog's default detail, when it has one. */
  detail?: string;
  /** The catalog's own `type` link, when it has one (else `typeBaseUrl` + code). */
  type?: string;
  /** Whether core knows the code without a catalog. */
  builtin: boolean;
}

/**
 * The codes of the service specification, in the order its table lists them (core's `BuiltinCode`).
 *
 * @example
 * SPEC_CODES.includes('too_many_requests'); // true
 */
export const SPEC_CODES: readonly string[] = Object.freeze([
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'not_acceptable',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'internal_server_error',
]);

/** Every registered error status's own code: core answers an http-errors 409 as `conflict`. */
function statusCodes(): KnownCode[] {
  const known: KnownCode[] = [];
  for (let status = 400; status <= 599; status++) {
    const title = reasonPhrase(status);
    // unregistered statuses only have their class's name, and no code of their own
    if (title === 'Client Error' || title === 'Server Error') continue;
    known.push({ code: codeForStatus(status), status, title, builtin: true });
  }
  return known;
}

/**
 * A catalog text as one string: itself, or, given per language (`{ en, de }`), the first
 * language's, which is how a contract's `languages` list names its default.
 *
 * @example
 * plainText({ en: 'Widget locked', de: 'Widget gesperrt' }); // 'Widget locked'
 */
export function plainText(text: unknown): string | undefined {
  if (typeof text === 'string') return text;
  if (text === null || typeof text !== 'object') return undefined;
  const first = Object.values(text)[0];
  return typeof first === 'string' ? first : undefined;
}

/** 400 as the specification says, or the 422 a contract may choose: read from its own decision. */
function validationStatusOf(contract: Pick<ErrorContract, 'catalog'> & Partial<Pick<ErrorContract, 'normalize' | 'error'>>): number {
  if (contract.normalize === undefined || contract.error === undefined) return 400;
  const request = { method: 'POST', path: '/', headers: {} };
  return contract.normalize(contract.error('validation_failed'), request).status;
}

/**
 * The codes a contract can answer with: every registered status's code, `validation_failed`, and
 * the catalog's codes over them (a catalog entry replaces a built-in one of the same name).
 *
 * @example
 * knownCodes(createErrorContract({ catalog: { widget_locked: { status: 409 } } })).get('widget_locked');
 * // { code: 'widget_locked', status: 409, title: 'Conflict', builtin: false }
 */
export function knownCodes(contract: Pick<ErrorContract, 'catalog'> & Partial<Pick<ErrorContract, 'normalize' | 'error'>>): Map<string, KnownCode> {
  const known = new Map<string, KnownCode>();
  for (const entry of statusCodes()) known.set(entry.code, entry);
  known.set('validation_failed', { code: 'validation_failed', status: validationStatusOf(contract), title: 'Validation Failed', builtin: true });
  for (const [code, entry] of Object.entries(contract.catalog ?? {})) {
    const { status, type } = entry;
    const title = plainText(entry.title) ?? reasonPhrase(status);
    const detail = plainText(entry.detail);
    known.set(code, { code, status, title, builtin: false, ...(detail === undefined ? {} : { detail }), ...(type === undefined ? {} : { type }) });
  }
  return known;
}

/**
 * The codes that get a response object and a docs page: the specification's codes and the
 * catalog's, not every registered status (a document with 40 unused responses helps nobody).
 *
 * @example
 * documentedCodes(contract).map((known) => known.code); // ['bad_request', ..., 'widget_locked']
 */
export function documentedCodes(contract: Pick<ErrorContract, 'catalog'> & Partial<Pick<ErrorContract, 'normalize' | 'error'>>): KnownCode[] {
  const known = knownCodes(contract);
  const codes = [...SPEC_CODES, ...Object.keys(contract.catalog ?? {}).filter((code) => !SPEC_CODES.includes(code))];
  return codes.map((code) => known.get(code)!);
}
