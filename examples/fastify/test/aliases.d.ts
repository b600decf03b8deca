// npm aliases of older majors, installed beside the current ones for the tests.
declare module 'fastify4';
declare module '@fastify/rate-limit-v4';
