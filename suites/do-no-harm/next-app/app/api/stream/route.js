import { route } from '../../../lib/errors.js';

const CHUNKS = ['first line\n', 'second line\n', 'third line\n', 'last line\n'];

export const { GET } = route({
  GET() {
    const encoder = new TextEncoder();
    const body = new ReadableStream({
      async start(controller) {
        for (const chunk of CHUNKS) {
          controller.enqueue(encoder.encode(chunk));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
  },
});
