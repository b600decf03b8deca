// The Nest 12 benchmark app, on platform-express or platform-fastify (servers/nest-express.mjs,
// servers/nest-fastify.mjs). Plain .mjs has no decorator syntax, so Nest's decorators are applied
// as functions. Nest's logger is off in every variant; the contract and the hand-written filter
// log their 5xx through log5xx as on the other frameworks.
import 'reflect-metadata';
import { ErrorContractFilter } from '@error-contract/nest';
import { BadRequestException, Catch, Controller, Get, HttpException, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { floorAnswer, log5xx, reportWhenListening, WIDGETS } from './harness.mjs';

class WidgetsController {
  list() {
    return WIDGETS;
  }
  create() {
    return WIDGETS[0]; // Nest answers a POST with 201
  }
  fail() {
    throw new Error('connection to db-7 failed');
  }
  bad() {
    // What Nest users throw for a client error.
    throw new BadRequestException('The cursor is not valid.');
  }
}
const method = (decorator, key) => decorator(WidgetsController.prototype, key, Object.getOwnPropertyDescriptor(WidgetsController.prototype, key));
method(Get('widgets'), 'list');
method(Post('widgets'), 'create');
method(Get('fail'), 'fail');
method(Get('bad'), 'bad');
Controller()(WidgetsController);

class AppModule {}
Module({ controllers: [WidgetsController] })(AppModule);

const ALLOW = { '/widgets': 'GET, HEAD, POST' };
const acceptsJson = (accept) => accept && (accept.includes('json') || accept.includes('*/*') || accept.includes('application/*'));

/** What a careful developer writes by hand: a `@Catch()` filter with a JSON 404, 405 and error body. */
class HandWrittenFilter {
  constructor(adapter) {
    this.adapter = adapter;
  }
  catch(exception, host) {
    const http = host.switchToHttp();
    const response = http.getResponse();
    let status = exception instanceof HttpException ? exception.getStatus() : 500;
    if (status >= 500) log5xx(exception);
    let code = status >= 500 ? 'internal_server_error' : 'bad_request';
    let message = status >= 500 ? 'Internal error.' : exception.message;
    if (status === 404) {
      const methods = ALLOW[this.adapter.getRequestUrl(http.getRequest()).split('?')[0]];
      if (methods) {
        status = 405;
        code = 'method_not_allowed';
        message = 'Method not allowed.';
        this.adapter.setHeader(response, 'allow', methods);
      } else {
        code = 'not_found';
        message = 'Not found.';
      }
    }
    this.adapter.reply(response, { status, code, message }, status);
  }
}
Catch()(HandWrittenFilter);

/** Starts the app of `variant` on `platform` ('express' or 'fastify'). */
export async function startNest(platform, variant) {
  let adapter;
  if (platform === 'fastify') {
    const { FastifyAdapter } = await import('@nestjs/platform-fastify');
    adapter = new FastifyAdapter();
  } else {
    const { ExpressAdapter } = await import('@nestjs/platform-express');
    adapter = new ExpressAdapter();
  }
  const app = await NestFactory.create(AppModule, adapter, { logger: false });
  const instance = app.getHttpAdapter().getInstance();
  // A check before routing, on the platform's own app so that it reaches unknown paths too.
  const beforeRouting = (refuse) => {
    if (platform === 'fastify') instance.addHook('onRequest', (request, reply, done) => (refuse(request.headers.accept) ? reply.code(406).send(refuse.body) : done()));
    else instance.use((req, res, next) => (refuse(req.headers.accept) ? res.status(406).json(refuse.body) : next()));
  };

  if (variant === 'contract') {
    const errors = new ErrorContractFilter({ typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict', logger: false, onError: (error, problem) => problem.status >= 500 && log5xx(error) });
    errors.beforeRouting(instance);
    app.useGlobalFilters(errors);
  } else if (variant === 'minimal') {
    const refuse = (accept) => !acceptsJson(accept);
    refuse.body = { status: 406, code: 'not_acceptable', message: 'Send Accept: application/json.' };
    beforeRouting(refuse);
    app.useGlobalFilters(new HandWrittenFilter(app.getHttpAdapter()));
  } else if (variant === 'floor') {
    const floor = floorAnswer();
    const headers = { ...floor.headers, 'content-length': String(Buffer.byteLength(floor.body)) };
    if (platform === 'fastify') {
      instance.addHook('onRequest', (request, reply, done) => {
        if (request.headers.accept !== undefined) return done();
        reply.hijack();
        reply.raw.writeHead(floor.status, headers).end(floor.body);
      });
    }
    else instance.use((req, res, next) => (req.headers.accept === undefined ? res.writeHead(floor.status, headers).end(floor.body) : next()));
    // Written where the contract writes: on platform-fastify through Fastify's reply (so that the
    // app's onSend and onResponse hooks run, as they must for the contract's answers), on Express
    // on Node's response.
    const bytes = Buffer.from(floor.body);
    class FloorFilter {
      catch(exception, host) {
        if (floor.status >= 500) log5xx(exception);
        const response = host.switchToHttp().getResponse();
        if (platform === 'fastify') response.code(floor.status).headers(headers).send(bytes);
        else response.writeHead(floor.status, headers).end(floor.body);
      }
    }
    Catch()(FloorFilter);
    app.useGlobalFilters(new FloorFilter());
  } // else Nest's defaults: its filter's JSON 404 (also for a wrong method) and 500, no 406

  await app.init();
  if (platform === 'fastify') await instance.ready();
  reportWhenListening(app.getHttpServer());
  await app.listen(0, '127.0.0.1');
}
