// Fastify's own error handling: its default not-found and error handlers (JSON), @fastify/sensible's httpErrors.
import sensible from '@fastify/sensible';
import Fastify from 'fastify';
import { reportWhenListening } from '../harness.mjs';
import { fastifyRoutes } from '../routes.mjs';

const app = Fastify();
await app.register(sensible);
fastifyRoutes(app, () => {
  throw app.httpErrors.badRequest('The cursor is not valid.');
});
await app.ready();
reportWhenListening(app.server);
await app.listen({ port: 0, host: '127.0.0.1' });
