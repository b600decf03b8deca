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

// RFC 9112 section 3.2.2: a server must accept the absolute form `http://host/path` of a target.
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/**
 * The path of a request target in any of its forms, without the query: origin form
 * (`/widgets?x=1`), absolute form (`http://host/widgets`, sent to proxies and accepted by Node), and
 * `//widgets`, which is a path, not a host.
 *
 * @example
 * pathOfTarget('http://example.com/widgets/9?x=1'); // '/widgets/9'
 * pathOfTarget('//widgets'); // '//widgets'
 */
export function pathOfTarget(target: string): string {
  if (target.charCodeAt(0) === 47 /* / */) return withoutQuery(target);
  const authority = ABSOLUTE_FORM.exec(target);
  if (authority === null) return withoutQuery(target);
  const rest = withoutQuery(target.slice(authority[0].length));
  return rest === '' ? '/' : rest;
}
