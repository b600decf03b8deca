// How the service reads request bodies, to answer as the Express, Koa and Hono services do.
import type { FastifyInstance } from 'fastify';

/**
 * Routes without a body of their own (GET, DELETE, and the route misses) leave a body unread, as
 * Express's routes without a body parser do: Fastify's own parsers would refuse a `DELETE` with
 * `Content-Type: application/json` and no bytes as an empty JSON body (400), or another media
 * type as 415.
 */
export function ignoreBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', function ignoreBody(_request, _payload, done) {
    done(null, undefined);
  });
}

/**
 * The JSON parser of the routes that take a body, as Express's `express.json({ strict: false,
 * type: () => true })`: whatever media type reached it was checked before (the route's
 * `requireJsonContentType` hook), and any JSON document is read, `null`, `1` or `[]` included, for
 * the widget schema (not the parser) to say it is no widget. Members named `__proto__` or
 * `constructor` are kept as own keys, as `JSON.parse` keeps them, for the strict schema to refuse
 * as unknown fields (validation_failed, as on Express and Hono); Fastify's default would refuse
 * them as a parse error. Nothing here merges the parsed body into another object.
 */
export function readJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, app.getDefaultJsonParser('ignore', 'ignore'));
}
