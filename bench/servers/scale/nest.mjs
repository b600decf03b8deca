// Nest 12 apps of 10, 100 or 1,000 routes (and a catalog), for the scale curves, on
// platform-express or platform-fastify (scale/nest-express.mjs, scale/nest-fastify.mjs). As in
// servers/nest.mjs, plain .mjs has no decorator syntax, so Nest's decorators are applied as
// functions, and the logger is off in every variant. Each app has its own module and controller
// classes (the route count differs); the fixed routes' controller comes first, so /widgets,
// /validate and /catalog cost the same whatever N.
import 'reflect-metadata';
import { ErrorContractFilter } from '@error-contract/nest';
import { All, Catch, Controller, Delete, Get, Header, HttpCode, HttpException, Module, Param, Patch, Post, Put } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { log5xx, reportWhenListening, WIDGETS } from '../harness.mjs';
import { apps, contractFor, failValidation, isZodError, lastCode, routePath, validatorBody, variant } from './shared.mjs';

/** Adds `handler` to `Class` as method `key` with Nest's method decorators applied to it. */
function method(Class, key, handler, ...decorators) {
  Object.defineProperty(Class.prototype, key, { value: handler, writable: true, configurable: true });
  for (const decorator of decorators) decorator(Class.prototype, key, Object.getOwnPropertyDescriptor(Class.prototype, key));
}

const NOT_ALLOWED_BODY = { status: 405, code: 'method_not_allowed', message: 'Method not allowed.' };
// A new function for each method: Nest keeps a route's path and method on the handler function.
const notAllowed = () => () => NOT_ALLOWED_BODY;

/** /widgets, /validate/:fields and, for the contract, /catalog, which throws the catalog's last code. */
function fixedController(contract, catalog) {
  class FixedRoutes {}
  method(FixedRoutes, 'list', () => WIDGETS, Get('widgets'));
  method(FixedRoutes, 'validate', (fields) => failValidation(fields), Post('validate/:fields'));
  Param('fields')(FixedRoutes.prototype, 'validate', 0);
  if (contract) {
    method(
      FixedRoutes,
      'catalog',
      () => {
        throw contract.error(lastCode(catalog), 'Widget 7 is being edited.');
      },
      Get('catalog'),
    );
  }
  Controller()(FixedRoutes);
  return FixedRoutes;
}

/**
 * `routes` paths with GET and POST each (Nest answers a POST with 201). The hand-written 405 is a
 * route after them that answers 405 with Allow: on Express one `@All()` per path, as the Express
 * server's `.all()`; Fastify refuses `all` on a path that has GET already, so there it is PUT,
 * PATCH and DELETE, what a client sends by mistake. (Methods register in the order defined.)
 */
function generatedController(routes, platform) {
  class GeneratedRoutes {}
  for (let i = 0; i < routes; i++) {
    const path = routePath(i);
    method(GeneratedRoutes, `get${i}`, () => WIDGETS[0], Get(path));
    method(GeneratedRoutes, `post${i}`, () => WIDGETS[0], Post(path));
    if (variant !== 'minimal') continue;
    const answers = [HttpCode(405), Header('Allow', 'GET, HEAD, POST')];
    if (platform === 'express') method(GeneratedRoutes, `notAllowed${i}`, notAllowed(), All(path), ...answers);
    else for (const [name, decorator] of [['put', Put], ['patch', Patch], ['delete', Delete]]) method(GeneratedRoutes, `${name}${i}`, notAllowed(), decorator(path), ...answers);
  }
  Controller()(GeneratedRoutes);
  return GeneratedRoutes;
}

/** The hand-written `@Catch()` filter: a JSON 404, the validator's issues as they are, 500. */
function handWrittenFilter(adapter) {
  class HandWrittenFilter {
    catch(exception, host) {
      const response = host.switchToHttp().getResponse();
      if (isZodError(exception)) return adapter.reply(response, validatorBody(exception), 400);
      const status = exception instanceof HttpException ? exception.getStatus() : 500;
      if (status >= 500) log5xx(exception);
      const code = status === 404 ? 'not_found' : status >= 500 ? 'internal_server_error' : 'bad_request';
      const message = status === 404 ? 'Not found.' : status >= 500 ? 'Internal error.' : exception.message;
      adapter.reply(response, { status, code, message }, status);
    }
  }
  Catch()(HandWrittenFilter);
  return new HandWrittenFilter();
}

async function platformAdapter(platform) {
  if (platform === 'fastify') {
    const { FastifyAdapter } = await import('@nestjs/platform-fastify');
    return new FastifyAdapter();
  }
  const { ExpressAdapter } = await import('@nestjs/platform-express');
  return new ExpressAdapter();
}

async function build(platform, { routes, catalog = 10 }) {
  // The contract with the app's catalog, given to the filter as the other frameworks' adapters get it.
  const errors = variant === 'contract' ? new ErrorContractFilter(contractFor({ catalog })) : undefined;
  class AppModule {}
  Module({ controllers: [fixedController(errors?.contract, catalog), generatedController(routes, platform)] })(AppModule);
  const app = await NestFactory.create(AppModule, await platformAdapter(platform), { logger: false });
  const instance = app.getHttpAdapter().getInstance();
  if (errors) {
    errors.beforeRouting(instance);
    app.useGlobalFilters(errors);
  } else if (variant === 'minimal') {
    app.useGlobalFilters(handWrittenFilter(app.getHttpAdapter()));
  } // else Nest's defaults: its filter's JSON 404 (also for a wrong method) and 500
  await app.init();
  if (platform === 'fastify') await instance.ready();
  return app;
}

/** Starts one app per entry of argv[3] on `platform` ('express' or 'fastify'), each on its own port. */
export async function startNestScale(platform) {
  const built = [];
  for (const entry of apps) built.push(await build(platform, entry));
  reportWhenListening(built.map((app) => app.getHttpServer()));
  for (const app of built) await app.listen(0, '127.0.0.1');
}
