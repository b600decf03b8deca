import { describe, expect, it } from 'vitest';
import { createErrorContract } from '../../src/index.js';
import { request } from '../helpers.js';

const everyTrapThrows = new Proxy(
  {},
  new Proxy(
    {},
    {
      get() {
        return () => {
          throw new Error('trap');
        };
      },
    },
  ),
);

function circularCause() {
  const a = new Error('a') as Error & { cause?: unknown };
  const b = new Error('b', { cause: a });
  a.cause = b;
  return a;
}

const thrownStatusGetter = Object.defineProperty(new Error('x'), 'status', {
  get() {
    throw new Error('getter');
  },
});

const hostileToString = { toString: () => { throw new Error('toString'); }, [Symbol.toPrimitive]: () => { throw new Error('prim'); } };

// Things that get thrown in real apps, and things only an attacker or a bug would throw.
const thrown: Array<[string, unknown]> = [
  ['null', null],
  ['undefined', undefined],
  ['a string', 'something broke'],
  ['a number', 42],
  ['a bigint', 10n],
  ['a Symbol', Symbol('boom')],
  ['a boolean', false],
  ['a function', () => 1],
  ['a frozen object', Object.freeze({ message: 'frozen', status: 404 })],
  ['a Proxy whose every trap throws', everyTrapThrows],
  ['an object with a throwing status getter', thrownStatusGetter],
  ['a circular cause chain', circularCause()],
  ['an object whose toString throws', hostileToString],
  ['an object with a null prototype', Object.assign(Object.create(null), { status: 418 })],
  ['a revoked Proxy', (() => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; })()],
  ['an array', [1, 2, 3]],
  ['an Error with a BigInt status', Object.assign(new Error('x'), { status: 404n })],
  ['an Error whose headers getter throws', Object.defineProperty(new Error('x'), 'headers', { get() { throw new Error('h'); } })],
  ['an Error whose issues is a throwing Proxy', Object.assign(new Error('x'), { issues: everyTrapThrows })],
];

describe('anything thrown gets a valid response, and nothing throws out', () => {
  const contract = createErrorContract({ onError: () => {} });

  it.each(thrown)('%s', (_name, value) => {
    const response = contract.respond(value, request());
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThanOrEqual(599);
    const body = JSON.parse(response.body!);
    expect(body.status).toBe(response.status);
    expect(typeof body.code).toBe('string');
    expect(response.headers['content-type']).toBe('application/json');
  });

  it('a non-error value is a 500', () => {
    for (const value of [null, undefined, 'x', 42, Symbol('s')]) expect(contract.respond(value, request()).status).toBe(500);
  });

  it('a frozen object with a status keeps it', () => {
    expect(contract.respond(Object.freeze({ status: 404 }), request()).status).toBe(404);
  });

  it('a hostile request object still gets an answer', () => {
    const hostile = { get method() { throw new Error('m'); }, get path() { throw new Error('p'); }, headers: everyTrapThrows } as never;
    const response = contract.respond(new Error('x'), hostile);
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body!).code).toBe('internal_server_error');
  });

  it('the default logger survives a value that cannot be printed', () => {
    const quiet = createErrorContract();
    const original = console.error;
    console.error = () => {
      throw new Error('logger down');
    };
    try {
      expect(quiet.respond(everyTrapThrows, request()).status).toBe(500);
    } finally {
      console.error = original;
    }
  });

  it('render of a hand-made problem with a bad status falls back to the safe 500', () => {
    const problem = { ...contract.normalize(new Error('x'), request()), status: 200 };
    const response = contract.render(problem, request());
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body!).code).toBe('internal_server_error');
  });
});
