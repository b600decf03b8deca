export * from '@error-contract/hono/zod-openapi';
