import { notFound } from 'next/navigation';
import { errors, MODE } from '../../../lib/errors.js';

// The one file the contract adds: every path under /api no route module has is its 404. Without
// the contract (one build serves both modes) the module answers as Next's notFound() does.
const nextNotFound = () => notFound();

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } =
  MODE === 'scoped' ? errors.notFoundRoute : { GET: nextNotFound, HEAD: nextNotFound, OPTIONS: nextNotFound, POST: nextNotFound, PUT: nextNotFound, PATCH: nextNotFound, DELETE: nextNotFound };
