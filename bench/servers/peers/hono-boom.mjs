// Peer: @hapi/boom in Hono with a hand-written app.onError and app.notFound sending Boom's payload.
// No 405, no 406.
import Boom from '@hapi/boom';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { log5xx, reportWhenListening } from '../harness.mjs';
import { honoRoutes } from '../routes.mjs';

const app = new Hono();
honoRoutes(app, () => {
  throw Boom.badRequest('The cursor is not valid.');
});
app.notFound((c) => c.json(Boom.notFound().output.payload, 404));
app.onError((err, c) => {
  const boom = Boom.isBoom(err) ? err : Boom.boomify(err);
  if (boom.isServer) log5xx(err);
  return c.json(boom.output.payload, boom.output.statusCode, boom.output.headers);
});

reportWhenListening(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }));
