import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ErrorContractOptions, type Problem, problem, problems, type RequestLike } from '../../src/index.js';
import { PROBLEM_MARK } from '../../src/adapter.js';
import { SPEC_STATUSES } from '../../src/openapi/index.js';
import { createErrorContract } from '../../src/index.js';

// Our own plain problems are answered from compiled kinds (compiled-answers.ts). A contract with an
// `extensions` hook that adds nothing decides every error the long way: the two must answer alike,
// byte for byte, the first time a kind is seen and every time after.
const longWay = (options: ErrorContractOptions): ErrorContractOptions => ({ ...options, extensions: () => ({}) });

// Any text, lone surrogates, quotes, control characters and U+2028 included.
const text = fc.string({ unit: 'binary', maxLength: 30 });

const ownProblem = fc.oneof(
  fc.constant(problems.notFound()),
  fc.constant(problems.methodNotAllowed(['GET', 'POST'])),
  fc.constant(problems.notAcceptable()),
  fc.record({ status: fc.constantFrom(400, 401, 403, 404, 409, 418, 429, 500, 503, 599, 200, 42), detail: fc.option(text, { nil: undefined }), code: fc.option(fc.constantFrom('widget_locked', 'not_found', 'own_code', ''), { nil: undefined }), header: fc.option(fc.tuple(fc.constantFrom('allow', 'Retry-After', 'www-authenticate', 'set-cookie', 'x-ratelimit-limit'), fc.oneof(text, fc.constant('GET, HEAD'))), { nil: undefined }) }).map(({ status, detail, code, header }) => problem(status, detail, { ...(code === undefined ? {} : { code }), ...(header === undefined ? {} : { headers: { [header[0]]: header[1] } }) })),
);

const request = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'head', 'POST'),
  path: fc.oneof(text.map((rest) => `/${rest}`), fc.constant('/widgets/../a?b=1'), fc.constant('/a"b\\c')),
  accept: fc.constantFrom('application/json', 'application/problem+json', '*/*', undefined),
  language: fc.constantFrom('de', 'en', 'fr;q=0.5, de', undefined),
});

const options = fc.record({
  shape: fc.constantFrom<'detailed' | 'compact'>('detailed', 'compact'),
  typeBaseUrl: fc.constantFrom('https://docs.example.com/errors/', undefined),
  statuses: fc.constantFrom(undefined, SPEC_STATUSES),
  languages: fc.constantFrom(undefined, ['en', 'de'] as const),
});

function asRequest({ method, path, accept, language }: { method: string; path: string; accept?: string; language?: string }): RequestLike {
  const headers: Record<string, string> = {};
  if (accept !== undefined) headers.accept = accept;
  if (language !== undefined) headers['accept-language'] = language;
  return { method, path, headers };
}

describe('compiled answers of our own plain problems', () => {
  it('are byte for byte the long way’s, for every kind, shape, language, Accept and HEAD, seen once or again', () => {
    fc.assert(
      fc.property(options, fc.array(fc.tuple(ownProblem, request), { minLength: 1, maxLength: 6 }), (chosen, calls) => {
        const { languages, ...rest } = chosen;
        const base: ErrorContractOptions = {
          ...rest,
          catalog: { widget_locked: { status: 409, title: 'Widget locked', detail: 'The widget is locked.' } },
          ...(languages === undefined ? {} : { languages: [...languages], translations: { de: { not_found: { title: 'Nicht gefunden', detail: 'Nichts hier.' } } } }),
          logger: false,
        };
        const compiled = createErrorContract(base);
        const reference = createErrorContract(longWay(base));
        for (const [thrown, req] of [...calls, ...calls]) {
          expect(compiled.respond(thrown, asRequest(req))).toEqual(reference.respond(thrown, asRequest(req)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('hand onError a problem of its own each time, and render what onError changed', () => {
    const seen: Problem[] = [];
    const contract = createErrorContract({
      logger: false,
      onError: (_error, handed) => {
        seen.push(handed);
        if (seen.length === 2) {
          handed.detail = 'Changed by the hook.';
          handed.headers['retry-after'] = '5';
        }
      },
    });
    const req: RequestLike = { method: 'GET', path: '/nothing', headers: { accept: 'application/json' } };
    const first = contract.respond(problems.notFound(), req);
    const second = contract.respond(problems.notFound(), req);
    const third = contract.respond(problems.notFound(), req);
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen[0]!.headers).not.toBe(seen[1]!.headers);
    expect(JSON.parse(second.body!).detail).toBe('Changed by the hook.');
    expect(second.headers['retry-after']).toBe('5');
    expect(third).toEqual(first);
    expect(third.headers['retry-after']).toBeUndefined();
  });

  it('answer a value that only looks like ours as the long way does, getters that throw included', () => {
    const contract = createErrorContract({ logger: false });
    const reference = createErrorContract(longWay({ logger: false }));
    const req: RequestLike = { method: 'GET', path: '/x', headers: {} };
    const hostile = [
      {
        [PROBLEM_MARK]: true,
        status: 404,
        get detail(): string {
          throw new Error('no');
        },
      },
      { [PROBLEM_MARK]: true, get status(): number {
        throw new Error('no');
      } },
      { [PROBLEM_MARK]: true, status: 404, headers: { allow: ['GET', 'POST'] } },
      { [PROBLEM_MARK]: true, status: 404, headers: { allow: 'GET', 'retry-after': '1' } },
      { [PROBLEM_MARK]: true, status: 400, fieldErrors: [{ field: 'a', detail: 'b' }] },
      { [PROBLEM_MARK]: true, status: 400, extensions: { widgetId: '7' } },
      { [PROBLEM_MARK]: true, status: '404' },
      new Proxy({ [PROBLEM_MARK]: true, status: 404 }, { get: (target, key) => (key === 'headers' ? { get allow(): string {
        throw new Error('no');
      } } : Reflect.get(target, key)) }),
    ];
    for (const value of [...hostile, ...hostile]) expect(contract.respond(value, req)).toEqual(reference.respond(value, req));
  });

  it('stay bounded: a contract answering more kinds than it keeps still answers each the same', () => {
    const contract = createErrorContract({ logger: false });
    const reference = createErrorContract(longWay({ logger: false }));
    const req: RequestLike = { method: 'GET', path: '/x', headers: {} };
    for (let round = 0; round < 2; round++) {
      for (let index = 0; index < 600; index++) {
        const thrown = problem(405, undefined, { headers: { allow: `GET, M${index}` } });
        expect(contract.respond(thrown, req)).toEqual(reference.respond(thrown, req));
      }
    }
  });
});
