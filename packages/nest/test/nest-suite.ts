// The Nest adapter's cases, run once per Nest major (12 here, 11 in suites/nest-11) and per platform
// (Express and Fastify): the Nest packages are a parameter, so each run uses its own copy of Nest.
// Vitest's esbuild emits no decorator metadata: injections name their token, pipes their type.
import 'reflect-metadata';
import type * as Common from '@nestjs/common';
import type * as Core from '@nestjs/core';
import type * as PlatformExpress from '@nestjs/platform-express';
import type * as PlatformFastify from '@nestjs/platform-fastify';
import type * as Testing from '@nestjs/testing';
import type * as Throttler from '@nestjs/throttler';
import * as validator from 'class-validator';
import * as transformer from 'class-transformer';
import request from 'supertest';
import { describe, expect, it, afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { map } from 'rxjs';
import { ERROR_CONTRACT, ErrorContractFilter, ErrorContractModule, nestLogger, validationException } from '../src/index.js';
import type { ErrorContractOptions } from '@error-contract/core';

/** One Nest major's packages, as the running test package installed them. */
export interface NestPackages {
  major: number;
  common: typeof Common;
  core: typeof Core;
  testing: typeof Testing;
  platformExpress: typeof PlatformExpress;
  platformFastify: typeof PlatformFastify;
  throttler: typeof Throttler;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: any;
}

export type Platform = 'express' | 'fastify';

const SECRET = 'password=hunter2';
const JSON_ACCEPT = { accept: 'application/json' };

/** The test app's routes, controllers and module, made with the given copy of Nest. */
export function buildApp(nest: NestPackages) {
  const c = nest.common;
  const { IsString, Length, IsOptional, IsNumber, Min, ValidateNested, IsArray } = validator;
  const { Type } = transformer;

  class TagDto {
    @IsString()
    label!: string;
  }
  class WidgetDto {
    @IsString()
    @Length(1, 50)
    name!: string;

    @IsOptional()
    @IsNumber()
    @Min(0)
    price?: number;

    @IsOptional()
    @IsArray()
    @ValidateNested({ each: true })
    @Type(() => TagDto)
    tags?: TagDto[];
  }

  const widgetSchema = z.object({ name: z.string().min(1).max(50), price: z.number().min(0).optional() }).strict();

  // A hand-written zod pipe, as Nest's docs show one: it throws the ZodError.
  class ZodPipe implements Common.PipeTransform {
    transform(value: unknown) {
      return widgetSchema.parse(value);
    }
  }

  // nestjs-zod's ZodValidationException: a BadRequestException holding the ZodError.
  class ZodValidationException extends c.BadRequestException {
    constructor(private readonly zodError: z.ZodError) {
      super({ statusCode: 400, message: 'Validation failed', errors: zodError.issues });
    }
    getZodError() {
      return this.zodError;
    }
  }
  class NestjsZodPipe implements Common.PipeTransform {
    transform(value: unknown) {
      const result = widgetSchema.safeParse(value);
      if (!result.success) throw new ZodValidationException(result.error);
      return result.data;
    }
  }

  class FailingPipe implements Common.PipeTransform {
    transform(): never {
      throw new Error(`pipe failed: ${SECRET}`);
    }
  }

  class ChallengeGuard implements Common.CanActivate {
    canActivate(context: Common.ExecutionContext): boolean {
      const http = context.switchToHttp();
      const res = http.getResponse();
      const set = typeof res.header === 'function' ? res.header.bind(res) : res.setHeader.bind(res);
      set('WWW-Authenticate', 'Bearer realm="widgets"');
      throw new c.UnauthorizedException('The bearer token is missing or unknown.');
    }
  }

  class BrokenGuard implements Common.CanActivate {
    canActivate(): boolean {
      throw new Error(`guard failed: ${SECRET}`);
    }
  }

  class BrokenInterceptor implements Common.NestInterceptor {
    intercept(): never {
      throw new Error(`interceptor failed: ${SECRET}`);
    }
  }

  class WrapInterceptor implements Common.NestInterceptor {
    intercept(_context: Common.ExecutionContext, next: Common.CallHandler) {
      return next.handle().pipe(map((value) => ({ data: value })));
    }
  }

  // A filter of the app's own, for a narrower type: it answers 409s its own way.
  class ConflictFilter implements Common.ExceptionFilter {
    catch(_exception: unknown, host: Common.ArgumentsHost) {
      const res = host.switchToHttp().getResponse();
      if (typeof res.code === 'function') res.code(409).header('content-type', 'application/json').send(JSON.stringify({ mine: true }));
      else res.status(409).json({ mine: true });
    }
  }
  c.Catch(c.ConflictException)(ConflictFilter);

  @c.Controller('widgets')
  class WidgetsController {
    @c.Get()
    list() {
      return [{ id: '1', name: 'Sprocket', price: 9.5 }];
    }

    @c.Get(':id')
    one(@c.Param('id') id: string) {
      if (id !== '1') throw new c.NotFoundException(`No widget has the id ${JSON.stringify(id)}.`);
      return { id: '1', name: 'Sprocket', price: 9.5 };
    }

    @c.Post()
    create(@c.Body(new c.ValidationPipe({ expectedType: WidgetDto, whitelist: true, forbidNonWhitelisted: true, exceptionFactory: validationException })) body: WidgetDto) {
      return { id: '2', ...body };
    }

    @c.Delete(':id')
    @c.HttpCode(204)
    remove() {}
  }

  @c.Controller()
  class FailuresController {
    @c.Get('fail')
    fail() {
      throw new Error(`connection to db-7 failed: ${SECRET}`);
    }

    @c.Get('async-fail')
    async asyncFail() {
      await Promise.resolve();
      throw new TypeError(`cannot read ${SECRET}`);
    }

    @c.Get('forbidden')
    forbidden() {
      throw new c.ForbiddenException('Only writers may do that.');
    }

    @c.Get('not-found-plain')
    notFoundPlain() {
      throw new c.NotFoundException();
    }

    @c.Get('unavailable')
    unavailable() {
      throw new c.ServiceUnavailableException(`db-7 down: ${SECRET}`);
    }

    @c.Get('server-error')
    serverError() {
      throw new c.InternalServerErrorException(`oops ${SECRET}`);
    }

    @c.Get('teapot')
    teapot() {
      throw new c.HttpException('Widget 7 is locked.', 409 + 0 === 409 ? 423 : 423);
    }

    @c.Get('conflict')
    conflict() {
      throw new c.ConflictException('Widget 7 is being edited.');
    }

    @c.Get('guarded')
    @c.UseGuards(ChallengeGuard)
    guarded() {
      return 'never';
    }

    @c.Get('guard-fails')
    @c.UseGuards(BrokenGuard)
    guardFails() {
      return 'never';
    }

    @c.Get('pipe-fails')
    pipeFails(@c.Query('q', FailingPipe) q: string) {
      return q;
    }

    @c.Get('interceptor-fails')
    @c.UseInterceptors(BrokenInterceptor)
    interceptorFails() {
      return 'never';
    }

    @c.Get('transformed')
    @c.UseInterceptors(WrapInterceptor)
    transformed() {
      return { id: '1' };
    }

    @c.Get('file')
    file() {
      return new c.StreamableFile(Buffer.from('hello file'), { type: 'text/plain', disposition: 'attachment; filename="hello.txt"' });
    }

    @c.Get('redirect')
    @c.Redirect('https://example.com/elsewhere', 302)
    redirect() {}

    @c.Post('flat')
    flat(@c.Body(new c.ValidationPipe({ expectedType: WidgetDto })) body: WidgetDto) {
      return body;
    }

    @c.Post('zod')
    zod(@c.Body(ZodPipe) body: unknown) {
      return body;
    }

    @c.Post('nestjs-zod')
    nestjsZod(@c.Body(NestjsZodPipe) body: unknown) {
      return body;
    }

    @c.Get('bare')
    bare(@c.Res() res: any) {
      if (typeof res.code === 'function') res.code(403).send();
      else res.status(403).end();
    }
  }

  @c.Controller('limited')
  class LimitedController {
    @c.Get()
    limited() {
      return { ok: true };
    }
  }
  c.UseGuards(nest.throttler.ThrottlerGuard)(LimitedController);

  function middlewareFails(req: any, _res: unknown, next: (error?: unknown) => void) {
    if ((req.originalUrl ?? req.url ?? '').startsWith('/mw-fails')) throw new Error(`middleware failed: ${SECRET}`);
    next();
  }

  @c.Controller('mw-fails')
  class MiddlewareController {
    @c.Get()
    get() {
      return 'never';
    }
  }

  const controllers = [WidgetsController, FailuresController, LimitedController, MiddlewareController];
  const throttling = nest.throttler.ThrottlerModule.forRoot([{ ttl: 60_000, limit: 1 }]);

  return { controllers, throttling, ConflictFilter, middlewareFails };
}

function fastifyHeaders(headers: Record<string, unknown>): Record<string, string | string[] | undefined> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.map(String) : value === undefined ? undefined : String(value)]));
}

