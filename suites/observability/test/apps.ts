// The same small service per framework, once bare and once with the contract: a route that fails
// with a bug (500), one that throws the framework's own 404, and a path no route has (404).
import { errorContract as expressContract } from '@error-contract/express';
import { errorContract as fastifyContract } from '@error-contract/fastify';
import { errorContract as h3Contract } from '@error-contract/h3';
import { ErrorContractModule } from '@error-contract/nest';
import { Controller, Get, Module, NotFoundException } from '@nestjs/common';
import { errorContract as honoContract } from '@error-contract/hono';
import { errorContract as koaContract } from '@error-contract/koa';
import type { ErrorContractOptions } from '@error-contract/core';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Framework = 'express' | 'koa' | 'hono' | 'fastify' | 'nest' | 'nest-fastify' | 'h3';
/**
 * Nest twice: `nest` on platform-express, `nest-fastify` on platform-fastify. h3 2 on Node
 * (`toNodeHandler`), before Hono: @hono/node-server's `getRequestListener` replaces the global
 * Response and Request (its `overrideGlobalObjects`, on by default), and from then on a bare h3 2
 * app in the same process answers a thrown error 200 `[object Response]` (measured). One framework
 * per process, as apps run, never meets this; a test file running both runs h3's cases first.
 */
export const FRAMEWORKS: readonly Framework[] = ['express', 'koa', 'h3', 'hono', 'fastify', 'nest', 'nest-fastify'];

/** What a test hangs on an app: extra middleware first, and for Express an error handler before ours. */
export interface Hooks {
  /** Express: middleware before the routes (pino-http); Fastify: a plugin or hook before ours and the routes (Sentry's). */
  before?: (app: any) => void;
  /** Fastify: the app's logger (`loggerInstance`), where Fastify and the contract's plugin log. */
  fastifyLogger?: unknown;
  /** Express: error middleware before the contract's handler (Sentry's); Koa and Hono: anything after the routes are set. */
  after?: (app: any) => void;
  /** h3: the app's own options (`silent`: h3 2 prints what a handler threw to stderr itself unless silent). */
  h3Options?: Record<string, unknown>;
  /** Nest: modules imported before the contract's (Sentry's `SentryModule.forRoot()`), and the app's logger (`app.useLogger`). */
  nestImports?: unknown[];
  nestLogger?: unknown;
}

export const failure = () => new Error('connection to db-7 failed');

/**
 * Builds the app. `load` is a `require` that the instrumentations see; `contract` is the contract's
 * options, or undefined for the bare app.
 */
