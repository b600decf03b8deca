// The reference service on Nitro 3. Its routes are listed here (`handlers`), once under each
// prefix, each with its method: Nitro's router then knows which methods a path has, and the
// contract answers the others 405 with `Allow`. Nitro 3 routes a HEAD only to a route declared
// for HEAD, so each GET route is declared for HEAD too (Node's server sends no body for it).
import { defineConfig } from 'nitro';

const PREFIXES = ['/api/client/v1', '/api/client/v2'];
const ROUTES: Array<{ path: string; methods: Array<'GET' | 'HEAD' | 'POST' | 'DELETE'>; handler: string }> = [
  { path: '/widgets', methods: ['GET', 'HEAD'], handler: './server/handlers/list-widgets.ts' },
  { path: '/widgets', methods: ['POST'], handler: './server/handlers/create-widget.ts' },
  { path: '/widgets/:id', methods: ['GET', 'HEAD'], handler: './server/handlers/get-widget.ts' },
  { path: '/widgets/:id', methods: ['DELETE'], handler: './server/handlers/delete-widget.ts' },
  { path: '/fail', methods: ['GET', 'HEAD'], handler: './server/handlers/fail.ts' },
];

export default defineConfig({
  serverDir: './server',
  // the contract answers every failure; Nitro's own handler stays after it for what it declines
  errorHandler: './server/error.ts',
  handlers: PREFIXES.flatMap((prefix) => ROUTES.flatMap(({ path, methods, handler }) => methods.map((method) => ({ route: `${prefix}${path}`, method, handler })))),
});
