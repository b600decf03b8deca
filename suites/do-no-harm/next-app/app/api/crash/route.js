import { route, SECRET } from '../../../lib/errors.js';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET() {
    throw new Error(`connection failed: ${SECRET}`);
  },
});