export function makeApp(framework: Framework, load: NodeJS.Require, contract: ErrorContractOptions | undefined, hooks: Hooks = {}): { listen(): Promise<Listening> } {
  const http = load('node:http') as typeof import('node:http');
  if (framework === 'express') {
    const express = load('express') as typeof import('express');
    const app = express();
    hooks.before?.(app);
    const errors = contract === undefined ? undefined : expressContract(contract);
    if (errors) app.use(errors.guard());
    app.get('/boom', () => {
      throw failure();
    });
    app.get('/missing', (_req, _res, next) => next(Object.assign(new Error('No widget'), { status: 404, expose: true })));
    if (errors) app.use(errors.fallback());
    hooks.after?.(app);
    if (errors) app.use(errors.handler());
    return { listen: () => listen(http.createServer(app)) };
  }
  if (framework === 'fastify') {
    const Fastify = load('fastify') as typeof import('fastify').default;
    const createError = load('@fastify/error') as typeof import('@fastify/error').default;
    const NoWidget = createError('WIDGET_NOT_FOUND', 'No widget', 404);
    const app = Fastify(hooks.fastifyLogger === undefined ? {} : { loggerInstance: hooks.fastifyLogger as never });
    return {
      listen: async () => {
        hooks.before?.(app);
        if (contract !== undefined) await app.register(fastifyContract, contract);
        app.get('/boom', async () => {
          throw failure();
        });
        app.get('/missing', async () => {
          throw new NoWidget();
        });
        hooks.after?.(app);
        await app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = app.server.address() as AddressInfo;
        return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
      },
    };
  }
  if (framework === 'nest' || framework === 'nest-fastify') {
    @Controller()
    class WidgetsController {
      @Get('boom')
      boom() {
        throw failure();
      }

      @Get('missing')
      missing() {
        throw new NotFoundException('No widget');
      }
    }
    const imports = [...((hooks.nestImports ?? []) as never[]), ...(contract === undefined ? [] : [ErrorContractModule.forRoot(contract)])];
    @Module({ imports, controllers: [WidgetsController] })
    class AppModule {}
    return {
      listen: async () => {
        const { NestFactory } = await import('@nestjs/core');
        const logger = { logger: (hooks.nestLogger ?? false) as false };
        let app: import('@nestjs/common').INestApplication;
        if (framework === 'nest') {
          // platform-express on the Express that `load` gives, so that its instrumentation sees it
          const { ExpressAdapter } = await import('@nestjs/platform-express');
          const express = load('express') as typeof import('express');
          const server = express();
          hooks.before?.(server);
          app = await NestFactory.create(AppModule, new ExpressAdapter(server), logger);
        } else {
          // platform-fastify on the Fastify that `load` gives (its instrumentation, @fastify/otel,
          // registers its plugin on every Fastify instance made)
          const { FastifyAdapter } = await import('@nestjs/platform-fastify');
          const Fastify = load('fastify') as typeof import('fastify').default;
          const instance = Fastify();
          hooks.before?.(instance);
          app = await NestFactory.create(AppModule, new FastifyAdapter(instance as never), logger);
        }
        hooks.after?.(app);
        await app.init();
        if (framework === 'nest-fastify') await (app.getHttpAdapter().getInstance() as { ready(): Promise<unknown> }).ready();
        const listening = await listen(app.getHttpServer() as Server);
        return { url: listening.url, close: () => app.close() };
      },
    };
  }
  if (framework === 'h3') {
    // h3 2 is ESM only: imported, not required (no instrumentation patches h3 itself; the HTTP
    // instrumentation sees the Node server `load` gives, which `toNodeHandler` answers in)
    return {
      listen: async () => {
        const { H3, HTTPError } = await import('h3');
        const { toNodeHandler } = await import('h3/node');
        const errors = contract === undefined ? undefined : h3Contract(contract);
        const app = new H3({ ...(errors ? { onError: errors.onError } : {}), ...hooks.h3Options });
        hooks.before?.(app);
        if (errors) app.use(errors.middleware);
        app.get('/boom', () => {
          throw failure();
        });
        app.get('/missing', () => {
          throw new HTTPError({ status: 404, message: 'No widget' });
        });
        hooks.after?.(app);
        return listen(http.createServer(toNodeHandler(app)));
      },
    };
  }
  if (framework === 'koa') {
    const Koa = load('koa') as typeof import('koa');
    const Router = load('@koa/router') as typeof import('@koa/router').default;
    const app = new Koa();
    const router = new Router();
    if (contract !== undefined) app.use(koaContract(contract));
    router.get('/boom', () => {
      throw failure();
    });
    router.get('/missing', (ctx) => ctx.throw(404, 'No widget'));
    app.use(router.routes());
    hooks.after?.(app);
    return { listen: () => listen(http.createServer(app.callback())) };
  }
  const { Hono } = load('hono') as typeof import('hono');
  const { HTTPException } = load('hono/http-exception') as typeof import('hono/http-exception');
  const { getRequestListener } = load('@hono/node-server') as typeof import('@hono/node-server');
  const app = new Hono();
  hooks.before?.(app);
  const errors = contract === undefined ? undefined : honoContract(app, contract);
  if (errors) {
    app.onError(errors.onError);
    app.notFound(errors.notFound);
  }
  app.get('/boom', () => {
    throw failure();
  });
  app.get('/missing', () => {
    throw new HTTPException(404, { message: 'No widget' });
  });
  hooks.after?.(app);
  const fetch = errors ? errors.fetch : app.fetch;
  return { listen: () => listen(http.createServer(getRequestListener(fetch))) };
}

export interface Listening {
  url: string;
  close(): Promise<void>;
}

function listen(server: Server): Promise<Listening> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

export const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
export const INCOMING_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