/** A Nest app under test on one platform, and a way to send it requests. */
export interface Running {
  app: Common.INestApplication;
  send(method: string, path: string, options?: { headers?: Record<string, string>; body?: string }): Promise<Answer>;
  close(): Promise<void>;
}

export interface Setup {
  /** The module's options (quiet unless `loud`), an async module, or no module. */
  module?: ErrorContractOptions | 'async' | false;
  /** A filter of ours given to `useGlobalFilters`, with these options. */
  filter?: ErrorContractOptions;
  /** The app's logger (`app.useLogger`). */
  logger?: Common.LoggerService;
  /** Leave the contract's log line on. */
  loud?: boolean;
  /** Controllers added to the app. */
  controllers?: any[];
  /** The app's own filter as an APP_FILTER provider of the app's module, not `useGlobalFilters`. */
  ownFilterAsProvider?: boolean;
}

export async function start(nest: NestPackages, platform: Platform, setup: Setup = {}): Promise<Running> {
  const c = nest.common;
  const built = buildApp(nest);
  const imports: any[] = [built.throttling];
  const quiet = setup.loud === true ? {} : { onError: () => {} };
  if (setup.module === 'async') imports.unshift(ErrorContractModule.forRootAsync({ useFactory: async () => ({ ...quiet, accept: 'strict' as const }) }));
  else if (setup.module !== false) imports.unshift(ErrorContractModule.forRoot({ ...quiet, ...(setup.module ?? {}) }));

  const providers = setup.ownFilterAsProvider === true ? [{ provide: nest.core.APP_FILTER, useClass: built.ConflictFilter }] : [];
  @c.Module({ imports, controllers: [...built.controllers, ...(setup.controllers ?? [])], providers })
  class AppModule implements Common.NestModule {
    configure(consumer: Common.MiddlewareConsumer) {
      consumer.apply(built.middlewareFails).forRoutes('mw-fails');
    }
  }

  const moduleRef = await nest.testing.Test.createTestingModule({ imports: [AppModule] }).compile();
  const app =
    platform === 'express'
      ? moduleRef.createNestApplication(new nest.platformExpress.ExpressAdapter(), { logger: setup.logger ?? false })
      : moduleRef.createNestApplication(new nest.platformFastify.FastifyAdapter(), { logger: setup.logger ?? false });
  if (setup.logger !== undefined) app.useLogger(setup.logger);
  const filters: Common.ExceptionFilter[] = [];
  if (setup.filter !== undefined) filters.push(new ErrorContractFilter({ ...quiet, ...setup.filter }));
  if (setup.ownFilterAsProvider !== true) filters.push(new built.ConflictFilter());
  app.useGlobalFilters(...filters);
  await app.init();
  if (platform === 'fastify') await (app.getHttpAdapter().getInstance() as { ready(): Promise<unknown> }).ready();

  async function send(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
    const headers = { ...JSON_ACCEPT, ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers };
    if (platform === 'fastify') {
      const fastify = app.getHttpAdapter().getInstance() as { inject(options: object): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }> };
      const res = await fastify.inject({ method, url: path, headers, payload: options.body });
      return { status: res.statusCode, headers: fastifyHeaders(res.headers), text: res.body, body: parse(res.body) };
    }
    let req = request(app.getHttpServer())[method.toLowerCase() as 'get'](path);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    const res = options.body === undefined ? await req : await req.send(options.body);
    const text = res.text ?? (Buffer.isBuffer(res.body) ? res.body.toString() : '');
    return { status: res.status, headers: res.headers as Answer['headers'], text, body: parse(text) };
  }
  return { app, send, close: () => app.close() };
}

