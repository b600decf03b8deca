import { redirect } from 'next/navigation';
import { route } from '../../../lib/errors.js';

// redirect() is no failure: Next answers it 307 with Location, with or without the contract
export const { GET } = route({
  GET() {
    redirect('/page');
  },
});
