export * from '@error-contract/hono';
