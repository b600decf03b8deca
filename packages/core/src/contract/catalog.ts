import type { LiteralUnion } from 'type-fest';
import { codeForStatus, isErrorStatus, reasonPhrase } from '../base/statuses.js';

/**
 * A text in each of the contract's `languages`: every one must be there (checked by the compiler
 * and when the contract is made).
 *
 * @example
 * const title: Localized<'en' | 'de'> = { en: 'Widget locked', de: 'Widget gesperrt' };
 */
export type Localized<L extends string = string> = { readonly [K in L]: string };

/**
 * One code of the contract: its status, and optionally its title, a default detail and its own
 * `type` link (else `typeBaseUrl` + code). With the contract's `languages`, title and detail may
 * be given per language.
 *
 * @example
 * const entry: CatalogEntry = { status: 409, title: 'Widget locked', detail: 'Someone else is editing it.' };
 * const localized: CatalogEntry<'en' | 'de'> = { status: 409, title: { en: 'Widget locked', de: 'Widget gesperrt' } };
 */
export interface CatalogEntry<L extends string = string> {
  status: number;
  title?: string | Localized<L>;
  /** Sent when the error's own message may not be, and always for a 5xx. */
  detail?: string | Localized<L>;
  type?: string;
}

/**
 * Codes are a contract with clients, so they are declared once: `code -> { status, title }`.
 *
 * @example
 * const catalog = { widget_locked: { status: 409, title: 'Widget locked' } } satisfies Catalog;
 */
export type Catalog<L extends string = string> = Readonly<Record<string, CatalogEntry<L>>>;

/** The codes core knows without a catalog: each status's own, and `validation_failed`. */
export type BuiltinCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'not_acceptable'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'internal_server_error';

/**
 * The codes a contract accepts: the catalog's (autocompleted), the built-in ones, and any other
 * string, so an unknown code still compiles.
 */
export type CodeOf<C extends Catalog> = LiteralUnion<Extract<keyof C, string> | BuiltinCode, string>;

const CATALOG_CODE = /^[a-z][a-z0-9_]{0,63}$/;

function builtinCatalog(): Map<string, CatalogEntry> {
  const entries = new Map<string, CatalogEntry>();
  for (let status = 400; status <= 599; status++) {
    const phrase = reasonPhrase(status);
    if (phrase === 'Client Error' || phrase === 'Server Error') continue;
    entries.set(codeForStatus(status), { status, title: phrase });
  }
  entries.set('validation_failed', { status: 400, title: 'Validation Failed' });
  return entries;
}

const BUILTIN = builtinCatalog();

/**
 * The built-in codes with the integrator's catalog over them; a wrong entry is a TypeError at
 * startup. `languages` are the contract's (as written), which a per-language text must all have.
 */
export function resolveCatalog(catalog: Catalog | undefined, languages?: readonly string[]): Map<string, CatalogEntry> {
  const resolved = new Map(BUILTIN);
  if (catalog === undefined) return resolved;
  if (catalog === null || typeof catalog !== 'object') throw new TypeError('error-contract: `catalog` must be an object of code -> { status }.');
  for (const [code, entry] of Object.entries(catalog)) {
    if (!CATALOG_CODE.test(code)) {
      throw new TypeError(`error-contract: catalog code ${JSON.stringify(code)} must be lower_snake_case (a-z, 0-9, _), at most 64 characters.`);
    }
    if (entry === null || typeof entry !== 'object' || !isErrorStatus(entry.status)) {
      throw new TypeError(`error-contract: catalog code "${code}" needs an integer status from 400 to 599.`);
    }
    if (entry.type !== undefined && typeof entry.type !== 'string') throw new TypeError(`error-contract: catalog code "${code}": \`type\` must be a string.`);
    for (const key of ['title', 'detail'] as const) {
      const text = entry[key];
      if (text === undefined || typeof text === 'string') continue;
      if (languages === undefined || text === null || typeof text !== 'object') {
        throw new TypeError(`error-contract: catalog code "${code}": \`${key}\` must be a string${languages === undefined ? '' : ' or one per language'}.`);
      }
      const missing = languages.filter((language) => typeof (text as Record<string, unknown>)[language] !== 'string');
      if (missing.length > 0) throw new TypeError(`error-contract: catalog code "${code}": \`${key}\` has no text for ${missing.join(', ')}.`);
    }
    resolved.set(code, { title: reasonPhrase(entry.status), ...entry });
  }
  return resolved;
}
