// Prints compiled-route.ts's compiled route, on Bun (run by bun.test.ts).
import { compiledRoute } from './compiled-route.js';

console.log(compiledRoute());
