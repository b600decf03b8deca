import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createErrorContract, type RequestLike } from '../../src/index.js';

// Any text, lone surrogates, quotes, control characters and U+2028 included.
const text = fc.string({ unit: 'binary', maxLength: 40 });

/** The body JSON.stringify makes of the same members, in the contract's order. */
function stringified(body: string): string {
  return JSON.stringify(JSON.parse(body));
}

describe('bodies rendered from text kept per code', () => {
  it('are byte for byte what JSON.stringify makes, in both shapes and for repeated codes', () => {
    fc.assert(
      fc.property(text, text, text, fc.constantFrom('detailed', 'compact'), (title, detail, path, shape) => {
        const contract = createErrorContract({ shape: shape as 'detailed' | 'compact', typeBaseUrl: `https://docs.example.com/${title}/`, catalog: { plain_code: { status: 409, title: title || 'T' } } });
        const request: RequestLike = { method: 'GET', path: `/${path}`, headers: { accept: 'application/json' } };
        for (const thrown of [contract.error('plain_code', detail || undefined), contract.error('plain_code', 'another detail'), contract.error('plain_code', detail || undefined)]) {
          const { body } = contract.respond(thrown, request);
          expect(body).toBe(stringified(body!));
          const parsed = JSON.parse(body!);
          if (shape === 'detailed') {
            expect(Object.keys(parsed)).toEqual(['type', 'title', 'status', 'detail', 'instance', 'code']);
            expect(parsed.instance).toBe(`/${path}`);
          } else expect(parsed.errors).toHaveLength(1);
        }
      }),
    );
  });

  it('follow a code whose title changes (another language) instead of keeping the first', () => {
    const contract = createErrorContract({ languages: ['en', 'de'], translations: { de: { not_found: { title: 'Nicht gefunden' } } } });
    const ask = (language: string) => JSON.parse(contract.respond({ status: 404 }, { method: 'GET', path: '/x', headers: { 'accept-language': language } }).body!).title;
    expect([ask('en'), ask('de'), ask('en')]).toEqual(['Not Found', 'Nicht gefunden', 'Not Found']);
  });
});
