// Nest 12 on @nestjs/platform-express, for the scale curves: scale/nest.mjs.
import { startNestScale } from './nest.mjs';

await startNestScale('express');
