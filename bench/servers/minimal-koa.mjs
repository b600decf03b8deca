// The hand-written Koa error middleware of the `minimal` variants: what a careful developer writes
// (a JSON 406, 404, 405 and error handler), in one place for the main and the scale servers.
// `refuse(ctx)` may answer before routing and return true; `answerThrown(ctx, err)` may answer a
// thrown value its own way (the scale server's validator issues) and return true.
import { log5xx } from './harness.mjs';

export function minimalKoaErrors({ refuse = () => false, answerThrown = () => false } = {}) {
  return async function minimalErrors(ctx, next) {
    if (refuse(ctx)) return;
    try {
      await next();
    } catch (err) {
      if (answerThrown(ctx, err)) return;
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
  };
}
