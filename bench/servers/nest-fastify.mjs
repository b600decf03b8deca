// Nest 12 on @nestjs/platform-fastify: servers/nest.mjs.
import { startNest } from './nest.mjs';

await startNest('fastify', process.argv[2]);
