export * from '@error-contract/koa';
