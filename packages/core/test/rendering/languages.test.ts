// Issue 15, item 6: titles and details in the languages a contract declares, negotiated from
// Accept-Language; an error's own message as it came; every declared language checked.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createErrorContract, notFound } from '../../src/index.js';
import { mergeVary } from '../../src/rendering/headers.js';
import { negotiateLanguage } from '../../src/rendering/language.js';
import { answer, request } from '../helpers.js';

const LANGUAGES = ['en', 'de', 'pt-br'];

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['DE', 'de'],
    ['de-CH', 'de'],
    ['de-CH, en;q=0.5', 'de'],
    ['fr, de;q=0.1', 'de'],
    ['de;q=0.2, pt-BR;q=0.8', 'pt-br'],
    ['pt', 'pt-br'],
    ['de;q=0, en', 'en'],
    ['*', 'en'],
    ['fr, ja', 'en'],
    [';;;q=2,,', 'en'],
    // a quality that is no quality is ignored, not the language
    ['de;q=2', 'de'],
    ['x'.repeat(2000), 'en'],
    [`${'fr, '.repeat(100)}de`, 'en'],
  ])('%j -> %s', (header, language) => {
    expect(negotiateLanguage(header, LANGUAGES)).toBe(language);
  });

  it('an exact tag wins over a prefix, whatever the order of the languages', () => {
    expect(negotiateLanguage('de-ch', ['en', 'de', 'de-ch'])).toBe('de-ch');
  });
});

describe('a contract with languages', () => {
  const options = {
    languages: ['en', 'de'],
    catalog: {
      widget_locked: { status: 409, title: { en: 'Widget locked', de: 'Widget gesperrt' }, detail: { en: 'Someone is editing it.', de: 'Jemand bearbeitet es.' } },
      quota_exceeded: { status: 429, title: 'Quota exceeded' },
    },
    translations: { de: { not_found: { title: 'Nicht gefunden' }, internal_server_error: { detail: 'Ein Fehler auf unserer Seite.' }, validation_failed: { title: 'Ungültige Anfrage', detail: 'Die Anfrage hat ungültige Felder.' } } },
  } as const;
  const german = request({ headers: { accept: 'application/json', 'accept-language': 'de' } });

  it('names the language in Content-Language and varies on Accept-Language, default included', () => {
    expect(answer(notFound(), options).headers).toMatchObject({ 'content-language': 'en', vary: 'Accept-Language' });
    expect(answer(notFound(), options, german).headers).toMatchObject({ 'content-language': 'de', vary: 'Accept-Language' });
  });

  it('the catalog’s per-language texts; a single text is every language’s', () => {
    const contract = createErrorContract({ ...options, onError: () => {} });
    expect(JSON.parse(contract.respond(contract.error('widget_locked'), german).body!)).toMatchObject({ title: 'Widget gesperrt', detail: 'Jemand bearbeitet es.' });
    expect(JSON.parse(contract.respond(contract.error('widget_locked'), request()).body!)).toMatchObject({ title: 'Widget locked', detail: 'Someone is editing it.' });
    expect(JSON.parse(contract.respond(contract.error('quota_exceeded'), german).body!)).toMatchObject({ title: 'Quota exceeded' });
  });

  it('an error’s own message is sent as it came; a 5xx gets the translated detail, nothing of the error', () => {
    expect(answer(notFound('No widget has the id "9".'), options, german).body).toMatchObject({ title: 'Nicht gefunden', detail: 'No widget has the id "9".' });
    const { body } = answer(new Error('db-7 password=hunter2'), options, german);
    expect(body).toMatchObject({ status: 500, detail: 'Ein Fehler auf unserer Seite.' });
  });

  it('core’s own sentences are replaced where a translation gives one (a validator failure’s summary)', () => {
    const failure = z.object({ name: z.string() }).safeParse({}).error;
    expect(answer(failure, options, german).body).toMatchObject({ title: 'Ungültige Anfrage', detail: 'Die Anfrage hat ungültige Felder.', errors: [{ field: 'name' }] });
    expect(answer(failure, options).body).toMatchObject({ title: 'Validation Failed', detail: 'The request has 1 invalid field.' });
  });

  it('a catalog’s single detail for a code does not replace core’s own sentence in one language only', () => {
    const withDetail = { languages: ['en', 'de'], catalog: { bad_request: { status: 400, detail: 'Check the request.' } } } as const;
    const parseFailure = new SyntaxError('Unexpected token } in JSON at position 9');
    Object.assign(parseFailure, { status: 400, type: 'entity.parse.failed', expose: true });
    const english = answer(parseFailure, withDetail).body!;
    expect(answer(parseFailure, withDetail, german).body).toMatchObject({ status: english.status, code: english.code, detail: english.detail });
  });

  it('the compact shape carries the translated detail as its message', () => {
    // not_found has a German title but no German detail: the generic sentence
    expect(answer(notFound(), { ...options, shape: 'compact' }, german).body).toEqual({ errors: [{ code: 'not_found', message: 'The requested resource was not found.' }] });
    expect(answer(new Error('x'), { ...options, shape: 'compact' }, german).body).toEqual({ errors: [{ code: 'internal_server_error', message: 'Ein Fehler auf unserer Seite.' }] });
  });

  it('without languages: no Content-Language, no Vary, as before', () => {
    const { headers } = answer(notFound(), {}, german);
    expect(headers).not.toHaveProperty('content-language');
    expect(headers).not.toHaveProperty('vary');
  });

  it.each([
    [{ languages: [] }, /`languages` must be a non-empty array/],
    [{ languages: ['en', 'EN'] }, /must not name a language twice/],
    [{ languages: ['en', 'not a tag'] }, /`languages` must be/],
    [{ translations: { de: {} } }, /`translations` need `languages`/],
    [{ languages: ['en'], translations: { de: {} } }, /names "de", which is not in `languages`/],
    [{ languages: ['en', 'de'], translations: { de: { not_found: { title: 5 } } } }, /`translations.de.not_found` must be/],
    [{ languages: ['en', 'de'], catalog: { widget_locked: { status: 409, title: { en: 'Locked' } } } }, /"widget_locked": `title` has no text for de/],
    [{ catalog: { widget_locked: { status: 409, title: { en: 'Locked' } } } }, /"widget_locked": `title` must be a string\./],
  ])('refuses %j when the contract is made', (bad, message) => {
    expect(() => createErrorContract(bad as never)).toThrow(message);
  });
});

describe('mergeVary', () => {
  it.each([
    [undefined, 'Accept-Language'],
    ['', 'Accept-Language'],
    ['Origin', 'Origin, Accept-Language'],
    [['Origin', 'Accept-Encoding'], 'Origin, Accept-Encoding, Accept-Language'],
    ['origin, accept-language', 'origin, accept-language'],
    ['*', '*'],
  ])('%j + Accept-Language -> %j', (existing, merged) => {
    expect(mergeVary(existing, 'Accept-Language')).toBe(merged);
  });
});
