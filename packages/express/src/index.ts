export { errorContract, type ExpressErrorContract, type FallbackOptions, type GuardOptions } from './error-contract.js';
export { routeTemplateOf } from './route-template.js';
