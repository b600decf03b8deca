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

// A `.` or `..` segment, also percent-encoded (WHATWG URL treats `%2e` as a dot).
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=\/|$)/i;

/**
 * A path with its `.` and `..` segments resolved (RFC 3986 section 5.2.4), as a URL parser
 * resolves them: so `instance` names the same resource whether a framework routed the raw target
 * (Express, Koa) or a parsed URL (Hono).
 *
 * @example
 * withoutDotSegments('/api/v2/../../etc/passwd'); // '/api/etc/passwd'
 */
export function withoutDotSegments(path: string): string {
  if (path.charCodeAt(0) !== 47 /* / */ || !DOT_SEGMENT.test(path)) return path;
  const segments = path.split('/');
  const kept: string[] = [];
  for (let index = 1; index < segments.length; index++) {
    const segment = segments[index]!;
    const dots = segment.length <= 6 ? segment.replace(/%2e/gi, '.') : segment;
    const last = index === segments.length - 1;
    if (dots === '.' || dots === '..') {
      if (dots === '..') kept.pop();
      if (last) kept.push('');
      continue;
    }
    kept.push(segment);
  }
  return `/${kept.join('/')}`;
}

/**
 * The first segment of a path (`/widgets/9` -> `widgets`, `/` -> `''`): what the adapters index
 * their routes by, so that a route miss tests only the routes that could match.
 *
 * @example
 * firstSegment('/widgets/9'); // 'widgets'
 */
export function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}
