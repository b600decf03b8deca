export { errorContract, type FetchHandler, type HonoErrorContract, type ValidationResult } from './error-contract.js';
export { routeTemplateOf } from './route-template.js';
