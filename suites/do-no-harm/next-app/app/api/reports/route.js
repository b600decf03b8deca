import { route } from '../../../lib/errors.js';

// The app's own OPTIONS handler: whatever a client sends, it answers.
export const { GET, OPTIONS } = route({
  GET() {
    return Response.json([]);
  },
  OPTIONS() {
    return new Response(null, { status: 204, headers: { allow: 'GET, OPTIONS', 'x-reports-options': 'own' } });
  },
});
