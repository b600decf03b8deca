import { route } from '../../../lib/errors.js';

// Prerendered at build and revalidated hourly by Next (ISR), with or without the contract.
export const revalidate = 3600;

export const { GET } = route({
  GET() {
    return Response.json([{ id: 'lamps', name: 'Lamps' }, { id: 'desks', name: 'Desks' }]);
  },
});
