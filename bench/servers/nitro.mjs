// Nitro 3 (servers/nitro/, built by nitro-build.mjs before this starts): its own answers ("bare"),
// a hand-written error handler and Accept check ("minimal"), the contract, and the floor. The
// build's node-middleware preset exports Nitro's handler, served on Node's http server as the
// other servers are.
import { createServer } from 'node:http';
import { nitroEntry } from './nitro-build.mjs';
import { reportWhenListening } from './harness.mjs';

const variant = process.argv[2];
const { middleware } = await import(nitroEntry(variant));
const server = createServer(middleware);
server.listen(0, '127.0.0.1');
reportWhenListening(server);
