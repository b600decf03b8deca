// Peer: @hapi/boom in Koa with a hand-written outermost middleware, and @koa/router's documented
// Boom recipe for 405 (allowedMethods({ throw: true, methodNotAllowed: () => Boom.methodNotAllowed() }),
// which sends no Allow header). No 406.
import Boom from '@hapi/boom';
import Router from '@koa/router';
import Koa from 'koa';
import { log5xx, reportWhenListening } from '../harness.mjs';
import { koaRoutes } from '../routes.mjs';

const app = new Koa();
app.silent = true;
const router = koaRoutes(new Router(), () => {
  throw Boom.badRequest('The cursor is not valid.');
});

app.use(async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body == null) throw Boom.notFound();
  } catch (err) {
    const boom = Boom.isBoom(err) ? err : Boom.boomify(err instanceof Error ? err : new Error(String(err)));
    if (boom.isServer) log5xx(err);
    ctx.status = boom.output.statusCode;
    ctx.set(boom.output.headers);
    ctx.body = boom.output.payload;
  }
});
app.use(router.routes());
app.use(router.allowedMethods({ throw: true, methodNotAllowed: () => Boom.methodNotAllowed(), notImplemented: () => Boom.notImplemented() }));

reportWhenListening(app.listen(0, '127.0.0.1'));
