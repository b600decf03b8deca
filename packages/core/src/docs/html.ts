// The docs pages as HTML: small, self-contained, every interpolated text escaped.

/**
 * Escapes text for an HTML text node or a quoted attribute value.
 *
 * @example
 * escapeHtml('<b>"x" & y</b>'); // '&lt;b&gt;&quot;x&quot; &amp; y&lt;/b&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `code spans` in guidance texts become <code>, after escaping. */
function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

const STYLE = 'body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}pre{background:#f4f4f4;padding:1rem;overflow:auto}code{background:#f4f4f4;padding:0 .2em}table{border-collapse:collapse}td,th{padding:.3rem .8rem;border-bottom:1px solid #ddd;text-align:left}';

/** One HTML page with the given title and body markup (already escaped). Internal. */
export function page(title: string, body: string): string {
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${escapeHtml(title)}</title>\n<style>${STYLE}</style>\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
}

/** What one code's page shows. */
export interface CodePage {
  code: string;
  status: number;
  title: string;
  when: string;
  todo: string;
  examples: Record<string, unknown>;
  indexHref: string;
}

/** The page of one code. */
export function codePage(doc: CodePage): string {
  const examples = Object.entries(doc.examples)
    .map(([shape, body]) => `<h3>${escapeHtml(shape)}</h3>\n<pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre>`)
    .join('\n');
  return page(
    `${doc.code}: ${doc.title}`,
    `<p><a href="${escapeHtml(doc.indexHref)}">All error codes</a></p>\n<h1><code>${escapeHtml(doc.code)}</code>: ${escapeHtml(doc.title)}</h1>\n<p>HTTP status <strong>${doc.status}</strong></p>\n<h2>When it happens</h2>\n<p>${inline(doc.when)}</p>\n<h2>What to do</h2>\n<p>${inline(doc.todo)}</p>\n<h2>Example body</h2>\n${examples}`,
  );
}

/** The index: every code, linked to its page. */
export function indexPage(entries: readonly { code: string; status: number; title: string; href: string }[]): string {
  const rows = entries
    .map((entry) => `<tr><td><a href="${escapeHtml(entry.href)}"><code>${escapeHtml(entry.code)}</code></a></td><td>${entry.status}</td><td>${escapeHtml(entry.title)}</td></tr>`)
    .join('\n');
  return page('Error codes', `<h1>Error codes</h1>\n<table>\n<tr><th>code</th><th>status</th><th>title</th></tr>\n${rows}\n</table>`);
}
