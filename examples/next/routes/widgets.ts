// /widgets under each prefix: GET lists, POST (writers) creates. PUT, PATCH and DELETE are not
// exported: the proxy answers them with the contract's 405 and `Allow: GET, HEAD, POST`.
import { authenticate, BODY_LIMIT_BYTES, requireJsonContentType, requireWriter } from '@error-contract/service-kit';
import { readJson } from '@/lib/body';
import { errors } from '@/lib/errors';
import { widgets } from '@/lib/service';

export const { GET, POST } = errors.route({
  GET() {
    return Response.json(widgets().list());
  },
  async POST(request) {
    requireWriter(authenticate(request.headers.get('authorization')));
    requireJsonContentType(request.headers.get('content-type'), request.headers.get('content-encoding'), request.headers.get('content-length'));
    // zod's error for an invalid widget is the contract's 400 validation_failed
    return Response.json(widgets().create(await readJson(request, BODY_LIMIT_BYTES)), { status: 201 });
  },
});
