export { ErrorContractFilter } from './filter.js';
export { ERROR_CONTRACT, ErrorContractModule, type ErrorContractModuleAsyncOptions } from './module.js';
export { nestLogger } from './nest-logger.js';
export { ValidationFailedException, type ValidationErrorLike, validationException } from './validation.js';
