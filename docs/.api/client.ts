export * from '@error-contract/client';
