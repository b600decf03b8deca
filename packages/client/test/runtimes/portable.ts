// The client's test files that need nothing but the platform every runtime shares (fetch's
// Response, streams, TextEncoder): bundled with 'vitest' replaced by ./vitest-shim.ts and run in
// Bun, Deno, workerd and Chromium by ../runtimes.test.ts. The others need Node (adapters: node:http
// and axios; browser: puppeteer; size, import-layers, no-dependencies: the file system) or the
// type checker (types.test-d.ts).
import { collect, list, run } from './vitest-shim.js';

await collect('dialects.test.ts', () => import('../dialects.test.js'));
await collect('parse.test.ts', () => import('../parse.test.js'));
await collect('response.test.ts', () => import('../response.test.js'));
await collect('round-trip.test.ts', () => import('../round-trip.test.js'));
await collect('never-throws.property.test.ts', () => import('../never-throws.property.test.js'));

export { list, run };
