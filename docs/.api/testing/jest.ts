export * from '@error-contract/testing/jest';
