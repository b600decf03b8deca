export * from '@error-contract/express';
