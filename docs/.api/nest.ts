export * from '@error-contract/nest';
