import type { ErrorContract } from '@error-contract/core';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { describe, expectTypeOf, it } from 'vitest';
import { errorContract, type FastifyErrorContractOptions, frameworkErrors, rateLimitError } from '../src/index.js';

describe('types', () => {
  it('register takes the core options and the plugin\'s own', () => {
    const app = Fastify();
    app.register(errorContract, { typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict', bareStatuses: false, notFound: true });
    // @ts-expect-error: checkRequest is a boolean
    app.register(errorContract, { checkRequest: 'yes' });
    expectTypeOf<FastifyErrorContractOptions['contract']>().toEqualTypeOf<ErrorContract | undefined>();
  });

  it('the decorator is typed', () => {
    expectTypeOf(Fastify().errorContract).toEqualTypeOf<ErrorContract>();
  });

  it('frameworkErrors fits the server option, rateLimitError the rate limiter\'s builder', () => {
    Fastify({ frameworkErrors: frameworkErrors({}) });
    expectTypeOf(frameworkErrors).returns.parameters.toMatchTypeOf<[Error, FastifyRequest, FastifyReply]>();
    expectTypeOf(rateLimitError).parameters.toMatchTypeOf<[unknown, { statusCode: number; ttl: number }]>();
  });
});
