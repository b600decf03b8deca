// The platform adapters, loaded when the app's platform asks for one: `@error-contract/express`
// on platform-express, `@error-contract/fastify` on platform-fastify. They are optional peer
// dependencies, so that an Express app installs no Fastify (nor a Fastify app Express) through
// this package; each is loaded synchronously, on first use, from the app's own install.
import { createRequire } from 'node:module';
import type * as ExpressAdapter from '@error-contract/express';
import type * as FastifyAdapter from '@error-contract/fastify';

declare const __filename: string | undefined;

// A require made for this file, resolving from where the package is installed (the adapters ship
// CommonJS builds, so this works on every Node 20): from `import.meta.url` in the ES module build,
// from `__filename` in the CommonJS one (where `import.meta` is empty).
const load: NodeJS.Require = createRequire((import.meta as { url?: string }).url ?? (typeof __filename === 'string' ? __filename : '/'));

const INSTALL = {
  express: 'platform-express needs @error-contract/express beside @error-contract/nest: npm install @error-contract/express',
  fastify: 'platform-fastify needs @error-contract/fastify beside @error-contract/nest: npm install @error-contract/fastify',
} as const;

let express: typeof ExpressAdapter | undefined;
let fastify: typeof FastifyAdapter | undefined;

function loaded<T>(name: keyof typeof INSTALL): T {
  try {
    return load(`@error-contract/${name}`) as T;
  } catch (error) {
    throw new Error(`@error-contract/nest: ${INSTALL[name]}`, { cause: error });
  }
}

/** `@error-contract/express`, for an app on platform-express; a clear error when it is not installed. */
export function expressAdapter(): typeof ExpressAdapter {
  return (express ??= loaded<typeof ExpressAdapter>('express'));
}

/** `@error-contract/fastify`, for an app on platform-fastify; a clear error when it is not installed. */
export function fastifyAdapter(): typeof FastifyAdapter {
  return (fastify ??= loaded<typeof FastifyAdapter>('fastify'));
}
