// The same service, on Fastify 4 with the rate-limit plugin made for it: the adapter supports both
// majors, and the contract must not depend on which one an app runs.
import { describeConformance } from '@error-contract/conformance';
import rateLimitV4 from '@fastify/rate-limit-v4';
import fastify4 from 'fastify4';
import type { FastifyPlatform } from '../src/app.js';
import { startServiceOn } from '../src/server.js';

const FASTIFY_4 = { major: 4, fastify: fastify4, rateLimit: rateLimitV4 } as unknown as FastifyPlatform;

describeConformance('fastify 4', { start: (config) => startServiceOn(FASTIFY_4, config) });
