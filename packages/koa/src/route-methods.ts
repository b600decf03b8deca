import type { Context } from 'koa';

interface MatchedLayer {
  methods?: unknown;
}

/**
 * The method lists of the @koa/router layers whose path matched (`ctx.matched`, which the router
 * fills for every method); core's `routeMiss` decides 404 or 405 from them. Router middleware
 * layers (`router.use`) declare no method and are left out.
 */
export function routeMethods(ctx: Context): string[][] {
  const matched = (ctx as Context & { matched?: unknown }).matched;
  if (!Array.isArray(matched)) return [];
  const lists: string[][] = [];
  for (const layer of matched as MatchedLayer[]) {
    const methods = layer?.methods;
    if (Array.isArray(methods) && methods.length > 0) lists.push(methods.filter((method): method is string => typeof method === 'string'));
  }
  return lists;
}
