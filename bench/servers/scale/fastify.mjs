// Fastify apps of 10, 100 or 1,000 routes (and a catalog), for the scale curves:
//   node scale/fastify.mjs <bare|minimal|contract> '[{"routes":10,"catalog":10},...]'
// Fastify's router is a radix tree (find-my-way), so its own 404 does not walk the route list. Its
// logger stays off (its default), as in the main Fastify server. Fastify has no 405 of its own: a
// wrong method is its default 404.
import { errorContract } from '@error-contract/fastify';
import Fastify from 'fastify';
import { log5xx, reportWhenListening, WIDGETS } from '../harness.mjs';
import { apps, contractFor, failValidation, isZodError, lastCode, routePath, validatorBody, variant } from './shared.mjs';

// The hand-written 405 takes the other REST methods of each path as routes of their own: Fastify
// refuses `app.all()` on a path that has GET already, and these are what a client sends by mistake.
const NOT_ALLOWED = ['PUT', 'PATCH', 'DELETE'];
const methodNotAllowed = (_request, reply) => reply.code(405).header('allow', 'GET, HEAD, POST').send({ status: 405, code: 'method_not_allowed', message: 'Method not allowed.' });

async function build({ routes, catalog = 10 }) {
  const app = Fastify();
  const contract = variant === 'contract' ? contractFor({ catalog }) : undefined;
  if (contract) await app.register(errorContract, { contract });
  app.get('/widgets', () => WIDGETS);
  app.post('/validate/:fields', (request) => failValidation(request.params.fields));
  if (contract) {
    app.get('/catalog', () => {
      throw contract.error(lastCode(catalog), 'Widget 7 is being edited.');
    });
  }
  for (let i = 0; i < routes; i++) {
    app.get(routePath(i), () => WIDGETS[0]);
    app.post(routePath(i), (_request, reply) => reply.code(201).send(WIDGETS[0]));
    if (variant === 'minimal') app.route({ method: NOT_ALLOWED, url: routePath(i), handler: methodNotAllowed });
  }
  if (variant === 'minimal') {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ status: 404, code: 'not_found', message: 'Not found.' }));
    app.setErrorHandler((err, _request, reply) => {
      if (isZodError(err)) return reply.code(400).send(validatorBody(err));
      const status = Number.isInteger(err?.statusCode) && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
      if (status >= 500) log5xx(err);
      reply.code(status).send({ status, code: status >= 500 ? 'internal_server_error' : 'bad_request', message: status >= 500 ? 'Internal error.' : err.message });
    });
  } // else (bare) Fastify's defaults: its JSON 404 for a miss and a wrong method, its JSON error handler
  await app.ready();
  return app;
}

const built = [];
for (const entry of apps) built.push(await build(entry));
reportWhenListening(built.map((app) => app.server));
for (const app of built) await app.listen({ port: 0, host: '127.0.0.1' });
