import { route } from '../../../lib/errors.js';

// the app's own error answer: kept as it is
export const { GET } = route({
  GET() {
    return Response.json({ errors: [{ field: 'name', message: 'is required' }] }, { status: 422 });
  },
});
