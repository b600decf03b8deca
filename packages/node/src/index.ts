export { answerClientErrors, clientErrorListener, expectationListener } from './client-errors.js';
