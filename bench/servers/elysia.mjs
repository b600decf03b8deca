// Elysia 1 on Bun (started with Bun by http/servers.mjs): Elysia's own answers ("bare"), a
// hand-written onError and Accept check ("minimal"), the contract, and the floor. Bun.serve owns
// the socket, so the harness is told the port directly rather than by a Node server's 'listening'.
import { errorContract } from '@error-contract/elysia';
import { Elysia, status } from 'elysia';
import { floorAnswer, log5xx, reportPorts, WIDGETS } from './harness.mjs';

const variant = process.argv[2];

function routes(app) {
  return app
    .get('/widgets', () => WIDGETS)
    .post('/widgets', ({ set }) => {
      set.status = 201;
      return WIDGETS[0];
    })
    .get('/fail', () => {
      throw new Error('connection to db-7 failed');
    })
    .get('/bad', () => {
      throw status(400, 'The cursor is not valid.');
    });
}

const json = (code, body, headers = {}) => new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json', ...headers } });

let app;
if (variant === 'contract') {
  app = routes(new Elysia().use(errorContract({ typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict', onError: (error, problem) => problem.status >= 500 && log5xx(error) })));
} else if (variant === 'minimal') {
  const allow = { '/widgets': 'GET, HEAD, POST' };
  app = routes(
    new Elysia()
      .onRequest(({ request }) => {
        const accept = request.headers.get('accept');
        if (!accept || !(accept.includes('json') || accept.includes('*/*') || accept.includes('application/*'))) {
          return json(406, { status: 406, code: 'not_acceptable', message: 'Send Accept: application/json.' });
        }
      })
      .onError(({ code, error, path }) => {
        if (code === 'NOT_FOUND') {
          const methods = allow[path];
          if (methods) return json(405, { status: 405, code: 'method_not_allowed', message: 'Method not allowed.' }, { allow: methods });
          return json(404, { status: 404, code: 'not_found', message: 'Not found.' });
        }
        const code4xx = typeof error?.code === 'number' && error.code >= 400 && error.code < 500 ? error.code : undefined;
        if (code4xx !== undefined) return json(code4xx, { status: code4xx, code: 'bad_request', message: String(error.response) });
        log5xx(error);
        return json(500, { status: 500, code: 'internal_server_error', message: 'Internal error.' });
      }),
  );
} else if (variant === 'floor') {
  const floor = floorAnswer();
  const answer = () => new Response(floor.body, { status: floor.status, headers: floor.headers });
  app = routes(
    new Elysia()
      .onRequest(({ request }) => (request.headers.get('accept') === null ? answer() : undefined))
      .onError(({ error }) => {
        if (floor.status >= 500) log5xx(error);
        return answer();
      }),
  );
} else {
  // Elysia's defaults: text `NOT_FOUND` for a wrong method too, no 406, the thrown message as text (500 and 400)
  app = routes(new Elysia());
}

app.listen({ port: 0, hostname: '127.0.0.1' });
reportPorts([app.server.port]);
