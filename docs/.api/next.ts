export * from '@error-contract/next';
