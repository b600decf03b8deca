// The older majors are installed under alias names; their typings are the current major's, which
// the fixtures cast to (they call nothing that differs between the two).
declare module 'express4' {
  const express: unknown;
  export default express;
}

declare module 'koa2' {
  const Koa: unknown;
  export default Koa;
}

declare module 'fastify4' {
  const fastify: unknown;
  export default fastify;
}

// The Fastify 4 plugins' own typings declare Fastify 4's types; the fixture casts them to the
// current majors' (it passes them only to register).
declare module '@fastify/compress-v4';
declare module '@fastify/cookie-v4';
declare module '@fastify/cors-v4';
declare module '@fastify/helmet-v4';
declare module '@fastify/sensible-v4';
declare module '@fastify/static-v4';
