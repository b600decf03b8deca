export * from '@error-contract/fastify';
