// An ESM Express app with the contract, started under register.mjs. It prints its URL, and answers
// GET /spans with what the exporter holds, so the test can read the trace from outside.
import express from 'express';
import { errorContract } from '@error-contract/express';

const app = express();
const errors = errorContract({ typeBaseUrl: 'https://docs.example.com/errors/', traceId: true, logger: false });
app.get('/spans', (_req, res) => {
  res.json(globalThis.finishedSpans().map((span) => ({ name: span.name, kind: span.kind, traceId: span.spanContext().traceId, attributes: span.attributes, status: span.status.code, events: span.events.map((event) => event.name) })));
});
app.use('/api', errors.guard());
app.get('/api/crash', () => {
  throw new Error('db-7 password=hunter2');
});
app.get('/api/widgets/:id', () => {
  throw Object.assign(new Error('No widget 9'), { status: 404, expose: true });
});
app.use('/api', errors.fallback());
app.use('/api', errors.handler());
const server = app.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
