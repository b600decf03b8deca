export * from '@error-contract/elysia';
