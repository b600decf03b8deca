// The contract's checks before routing: 406 for a missing Accept or one without JSON, 400 for a
// path that does not decode.
import { errors } from '../utils/errors.ts';

export default errors.middleware;
