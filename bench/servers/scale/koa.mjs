// Koa apps of 10, 100 or 1,000 @koa/router routes (and a catalog), for the scale curves:
//   node scale/koa.mjs <bare|minimal|contract> '[{"routes":10,"catalog":10},...]'
// The contract reads 405s from @koa/router's ctx.matched, as its README expects; bare and minimal
// use router.allowedMethods(), Koa's usual 405.
import { errorContract } from '@error-contract/koa';
import Router from '@koa/router';
import Koa from 'koa';
import { reportWhenListening, WIDGETS } from '../harness.mjs';
import { minimalKoaErrors } from '../minimal-koa.mjs';
import { apps, contractFor, failValidation, isZodError, lastCode, routePath, validatorBody, variant } from './shared.mjs';

/** The main minimal server's hand-written middleware, with the validator's issues sent as they are. */
const minimalErrors = minimalKoaErrors({
  answerThrown(ctx, err) {
    if (!isZodError(err)) return false;
    ctx.status = 400;
    ctx.body = validatorBody(err);
    return true;
  },
});

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
