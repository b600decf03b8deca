import { running, type StartService } from '@error-contract/service-kit';
import { createApp } from './app.js';

/** Starts the Koa reference service; port 0 picks a free one. */
export const startService: StartService = (config) => running(createApp(config).listen(config.port, config.host), config.host);
