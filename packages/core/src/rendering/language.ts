// Messages in more than one language: the contract's `languages`, negotiated from Accept-Language
// (RFC 9110 section 12.5.4, ranges matched as RFC 4647 section 3.3.1 basic filtering, and a
// regional request such as de-CH falling back to de). Runs on every error, so it is bounded.
const MAX_HEADER_LENGTH = 1024;
const MAX_RANGES = 32;
const RANGE = /^([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)$/;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

import type { CatalogEntry } from '../contract/catalog.js';
import { readHeader } from '../request/read-header.js';
import type { Settings } from '../contract/options.js';
import type { RequestLike } from '../types.js';


interface Range {
  tag: string;
  q: number;
}

function rangesOf(header: string): Range[] {
  const ranges: Range[] = [];
  for (const part of header.split(',', MAX_RANGES)) {
    const [rawTag = '', ...parameters] = part.split(';');
    const tag = rawTag.trim().toLowerCase();
    if (!RANGE.test(tag)) continue;
    let q = 1;
    for (const parameter of parameters) {
      const quality = QUALITY.exec(parameter.trim());
      if (quality !== null) q = Number(quality[1]);
    }
    if (q > 0) ranges.push({ tag, q });
  }
  // highest quality first; among equals, the order the client wrote (sort is stable)
  return ranges.sort((a, b) => b.q - a.q);
}

function matches(range: string, language: string): boolean {
  return range === language || language.startsWith(`${range}-`) || range.startsWith(`${language}-`);
}

/**
 * The language of the answer: the first of `languages` the Accept-Language header asks for (by
 * quality), else the first of `languages`, the default. `languages` are lower-case.
 *
 * @example
 * negotiateLanguage('de-CH, fr;q=0.8', ['en', 'de']); // 'de'
 * negotiateLanguage(undefined, ['en', 'de']); // 'en'
 */
export function negotiateLanguage(header: string | undefined, languages: readonly string[]): string {
  const fallback = languages[0]!;
  if (header === undefined || header === '' || header.length > MAX_HEADER_LENGTH) return fallback;
  for (const { tag } of rangesOf(header)) {
    if (tag === '*') return fallback;
    if (languages.includes(tag)) return tag;
    for (const language of languages) if (matches(tag, language)) return language;
  }
  return fallback;
}

/**
 * The contract's language for a request (a tag as the contract was given it), or undefined when
 * the contract has no `languages`.
 */
export function languageFor(settings: Settings, request: RequestLike): string | undefined {
  const languages = settings.languages;
  if (languages === undefined) return undefined;
  return languages.tags[languages.lower.indexOf(negotiateLanguage(readHeader(request.headers, 'accept-language'), languages.lower))];
}

/**
 * A title or detail given for `language` itself: the catalog's text in that language (when the
 * catalog gives texts per language), else the `translations` of the code; undefined otherwise.
 */
export function translatedText(settings: Settings, language: string, code: string, entry: CatalogEntry | undefined, key: 'title' | 'detail'): string | undefined {
  const text = entry?.[key];
  if (text !== undefined && typeof text !== 'string') return text[language];
  return settings.languages?.translations[language]?.[code]?.[key];
}

/**
 * A title or detail in `language`: the text given for that language (see `translatedText`), else
 * the catalog's single text; undefined when none of them has one.
 */
export function textIn(settings: Settings, language: string | undefined, code: string, entry: CatalogEntry | undefined, key: 'title' | 'detail'): string | undefined {
  const text = entry?.[key];
  // without languages every catalog text is a single string (checked when the contract is made)
  if (language === undefined) return text as string | undefined;
  return translatedText(settings, language, code, entry, key) ?? (typeof text === 'string' ? text : undefined);
}
