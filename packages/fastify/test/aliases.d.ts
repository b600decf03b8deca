// The aliased installs (package.json) have the types of the packages they alias.
declare module 'fastify4' {
  const fastify: any;
  export default fastify;
}
declare module 'fastify5' {
  import fastify from 'fastify';
  export default fastify;
}
declare module '@fastify/cors-v4';
declare module '@fastify/helmet-v4';
declare module '@fastify/rate-limit-v4';
declare module '@fastify/sensible-v4';
