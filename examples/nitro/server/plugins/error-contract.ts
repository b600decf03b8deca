// Each thrown value printed once: the contract's line for a 5xx, nothing for a client's failure
// (h3 prints every thrown value that is not its own HTTPError, before the error handler runs).
import { errors } from '../utils/errors.ts';

export default errors.plugin;
