export * from '@error-contract/core/presets';
