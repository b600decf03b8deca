// koa2 and koa3 are npm aliases of koa, installed side by side for the test matrix.
declare module 'koa2' {
  import Koa from 'koa';
  export default Koa;
}
declare module 'koa3' {
  import Koa from 'koa';
  export default Koa;
}
declare module 'koa-bodyparser' {
  import type { Middleware } from 'koa';
  export default function bodyParser(options?: { jsonLimit?: string | number }): Middleware;
}
declare module 'koa-ratelimit' {
  import type { Context, Middleware } from 'koa';
  export default function ratelimit(options: {
    driver: 'memory';
    db: Map<unknown, unknown>;
    duration: number;
    max: number;
    id: (ctx: Context) => string;
    throw?: boolean;
  }): Middleware;
}
