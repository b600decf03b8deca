// What Nitro 3's built server answers itself, before its app (and so the contract) runs: measured
// on nitro 3.0.260903-beta. The Nitro service is held to exactly these answers for them, and to the
// contract (and the others' bytes) for every other case.
//
// - Node's parser refusals: `node .output/server/index.mjs` makes and owns its http.Server (srvx),
//   so `answerClientErrors` (@error-contract/node) cannot be attached; Node's own bare answer goes out.
import { nodeRefusals } from './node-refusals.js';

const NODE = "Node's own bare answer (Nitro's built server owns the http.Server)";

export const NITRO_ANSWERS: Readonly<Record<string, { status: number; why: string }>> = {
  ...nodeRefusals(NODE),
};
