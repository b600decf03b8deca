// Where a document's paths live: the path of its first `servers` entry (variables filled with
// their defaults), resolved against the document's own URL as OpenAPI says (section 4.6 of 3.1,
// "relative to the location where the document is being served"). Only the path is taken: the
// probe talks to the base URL it was given and to no other host.
import type { OpenApiDocument } from './document.js';

type Json = Record<string, unknown>;

/**
 * The path every operation's path is appended to, and a note when the document named another
 * host or had to be read relative to the base URL.
 *
 * @example
 * const { prefix } = serverPrefix(doc, new URL('http://127.0.0.1:3000'));
 * // servers: [{ url: 'https://api.example.com/v2' }] -> prefix '/v2'
 */
export interface ServerPrefix {
  prefix: string;
  note?: string;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{region}` replaced by the variable's default (or its first enum value). */
function fillVariables(url: string, variables: unknown): string {
  return url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = isObject(variables) ? variables[name] : undefined;
    if (!isObject(variable)) return whole;
    const value = variable.default ?? (Array.isArray(variable.enum) ? variable.enum[0] : undefined);
    return typeof value === 'string' ? value : whole;
  });
}

/**
 * Reads the first `servers` entry (`/` when there is none) into the path prefix of every operation.
 *
 * @example
 * serverPrefix(doc, new URL('http://127.0.0.1:3000/api')); // { prefix: '/api' } for servers: [{ url: '/api' }]
 */
export function serverPrefix(doc: OpenApiDocument, baseUrl: URL): ServerPrefix {
  const servers = doc.raw.servers;
  const first = Array.isArray(servers) && isObject(servers[0]) && typeof servers[0].url === 'string' ? servers[0] : undefined;
  const written = first === undefined ? '/' : fillVariables(first.url as string, first.variables);
  const relativeTo = /^https?:\/\//i.test(doc.source) ? doc.source : baseUrl.href;
  let url: URL;
  try {
    url = new URL(written, relativeTo);
  } catch {
    return { prefix: '', note: `servers[0].url ${JSON.stringify(written)} is no URL: paths are read from the origin` };
  }
  const prefix = decodeURI(url.pathname).replace(/\/+$/, '');
  if (/\{[^}]+\}/.test(prefix)) return { prefix: '', note: `servers[0].url ${JSON.stringify(written)} has a variable without a default: paths are read from the origin` };
  const note = url.origin === baseUrl.origin || first === undefined ? undefined : `servers[0] names ${url.origin}; its paths are probed at ${baseUrl.origin}`;
  return note === undefined ? { prefix } : { prefix, note };
}
