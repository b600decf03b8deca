// Prints compiled-route.ts's finding as JSON, on Bun (run by bun.test.ts).
import { compiledRoute } from './compiled-route.js';

console.log(JSON.stringify(compiledRoute()));
