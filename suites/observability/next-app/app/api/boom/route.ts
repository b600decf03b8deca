import { errors } from '../../../lib/errors';

export const dynamic = 'force-dynamic';

export const { GET } = errors.route({
  GET: () => {
    throw new Error('connection to db-7 failed');
  },
});
