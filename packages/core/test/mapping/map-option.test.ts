// The `map` option: the app's mappers turn foreign errors into the contract's, in order, before
// anything is decided; the original error stays what logs and onError see.
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { type CodeOf, conflict, createErrorContract, type ErrorMapper, type MapperTools, notFound, problem, problems } from '../../src/index.js';
import { answer, request } from '../helpers.js';

class LockedError extends Error {
  constructor() {
    super('row 7 locked by job 12, password=hunter2');
  }
}
const locked: ErrorMapper = (error) => (error instanceof LockedError ? conflict('The widget is being edited.') : undefined);

describe('createErrorContract({ map })', () => {
  it('the first mapper that answers wins; the replacement is answered as if thrown', () => {
    const second = vi.fn(() => notFound());
    const sent = answer(new LockedError(), { map: [locked, second] });
    expect(sent.status).toBe(409);
    expect(sent.body).toMatchObject({ code: 'conflict', detail: 'The widget is being edited.' });
    expect(second).not.toHaveBeenCalled();
  });

  it('a mapper that returns undefined passes the error on; with no answer the error is answered as without map', () => {
    const plain = answer(new Error('db-7 password=hunter2'));
    expect(answer(new Error('db-7 password=hunter2'), { map: [locked, () => undefined] })).toEqual(plain);
  });

  it("the mapper's words are sent, never the original error's message", () => {
    const sent = answer(new LockedError(), { map: [() => problem(409, 'Try again when the edit is saved.')] });
    expect(sent.raw).not.toContain('hunter2');
    expect(sent.body?.detail).toBe('Try again when the edit is saved.');
  });

  it('a mapper gets the request, and `to.error` makes a catalog code', () => {
    const catalog = { widget_locked: { status: 423, title: 'Widget locked' } } as const;
    const seen: string[] = [];
    const sent = answer(new LockedError(), {
      catalog,
      map: [
        (error, req, to) => {
          seen.push(req.path);
          return error instanceof LockedError ? to.error('widget_locked', 'Someone is editing it.') : undefined;
        },
      ],
    });
    expect(seen).toEqual(['/widgets/7']);
    expect(sent.status).toBe(423);
    expect(sent.body).toMatchObject({ code: 'widget_locked', title: 'Widget locked', detail: 'Someone is editing it.' });
  });

  it('a mapper that throws: logged once, the original gets its usual answer, nothing of the mapper reaches the client', () => {
    const lines: unknown[] = [];
    const logger = { error: (fields: Record<string, unknown>, message?: string) => lines.push([fields, message]) };
    const broken: ErrorMapper = () => {
      throw new Error('mapper bug: secret=abc');
    };
    const later = vi.fn(() => conflict());
    const contract = createErrorContract({ map: [broken, later], logger });
    const response = contract.respond(new Error('db down'), request());
    expect(response.status).toBe(500);
    expect(response.body).not.toContain('secret=abc');
    expect(later).not.toHaveBeenCalled();
    // one line for the mapper, one for the 500 itself
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual([{ err: expect.objectContaining({ message: 'mapper bug: secret=abc' }) }, expect.stringContaining('a mapper of the `map` option threw')]);
  });

  it("without a logger of the contract's own, a mapper's failure goes to the framework's logger the adapter handed over, as the 5xx line does", () => {
    const lines: string[] = [];
    const fastifyLog = { error: (_fields: Record<string, unknown>, message?: string) => lines.push(message ?? '') };
    const broken: ErrorMapper = () => {
      throw new Error('mapper bug');
    };
    createErrorContract({ map: [broken] }).respond(new Error('db down'), { ...request(), logger: fastifyLog });
    expect(lines).toEqual([expect.stringContaining('a mapper of the `map` option threw'), expect.stringContaining('-> 500 internal_server_error')]);
  });

  it('logs and onError get the original error, not the replacement (seen, not hidden)', () => {
    const onError = vi.fn();
    const original = new Error('deadlock detected');
    createErrorContract({ onError, map: [() => problems.serviceUnavailable({ retryAfter: 1 })] }).respond(original, request());
    expect(onError).toHaveBeenCalledWith(original, expect.objectContaining({ status: 503, code: 'service_unavailable' }), expect.anything());
  });

  it('our own problems are never mapped (they are already in the contract)', () => {
    const mapper = vi.fn(() => conflict());
    expect(answer(notFound('No widget 7.'), { map: [mapper] }).status).toBe(404);
    expect(answer(problems.methodNotAllowed(['GET']), { map: [mapper] }).status).toBe(405);
    expect(mapper).not.toHaveBeenCalled();
  });

  it('a mapped 5xx still carries nothing but the generic detail', () => {
    const sent = answer(new Error('x'), { map: [() => problem(503, 'db-7 at 10.0.0.7 is down')] });
    expect(sent.body).toMatchObject({ status: 503, detail: 'Service Unavailable.' });
  });

  it('a mapper may return a foreign error too: it is then judged by the usual rules', () => {
    const httpError = Object.assign(new Error('Gone for good'), { status: 410, expose: true });
    expect(answer(new Error('x'), { map: [() => httpError as never] }).body).toMatchObject({ status: 410, detail: 'Gone for good' });
  });

  it('a wrong `map` is a TypeError at creation', () => {
    expect(() => createErrorContract({ map: 'prisma' as never })).toThrow(/`map` must be an array of mappers/);
    expect(() => createErrorContract({ map: [{}] as never })).toThrow(TypeError);
  });

  it("types: a catalog code in `to.error` is checked as contract.error's is", () => {
    const catalog = { widget_locked: { status: 409 } } as const;
    createErrorContract({ catalog, map: [(_error, _request, to) => to.error('widget_locked')] });
    expectTypeOf<Parameters<MapperTools<typeof catalog>['error']>[0]>().toEqualTypeOf<CodeOf<typeof catalog>>();
    expectTypeOf<Parameters<ErrorMapper<typeof catalog>>[2]>().toEqualTypeOf<MapperTools<typeof catalog>>();
    // @ts-expect-error a mapper answers with one of our problems, not a bare string
    createErrorContract({ map: [() => 'conflict'] });
  });
});
