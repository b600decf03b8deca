// Every code a contract can answer with, and what it means: the built-in ones and the catalog's.
import { type ErrorContract, settingsOf } from '../contract/contract.js';
import { mappedAnswers } from '../mapping/map-option.js';
import { sentStatus } from '../deciding/normalize.js';
import { textIn } from '../rendering/language.js';
import { reasonPhrase } from '../base/statuses.js';

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

/**
 * The codes a contract can answer with, as it resolved them: every registered status's code,
 * `validation_failed` (at the contract's `validationStatus`), and the catalog's codes over them.
 *
 * @example
 * knownCodes(createErrorContract({ catalog: { widget_locked: { status: 409 } } })).get('widget_locked');
 * // { code: 'widget_locked', status: 409, title: 'Conflict', builtin: false }
 */
export function knownCodes(contract: ErrorContract): Map<string, KnownCode> {
  const settings = settingsOf(contract);
  const language = settings.languages?.tags[0];
  const own = contract.catalog ?? {};
  const known = new Map<string, KnownCode>();
  for (const [code, entry] of settings.catalog) {
    // what normalize sends for this code: `statuses` and `validationStatus` applied
    const status = sentStatus(settings, entry.status, code);
    // the texts normalize sends in the default language: translations, else the catalog's
    const title = textIn(settings, language, code, entry, 'title') ?? reasonPhrase(status);
    const detail = textIn(settings, language, code, entry, 'detail');
    known.set(code, { code, status, title, builtin: !Object.hasOwn(own, code), ...(detail === undefined ? {} : { detail }), ...(entry.type === undefined ? {} : { type: entry.type }) });
  }
  return known;
}

/**
 * The codes that get a response object and a docs page: the specification's codes, those the
 * `map` option's mappers can answer with (`conflict`, `service_unavailable`) and the catalog's,
 * not every registered status (a document with 40 unused responses helps nobody).
 *
 * @example
 * documentedCodes(contract).map((known) => known.code); // ['bad_request', ..., 'widget_locked']
 */
export function documentedCodes(contract: ErrorContract): KnownCode[] {
  const known = knownCodes(contract);
  const mapped = mappedAnswers(settingsOf(contract).map).map((answer) => answer.code);
  const codes = [...new Set([...SPEC_CODES, ...mapped, ...Object.keys(contract.catalog ?? {})])];
  // a mapper may name a code no status registers: it has no page of its own
  return codes.flatMap((code) => known.get(code) ?? []);
}
