// Writers only; the body is JSON of at most 100 kB (inflated when gzip or deflate), and zod's
// error for an invalid widget is the contract's 400 validation_failed.
import { BODY_LIMIT_BYTES, type Role, requireJsonContentType, requireWriter } from '@error-contract/service-kit';
import { defineHandler } from 'nitro';
import { readJson } from '../utils/body.ts';
import { widgets } from '../utils/service.ts';

export default defineHandler(async (event) => {
  requireWriter(event.context.role as Role | undefined);
  const headers = event.req.headers;
  requireJsonContentType(headers.get('content-type'), headers.get('content-encoding'), headers.get('content-length'));
  return Response.json(widgets.create(await readJson(event.req, BODY_LIMIT_BYTES)), { status: 201 });
});
