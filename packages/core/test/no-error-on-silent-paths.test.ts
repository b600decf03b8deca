// 404, 405, 406 and 429 are answers to ordinary requests, not failures: building them must not
// construct an Error (a stack capture costs microseconds). Counted by wrapping the constructors.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createErrorContract, problems } from '../src/index.js';
import { routeMiss } from '../src/adapter.js';
import { request } from './helpers.js';

const NAMES = ['Error', 'TypeError', 'RangeError', 'SyntaxError'] as const;
const originals = new Map<string, unknown>();
let constructed = 0;

beforeEach(() => {
  constructed = 0;
  for (const name of NAMES) {
    const Original = globalThis[name] as ErrorConstructor;
    originals.set(name, Original);
    (globalThis as Record<string, unknown>)[name] = new Proxy(Original, {
      construct(target, args, newTarget) {
        constructed++;
        return Reflect.construct(target, args, newTarget);
      },
      apply(target, self, args) {
        constructed++;
        return Reflect.apply(target, self, args);
      },
    });
  }
});

afterEach(() => {
  for (const name of NAMES) (globalThis as Record<string, unknown>)[name] = originals.get(name);
});

describe('the paths the framework leaves silent build no Error', () => {
  const contract = createErrorContract({ onError: () => {} });

  it.each([
    ['406: missing Accept', () => contract.checkRequest(request({ headers: {} }))],
    ['406: Accept without JSON', () => contract.checkRequest(request({ headers: { accept: 'text/html' } }))],
    ['400: undecodable path', () => contract.checkRequest(request({ path: '/w/%E0%A4%A' }))],
    ['404 from routeMiss', () => contract.respond(routeMiss('GET', []), request())],
    ['405 from routeMiss', () => contract.respond(routeMiss('PUT', [['GET']]), request())],
    ['429', () => contract.respond(problems.tooManyRequests({ retryAfter: 30 }), request())],
    ['happy path: an accepted request', () => contract.checkRequest(request())],
  ])('%s', (_name, run) => {
    run();
    expect(constructed).toBe(0);
  });

  it('what they respond with is plain data, not an Error (ContractError would not go through the counter)', () => {
    for (const init of [routeMiss('GET', []), routeMiss('PUT', [['GET']]), problems.tooManyRequests(), problems.notAcceptable()]) {
      expect(init).not.toBeInstanceOf(originals.get('Error') as ErrorConstructor);
    }
  });

  it('the counter does count', () => {
    new Error('x');
    expect(constructed).toBe(1);
  });
});
