import { errorContract } from '@error-contract/koa';
import Router from '@koa/router';
import createError from 'http-errors';
import Koa from 'koa';
import { log5xx, reportWhenListening, WIDGETS } from './harness.mjs';

const variant = process.argv[2];
const app = new Koa();
const router = new Router();
router.get('/widgets', (ctx) => {
  ctx.body = WIDGETS;
});
router.post('/widgets', (ctx) => {
  ctx.status = 201;
  ctx.body = WIDGETS[0];
});
router.get('/fail', () => {
  throw new Error('connection to db-7 failed');
});
router.get('/bad', () => {
  throw createError(400, 'The cursor is not valid.');
});

if (variant === 'contract') {
  app.silent = true;
  app.use(errorContract({ typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict', onError: (error, problem) => problem.status >= 500 && log5xx(error) }));
  app.use(router.routes());
} else if (variant === 'minimal') {
  app.silent = true;
  app.use(async (ctx, next) => {
    const accept = ctx.get('accept');
    if (!accept || !(accept.includes('json') || accept.includes('*/*') || accept.includes('application/*'))) {
      ctx.status = 406;
      ctx.body = { status: 406, code: 'not_acceptable', message: 'Send Accept: application/json.' };
      return;
    }
    try {
      await next();
    } catch (err) {
      const status = Number.isInteger(err?.status) && err.status >= 400 && err.status < 600 ? err.status : 500;
      if (status >= 500) log5xx(err);
      ctx.status = status;
      ctx.body = { status, code: status >= 500 ? 'internal_server_error' : 'bad_request', message: status >= 500 ? 'Internal error.' : err.message };
      return;
    }
    if (ctx.body != null) return;
    // allowedMethods leaves its 405 with an empty body; nothing at all is Koa's 404.
    if (ctx.status === 405) ctx.body = { status: 405, code: 'method_not_allowed', message: 'Method not allowed.' };
    else if (ctx.status === 404) {
      ctx.status = 404;
      ctx.body = { status: 404, code: 'not_found', message: 'Not found.' };
    }
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
} else {
  // Koa's defaults: text/plain errors, its own 5xx log to stderr, allowedMethods for 405
  app.use(router.routes());
  app.use(router.allowedMethods());
}

reportWhenListening(app.listen(0, '127.0.0.1'));
