export { errorContract, type NitroErrorContract, type NitroErrorHandler } from './error-contract.js';
export { errorContractRoutes, type NitroBuildLike, type NitroModuleLike, type NitroRoute } from './routes-module.js';
