// Peer: Koa's own error handling, as an app without an error library has it: http-errors through
// ctx.throw, Koa's default ctx.onerror (text/plain, the 5xx logged by app.onerror), @koa/router's
// allowedMethods() for 405. No 406.
import Router from '@koa/router';
import Koa from 'koa';
import { reportWhenListening } from '../harness.mjs';
import { koaRoutes } from '../routes.mjs';

const app = new Koa();
const router = koaRoutes(new Router(), (ctx) => ctx.throw(400, 'The cursor is not valid.'));
app.use(router.routes());
app.use(router.allowedMethods());

reportWhenListening(app.listen(0, '127.0.0.1'));
