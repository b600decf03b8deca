// Example bodies come from core's own renderer, so a document can never show a body the service
// would not send.
import { type ErrorContract, settingsOf } from '../contract/contract.js';
import { normalizeWith } from '../deciding/normalize.js';
import { problems } from '../failures/problems.js';
import { renderWith } from '../rendering/render.js';
import type { RequestLike, Shape } from '../types.js';

/** The path example bodies name as their `instance`. */
export const EXAMPLE_PATH = '/widgets/7';

const EXAMPLE_FIELDS = [{ field: 'name', detail: 'name must be a string of 1 to 50 characters' }] as const;

/**
 * Renders example bodies of one contract with its own options (catalog, type links, validation
 * status, default language), fixed to one shape, through core's `normalize` and `render`. No trace
 * id, `extensions` or stack: an example is one body for every request, and a document the same on
 * every build.
 *
 * @example
 * const render = exampleRenderer(contract);
 * render('not_found', 'compact'); // { errors: [{ code: 'not_found', message: 'The requested resource was not found.' }] }
 */
export function exampleRenderer(contract: ErrorContract): (code: string, shape: Shape) => Record<string, unknown> {
  // Nothing per request or per machine: no trace id, no `extensions` hook (it would be called
  // with a made-up request), no stack trace (the build machine's paths).
  const fixed = (shape: Shape) => ({ ...settingsOf(contract), shape, traceField: undefined, extensions: undefined, exposeInternalErrors: false });
  const byShape = { detailed: fixed('detailed'), compact: fixed('compact') };
  const request: RequestLike = { method: 'GET', path: EXAMPLE_PATH, headers: { accept: 'application/json' } };
  // Only bodies are rendered: the headers a code is known for (Allow, Retry-After) never change them.
  return (code, shape) => {
    // the factory's own detail ("The request has 1 invalid field."), as a real failure has
    const error = code === 'validation_failed' ? problems.validationFailed([...EXAMPLE_FIELDS]) : contract.error(code);
    const problem = normalizeWith(byShape[shape], error, request);
    return JSON.parse(renderWith(byShape[shape], problem, request).body ?? '{}') as Record<string, unknown>;
  };
}
