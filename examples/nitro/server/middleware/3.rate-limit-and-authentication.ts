// Then the rate limit (per bearer token, else per address) and authentication, before routing:
// the role is kept in `event.context.role` for the routes that write.
import { authenticate } from '@error-contract/service-kit';
import { defineHandler } from 'nitro';
import { rateLimit } from '../utils/service.ts';

export default defineHandler(async (event) => {
  const authorization = event.req.headers.get('authorization');
  await rateLimit(authorization, (event.req as { ip?: string }).ip);
  event.context.role = authenticate(authorization);
});
