export * from '@error-contract/testing';
