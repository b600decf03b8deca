import { cookies } from 'next/headers';
import { route } from '../../../lib/errors.js';

export const { GET } = route({
  async GET() {
    const jar = await cookies();
    const theme = jar.get('theme')?.value ?? 'light';
    jar.set('session', 'abc123', { httpOnly: true, path: '/' });
    return Response.json({ theme });
  },
});
