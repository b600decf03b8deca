import { type Json, lists } from '../read.js';
import type { Reading } from './types.js';

/**
 * GitHub REST: `{ message, errors: [{ resource, field, code }], documentation_url }`. Every
 * GitHub error links its documentation, and some carry a string `status`, so this runs before
 * problem details. Its element codes (`missing_field`) are about one field each: the error's
 * own code comes from the status.
 */
export function github(body: Json): Reading | undefined {
  return 'documentation_url' in body ? ['github', body, lists([body.errors]), ''] : undefined;
}
