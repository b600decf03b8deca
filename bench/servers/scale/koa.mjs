// Koa apps of 10, 100 or 1,000 @koa/router routes (and a catalog), for the scale curves:
//   node scale/koa.mjs <bare|minimal|contract> '[{"routes":10,"catalog":10},...]'
// The contract reads 405s from @koa/router's ctx.matched, as its README expects; bare and minimal
// use router.allowedMethods(), Koa's usual 405.
import { errorContract } from '@error-contract/koa';
import Router from '@koa/router';
import Koa from 'koa';
import { log5xx, reportWhenListening, WIDGETS } from '../harness.mjs';
import { apps, contractFor, failValidation, isZodError, lastCode, routePath, validatorBody, variant } from './shared.mjs';

/** The main minimal server's hand-written middleware, with the validator's issues sent as they are. */
async function minimalErrors(ctx, next) {
  try {
    await next();
  } catch (err) {
    if (isZodError(err)) {
      ctx.status = 400;
      ctx.body = validatorBody(err);
      return;
    }
    const status = Number.isInteger(err?.status) && err.status >= 400 && err.status < 600 ? err.status : 500;
    if (status >= 500) log5xx(err);
    ctx.status = status;
    ctx.body = { status, code: status >= 500 ? 'internal_server_error' : 'bad_request', message: status >= 500 ? 'Internal error.' : err.message };
    return;
  }
  if (ctx.body != null) return;
  if (ctx.status === 405) ctx.body = { status: 405, code: 'method_not_allowed', message: 'Method not allowed.' };
  else if (ctx.status === 404) {
    ctx.status = 404;
    ctx.body = { status: 404, code: 'not_found', message: 'Not found.' };
  }
}

function build({ routes, catalog = 10 }) {
  const app = new Koa();
  const router = new Router();
  const contract = variant === 'contract' ? contractFor({ catalog }) : undefined;
  router.get('/widgets', (ctx) => {
    ctx.body = WIDGETS;
  });
  router.post('/validate/:fields', (ctx) => failValidation(ctx.params.fields));
  if (contract) {
    router.get('/catalog', () => {
      throw contract.error(lastCode(catalog), 'Widget 7 is being edited.');
    });
  }
  for (let i = 0; i < routes; i++) {
    router.get(routePath(i), (ctx) => {
      ctx.body = WIDGETS[0];
    });
    router.post(routePath(i), (ctx) => {
      ctx.status = 201;
      ctx.body = WIDGETS[0];
    });
  }
  if (contract) {
    app.silent = true;
    app.use(errorContract(contract));
    app.use(router.routes());
  } else {
    if (variant === 'minimal') {
      app.silent = true;
      app.use(minimalErrors);
    }
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app.listen(0, '127.0.0.1');
}

reportWhenListening(apps.map(build));
