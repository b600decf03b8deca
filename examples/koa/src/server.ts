import { answerClientErrors } from '@error-contract/node';
import { running, type StartService, serviceContract } from '@error-contract/service-kit';
import { createApp } from './app.js';

/** Starts the Koa reference service; port 0 picks a free one. Node's own refusals (a malformed
 * request, an over-large header block) are answered in the contract too. */
export const startService: StartService = (config) =>
  running(answerClientErrors(createApp(config).listen(config.port, config.host), serviceContract(config)), config.host);
