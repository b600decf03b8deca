import { route } from '../../../lib/errors.js';

export const { GET } = route({
  GET() {
    return new Response(null, { status: 403 });
  },
});
