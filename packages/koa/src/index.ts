export { errorContract, type KoaErrorContract, type KoaOptions } from './error-contract.js';
export { routeTemplateOf } from './route-template.js';
