export * from '@error-contract/h3';
