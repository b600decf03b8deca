export { authenticate, bearerToken, CHALLENGE, clientKey, requireWriter, type Role } from './auth.js';
export { bytesWithin, requireJsonContentType } from './body.js';
export { configFromEnv, type ServiceConfig } from './config.js';
export { BODY_LIMIT_BYTES, PREFIXES, serviceContract, shapeFor } from './contract.js';
export { BEARER_SCHEME, OPENAPI_PATH, publicDocuments, SERVICE_INFO, serviceOpenApi, widgetSchemas } from './public-documents.js';
export { connectRateLimitRedis, failOpen, type RateLimitRedis } from './rate-limit-redis.js';
export { running, runMain, type RunningServer, type StartService } from './serve.js';
export { noSuchWidget, type Widget, widgetInput, WidgetStore } from './widgets.js';
