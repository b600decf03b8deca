export { errorContract, type ExpressErrorContract, type GuardOptions } from './error-contract.js';
