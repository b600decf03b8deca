import { route, SECRET } from '../../../lib/errors.js';

// it fails when called, not when built (without `force-dynamic` Next would prerender it at build)
export const dynamic = 'force-dynamic';

export const { GET } = route({
  GET() {
    throw new Error(`connection failed: ${SECRET}`);
  },
});
