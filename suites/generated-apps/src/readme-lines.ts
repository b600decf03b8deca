// The lines the README tells a fastify-cli app to add to `app.js`, exactly as the README prints
// them; the fixture app holds them, and the pristine copy is the fixture without them.

/** With the other imports at the top of `app.js`. */
export const IMPORT_LINE = "import { errorContract } from '@error-contract/fastify';";

/** First in the app's plugin function, before the AutoLoad calls (so before every route and plugin). */
export const REGISTER_LINE = "  await fastify.register(errorContract, { typeBaseUrl: 'https://docs.example.com/errors/' });";

export const TYPE_BASE_URL = 'https://docs.example.com/errors/';

/** `app.js` without the README's lines; throws if a line is not there once, so the copy is never the same app. */
export function withoutReadmeLines(source: string): string {
  const lines = source.split('\n');
  for (const line of [IMPORT_LINE, REGISTER_LINE]) {
    const found = lines.filter((candidate) => candidate === line).length;
    if (found !== 1) throw new Error(`app.js has the README line ${JSON.stringify(line)} ${found} times, expected once`);
    lines.splice(lines.indexOf(line), 1);
  }
  return lines.join('\n');
}
