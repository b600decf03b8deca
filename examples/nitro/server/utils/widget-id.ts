import type { H3Event } from 'nitro';

/**
 * The `:id` of the route, decoded: Nitro's router hands its params as they were sent
 * (`%22%3Cb%3E`), where the other frameworks decode them. A path that does not decode never gets
 * here: the contract's middleware refuses it before routing.
 */
export function widgetId(event: H3Event): string {
  return decodeURIComponent(event.context.params?.id ?? '');
}
