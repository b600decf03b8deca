export * from '@error-contract/core/maps';
