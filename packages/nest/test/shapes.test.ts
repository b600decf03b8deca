// What the filter hands core when Nest wrapped an error it knows better (src/nest-shapes.ts).
import { describe, expect, it } from 'vitest';
import { errorToJudge, isRouterNotFound } from '../src/nest-shapes.js';

function httpException(message: string, status: number, extra: object = {}): Error {
  return Object.assign(new Error(message), { getStatus: () => status, getResponse: () => ({ statusCode: status, message }), ...extra });
}

describe('errorToJudge', () => {
  const syntax = Object.assign(new SyntaxError('Unexpected end of JSON input'), { status: 400, statusCode: 400, expose: true, type: 'entity.parse.failed' });

  it("the platform's error Nest kept as cause, same status and message: the platform's", () => {
    expect(errorToJudge(httpException(syntax.message, 400, { cause: syntax }))).toBe(syntax);
  });

  it('the error noted for the request (Nest 11, Fastify), same status and message: that one', () => {
    expect(errorToJudge(httpException(syntax.message, 400), syntax)).toBe(syntax);
  });

  it("an http-error with expose: false, whose message Nest replaced by the status text: the platform's", () => {
    const hidden = Object.assign(new Error('secret parser state'), { status: 400, statusCode: 400, expose: false });
    expect(errorToJudge(httpException('Bad Request', 400, { cause: hidden }))).toBe(hidden);
  });

  it("an app's exception with a cause of another message or status stays as thrown", () => {
    const own = httpException('The name is taken.', 409, { cause: Object.assign(new Error('duplicate key'), { status: 409 }) });
    expect(errorToJudge(own)).toBe(own);
    const other = httpException('Bad input.', 400, { cause: syntax });
    expect(errorToJudge(other)).toBe(other);
  });

  it("nestjs-zod's exception: its ZodError", () => {
    const zodError = { issues: [{ path: ['name'], message: 'Required' }] };
    expect(errorToJudge(httpException('Validation failed', 400, { getZodError: () => zodError }))).toBe(zodError);
  });

  it('anything that is not an HttpException stays as thrown', () => {
    const error = new Error('x');
    expect(errorToJudge(error, syntax)).toBe(error);
    expect(errorToJudge(null)).toBe(null);
  });
});

describe('isRouterNotFound', () => {
  it("Nest's router 404 for the request's method and URL", () => {
    expect(isRouterNotFound(httpException('Cannot GET /nowhere?x=1', 404), 'GET', '/nowhere?x=1')).toBe(true);
  });

  it("a controller's NotFoundException, or another request's, is not", () => {
    expect(isRouterNotFound(httpException('No widget 9.', 404), 'GET', '/widgets/9')).toBe(false);
    expect(isRouterNotFound(httpException('Cannot GET /a', 404), 'GET', '/b')).toBe(false);
    expect(isRouterNotFound(httpException('Cannot GET /a', 405), 'GET', '/a')).toBe(false);
  });
});