function parse(text: string | undefined): any {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The shared cases: every failure in the contract, and no harm to the rest. */
export function describeNestContract(nest: NestPackages): void {
  describe.each(['express', 'fastify'] as const)(`Nest ${nest.major} on platform-%s`, (platform) => {
    let running: Running;
    beforeAll(async () => {
      running = await start(nest, platform);
    });
    afterAll(() => running.close());
    const send = (...args: Parameters<Running['send']>) => running.send(...args);

    describe('HttpException and its subclasses: their status, and for a 4xx their message', () => {
      it.each([
        ['GET', '/widgets/9', 404, 'not_found', 'No widget has the id "9".'],
        ['GET', '/forbidden', 403, 'forbidden', 'Only writers may do that.'],
        ['GET', '/not-found-plain', 404, 'not_found', 'The requested resource was not found.'],
        ['GET', '/teapot', 423, 'locked', 'Widget 7 is locked.'],
        ['GET', '/unavailable', 503, 'service_unavailable', 'Service Unavailable.'],
        ['GET', '/server-error', 500, 'internal_server_error', 'The service failed to process the request.'],
      ])('%s %s -> %i %s', async (method, path, status, code, detail) => {
        const res = await send(method, path);
        expect(res.status).toBe(status);
        expect(res.headers['content-type']).toBe('application/json');
        expect(res.body).toEqual({ type: 'about:blank', title: expect.any(String), status, detail, instance: path, code });
        expect(res.text).not.toContain('hunter2');
      });
    });

    describe('anything else thrown is a 500 with nothing leaked', () => {
      it.each(['/fail', '/async-fail', '/guard-fails', '/pipe-fails', '/interceptor-fails', '/mw-fails'])('GET %s', async (path) => {
        const res = await send('GET', path);
        expect(res.status).toBe(500);
        expect(res.body).toEqual({ type: 'about:blank', title: 'Internal Server Error', status: 500, code: 'internal_server_error', detail: 'The service failed to process the request.', instance: path });
        expect(JSON.stringify(res.headers)).not.toContain('hunter2');
      });
    });

    it('OPTIONS of a path that exists: 405 with Allow on either platform (Nest answers it 404 on both without the contract)', async () => {
      const res = await send('OPTIONS', '/widgets');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST');
      expect(res.body).toMatchObject({ status: 405, code: 'method_not_allowed', instance: '/widgets' });
    });

    describe("the router's misses", () => {
      it('an unknown path is 404 not_found', async () => {
        const res = await send('GET', '/nowhere?x=1');
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ status: 404, code: 'not_found', instance: '/nowhere', detail: 'The requested resource was not found.' });
      });

      it.each([
        ['PUT', '/widgets', 'GET, HEAD, POST'],
        ['PATCH', '/widgets/1', 'GET, HEAD, DELETE'],
        ['POST', '/fail', 'GET, HEAD'],
      ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
        const res = await send(method, path);
        expect(res.status).toBe(405);
        expect(res.headers.allow).toBe(allow);
        expect(res.body).toMatchObject({ status: 405, code: 'method_not_allowed', instance: path });
      });

      it('HEAD of an unknown path: 404 and no body', async () => {
        const res = await send('HEAD', '/nowhere');
        expect(res.status).toBe(404);
        expect(res.text ?? '').toBe('');
      });
    });

    describe('validation', () => {
      it('ValidationPipe with validationException: one field problem per constraint, nested as dotted names with pointers', async () => {
        const res = await send('POST', '/widgets', { body: JSON.stringify({ name: '', price: -1, tags: [{ label: 7 }] }) });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ status: 400, code: 'validation_failed', detail: 'The request has 3 invalid fields.' });
        expect(res.body.errors).toEqual([
          { field: 'name', pointer: '/name', detail: 'name must be longer than or equal to 1 characters' },
          { field: 'price', pointer: '/price', detail: 'price must not be less than 0' },
          { field: 'tags[0].label', pointer: '/tags/0/label', detail: 'label must be a string' },
        ]);
      });

      it('an unknown member (forbidNonWhitelisted) is a field problem too', async () => {
        const res = await send('POST', '/widgets', { body: JSON.stringify({ name: 'Flange', colour: 'red' }) });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ field: 'colour', pointer: '/colour', detail: 'property colour should not exist' }]);
      });

      it('a valid body passes: 201', async () => {
        const res = await send('POST', '/widgets', { body: JSON.stringify({ name: 'Flange', price: 2 }) });
        expect(res.status).toBe(201);
        expect(res.body).toEqual({ id: '2', name: 'Flange', price: 2 });
      });

      it("ValidationPipe without the factory: 400 bad_request, Nest's made-up message not shown", async () => {
        const res = await send('POST', '/flat', { body: JSON.stringify({ name: '' }) });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'bad_request', detail: 'The request is not formatted properly.' });
      });

      it.each(['/zod', '/nestjs-zod'])('a zod pipe (%s): validation_failed with its fields', async (path) => {
        const res = await send('POST', path, { body: JSON.stringify({ name: '', price: -1, extra: 1 }) });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('validation_failed');
        expect(res.body.errors.map((error: { field: string }) => error.field)).toEqual(['name', 'price', 'extra']);
      });

      it('a body that is not JSON: 400 bad_request with core\'s sentence', async () => {
        const res = await send('POST', '/widgets', { body: '{"name":' });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'bad_request', detail: 'The request body is not valid JSON.' });
        expect(res.text).not.toContain('name');
      });
    });

    describe('headers the app set stay', () => {
      it("a guard's UnauthorizedException keeps the WWW-Authenticate the app set", async () => {
        const res = await send('GET', '/guarded');
        expect(res.status).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="widgets"');
        expect(res.body).toMatchObject({ code: 'unauthorized', detail: 'The bearer token is missing or unknown.' });
      });

      it("@nestjs/throttler's ThrottlerException: 429 with Retry-After", async () => {
        expect((await send('GET', '/limited')).status).toBe(200);
        const res = await send('GET', '/limited');
        expect(res.status).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.body).toMatchObject({ status: 429, code: 'too_many_requests', detail: 'Too many requests; the rate limit is exceeded.' });
      });
    });

    describe('do no harm', () => {
      it('a success is untouched', async () => {
        const res = await send('GET', '/widgets');
        expect(res.status).toBe(200);
        expect(res.body).toEqual([{ id: '1', name: 'Sprocket', price: 9.5 }]);
      });

      it('a 204 stays a 204', async () => {
        expect((await send('DELETE', '/widgets/1')).status).toBe(204);
      });

      it('a StreamableFile download', async () => {
        const res = await send('GET', '/file');
        expect(res.status).toBe(200);
        expect(res.headers['content-disposition']).toBe('attachment; filename="hello.txt"');
        expect(res.text).toBe('hello file');
      });

      it('a redirect', async () => {
        const res = await send('GET', '/redirect');
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe('https://example.com/elsewhere');
      });

      it("an interceptor's transformed response", async () => {
        expect((await send('GET', '/transformed')).body).toEqual({ data: { id: '1' } });
      });

      it("the app's own filter for a narrower type runs first", async () => {
        const res = await send('GET', '/conflict');
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ mine: true });
      });
    });
  });
}

