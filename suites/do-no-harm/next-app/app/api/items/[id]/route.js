import { notFound } from 'next/navigation';
import { ITEMS, route } from '../../../../lib/errors.js';

export const { GET } = route({
  async GET(_request, { params }) {
    const { id } = await params;
    const item = ITEMS.find((candidate) => candidate.id === id);
    if (item === undefined) notFound();
    return Response.json(item);
  },
});
