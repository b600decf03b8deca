export { errorContract, type KoaErrorContract, type KoaOptions } from './error-contract.js';
