import { type ProblemInit, rememberedRouteMiss, routeMiss } from '@error-contract/core';
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

// What stands for "no layer declared a method" when core remembers a route miss.
const NO_LAYER = Object.freeze({});

/**
 * Core's `routeMiss` for this request, remembered per matched layer when at most one layer that
 * declares methods matched (the usual case: a layer's methods do not change), else made afresh.
 */
export function routeMissOf(ctx: Context): ProblemInit {
  const matched = (ctx as Context & { matched?: unknown }).matched;
  let declaring: object | undefined;
  if (Array.isArray(matched)) {
    for (const layer of matched as MatchedLayer[]) {
      if (!Array.isArray(layer?.methods) || layer.methods.length === 0) continue;
      if (declaring !== undefined) return routeMiss(ctx.method, routeMethods(ctx));
      declaring = layer;
    }
  }
  return rememberedRouteMiss(declaring ?? NO_LAYER, ctx.method, () => routeMethods(ctx));
}
