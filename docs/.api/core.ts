export * from '@error-contract/core';
