export * from '@error-contract/core/openapi';
