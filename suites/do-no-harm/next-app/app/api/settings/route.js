import { route } from '../../../lib/errors.js';

// Static whatever the request: Next hands the handler a request without headers or query.
export const dynamic = 'force-static';

export const { GET } = route({
  GET(request) {
    return Response.json({ currency: 'EUR', query: request.nextUrl.searchParams.size, language: request.headers.get('accept-language') });
  },
});
