import { errorContract } from '@error-contract/hono';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { floorAnswer, log5xx, reportWhenListening } from './harness.mjs';
import { honoRoutes } from './routes.mjs';

const variant = process.argv[2];
const app = new Hono();
let fetch = app.fetch;

function routes() {
  honoRoutes(app, () => {
    throw new HTTPException(400, { message: 'The cursor is not valid.' });
  });
}

if (variant === 'contract') {
  const errors = errorContract(app, { typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict', onError: (error, problem) => problem.status >= 500 && log5xx(error) });
  app.onError(errors.onError);
  app.notFound(errors.notFound);
  routes();
  fetch = errors.fetch;
} else if (variant === 'minimal') {
  const allow = { '/widgets': 'GET, HEAD, POST' };
  app.use(async (c, next) => {
    const accept = c.req.header('accept');
    if (!accept || !(accept.includes('json') || accept.includes('*/*') || accept.includes('application/*'))) {
      return c.json({ status: 406, code: 'not_acceptable', message: 'Send Accept: application/json.' }, 406);
    }
    await next();
  });
  routes();
  app.notFound((c) => {
    const methods = allow[c.req.path];
    if (methods) return c.json({ status: 405, code: 'method_not_allowed', message: 'Method not allowed.' }, 405, { Allow: methods });
    return c.json({ status: 404, code: 'not_found', message: 'Not found.' }, 404);
  });
  app.onError((err, c) => {
    const status = err instanceof HTTPException ? err.status : 500;
    if (status >= 500) log5xx(err);
    return c.json({ status, code: status >= 500 ? 'internal_server_error' : 'bad_request', message: status >= 500 ? 'Internal error.' : err.message }, status);
  });
} else if (variant === 'floor') {
  const floor = floorAnswer();
  const answer = () => new Response(floor.body, { status: floor.status, headers: floor.headers });
  routes();
  app.notFound(answer);
  app.onError((err) => (floor.status >= 500 && log5xx(err), answer()));
  fetch = (request, env) => (env?.incoming?.headers.accept === undefined ? answer() : app.fetch(request, env));
} else {
  routes(); // Hono's defaults: text 404, no 405, no 406, a text 500 after console.error
}

reportWhenListening(serve({ fetch, port: 0, hostname: '127.0.0.1' }));
