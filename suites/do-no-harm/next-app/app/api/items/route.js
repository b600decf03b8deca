import { ITEMS, route } from '../../../lib/errors.js';

export const { GET, POST } = route({
  GET() {
    return Response.json(ITEMS);
  },
  async POST(request) {
    const { name } = await request.json();
    return Response.json({ id: '41', name }, { status: 201 });
  },
});
