// The docs pages each `type` URL points at, as a framework-agnostic handler: a path and an Accept
// header in, plain data out, written by whatever framework serves it.
import { acceptsJson } from '../request/accept.js';
import type { ErrorContract } from '../contract/contract.js';
import { pathOfTarget } from '../request/path.js';
import { documentedCodes } from '../openapi/codes.js';
import { exampleRenderer } from '../openapi/examples.js';
import { typeBaseOf } from '../openapi/probe.js';
import { guidanceFor } from './guidance.js';
import { codePage, indexPage } from './html.js';

/**
 * Options of {@link errorDocs}.
 *
 * @example
 * errorDocs(contract, { basePath: '/docs/errors' } satisfies ErrorDocsOptions);
 */
export interface ErrorDocsOptions {
  /**
   * The path the pages are served under, e.g. `/errors`. Default: the path part of the
   * contract's `typeBaseUrl` (`https://docs.example.com/errors/` -> `/errors`), else `/errors`.
   */
  basePath?: string;
}

/**
 * A docs answer, for the framework to write as it is.
 *
 * @example
 * const answer: DocsResponse = { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<!doctype html>...' };
 */
export interface DocsResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Answers a docs request, or undefined when the path is none of the docs pages.
 *
 * @example
 * const answer: DocsHandler = errorDocs(contract);
 * answer('/errors/not_found', 'application/json')?.status; // 200
 */
export type DocsHandler = ((path: string, accept?: string, method?: string) => DocsResponse | undefined) & {
  /** The normalised base path, e.g. `/errors`; the index is served there. */
  readonly basePath: string;
  /** The pages as files: `index.html` and `<code>.html` each, for a static site. */
  files(): Record<string, string>;
};

/** A code's docs as JSON data, what `Accept: application/json` gets. */
interface CodeDoc {
  code: string;
  status: number;
  title: string;
  type: string | undefined;
  when: string;
  todo: string;
  examples: Record<string, unknown>;
}

function basePathOf(contract: ErrorContract, basePath: string | undefined): string {
  let path = basePath;
  if (path === undefined) {
    // the path of the type links; a type base at a host's root would put the pages over the
    // app's own `/` and `/<code>`, so those get `/errors`, as does a base that is not a URL path
    const typeBase = typeBaseOf(contract);
    const derived = typeBase === undefined ? '' : pathOfTarget(typeBase).replace(/\/+$/, '');
    path = derived.startsWith('/') ? derived : '/errors';
  }
  if (typeof path !== 'string' || !path.startsWith('/')) throw new TypeError("error-contract: `basePath` must be a path such as '/errors'.");
  return path.replace(/\/+$/, '');
}

/**
 * JSON when the client names a JSON type and accepts it by the contract's reading of Accept (a
 * `q=0` refuses), and does not ask for HTML; `*\/*` alone, a browser's Accept and a missing one
 * get the page.
 */
function wantsJson(accept: string | undefined): boolean {
  if (accept === undefined || acceptsJson(accept) !== true) return false;
  return /application\/([a-z0-9.+-]*\+)?json/i.test(accept) && !/text\/html/i.test(accept);
}

function answer(json: boolean, data: unknown, html: string): DocsResponse {
  // one URL, two representations: caches must key on Accept (RFC 9110 section 12.5.5)
  const headers = { vary: 'accept', 'cache-control': 'public, max-age=300' };
  return json
    ? { status: 200, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(data) }
    : { status: 200, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' }, body: html };
}

/**
 * The docs pages of a contract's codes, one per `type` URL path (`<basePath>/<code>`) and an index
 * at `<basePath>`: HTML, or JSON on `Accept: application/json`. Built once, up front: every answer
 * is a lookup.
 *
 * @example
 * import { errorDocs } from '@error-contract/core/docs';
 *
 * const docs = errorDocs(contract); // typeBaseUrl 'https://docs.example.com/errors/': pages at /errors/<code>
 * app.get('/errors{/:code}', (req, res, next) => {
 *   const answer = docs(req.path, req.get('accept'));
 *   if (answer === undefined) return next();
 *   res.status(answer.status).set(answer.headers).send(answer.body);
 * });
 */
export function errorDocs(contract: ErrorContract, options: ErrorDocsOptions = {}): DocsHandler {
  // plain JavaScript may pass null where the options are optional
  options ??= {};
  const basePath = basePathOf(contract, options.basePath);
  const typeBase = typeBaseOf(contract);
  const render = exampleRenderer(contract);
  const codes = documentedCodes(contract);
  const pages = new Map<string, { doc: CodeDoc; html: string }>();
  for (const known of codes) {
    const { when, todo } = guidanceFor(known);
    const doc: CodeDoc = {
      code: known.code,
      status: known.status,
      title: known.title,
      type: known.type ?? (typeBase === undefined ? undefined : `${typeBase}${known.code}`),
      when,
      todo,
      examples: { detailed: render(known.code, 'detailed'), compact: render(known.code, 'compact') },
    };
    pages.set(known.code, { doc, html: codePage({ ...doc, indexHref: `${basePath}/` }) });
  }
  const listing = codes.map((known) => ({ code: known.code, status: known.status, title: known.title, href: `${basePath}/${known.code}` }));
  const index = { json: { codes: listing }, html: indexPage(listing) };

  const handler = (path: string, accept?: string, method?: string): DocsResponse | undefined => {
    if (typeof path !== 'string') return undefined;
    // pages are read, never written to: any other method is the app's to answer (its 404 or 405)
    if (method !== undefined && method !== 'GET' && method !== 'HEAD') return undefined;
    const bare = path.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
    if (bare === basePath) return answer(wantsJson(accept), index.json, index.html);
    if (!bare.startsWith(`${basePath}/`)) return undefined;
    const found = pages.get(bare.slice(basePath.length + 1));
    return found === undefined ? undefined : answer(wantsJson(accept), found.doc, found.html);
  };
  return Object.assign(handler, {
    basePath,
    files() {
      // relative links, so that the files work from any directory
      const files: Record<string, string> = { 'index.html': indexPage(listing.map((entry) => ({ ...entry, href: `${entry.code}.html` }))) };
      for (const [code, { doc }] of pages) files[`${code}.html`] = codePage({ ...doc, indexHref: 'index.html' });
      return files;
    },
  });
}
