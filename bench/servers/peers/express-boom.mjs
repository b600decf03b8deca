// Peer: @hapi/boom with the error handler users write for it in Express: Boom errors thrown by the
// routes, a catch-all 404, anything else boomified (a 500 whose message is not shown).
// Boom has no routing knowledge: no 405 and no 406.
import Boom from '@hapi/boom';
import express from 'express';
import { log5xx, reportWhenListening } from '../harness.mjs';
import { expressRoutes } from '../routes.mjs';

const app = express();
expressRoutes(app, () => {
  throw Boom.badRequest('The cursor is not valid.');
});
app.use((_req, _res, next) => next(Boom.notFound()));
app.use((err, _req, res, _next) => {
  const boom = Boom.isBoom(err) ? err : Boom.boomify(err instanceof Error ? err : new Error(String(err)));
  if (boom.isServer) log5xx(err);
  res.status(boom.output.statusCode).set(boom.output.headers).json(boom.output.payload);
});

reportWhenListening(app.listen(0, '127.0.0.1'));
