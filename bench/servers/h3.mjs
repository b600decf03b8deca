import { createServer } from 'node:http';
import { errorContract } from '@error-contract/h3';
import { createError, H3, HTTPError } from 'h3';
import { toNodeHandler } from 'h3/node';
import { floorAnswer, log5xx, reportWhenListening, WIDGETS } from './harness.mjs';

const variant = process.argv[2];

function routes(app) {
  app.get('/widgets', () => WIDGETS);
  app.post('/widgets', (event) => {
    event.res.status = 201;
    return WIDGETS[0];
  });
  app.get('/fail', () => {
    throw new Error('connection to db-7 failed');
  });
  app.get('/bad', () => {
    throw createError({ status: 400, message: 'The cursor is not valid.' });
  });
}

let app;
if (variant === 'contract') {
  const errors = errorContract({ typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict', onError: (error, problem) => problem.status >= 500 && log5xx(error) });
  app = new H3({ onError: errors.onError, silent: true });
  app.use(errors.middleware);
  routes(app);
} else if (variant === 'minimal') {
  const allow = { '/widgets': 'GET, HEAD, POST' };
  const json = (status, body, headers = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  app = new H3({
    silent: true,
    onError(error, event) {
      const status = HTTPError.isError(error) && !error.unhandled ? error.status : 500;
      if (status === 404 && event.context.matchedRoute === undefined) {
        const methods = allow[event.url.pathname];
        if (methods) return json(405, { status: 405, code: 'method_not_allowed', message: 'Method not allowed.' }, { allow: methods });
        return json(404, { status: 404, code: 'not_found', message: 'Not found.' });
      }
      if (status >= 500) log5xx(error.cause ?? error);
      return json(status, { status, code: status >= 500 ? 'internal_server_error' : 'bad_request', message: status >= 500 ? 'Internal error.' : error.message });
    },
  });
  app.use((event) => {
    const accept = event.req.headers.get('accept');
    if (!accept || !(accept.includes('json') || accept.includes('*/*') || accept.includes('application/*'))) {
      return json(406, { status: 406, code: 'not_acceptable', message: 'Send Accept: application/json.' });
    }
  });
  routes(app);
} else if (variant === 'floor') {
  const floor = floorAnswer();
  const answer = () => new Response(floor.body, { status: floor.status, headers: floor.headers });
  app = new H3({ silent: true, onError: (error) => (floor.status >= 500 && log5xx(error), answer()) });
  app.use((event, next) => (event.req.headers.get('accept') === null ? answer() : next()));
  routes(app);
} else {
  app = new H3(); // h3's defaults: a JSON 404 for a wrong method too, no 406, a JSON 500 after console.error
  routes(app);
}

const server = createServer(toNodeHandler(app));
server.listen(0, '127.0.0.1');
reportWhenListening(server);
