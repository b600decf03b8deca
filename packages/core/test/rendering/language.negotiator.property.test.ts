// The hand-written Accept-Language reader (negotiateLanguage in src/language.ts, bounded because it
// runs on every error) picks the same language as `negotiator`, the reader Express and Koa use, on
// every generated header where the two rules coincide: ranges of distinct languages (at most one per
// primary subtag) with distinct q-values, tags of one or two subtags, any case and whitespace.
// Where they part by design, each difference is a named example below, with the reason.
import fc from 'fast-check';
import Negotiator from 'negotiator';
import { describe, expect, it } from 'vitest';
import { negotiateLanguage } from '../../src/rendering/language.js';

// What a contract offers (lower-case, as the contract keeps its `languages`).
const POOL = ['en', 'en-us', 'en-gb', 'de', 'de-ch', 'de-at', 'fr', 'fr-ca', 'it', 'pt-br'];
const PRIMARIES = ['en', 'de', 'fr', 'it', 'pt', 'es', 'nl'];
const REGIONS = ['us', 'gb', 'ch', 'at', 'ca', 'br', 'be'];

/** A tag in any case: both readers compare tags case-insensitively (RFC 4647 section 2). */
const anyCase = (word: string) =>
  fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((upper) => [...word].map((char, at) => (upper[at] ? char.toUpperCase() : char)).join(''));

const ows = fc.constantFrom('', ' ', '  ');

/** One range per primary subtag, so no language is matched by two ranges; distinct q-values. */
const header = fc
  .uniqueArray(fc.constantFrom(...PRIMARIES), { minLength: 1, maxLength: 5 })
  .chain((primaries) =>
    fc.tuple(
      fc.tuple(...primaries.map((primary) => fc.option(fc.constantFrom(...REGIONS), { nil: undefined }).chain((region) => anyCase(region === undefined ? primary : `${primary}-${region}`)))),
      // q from 0 to 1 in thousandths (RFC 9110 section 12.4.2), or absent for at most one range (1)
      fc.uniqueArray(fc.integer({ min: 0, max: 999 }), { minLength: primaries.length, maxLength: primaries.length }),
      fc.nat({ max: primaries.length }),
      fc.array(fc.tuple(ows, ows), { minLength: primaries.length, maxLength: primaries.length }),
    ),
  )
  .map(([tags, thousandths, unweighted, spaces]) =>
    tags
      .map((tag, at) => {
        const [before, after] = spaces[at]!;
        return at === unweighted ? `${before}${tag}` : `${before}${tag}${after};${after}q=${thousandths[at]! / 1000}`;
      })
      .join(','),
  );

const offered = fc.uniqueArray(fc.constantFrom(...POOL), { minLength: 1, maxLength: 5 });

/** Negotiator's pick, or the contract's default (its first language) when it finds none. */
function negotiatorPick(text: string, languages: string[]): string {
  return new Negotiator({ headers: { 'accept-language': text } }).languages(languages)[0] ?? languages[0]!;
}

describe('negotiateLanguage agrees with negotiator', () => {
  it('on every generated header and every offer of languages (2,000 runs)', () => {
    fc.assert(
      fc.property(header, offered, (text, languages) => {
        expect(negotiateLanguage(text, languages), `${text} | ${languages.join(' ')}`).toBe(negotiatorPick(text, languages));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['de-CH, fr;q=0.8', ['en', 'de'], 'de'],
    // a sibling region is no match: en-GB is not served by en-us, fr-CA is by fr
    ['fr-CA;q=0.4, en-GB;q=0.9', ['fr', 'en-us'], 'fr'],
    ['it;q=0, de', ['it', 'en'], 'it'],
    ['  pt-BR ; q=0.5 , nl', ['en', 'pt-br'], 'pt-br'],
  ])('%j offering %j: both pick %s', (text, languages, expected) => {
    expect(negotiatorPick(text, languages)).toBe(expected);
    expect(negotiateLanguage(text, languages)).toBe(expected);
  });

  describe('where the two differ by design', () => {
    it("equal q-values: the client's order decides for us; negotiator ranks an exact match first", () => {
      // The client put de-CH first; de serves it. Negotiator prefers en, an exact match written later.
      expect(negotiateLanguage('de-CH, en', ['de', 'en'])).toBe('de');
      expect(negotiatorPick('de-CH, en', ['de', 'en'])).toBe('en');
    });

    it('two ranges for one language: the best-placed range counts for us; negotiator takes the exact one, whatever its q', () => {
      // The client's first wish is de-CH, which de serves; negotiator gives de the q of `de;q=0.5`.
      expect(negotiateLanguage('de-CH, de;q=0.5, en;q=0.8', ['de', 'en'])).toBe('de');
      expect(negotiatorPick('de-CH, de;q=0.5, en;q=0.8', ['de', 'en'])).toBe('en');
    });

    it('a tag of three subtags falls back through each of them for us (RFC 4647 lookup); negotiator compares the first subtag only', () => {
      expect(negotiateLanguage('zh-Hant-TW', ['en', 'zh-hant'])).toBe('zh-hant');
      expect(negotiatorPick('zh-Hant-TW', ['en', 'zh-hant'])).toBe('en');
    });

    it('`*` stands for the default where it is placed; negotiator ranks every named match above it', () => {
      expect(negotiateLanguage('*, de', ['en', 'de'])).toBe('en');
      expect(negotiatorPick('*, de', ['en', 'de'])).toBe('de');
    });
  });
});
