// A hand-written error handler: 404 or 405 from a table of the app's paths, 400 for an h3 error of
// the app's, a logged 500 otherwise.
import { HTTPError } from 'h3';

const ALLOW: Record<string, string> = { '/widgets': 'GET, HEAD, POST' };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export default (error: HTTPError, event: { url: URL; context: { matchedRoute?: unknown } }) => {
  const status = HTTPError.isError(error) && !error.unhandled ? error.status : 500;
  if (status === 404 && event.context.matchedRoute === undefined) {
    const methods = ALLOW[event.url.pathname];
    if (methods) return json(405, { status: 405, code: 'method_not_allowed', message: 'Method not allowed.' }, { allow: methods });
    return json(404, { status: 404, code: 'not_found', message: 'Not found.' });
  }
  if (status >= 500) console.error(error.cause ?? error);
  return json(status, { status, code: status >= 500 ? 'internal_server_error' : 'bad_request', message: status >= 500 ? 'Internal error.' : error.message });
};
