import { errorContract } from '@error-contract/koa';
import Router from '@koa/router';
import createError from 'http-errors';
import Koa from 'koa';
import { floorAnswer, log5xx, reportWhenListening } from './harness.mjs';
import { minimalKoaErrors } from './minimal-koa.mjs';
import { koaRoutes } from './routes.mjs';

const variant = process.argv[2];
const app = new Koa();
const router = koaRoutes(new Router(), () => {
  throw createError(400, 'The cursor is not valid.');
});

if (variant === 'contract') {
  app.silent = true;
  app.use(errorContract({ typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict', onError: (error, problem) => problem.status >= 500 && log5xx(error) }));
  app.use(router.routes());
} else if (variant === 'minimal') {
  app.silent = true;
  app.use(
    minimalKoaErrors({
      refuse(ctx) {
        const accept = ctx.get('accept');
        if (accept && (accept.includes('json') || accept.includes('*/*') || accept.includes('application/*'))) return false;
        ctx.status = 406;
        ctx.body = { status: 406, code: 'not_acceptable', message: 'Send Accept: application/json.' };
        return true;
      },
    }),
  );
  app.use(router.routes());
  app.use(router.allowedMethods());
} else if (variant === 'floor') {
  app.silent = true;
  const floor = floorAnswer();
  const answer = (ctx) => {
    ctx.status = floor.status;
    ctx.set(floor.headers);
    ctx.body = floor.body;
  };
  app.use((ctx, next) => {
    if (ctx.req.headers.accept === undefined) return answer(ctx);
    return next().then(
      () => ctx.body == null && ctx.status === 404 && answer(ctx),
      (err) => (floor.status >= 500 && log5xx(err), answer(ctx)),
    );
  });
  app.use(router.routes());
} else {
  // Koa's defaults: text/plain errors, its own 5xx log to stderr, allowedMethods for 405
  app.use(router.routes());
  app.use(router.allowedMethods());
}

reportWhenListening(app.listen(0, '127.0.0.1'));
