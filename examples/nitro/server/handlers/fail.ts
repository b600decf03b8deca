// A bug in a handler: the client gets a generic 500, the operator the stack.
import { defineHandler } from 'nitro';

export default defineHandler(() => {
  throw new Error('connection to db-7 failed: password=hunter2');
});
