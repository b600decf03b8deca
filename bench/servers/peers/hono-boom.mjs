// Peer: @hapi/boom in Hono with a hand-written app.onError and app.notFound sending Boom's payload.
// No 405, no 406.
import Boom from '@hapi/boom';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { log5xx, reportWhenListening, WIDGETS } from '../harness.mjs';

const app = new Hono();
app.get('/widgets', (c) => c.json(WIDGETS));
app.post('/widgets', (c) => c.json(WIDGETS[0], 201));
app.get('/fail', () => {
  throw new Error('connection to db-7 failed');
});
app.get('/bad', () => {
  throw Boom.badRequest('The cursor is not valid.');
});
app.notFound((c) => c.json(Boom.notFound().output.payload, 404));
app.onError((err, c) => {
  const boom = Boom.isBoom(err) ? err : Boom.boomify(err);
  if (boom.isServer) log5xx(err);
  return c.json(boom.output.payload, boom.output.statusCode, boom.output.headers);
});

reportWhenListening(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }));
