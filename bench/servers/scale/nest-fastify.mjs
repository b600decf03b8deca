// Nest 12 on @nestjs/platform-fastify, for the scale curves: scale/nest.mjs.
import { startNestScale } from './nest.mjs';

await startNestScale('fastify');
