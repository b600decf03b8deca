// Reading one header of a request, as any framework holds them: Node's header object (a repeated
// header an array) or the Fetch API's `Headers`.
import { isArray } from '../base/safe-read.js';
import type { HeaderBag } from '../types.js';

/**
 * Reads one request header from a Node header object or a Web `Headers`, joined with `, ` when
 * repeated. `name` must be lower-case.
 *
 * @example
 * readHeader({ accept: 'application/json' }, 'accept'); // 'application/json'
 * readHeader(new Headers({ Accept: 'text/html' }), 'accept'); // 'text/html'
 */
export function readHeader(headers: HeaderBag | undefined | null, name: string): string | undefined {
  if (headers === undefined || headers === null) return undefined;
  try {
    if (typeof (headers as { get?: unknown }).get === 'function') {
      return (headers as { get(name: string): string | null }).get(name) ?? undefined;
    }
    const value = (headers as Record<string, unknown>)[name];
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    if (isArray(value)) return value.join(', ');
  } catch {
    // a hostile header object reads as absent
  }
  return undefined;
}
