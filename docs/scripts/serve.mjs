// `pnpm run docs`: serves the built site (docs/dist) on 127.0.0.1 and prints the URL. PORT=0 picks a free port.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveSite } from './static-server.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('docs/dist has no site: run `npx -y pnpm@10 docs:build` first');
  process.exit(1);
}
const { url } = await serveSite(dist, Number(process.env.PORT ?? 4173));
console.log(`docs: ${url}`);
