// Named by `errorHandler` in nitro.config.ts: every failure, in the contract's shape.
import { errors } from './utils/errors.ts';

export default errors.errorHandler;
