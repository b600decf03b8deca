// One request with exactly the headers given, for the probes: fetch() would add its own
// (`accept: */*` among them), which turns the missing-Accept case into another one.
import { request as httpRequest } from 'node:http';

/** Resolves with { status, headers, body } (body as text). */
export function send(port, { method, path, headers = {} }) {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.setTimeout(5000, () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', reject);
    req.end();
  });
}
