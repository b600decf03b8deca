import { describe, expectTypeOf, it } from 'vitest';
import { type CodeOf, ContractError, createErrorContract, type ErrorResponse, type Problem } from '../../src/index.js';

describe('catalog types', () => {
  const contract = createErrorContract({
    catalog: { widget_locked: { status: 409 }, quota_exceeded: { status: 429, title: 'Quota exceeded' } },
  });

  it('infers the catalog code names', () => {
    type Codes = Parameters<typeof contract.error>[0];
    expectTypeOf<'widget_locked'>().toExtend<Codes>();
    expectTypeOf<'quota_exceeded'>().toExtend<Codes>();
    expectTypeOf(contract.catalog.widget_locked.status).toEqualTypeOf<409>();
    expectTypeOf(contract.catalog.quota_exceeded.title).toEqualTypeOf<'Quota exceeded'>();
  });

  it('still compiles an unknown code', () => {
    expectTypeOf(contract.error('not_in_the_catalog')).toEqualTypeOf<ContractError>();
  });

  it('CodeOf a catalog lists its codes and the built-in ones', () => {
    type Codes = CodeOf<{ widget_locked: { status: 409 } }>;
    expectTypeOf<'widget_locked'>().toExtend<Codes>();
    expectTypeOf<'not_found'>().toExtend<Codes>();
  });

  it('a wrong catalog entry does not compile', () => {
    // @ts-expect-error status is required
    createErrorContract({ catalog: { widget_locked: { title: 'x' } } });
    // @ts-expect-error shape is one of two
    createErrorContract({ shape: 'xml' });
  });

  it('respond returns plain data', () => {
    expectTypeOf(contract.respond).returns.toEqualTypeOf<ErrorResponse>();
    expectTypeOf(contract.normalize).returns.toEqualTypeOf<Problem>();
    expectTypeOf<ErrorResponse['body']>().toEqualTypeOf<string | null>();
  });
});

describe('catalog texts per language', () => {
  it('compiles when every code has every declared language', () => {
    createErrorContract({
      languages: ['en', 'de'],
      catalog: { widget_locked: { status: 409, title: { en: 'Widget locked', de: 'Widget gesperrt' }, detail: 'Same in every language.' } },
      translations: { de: { not_found: { title: 'Nicht gefunden' } } },
    });
  });

  it('does not compile when a code lacks a declared language', () => {
    createErrorContract({
      languages: ['en', 'de'],
      // @ts-expect-error de is missing from the title
      catalog: { widget_locked: { status: 409, title: { en: 'Widget locked' } } },
    });
  });

  it('does not compile translations into an undeclared language', () => {
    createErrorContract({
      languages: ['en', 'de'],
      // @ts-expect-error fr is not one of the languages
      translations: { fr: { not_found: { title: 'Introuvable' } } },
    });
  });
});
