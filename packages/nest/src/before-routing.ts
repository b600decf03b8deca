// What runs before Nest's router, put on the platform's own app: the contract's refusals (406 in
// strict mode, 400 for an undecodable path) and bare error statuses, through the Express adapter's
// guard or a Fastify onRequest hook, and the note of each request's platform error (see filter.ts).
import type { ErrorContract } from '@error-contract/core';
import type { routeMissOf } from '@error-contract/fastify';
import { fastifyAdapter } from './platform.js';

type FastifyInstance = Parameters<typeof routeMissOf>[0];

/** Whether the platform's app is Fastify's (platform-fastify's `getInstance()`). */
export function isFastify(instance: unknown): instance is FastifyInstance {
  const candidate = instance as Partial<FastifyInstance> | null;
  return typeof candidate?.addHook === 'function' && typeof candidate.findRoute === 'function' && typeof candidate.register === 'function';
}

/** Whether it is an Express app (platform-express's `getInstance()`). */
export function isExpress(instance: unknown): instance is { use(handler: unknown): unknown } {
  return typeof instance === 'function' && typeof (instance as { use?: unknown }).use === 'function' && typeof (instance as { handle?: unknown }).handle === 'function';
}

// The body parsers Nest adds (platform-express, registerParserMiddleware) before any module's.
const BODY_PARSERS: ReadonlySet<string> = new Set(['jsonParser', 'urlencodedParser', 'rawParser', 'textParser']);

/**
 * Moves the guard in front of the body parsers Nest put on the app before the modules were set
 * up, so that the checks before routing come before the body is read, as the service
 * specification orders them (a broken body sent without Accept is 406, not 400). Layers before
 * the parsers (CORS, from `enableCors`) stay in front.
 */
export function beforeBodyParsers(app: unknown, guard: unknown): void {
  const holder = app as { router?: { stack?: unknown }; _router?: { stack?: unknown } };
  let stack: unknown;
  try {
    stack = holder._router?.stack ?? holder.router?.stack;
  } catch {
    return;
  }
  if (!Array.isArray(stack)) return;
  const layers = stack as { handle?: { name?: string } }[];
  const at = layers.findIndex((layer) => layer?.handle === guard);
  const parser = layers.findIndex((layer) => BODY_PARSERS.has(layer?.handle?.name ?? ''));
  if (at === -1 || parser === -1 || parser > at) return;
  const [layer] = layers.splice(at, 1);
  layers.splice(parser, 0, layer!);
}

/** The pieces `ErrorContractFilter#beforeRouting` installs. */
export interface BeforeRoutingParts {
  contract: ErrorContract;
  /** The Express adapter's guard (loaded on platform-express only). */
  expressGuard(): unknown;
  noteExpressError: unknown;
  noteFastifyErrors(fastify: FastifyInstance): void;
}

/** Installs the checks before routing on Express or Fastify; anything else is left alone. */
export function installBeforeRouting(instance: unknown, parts: BeforeRoutingParts): boolean {
  if (isFastify(instance)) {
    const fastify = fastifyAdapter();
    parts.noteFastifyErrors(instance);
    if (parts.contract.checksBeforeRouting) instance.addHook('onRequest', fastify.checkRequestHook(parts.contract));
    instance.addHook('onSend', fastify.bareStatusHook(parts.contract));
    return true;
  }
  if (isExpress(instance)) {
    const guard = parts.expressGuard();
    instance.use(guard);
    beforeBodyParsers(instance, guard);
    instance.use(parts.noteExpressError);
    return true;
  }
  return false;
}

// Tails already put on an app, so that a second call (the module and a hand-made call) adds none.
const TAILS = new WeakMap<object, unknown>();

/**
 * Appends `tail` (the Express adapter's fallback) to an Express app's stack, after Nest's routes
 * and its not-found and error handlers (registered by `app.init()`), once per app; anything else
 * is left alone.
 */
export function installAfterRouting(instance: unknown, tailOf: () => unknown): boolean {
  if (!isExpress(instance)) return false;
  const tail = tailOf();
  if (TAILS.get(instance) === tail) return true;
  TAILS.set(instance, tail);
  instance.use(tail);
  return true;
}
