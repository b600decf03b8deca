import { route } from '../../../lib/errors.js';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET() {
    return new Response(null, { status: 403 });
  },
});
