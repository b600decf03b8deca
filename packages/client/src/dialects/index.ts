import type { Json } from '../read.js';
import { errorsArray } from './errors-array.js';
import { github } from './github.js';
import { nested } from './nested.js';
import { problemDetails } from './problem-details.js';
import type { Reading } from './types.js';

/**
 * The dialect of a JSON object body, from its members only; an object no reader knows is
 * 'unknown'. Order matters: GitHub bodies may carry `status`, problem details may carry an
 * `error` member, and a bare `errors` array is the least specific of all.
 */
export function readObject(body: Json): Reading {
  return github(body) ?? problemDetails(body) ?? nested(body) ?? errorsArray(body) ?? ['unknown', body, []];
}

export { textBody } from './text.js';
export type { Dialect, Reading } from './types.js';
