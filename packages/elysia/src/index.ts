export { type ElysiaErrorContract, errorContract } from './error-contract.js';
