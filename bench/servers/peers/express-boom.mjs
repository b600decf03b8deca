// Peer: @hapi/boom with the error handler users write for it in Express: Boom errors thrown by the
// routes, a catch-all 404, anything else boomified (a 500 whose message is not shown).
// Boom has no routing knowledge: no 405 and no 406.
import Boom from '@hapi/boom';
import express from 'express';
import { log5xx, reportWhenListening, WIDGETS } from '../harness.mjs';

const app = express();
app.get('/widgets', (_req, res) => res.json(WIDGETS));
app.post('/widgets', (_req, res) => res.status(201).json(WIDGETS[0]));
app.get('/fail', () => {
  throw new Error('connection to db-7 failed');
});
app.get('/bad', () => {
  throw Boom.badRequest('The cursor is not valid.');
});
app.use((_req, _res, next) => next(Boom.notFound()));
app.use((err, _req, res, _next) => {
  const boom = Boom.isBoom(err) ? err : Boom.boomify(err instanceof Error ? err : new Error(String(err)));
  if (boom.isServer) log5xx(err);
  res.status(boom.output.statusCode).set(boom.output.headers).json(boom.output.payload);
});

reportWhenListening(app.listen(0, '127.0.0.1'));
