// Every Fastify major the adapter supports, each with the plugin versions made for it; each test
// file runs once per entry.
import corsV5 from '@fastify/cors';
import corsV4 from '@fastify/cors-v4';
import helmetV5 from '@fastify/helmet';
import helmetV4 from '@fastify/helmet-v4';
import rateLimitV5 from '@fastify/rate-limit';
import rateLimitV4 from '@fastify/rate-limit-v4';
import sensibleV5 from '@fastify/sensible';
import sensibleV4 from '@fastify/sensible-v4';
import fastify4 from 'fastify4';
import fastify5 from 'fastify5';

/** A Fastify factory and the plugins of the same major, typed loosely: the tests use one API of both. */
export interface FastifyMajor {
  name: string;
  major: number;
  fastify: (options?: Record<string, unknown>) => any;
  cors: any;
  helmet: any;
  rateLimit: any;
  sensible: any;
}

export const fastifies: Array<[string, FastifyMajor]> = [
  ['Fastify 4', { name: 'Fastify 4', major: 4, fastify: fastify4 as never, cors: corsV4, helmet: helmetV4, rateLimit: rateLimitV4, sensible: sensibleV4 }],
  ['Fastify 5', { name: 'Fastify 5', major: 5, fastify: fastify5 as never, cors: corsV5, helmet: helmetV5, rateLimit: rateLimitV5, sensible: sensibleV5 }],
];