/** A Nest logger that keeps its lines. */
export function captureLogger() {
  const lines: { level: string; message: unknown; rest: unknown[] }[] = [];
  const keep = (level: string) => (message: unknown, ...rest: unknown[]) => void lines.push({ level, message, rest });
  return { lines, logger: { log: keep('log'), error: keep('error'), warn: keep('warn'), debug: keep('debug'), verbose: keep('verbose'), fatal: keep('fatal') } };
}

/** The ways of setting the contract up, and its options, on each platform. */
export function describeNestSetups(nest: NestPackages): void {
  describe.each(['express', 'fastify'] as const)(`Nest ${nest.major} on platform-%s: setups and options`, (platform) => {
    const opened: Running[] = [];
    afterAll(() => Promise.all(opened.map((running) => running.close())));
    async function open(setup: Setup): Promise<Running> {
      const running = await start(nest, platform, setup);
      opened.push(running);
      return running;
    }

    describe("ErrorContractModule.forRoot({ accept: 'strict' }): the checks before routing", () => {
      let running: Running;
      beforeAll(async () => {
        running = await open({ module: { accept: 'strict', typeBaseUrl: 'https://docs.example.com/errors/' } });
      });

      it.each([
        ['no Accept, a route', '/widgets', undefined],
        ['no Accept, an unknown path', '/nowhere', undefined],
        ['Accept without JSON', '/widgets', 'text/html'],
      ])('%s: 406 before routing', async (_name, path, accept) => {
        const res = await running.send('GET', path, { headers: { accept: accept ?? '' } });
        expect(res.status).toBe(406);
        expect(res.body).toMatchObject({ type: 'https://docs.example.com/errors/not_acceptable', code: 'not_acceptable', instance: path });
      });

      it('a POST with no Accept and a broken body: 406 first', async () => {
        const res = await running.send('POST', '/widgets', { headers: { accept: '' }, body: '{' });
        expect(res.status).toBe(406);
      });

      it('a JSON Accept reaches the route', async () => {
        expect((await running.send('GET', '/widgets')).status).toBe(200);
      });
    });

    it('forRootAsync: options from a factory', async () => {
      const running = await open({ module: 'async' });
      expect((await running.send('GET', '/widgets', { headers: { accept: 'text/html' } })).status).toBe(406);
      expect((await running.send('GET', '/widgets/9')).body).toMatchObject({ code: 'not_found', detail: 'No widget has the id "9".' });
    });

    it('ERROR_CONTRACT is injectable: contract.error(code) from a controller', async () => {
      const c = nest.common;
      @c.Controller('locked')
      class LockedController {
        constructor(@c.Inject(ERROR_CONTRACT) private readonly contract: any) {}
        @c.Get()
        get() {
          throw this.contract.error('widget_locked', 'Widget 7 is being edited.');
        }
      }
      const running = await open({ module: { catalog: { widget_locked: { status: 409, title: 'Widget locked' } } }, controllers: [LockedController] });
      const res = await running.send('GET', '/locked');
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'widget_locked', title: 'Widget locked', detail: 'Widget 7 is being edited.' });
    });

    describe('ErrorContractFilter alone, with app.useGlobalFilters', () => {
      let running: Running;
      beforeAll(async () => {
        running = await open({ module: false, filter: { shape: 'compact' } });
      });

      it.each([
        ['GET', '/widgets/9', 404, 'not_found', 'No widget has the id "9".'],
        ['GET', '/fail', 500, 'internal_server_error', 'The service failed to process the request.'],
        ['GET', '/nowhere', 404, 'not_found', 'The requested resource was not found.'],
        ['PUT', '/widgets', 405, 'method_not_allowed', 'The method is not supported by the addressed resource.'],
      ])('%s %s -> %i in the compact shape', async (method, path, status, code, message) => {
        const res = await running.send(method, path);
        expect(res.status).toBe(status);
        expect(res.body).toEqual({ errors: [{ code, message }] });
      });

      it("the app's own filter, registered after ours, still runs first for its type", async () => {
        expect((await running.send('GET', '/conflict')).body).toEqual({ mine: true });
      });
    });

    it("the app's own filter as an APP_FILTER provider of its module, beside ErrorContractModule: still first for its type", async () => {
      const running = await open({ module: {}, ownFilterAsProvider: true });
      expect((await running.send('GET', '/conflict')).body).toEqual({ mine: true });
      expect((await running.send('GET', '/forbidden')).body).toMatchObject({ code: 'forbidden' });
    });

    /** The process warnings of the filter order emitted while `run` starts an app. */
    async function orderWarnings(run: () => Promise<unknown>): Promise<string[]> {
      const warnings: string[] = [];
      const listener = (warning: Error & { code?: string }) => {
        if (warning.code === 'ERROR_CONTRACT_FILTER_ORDER') warnings.push(warning.message);
      };
      process.on('warning', listener);
      try {
        await run();
        await new Promise((resolve) => setTimeout(resolve, 10)); // warnings are emitted on the next tick
      } finally {
        process.off('warning', listener);
      }
      return warnings;
    }

    it("the filter order is set through Nest's ApplicationConfig (a provider of every module), with no warning", async () => {
      const warnings = await orderWarnings(() => open({ module: {}, ownFilterAsProvider: true }));
      expect(warnings).toEqual([]);
      const asyncWarnings = await orderWarnings(() => open({ module: 'async', ownFilterAsProvider: true }));
      expect(asyncWarnings).toEqual([]);
    });

    it('where the order cannot be ensured (a Nest whose list of global filters is a copy), a warning at startup names the filter ahead', async () => {
      const prototype = nest.core.ApplicationConfig.prototype as { getGlobalFilters(): unknown[] };
      const original = prototype.getGlobalFilters;
      prototype.getGlobalFilters = function copy(this: unknown) {
        return [...original.call(this)];
      };
      let running: Running | undefined;
      try {
        const warnings = await orderWarnings(async () => {
          running = await open({ module: {}, ownFilterAsProvider: true });
        });
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toContain('could not be put first');
        expect(warnings[0]).toContain('ConflictFilter');
      } finally {
        prototype.getGlobalFilters = original;
      }
      // what the warning warns of: the contract answers what the narrower filter was for
      expect((await running!.send('GET', '/conflict')).body).toMatchObject({ code: 'conflict' });
    });

    describe("scope: outside it, Nest's own answers", () => {
      let running: Running;
      beforeAll(async () => {
        running = await open({ module: { scope: '/widgets' } });
      });

      it('inside the scope: the contract', async () => {
        expect((await running.send('GET', '/widgets/9')).body).toMatchObject({ code: 'not_found', instance: '/widgets/9' });
      });

      it.each([
        ['/forbidden', 403, { statusCode: 403, message: 'Only writers may do that.', error: 'Forbidden' }],
        ['/fail', 500, { statusCode: 500, message: 'Internal server error' }],
        ['/nowhere', 404, { statusCode: 404, message: 'Cannot GET /nowhere', error: 'Not Found' }],
      ])('GET %s: as Nest answers it', async (path, status, body) => {
        const res = await running.send('GET', path);
        expect(res.status).toBe(status);
        expect(res.body).toEqual(body);
      });
    });

    it("Nest's Logger gets one line per 5xx, none for a 4xx", async () => {
      const { lines, logger } = captureLogger();
      const running = await open({ module: {}, loud: true, logger });
      await running.send('GET', '/forbidden');
      await running.send('GET', '/widgets/9');
      lines.length = 0;
      await running.send('GET', '/fail');
      await running.send('GET', '/forbidden');
      const errors = lines.filter((line) => line.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.message).toBe('error-contract: GET /fail -> 500 internal_server_error');
      expect(String(errors[0]!.rest[0])).toContain('connection to db-7 failed');
      expect(errors[0]!.rest).toContain('ExceptionsHandler');
    });

    it('nestLogger(logger): the line goes to the logger given', async () => {
      const { lines, logger } = captureLogger();
      const running = await open({ module: { logger: nestLogger(logger) }, loud: true });
      await running.send('GET', '/unavailable');
      expect(lines.map((line) => [line.level, line.message])).toEqual([['error', 'error-contract: GET /unavailable -> 503 service_unavailable']]);
    });

    it('a body over the platform limit: 413 payload_too_large', async () => {
      const running = await open({ module: {} });
      const res = await running.send('POST', '/widgets', { body: JSON.stringify({ name: 'x'.repeat(1_100_000) }) });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'payload_too_large', detail: 'The request body is too large.' });
    });

    it('a bare error status gets the contract body', async () => {
      const running = await open({ module: {} });
      const res = await running.send('GET', '/bare');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'forbidden', instance: '/bare' });
    });
  });
}
