export * from '@error-contract/client/adapters';
