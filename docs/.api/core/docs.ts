export * from '@error-contract/core/docs';
