// One Nitro 3 app per variant, built into .output/<variant> (BENCH_NITRO_VARIANT at build time) with
// the node-middleware preset: servers/nitro.mjs serves its `middleware` on Node's http server, as
// every other bench server is served. The routes are the same in each; what differs is the error
// handler and the first middleware.
import { defineConfig } from 'nitro';

const variant = process.env.BENCH_NITRO_VARIANT ?? 'bare';
const own = variant === 'bare' ? undefined : `./variants/${variant}`;

export default defineConfig({
  preset: 'node-middleware',
  output: { dir: `.output/${variant}` },
  ...(own === undefined ? {} : { errorHandler: `${own}/error.ts` }),
  handlers: [
    ...(own === undefined ? [] : [{ route: '/**', middleware: true, handler: `${own}/middleware.ts` }]),
    { route: '/widgets', method: 'GET', handler: './routes/list-widgets.ts' },
    { route: '/widgets', method: 'POST', handler: './routes/create-widget.ts' },
    { route: '/fail', method: 'GET', handler: './routes/fail.ts' },
    { route: '/bad', method: 'GET', handler: './routes/bad.ts' },
  ],
});
