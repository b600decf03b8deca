// Whether a guard sees every request of its app before anything else can answer it: it is the
// first layer of the app's router, mounted at `/`, after Express 4's own `query` and
// `expressInit` (which never answer). Then every response of the app passed it, and the guard
// need not mark them one by one (see bare-status.ts).

interface Layer {
  handle?: unknown;
  slash?: boolean;
  regexp?: { fast_slash?: boolean };
}

// Express 4 puts these two, in this order, before every layer of the app's own.
const EXPRESS_INIT_LAYERS = ['query', 'expressInit'];

/**
 * Whether `guard` is the first layer of `stack` that may answer, and matches every path.
 *
 * @example
 * isFirstLayer(app.router.stack, guard); // true after app.use(guard) on a new Express 5 app
 */
export function isFirstLayer(stack: readonly Layer[], guard: unknown): boolean {
  for (let index = 0; index < stack.length; index++) {
    const layer = stack[index];
    if (layer !== undefined && layer.handle === guard) return layer.slash === true || layer.regexp?.fast_slash === true;
    const handle = layer?.handle;
    if (index >= EXPRESS_INIT_LAYERS.length || typeof handle !== 'function' || handle.name !== EXPRESS_INIT_LAYERS[index]) return false;
  }
  return false;
}
