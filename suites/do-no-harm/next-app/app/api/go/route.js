import { redirect } from 'next/navigation';
import { route } from '../../../lib/errors.js';

// redirect() is no failure: Next answers it 307 with Location, with or without the contract
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET() {
    redirect('/page');
  },
});
