// A bug in a handler: the client gets a generic 500, the operator the stack.
import { errors } from '@/lib/errors';

export const { GET } = errors.route({
  GET() {
    throw new Error('connection to db-7 failed: password=hunter2');
  },
});
