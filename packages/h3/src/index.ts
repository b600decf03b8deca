export { errorContract, type H3AdapterOptions, type H3ErrorContract, type H3ErrorHook, type H3Middleware } from './error-contract.js';
