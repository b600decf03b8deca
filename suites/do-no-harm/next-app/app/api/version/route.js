import { route } from '../../../lib/errors.js';

// A GET-only module that reads nothing of the request: dynamic all the same, since Next 15 made GET
// route handlers uncached by default; with the contract, the same.
export const { GET } = route({
  GET() {
    return Response.json({ version: '1.4.2' });
  },
});
