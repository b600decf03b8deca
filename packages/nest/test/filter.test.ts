// The filter's branches that a running app reaches only by accident: another transport, a response
// that has started, a logger of the wrong kind. Fake hosts, as Nest builds them (ArgumentsHost).
import type { ArgumentsHost } from '@nestjs/common';
import { describe, expect, it, vi } from 'vitest';
import { ErrorContractFilter, nestLogger, validationException } from '../src/index.js';

function hostOf(type: string, req: object, res: object, next: unknown = () => {}): ArgumentsHost {
  return {
    getType: () => type,
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => res, getNext: () => next }),
  } as unknown as ArgumentsHost;
}

describe('ErrorContractFilter', () => {
  it('a WebSocket or microservice context: re-thrown, for that transport\'s own filters', () => {
    const filter = new ErrorContractFilter({ onError: () => {} });
    const error = new Error('rpc');
    expect(() => filter.catch(error, hostOf('rpc', {}, {}))).toThrow(error);
  });

  it('an Express response that has started: the socket is destroyed and the failure logged once', () => {
    const onError = vi.fn();
    const filter = new ErrorContractFilter({ onError });
    const req = { method: 'GET', url: '/stream', originalUrl: '/stream', headers: {}, app: () => {} };
    const res = { headersSent: true, destroy: vi.fn() };
    filter.catch(new Error('midway'), hostOf('http', req, res));
    expect(res.destroy).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('a Fastify reply that has started: the socket is destroyed and the failure logged once', () => {
    const onError = vi.fn();
    const filter = new ErrorContractFilter({ onError });
    const raw = { headersSent: true, destroy: vi.fn() };
    const reply = { raw, code: vi.fn(), send: vi.fn() };
    filter.catch(new Error('midway'), hostOf('http', { raw: { method: 'GET', url: '/stream' }, headers: {} }, reply));
    expect(raw.destroy).toHaveBeenCalledTimes(1);
    expect(reply.send).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('outside the scope, a response that has started is ended as Nest ends it', () => {
    const filter = new ErrorContractFilter({ scope: '/api', logger: false });
    const res = { headersSent: true, end: vi.fn() };
    filter.catch(new Error('x'), hostOf('http', { method: 'GET', url: '/page', headers: {} }, res));
    expect(res.end).toHaveBeenCalledTimes(1);
    const raw = { headersSent: true, end: vi.fn() };
    filter.catch(new Error('x'), hostOf('http', { raw: { method: 'GET', url: '/page' }, headers: {} }, { raw, code: vi.fn(), send: vi.fn() }));
    expect(raw.end).toHaveBeenCalledTimes(1);
  });

  it('beforeRouting: an app of another platform is left alone', () => {
    expect(new ErrorContractFilter({ logger: false }).beforeRouting({})).toBe(false);
  });
});

describe('nestLogger', () => {
  it('refuses what is not a logger, at once', () => {
    expect(() => nestLogger(null as never)).toThrow(TypeError);
    expect(() => nestLogger({} as never)).toThrow(/Nest logger/);
  });

  it('a 4xx line goes to warn, or to error for a logger without warn; the trace id ends the line', () => {
    const error = vi.fn();
    const warn = vi.fn();
    nestLogger({ error, warn }).warn?.({ err: new Error('x'), traceId: 'abc' }, 'error-contract: GET /x -> 404 not_found');
    expect(warn).toHaveBeenCalledWith('error-contract: GET /x -> 404 not_found trace abc');
    nestLogger({ error } as never).warn?.({ err: 'not an error' }, undefined);
    expect(error).toHaveBeenCalledWith('error-contract: failure');
  });
});

describe('validationException', () => {
  it("keeps class-validator's tree, and Nest's flat sentences for Nest's own answer", () => {
    const errors = [{ property: 'tags', children: [{ property: '0', children: [{ property: 'label', constraints: { isString: 'label must be a string' } }] }] }];
    const exception = validationException(errors);
    expect(exception.errors).toBe(errors);
    expect(exception.getStatus()).toBe(400);
    expect(exception.getResponse()).toEqual({ statusCode: 400, message: ['label must be a string'], error: 'Bad Request' });
    expect(validationException(undefined as never).errors).toEqual([]);
  });
});
