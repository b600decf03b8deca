export { errorContract, type NitroErrorContract, type NitroErrorHandler, type NitroPlugin } from './error-contract.js';
export { errorContractRoutes, type NitroBuildLike, type NitroModuleLike, type NitroRoute } from './routes-module.js';
