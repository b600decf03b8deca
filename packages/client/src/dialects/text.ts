import type { Reading } from './types.js';

/**
 * A body that is not a JSON object. An HTML page gives the text of its `<title>` or first `<h1>`
 * (bounded reads: a page can be a megabyte), plain text itself, whitespace collapsed and at most
 * 200 characters. JSON that failed to parse (truncated) or is no object, and an empty body, give
 * nothing but the status.
 */
export function textBody(body: unknown): Reading {
  if (typeof body !== 'string' || /^\s*(?:[[{]|$)/.test(body)) return ['unknown', {}, []];
  const html = /^\s*</.test(body);
  const text = html ? /<(?:title|h1)\b[^>]{0,99}>([^<]{1,200})/i.exec(body)?.[1] : body.slice(0, 200);
  return [html ? 'html' : 'text', { detail: text?.replace(/\s+/g, ' ').trim() }, []];
}
