export { authenticate, bearerToken, CHALLENGE, clientKey, requireWriter, type Role } from './auth.ts';
export { bytesWithin, requireJsonContentType } from './body.ts';
export { configFromEnv, type ServiceConfig } from './config.ts';
export { BODY_LIMIT_BYTES, PREFIXES, serviceContract, shapeFor } from './contract.ts';
export { BEARER_SCHEME, OPENAPI_PATH, OPERATION_CODES, publicDocuments, SERVICE_INFO, serviceAnswers, type ServiceDocumentOptions, serviceOpenApi, widgetSchemas } from './public-documents.ts';
export { connectRateLimitRedis, failOpen, type RateLimitRedis } from './rate-limit-redis.ts';
export { running, runMain, type RunningServer, type StartService } from './serve.ts';
export { noSuchWidget, type Widget, widgetInput, WidgetStore } from './widgets.ts';
