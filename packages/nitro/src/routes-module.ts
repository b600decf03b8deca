// Nitro 2 only: the app's routes, for 405 with `Allow`. Nitro 2 routes through h3 1's router,
// which answers a method mismatch with a 405 of its own but keeps its routes to itself (nitropack
// src/runtime/internal/app.ts: `createRouter({ preemptive: true })`, filled before any plugin
// runs). Nitro does know them while it builds: every handler it bundles, scanned from `routes/` and
// `api/` or listed in the config's `handlers`, is exported by its virtual module
// `#nitro-internal-virtual/server-handlers`. This module adds a plugin that reads that list once,
// at start, and leaves the routes (path and method, nothing else) where `errorContract()` finds
// them. Nitro 3 needs none of it: its error handler asks Nitro's own compiled router.

/** Where the Nitro 2 plugin leaves the app's routes for the error handler. */
export const NITRO2_ROUTES = Symbol.for('error-contract.nitro.routes');

/** A route of a Nitro 2 app: its path pattern, and its method when it has one. */
export interface NitroRoute {
  /** The path pattern, as Nitro routes it (`/api/widgets/:id`, `/api/**`). */
  route: string;
  /** The method of a route declared for one (`get` from `index.get.ts`); none for every method. */
  method?: string | undefined;
}

const PLUGIN_ID = '#error-contract/nitro-routes';

// Runs inside the built server (Nitro bundles it as one of the app's plugins).
const PLUGIN_SOURCE = `import { handlers } from "#nitro-internal-virtual/server-handlers";
const routes = [];
for (const h of handlers) if (h.route && !h.middleware) routes.push({ route: h.route, method: h.method });
globalThis[Symbol.for("error-contract.nitro.routes")] = routes;
export default function errorContractRoutes() {}
`;

/** The members of Nitro's build object (`nitro` in a module's `setup`) that the module uses. */
export interface NitroBuildLike {
  /** The resolved Nitro options: the module adds a plugin and the virtual module it is. */
  options: { plugins: string[]; virtual: Record<string, string | (() => string | Promise<string>)> };
  /** Nitro 3's route tables (absent on Nitro 2). */
  routing?: unknown;
}

/** A Nitro module, as `modules: [...]` in the Nitro config takes it. */
export interface NitroModuleLike {
  /** The module's name, as Nitro lists it. */
  name: string;
  /** Called once by Nitro before it builds. */
  setup(nitro: NitroBuildLike): void;
}

/**
 * A Nitro module for Nitro 2 apps (and Nuxt 3 and 4, whose server is Nitro 2): it tells the
 * contract the app's routes, so that a path served under other methods answers 405 with `Allow`
 * (without it, Nitro 2's own 405 keeps its status and has no `Allow`). On Nitro 3 it does nothing:
 * the error handler reads Nitro 3's router itself.
 *
 * @example
 * // nitro.config.ts (Nitro 2)
 * import { errorContractRoutes } from '@error-contract/nitro';
 *
 * export default defineNitroConfig({
 *   errorHandler: '~/error.ts',
 *   modules: [errorContractRoutes],
 * });
 */
export const errorContractRoutes: NitroModuleLike = {
  name: '@error-contract/nitro',
  setup(nitro: NitroBuildLike) {
    // Nitro 3 keeps its routes in `nitro.routing` and has no `server-handlers` module
    if (nitro.routing !== undefined) return;
    nitro.options.virtual[PLUGIN_ID] = PLUGIN_SOURCE;
    if (!nitro.options.plugins.includes(PLUGIN_ID)) nitro.options.plugins.unshift(PLUGIN_ID);
  },
};

/** The routes the Nitro 2 plugin left, or undefined (Nitro 3, or the module not installed). */
export function nitro2Routes(): readonly NitroRoute[] | undefined {
  const routes = (globalThis as Record<symbol, unknown>)[NITRO2_ROUTES];
  return Array.isArray(routes) ? (routes as NitroRoute[]) : undefined;
}
