export * from '@error-contract/nest/swagger';
