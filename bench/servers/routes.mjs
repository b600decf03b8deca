// The routes every benchmark server of a framework has, so that variants and peers differ in their
// error handling only: GET and POST /widgets, a bug at /fail, and at /bad the client error each
// server's library throws (`bad` is called with the framework's context and throws it).
import { WIDGETS } from './harness.mjs';

function bug() {
  throw new Error('connection to db-7 failed');
}

/** Adds the routes to an Express app. */
export function expressRoutes(app, bad) {
  app.get('/widgets', (_req, res) => res.json(WIDGETS));
  app.post('/widgets', (_req, res) => res.status(201).json(WIDGETS[0]));
  app.get('/fail', bug);
  app.get('/bad', (req) => bad(req));
}

/** Adds the routes to a @koa/router router and returns it. */
export function koaRoutes(router, bad) {
  router.get('/widgets', (ctx) => {
    ctx.body = WIDGETS;
  });
  router.post('/widgets', (ctx) => {
    ctx.status = 201;
    ctx.body = WIDGETS[0];
  });
  router.get('/fail', bug);
  router.get('/bad', (ctx) => bad(ctx));
  return router;
}

/** Adds the routes to a Hono app. */
export function honoRoutes(app, bad) {
  app.get('/widgets', (c) => c.json(WIDGETS));
  app.post('/widgets', (c) => c.json(WIDGETS[0], 201));
  app.get('/fail', bug);
  app.get('/bad', (c) => bad(c));
}

/** Adds the routes to a Fastify app (synchronous handlers that send, so no promise per request). */
export function fastifyRoutes(app, bad) {
  app.get('/widgets', (_request, reply) => reply.send(WIDGETS));
  app.post('/widgets', (_request, reply) => reply.code(201).send(WIDGETS[0]));
  app.get('/fail', bug);
  app.get('/bad', (request) => bad(request));
}
