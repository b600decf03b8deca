// Peer: express-http-problem-details 0.2.1 (its peerDependency says Express 4; it runs on Express 5,
// as it only sets statusCode, a header and res.json). As its README sets it up: a mapping strategy
// with the default mapper (error.status, else 500), a logger before it, and the middleware last.
// It has no 404, 405 or 406 of its own: the 404 is the usual catch-all `next(createError(404))`.
import express from 'express';
import { HttpProblemResponse } from 'express-http-problem-details';
import createError from 'http-errors';
import { DefaultMappingStrategy, MapperRegistry } from 'http-problem-details-mapper';
import { log5xx, reportWhenListening } from '../harness.mjs';
import { expressRoutes } from '../routes.mjs';

const strategy = new DefaultMappingStrategy(new MapperRegistry());
const app = express();
expressRoutes(app, () => {
  throw createError(400, 'The cursor is not valid.');
});
app.use((_req, _res, next) => next(createError(404)));
app.use((err, _req, _res, next) => {
  if ((err?.status ?? 500) >= 500) log5xx(err);
  next(err);
});
app.use(HttpProblemResponse({ strategy }));

reportWhenListening(app.listen(0, '127.0.0.1'));
