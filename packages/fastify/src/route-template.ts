import type { FastifyRequest } from 'fastify';

/**
 * The template of the route that matched a request, as Fastify spells it: `request.routeOptions.url`
 * (`/widgets/:id`, with the prefixes of the plugins it was registered in). Undefined for the
 * not-found handler's requests (`request.is404`) and before routing. Core records it as
 * `http.route` on its `error_contract.responses` metric.
 *
 * @example
 * import { routeTemplateOf } from '@error-contract/fastify';
 *
 * app.get('/widgets/:id', async (request) => routeTemplateOf(request)); // '/widgets/:id'
 */
export function routeTemplateOf(request: FastifyRequest): string | undefined {
  try {
    if ((request as { is404?: unknown }).is404 !== false) return undefined;
    const url = request.routeOptions?.url;
    return typeof url === 'string' && url !== '' ? url : undefined;
  } catch {
    return undefined;
  }
}
