export * from '@error-contract/nitro';
