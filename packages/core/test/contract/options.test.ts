import { describe, expect, it, vi } from 'vitest';
import { createErrorContract, notFound } from '../../src/index.js';
import { SPEC_STATUSES } from '../../src/openapi/index.js';
import { resolveContract, withoutQuery } from '../../src/adapter.js';
import { request } from '../helpers.js';

describe('createErrorContract(options) checks its options at once', () => {
  it.each([
    ['options not an object', 'x'],
    ['typeBaseUrl empty', { typeBaseUrl: '' }],
    ['typeBaseUrl a number', { typeBaseUrl: 5 }],
    ['shape unknown', { shape: 'xml' }],
    ['exposeInternalErrors a string', { exposeInternalErrors: 'yes' }],
    ['statuses with a 200', { statuses: [200, 400, 500] }],
    ['statuses without 500', { statuses: [400, 404] }],
    ['statuses not an array', { statuses: 404 }],
    ['catalog code in camelCase', { catalog: { widgetLocked: { status: 409 } } }],
    ['catalog status 302', { catalog: { moved: { status: 302 } } }],
    ['catalog entry without status', { catalog: { locked: {} } }],
    ['catalog title a number', { catalog: { locked: { status: 409, title: 5 } } }],
    ['catalog not an object', { catalog: 'x' }],
    ['onError not a function', { onError: 'console' }],
    ['extensions not a function', { extensions: {} }],
  ])('%s: TypeError', (_name, options) => {
    expect(() => createErrorContract(options as never)).toThrow(TypeError);
  });

  it('SPEC_STATUSES is the specification table and is accepted', () => {
    expect(SPEC_STATUSES).toEqual([400, 401, 403, 404, 405, 406, 429, 500]);
    expect(() => createErrorContract({ statuses: SPEC_STATUSES })).not.toThrow();
  });
});

describe('onError', () => {
  it('is called with the original error, the problem and the request', () => {
    const onError = vi.fn();
    const contract = createErrorContract({ onError });
    const error = notFound();
    const req = request();
    contract.respond(error, req);
    expect(onError).toHaveBeenCalledWith(error, expect.objectContaining({ status: 404, code: 'not_found' }), req);
  });

  it('a throwing hook does not change the response', () => {
    const contract = createErrorContract({ onError: () => { throw new Error('logger down'); } });
    expect(contract.respond(new Error('x'), request()).status).toBe(500);
  });

  it('without a hook, a 5xx is logged to stderr with its stack and a 4xx is not', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const contract = createErrorContract();
      const failure = new Error('db-7 down');
      contract.respond(notFound(), request());
      expect(spy).not.toHaveBeenCalled();
      contract.respond(failure, request({ path: '/fail' }));
      expect(spy).toHaveBeenCalledWith('error-contract: GET /fail -> 500 internal_server_error', failure);
    } finally {
      spy.mockRestore();
    }
  });

  it('normalize and render alone are pure: they report nothing', () => {
    const onError = vi.fn();
    const contract = createErrorContract({ onError });
    contract.render(contract.normalize(new Error('x'), request()), request());
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('resolveContract', () => {
  it('uses a contract as it is', () => {
    const contract = createErrorContract();
    expect(resolveContract(contract)).toBe(contract);
  });

  it('makes one from options, with the defaults under them', () => {
    const quiet = vi.fn();
    const loud = vi.fn();
    resolveContract({}, { onError: quiet }).respond(new Error('x'), request());
    expect(quiet).toHaveBeenCalledTimes(1);
    resolveContract({ onError: loud }, { onError: quiet }).respond(new Error('x'), request());
    expect(loud).toHaveBeenCalledTimes(1);
    expect(quiet).toHaveBeenCalledTimes(1);
  });

  it('checks the options it is given', () => {
    expect(() => resolveContract({ shape: 'xml' as never })).toThrow(TypeError);
  });
});

describe('withoutQuery', () => {
  it.each([
    ['/widgets/9?token=x', '/widgets/9'],
    ['/widgets/9', '/widgets/9'],
    ['/?', '/'],
    ['', ''],
  ])('%j -> %j', (path, expected) => {
    expect(withoutQuery(path)).toBe(expected);
  });
});
