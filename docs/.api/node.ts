export * from '@error-contract/node';
