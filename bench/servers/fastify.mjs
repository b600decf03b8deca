import { createErrorContract } from '@error-contract/core';
import { bareStatusHook, checkRequestHook, errorContract, routeMissOf, sendResponse } from '@error-contract/fastify';
import sensible from '@fastify/sensible';
import Fastify from 'fastify';
import { floorAnswer, log5xx, reportWhenListening } from './harness.mjs';
import { fastifyRoutes } from './routes.mjs';

// Fastify's logger stays off in every variant (its default): the contract and the hand-written
// handler log their 5xx through log5xx as on the other frameworks; Fastify's default logs nothing.
const variant = process.argv[2];
const app = Fastify();
// What Fastify users throw for a client error: @fastify/sensible's httpErrors (http-errors inside).
await app.register(sensible);

function routes() {
  fastifyRoutes(app, () => {
    throw app.httpErrors.badRequest('The cursor is not valid.');
  });
}

if (variant === 'contract') {
  await app.register(errorContract, { typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict', onError: (error, problem) => problem.status >= 500 && log5xx(error) });
  routes();
} else if (variant === 'minimal') {
  // What a careful developer writes by hand: a JSON 406, 404, 405 and error handler.
  const allow = { '/widgets': 'GET, HEAD, POST' };
  app.addHook('onRequest', (request, reply, done) => {
    const accept = request.headers.accept;
    if (!accept || !(accept.includes('json') || accept.includes('*/*') || accept.includes('application/*'))) {
      return reply.code(406).send({ status: 406, code: 'not_acceptable', message: 'Send Accept: application/json.' });
    }
    done();
  });
  app.setNotFoundHandler((request, reply) => {
    const methods = allow[request.url.split('?')[0]];
    if (methods) return reply.code(405).header('allow', methods).send({ status: 405, code: 'method_not_allowed', message: 'Method not allowed.' });
    reply.code(404).send({ status: 404, code: 'not_found', message: 'Not found.' });
  });
  app.setErrorHandler((err, _request, reply) => {
    const status = Number.isInteger(err?.statusCode) && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) log5xx(err);
    reply.code(status).send({ status, code: status >= 500 ? 'internal_server_error' : 'bad_request', message: status >= 500 ? 'Internal error.' : err.message });
  });
  routes();
} else if (variant === 'floor') {
  const floor = floorAnswer();
  const headers = { ...floor.headers, 'content-length': String(Buffer.byteLength(floor.body)) };
  // BENCH_FLOOR_STEPS adds, one at a time, what the contract does on top of writing its bytes (see
  // bench/floor-steps.mjs): each step's cost is then floor+step / floor, measured in one run.
  const steps = new Set((process.env.BENCH_FLOOR_STEPS ?? '').split(',').filter(Boolean));
  const ANSWERED = Symbol('answered');
  const bytes = Buffer.from(floor.body);
  const answer = (reply) => {
    if (steps.has('mark')) reply[ANSWERED] = true;
    reply.code(floor.status);
    if (steps.has('one-by-one')) for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    else reply.headers(headers);
    return reply.send(steps.has('buffer') ? bytes : floor.body);
  };
  // the contract's onSend hook, as a success sees it: one read of the status, the payload passed on
  if (steps.has('on-send')) app.addHook('onSend', (_request, reply, payload, next) => (reply.statusCode < 400 || reply[ANSWERED] === true ? next(null, payload) : next(null, payload)));
  // the contract's own pieces, one at a time: its hooks, its route-miss lookup, its respond()
  const contract = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict' });
  if (steps.has('check-hook')) app.addHook('onRequest', checkRequestHook(contract));
  else app.addHook('onRequest', (request, reply, done) => (request.headers.accept === undefined ? answer(reply) : done()));
  if (steps.has('bare-hook')) app.addHook('onSend', bareStatusHook(contract));
  let cached;
  app.setNotFoundHandler((request, reply) => {
    const miss = steps.has('miss') || steps.has('respond') || steps.has('send') ? routeMissOf(app, request.method, request.url) : undefined;
    if (steps.has('cached')) return sendResponse(reply, (cached ??= contract.respond(routeMissOf(app, request.method, request.url), { method: request.raw.method, path: request.raw.url, headers: request.headers })), false);
    if (steps.has('respond') || steps.has('send')) {
      const response = contract.respond(miss, { method: request.raw.method, path: request.raw.url, headers: request.headers });
      if (steps.has('send')) return sendResponse(reply, response, false);
    }
    return answer(reply);
  });
  app.setErrorHandler((err, request, reply) => {
    if (steps.has('respond') || steps.has('send')) {
      const response = contract.respond(err, { method: request.raw.method, path: request.raw.url, headers: request.headers });
      if (steps.has('send')) return sendResponse(reply, response);
    }
    if (floor.status >= 500) log5xx(err);
    return answer(reply);
  });
  routes();
} else {
  routes(); // Fastify's defaults: JSON 404 for a miss and a wrong method, no 406, its JSON error handler
}

await app.ready();
reportWhenListening(app.server);
await app.listen({ port: 0, host: '127.0.0.1' });
