// Issue 15, items 4 and 7: a trace id in every detailed body and log line (the caller's W3C trace
// context when it sent one), and 422 for validation failures as an option (400 by default).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { badRequest, createErrorContract, notFound, traceIdOf, validationFailed } from '../src/index.js';
import { answer, request } from './helpers.js';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('traceId', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is off by default: no member, no id', () => {
    const { body } = answer(notFound('No widget.'), {}, request({ headers: { accept: 'application/json', traceparent: TRACEPARENT } }));
    expect(body).not.toHaveProperty('traceId');
  });

  it('takes the trace id of a valid traceparent, as the last member of the detailed body', () => {
    const { body, raw } = answer(notFound('No widget.'), { traceId: true }, request({ headers: { accept: 'application/json', traceparent: TRACEPARENT } }));
    expect(body?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(Object.keys(body!).at(-1)).toBe('traceId');
    expect(raw).toMatch(/"code":"not_found","traceId":"4bf92f3577b34da6a3ce929d0e0e4736"}$/);
  });

  it.each([
    ['no header', undefined],
    ['an all-zero trace id', '00-00000000000000000000000000000000-00f067aa0ba902b7-01'],
    ['version ff', 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'],
    ['upper-case hex', '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01'],
    ['a short id', '00-4bf92f35-00f067aa0ba902b7-01'],
    ['script', '00-<script>alert(1)</script>-00f067aa0ba902b7-01'],
    ['a huge header', `00-${'a'.repeat(32)}-00f067aa0ba902b7-01${'x'.repeat(10_000)}`],
  ])('makes a new one for %s, in the same form, different each time', (_name, traceparent) => {
    const headers = traceparent === undefined ? { accept: 'application/json' } : { accept: 'application/json', traceparent };
    const first = traceIdOf(request({ headers }));
    const second = traceIdOf(request({ headers }));
    expect(first).toMatch(/^[\da-f]{32}$/);
    expect(first).not.toBe(second);
    expect(first).not.toBe('0'.repeat(32));
  });

  it('reads a traceparent from a Headers object and a later version with more fields', () => {
    expect(traceIdOf(request({ headers: new Headers({ traceparent: TRACEPARENT }) }))).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(traceIdOf(request({ headers: { traceparent: `01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra` } }))).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('a string names the member; an extension of that name does not hide it', () => {
    const { body } = answer(notFound('No widget.'), { traceId: 'requestTrace', extensions: () => ({ requestTrace: 'spoofed' }) }, request({ headers: { accept: 'application/json', traceparent: TRACEPARENT } }));
    expect(body?.requestTrace).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(body).not.toHaveProperty('traceId');
  });

  it('is in a 500 (which carries nothing of the error) and in the default log line', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const contract = createErrorContract({ traceId: true });
    const response = contract.respond(new Error('db-7 password=hunter2'), request({ headers: { accept: 'application/json', traceparent: TRACEPARENT } }));
    expect(JSON.parse(response.body!).traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(response.body).not.toContain('hunter2');
    expect(log.mock.calls[0]![0]).toBe('error-contract: GET /widgets/7 -> 500 internal_server_error trace 4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('onError gets it on the problem, the same as the body', () => {
    let logged: string | undefined;
    const contract = createErrorContract({ traceId: true, onError: (_error, problem) => (logged = problem.traceId) });
    const body = JSON.parse(contract.respond(notFound(), request()).body!);
    expect(logged).toMatch(/^[\da-f]{32}$/);
    expect(body.traceId).toBe(logged);
  });

  it('the compact shape stays errors[] only', () => {
    const { body } = answer(notFound('No widget.'), { traceId: true, shape: 'compact' });
    expect(Object.keys(body!)).toEqual(['errors']);
  });

  it.each([[''], ['type'], ['errors'], ['stack'], ['has space'], [42]])('refuses %j as a member name', (name) => {
    expect(() => createErrorContract({ traceId: name as never })).toThrow(/`traceId` must be/);
  });
});

describe('validationStatus', () => {
  const zodError = () => z.object({ name: z.string() }).safeParse({}).error;

  it('is 400 by default, as the specification says', () => {
    expect(answer(zodError()).status).toBe(400);
  });

  it('422 for every validation failure, ours and the validators’, with the same code and fields', () => {
    for (const error of [zodError(), validationFailed([{ field: 'name', detail: 'is required' }])]) {
      const { status, body } = answer(error, { validationStatus: 422 });
      expect(status).toBe(422);
      expect(body).toMatchObject({ status: 422, code: 'validation_failed', errors: [{ field: 'name', pointer: '/name' }] });
    }
  });

  it('422 touches nothing but validation failures', () => {
    expect(answer(badRequest('The cursor is not valid.'), { validationStatus: 422 }).status).toBe(400);
    expect(answer(notFound(), { validationStatus: 422 }).status).toBe(404);
  });

  it('is checked when the contract is made', () => {
    expect(() => createErrorContract({ validationStatus: 418 as never })).toThrow(/`validationStatus` must be 400 or 422/);
    expect(() => createErrorContract({ validationStatus: 422, statuses: [400, 404, 500] })).toThrow(/needs 422 in `statuses`/);
    expect(answer(zodError(), { validationStatus: 422, statuses: [400, 422, 500] }).status).toBe(422);
  });
});
