// @hono/zod-openapi generates the document from the routes; withErrorResponses adds the errors.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { createErrorContract } from '../../src/index.js';
import { withErrorResponses } from '../../src/openapi/index.js';
import { expectValidOpenApi } from './helpers.js';

const contract = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict' });

function app() {
  const api = new OpenAPIHono();
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  const Widget = z.object({ id: z.string(), name: z.string() }).openapi('Widget');
  api.openapi(
    createRoute({ method: 'get', path: '/widgets/{id}', request: { params: z.object({ id: z.string() }) }, responses: { 200: { description: 'A widget', content: { 'application/json': { schema: Widget } } } } }),
    (c) => c.json({ id: c.req.valid('param').id, name: 'Sprocket' }, 200),
  );
  api.openapi(
    createRoute({
      method: 'post',
      path: '/widgets',
      security: [{ bearer: [] }],
      request: { body: { content: { 'application/json': { schema: z.object({ name: z.string().min(1) }) } } } },
      responses: { 201: { description: 'Created', content: { 'application/json': { schema: Widget } } } },
    }),
    (c) => c.json({ id: '2', name: c.req.valid('json').name }, 201),
  );
  return api;
}

describe('with @hono/zod-openapi', () => {
  it('withErrorResponses(app.getOpenAPI31Document(...), contract) is a valid document with the errors added', async () => {
    const generated = app().getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Widgets', version: '1' } });
    const document = withErrorResponses(generated, contract, { rateLimited: true });
    await expectValidOpenApi(document);
    expect(Object.keys(document.paths['/widgets/{id}'].get.responses).sort()).toEqual(['200', '404', '405', '406', '429', '500']);
    expect(Object.keys(document.paths['/widgets'].post.responses).sort()).toEqual(['201', '400', '401', '403', '404', '405', '406', '429', '500']);
    expect(document.components.schemas.Widget).toBeDefined();
    expect(document.components.schemas.DetailedProblem).toBeDefined();
  });
});
