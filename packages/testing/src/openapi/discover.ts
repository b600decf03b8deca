// Finding the API's OpenAPI document: the one named with --openapi (a URL or a file), else the
// places frameworks serve theirs, below the base URL first and then at the origin.
import { readFile } from 'node:fs/promises';
import type { ResponseSnapshot } from '../snapshot.js';
import { type OpenApiDocument, OpenApiError, readOpenApi } from './document.js';

/**
 * Fetches one document URL (a GET); the probe's paced sender, so these requests count too.
 *
 * @example
 * const fetchDocument: FetchDocument = async (url) => ({ status: 200, headers: {}, text: await (await fetch(url)).text() });
 */
export type FetchDocument = (url: URL) => Promise<ResponseSnapshot>;

/**
 * What discovery found: the document, or every place tried and why each was not it.
 *
 * @example
 * const found: Discovery = await discoverDocument(fetchDocument, new URL('http://127.0.0.1:3000/api'));
 * if (found.document === undefined) console.log(found.tried.join('\n'));
 */
export interface Discovery {
  document?: OpenApiDocument;
  /** One line per place tried: `http://h/openapi.json: 404`. */
  tried: string[];
}

// Where frameworks serve their documents: the usual name, its YAML twin, @fastify/swagger's and
// swagger-jsdoc setups' `/docs/json`, and the Swagger-era name many APIs keep.
const WELL_KNOWN = ['/openapi.json', '/openapi.yaml', '/docs/json', '/swagger.json'];

/**
 * The URLs tried when no document is named: each well-known name below the base URL, then at the
 * origin (once, when the base URL is the origin).
 *
 * @example
 * documentCandidates(new URL('http://h/api')).map(String);
 * // ['http://h/api/openapi.json', ..., 'http://h/openapi.json', ...]
 */
export function documentCandidates(baseUrl: URL): URL[] {
  const base = baseUrl.pathname.replace(/\/+$/, '');
  const bases = base === '' ? [''] : [base, ''];
  return bases.flatMap((prefix) => WELL_KNOWN.map((name) => new URL(`${prefix}${name}`, baseUrl.origin)));
}

function isHttpUrl(text: string): boolean {
  return /^https?:\/\//i.test(text);
}

/** Reads a fetched answer as a document, or says why it is none. */
function fromAnswer(url: URL, answer: ResponseSnapshot): OpenApiDocument | string {
  if (answer.status !== 200) return `${answer.status}`;
  try {
    return readOpenApi(answer.text, url.href);
  } catch (error) {
    const type = answer.headers['content-type'] ?? 'no Content-Type';
    return error instanceof OpenApiError && /Swagger|OpenAPI \d/.test(error.message) ? error.message.replace(`${url.href} is `, '') : `200 ${type}, no OpenAPI document`;
  }
}

/**
 * Reads the document named with `--openapi`: an http(s) URL is fetched (it must answer 200), any
 * other value is a file. Throws an {@link OpenApiError} saying why when it cannot be read.
 *
 * @example
 * const doc = await loadNamedDocument('./openapi.yaml', fetchDocument);
 */
export async function loadNamedDocument(named: string, fetchDocument: FetchDocument): Promise<OpenApiDocument> {
  if (isHttpUrl(named)) {
    const url = new URL(named);
    let answer: ResponseSnapshot;
    try {
      answer = await fetchDocument(url);
    } catch (error) {
      throw new OpenApiError(`cannot fetch ${url.href}: ${(error as Error).message}`);
    }
    if (answer.status !== 200) throw new OpenApiError(`${url.href} answered ${answer.status}, not the document`);
    return readOpenApi(answer.text, url.href);
  }
  let text: string;
  try {
    text = await readFile(named, 'utf8');
  } catch (error) {
    throw new OpenApiError(`cannot read ${named}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return readOpenApi(text, named);
}

/**
 * Tries each candidate in turn and stops at the first OpenAPI 3.0 or 3.1 document. A request
 * that fails (a refused connection) is thrown: the API cannot be reached.
 *
 * @example
 * const { document, tried } = await discoverDocument(fetchDocument, new URL('http://127.0.0.1:3000/api/client/v2'));
 */
export async function discoverDocument(fetchDocument: FetchDocument, baseUrl: URL): Promise<Discovery> {
  const tried: string[] = [];
  for (const url of documentCandidates(baseUrl)) {
    const found = fromAnswer(url, await fetchDocument(url));
    if (typeof found !== 'string') return { document: found, tried };
    tried.push(`${url.href}: ${found}`);
  }
  return { tried };
}
