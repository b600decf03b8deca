export * from '@error-contract/testing/vitest';
