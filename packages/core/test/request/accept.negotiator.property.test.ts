// The hand-written Accept reader (src/accept.ts, one linear pass so that a hostile header costs
// little) agrees with `negotiator`, the reader Express and Koa use, on every header that is not
// hostile: does the header admit a JSON response? Ranges are generated from types, subtypes, q-values,
// case and whitespace; what the two decide differently by design is left out of the generator or
// named in the expectation, each with its reason.
import fc from 'fast-check';
import Negotiator from 'negotiator';
import { describe, expect, it } from 'vitest';
import { acceptsJson } from '../../src/request/accept.js';

interface GeneratedRange {
  type: string;
  subtype: string;
  q: number | undefined;
}

// What we answer with: the two JSON types of the contract.
const OFFERED = ['application/json', 'application/problem+json'];

const TYPES = ['application', 'text', 'image', '*'];
const SUBTYPES = ['json', 'problem+json', 'vnd.api+json', 'html', 'plain', 'xml', 'xhtml+xml', 'png', '*'];

/** A type or subtype in any case: both readers compare them case-insensitively (RFC 9110 section 8.3.1). */
const anyCase = (word: string) => fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((upper) => [...word].map((char, at) => (upper[at] ? char.toUpperCase() : char)).join(''));

const range: fc.Arbitrary<GeneratedRange> = fc.record({
  type: fc.constantFrom(...TYPES),
  subtype: fc.constantFrom(...SUBTYPES),
  // q from 0 to 1 with at most three decimals (RFC 9110 section 12.4.2), or absent (1)
  q: fc.option(fc.integer({ min: 0, max: 1000 }).map((thousandths) => thousandths / 1000), { nil: undefined }),
}).filter(({ type, subtype }) => type !== '*' || subtype === '*'); // `*/json` is no media range

const ows = fc.constantFrom('', ' ', '  ', '\t');

/** One header: the ranges with optional whitespace around commas and semicolons, in any case. */
const header = fc.array(range, { minLength: 1, maxLength: 6 }).chain((ranges) =>
  fc.tuple(
    fc.constant(ranges),
    fc.tuple(...ranges.map((each) => fc.tuple(anyCase(each.type), anyCase(each.subtype), ows, ows, ows))).map((parts) =>
      parts
        .map(([type, subtype, before, afterSemicolon, afterComma], at) => {
          const { q } = ranges[at]!;
          return `${before}${type}/${subtype}${q === undefined ? '' : `${afterSemicolon};${afterSemicolon}q=${q}`}${afterComma}`;
        })
        .join(','),
    ),
  ),
);

/** RFC 6839 section 3.1: a `+json` type the client names with q > 0 admits a JSON answer. Negotiator
 * offers only what it is given, and we answer only in our two types, so a named `application/x+json`
 * is a JSON client by our reading alone (the contract then sends `application/json`). */
function namesAnotherJsonType(ranges: GeneratedRange[]): boolean {
  return ranges.some(({ type, subtype, q }) => type === 'application' && subtype.endsWith('+json') && !OFFERED.includes(`application/${subtype}`) && (q ?? 1) > 0);
}

describe('acceptsJson agrees with negotiator', () => {
  it('on every generated header: JSON is admitted exactly when negotiator finds one of our types acceptable (or another +json type is named)', () => {
    fc.assert(
      fc.property(header, ([ranges, text]) => {
        const negotiated = new Negotiator({ headers: { accept: text } }).mediaTypes(OFFERED).length > 0;
        expect(acceptsJson(text), text).toBe(negotiated || namesAnotherJsonType(ranges));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['application/json', true],
    ['text/html, */*;q=0', false],
    ['*/*;q=0.001', true],
    ['application/*;q=0, application/json', true],
    ['application/json;q=0, */*', true],
    ['APPLICATION/PROBLEM+JSON ; q=0.5', true],
    ['text/html,application/xhtml+xml,image/png', false],
  ])('%j: both say %s', (text, expected) => {
    expect(new Negotiator({ headers: { accept: text } }).mediaTypes(OFFERED).length > 0).toBe(expected);
    expect(acceptsJson(text)).toBe(expected);
  });

  // By design, not generated above: a parameter other than q on a JSON range. Negotiator matches a
  // range with parameters only to an offer with the same parameters; JSON has none (RFC 8259
  // section 11: no charset), so `application/json; charset=utf-8` from a client still means JSON.
  it('a JSON range with a parameter: negotiator finds no offer, the contract reads a JSON client', () => {
    const text = 'application/json; charset=utf-8';
    expect(new Negotiator({ headers: { accept: text } }).mediaTypes(OFFERED)).toEqual([]);
    expect(acceptsJson(text)).toBe(true);
  });
});
