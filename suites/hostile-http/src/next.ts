// What Next.js answers itself under `next start`, before its proxy or any route module runs, so
// before the contract can: measured on Next 16.4. The other services answer all of these in the
// contract; the Next service is held to exactly these answers for them, and to the contract (and
// the others' bytes) for every other case.
//
// - Node's parser refusals: `next start` makes and owns its http.Server, so `answerClientErrors`
//   (@error-contract/node) cannot be attached; Node's own bare answer goes out. A custom server
//   (`next({ dev: false })` on your own http.Server) can attach it.
// - Next redirects an absolute-form target and a path with repeated slashes (308) before routing.
// - TRACE: Next's proxy adapter makes a fetch `Request` with the method, which fetch forbids
//   (TypeError: 'TRACE' HTTP method is unsupported), and Next answers its own 500 in text/plain.
import { nodeRefusals } from './node-refusals.js';

const NODE = "Node's own bare answer (next start owns the http.Server)";

export const NEXT_ANSWERS: Readonly<Record<string, { status: number; why: string }>> = {
  ...nodeRefusals(NODE),
  'absolute-form target': { status: 308, why: "Next's redirect to the path, before routing" },
  'absolute-form target of no route': { status: 308, why: "Next's redirect to the path, before routing" },
  'a path starting with //': { status: 308, why: "Next's redirect of repeated slashes, before routing" },
  TRACE: { status: 500, why: "Next's own 500: fetch's Request refuses the method in Next's proxy adapter" },
};
