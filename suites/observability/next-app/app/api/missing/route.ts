import { notFound } from '@error-contract/core';
import { errors } from '../../../lib/errors';

export const dynamic = 'force-dynamic';

export const { GET } = errors.route({
  GET: () => {
    throw notFound('No widget');
  },
});
