// Nest 12 on @nestjs/platform-express: servers/nest.mjs.
import { startNest } from './nest.mjs';

await startNest('express', process.argv[2]);
