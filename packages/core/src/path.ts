/**
 * A request target without its query (`/widgets/9?x=1` -> `/widgets/9`): what `instance` shows,
 * what routes match and what the percent-encoding check reads.
 *
 * @example
 * withoutQuery('/widgets/9?token=x'); // '/widgets/9'
 */
export function withoutQuery(path: string): string {
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}
