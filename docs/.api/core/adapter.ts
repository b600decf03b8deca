export * from '@error-contract/core/adapter';
