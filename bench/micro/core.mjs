// Micro benchmarks of core's respond(), in both shapes, against the floor (an object literal and
// JSON.stringify) and the peers building the same body (Boom, http-problem-details).
import Boom from '@hapi/boom';
import { createErrorContract, problems, validationFailed } from '@error-contract/core';
import createError from 'http-errors';
import { ProblemDocument } from 'http-problem-details';
import { Bench } from 'tinybench';

const request = { method: 'GET', path: '/api/client/v2/widgets/9', headers: { accept: 'application/json' } };
const DETAIL = 'No widget has the id "9".';
const fiveFields = [
  { field: 'name', detail: 'Required' },
  { field: 'price', detail: 'must be >= 0' },
  { field: 'items[0].name', detail: 'Required' },
  { field: 'items[1].qty', detail: 'must be an integer' },
  { field: 'colour', detail: 'Unknown field "colour".' },
];

/** The benchmark tasks: name -> function. The first group is what the targets compare. */
export function tasks() {
  const contracts = {
    detailed: createErrorContract({ shape: 'detailed', typeBaseUrl: 'https://docs.example.com/errors/', onError: () => {} }),
    compact: createErrorContract({ shape: 'compact', typeBaseUrl: 'https://docs.example.com/errors/', onError: () => {} }),
  };
  const thrown400 = createError(400, 'The cursor is not valid.');
  const thrownValidation = validationFailed(fiveFields);
  const list = {
    'floor: object literal + JSON.stringify (404)': () =>
      JSON.stringify({ type: 'https://docs.example.com/errors/not_found', title: 'Not Found', status: 404, detail: DETAIL, instance: request.path, code: 'not_found' }),
    'Boom.notFound().output.payload (404)': () => JSON.stringify(Boom.notFound(DETAIL).output.payload),
    'http-problem-details ProblemDocument (404)': () =>
      JSON.stringify(new ProblemDocument({ type: 'https://docs.example.com/errors/not_found', title: 'Not Found', status: 404, detail: DETAIL, instance: request.path }, { code: 'not_found' })),
  };
  for (const [shape, contract] of Object.entries(contracts)) {
    list[`respond: 404 problem (${shape})`] = () => contract.respond(problems.notFound(DETAIL), request);
    list[`respond: thrown http-errors 400 (${shape})`] = () => contract.respond(thrown400, request);
    list[`respond: validation failure, 5 fields (${shape})`] = () => contract.respond(thrownValidation, request);
    list[`respond: unknown thrown value (${shape})`] = () => contract.respond({ weird: true }, request);
  }
  return list;
}

/** Runs the micro benchmarks; returns { name: { nsPerOp, opsPerSec, rme, samples } }. */
export async function runMicro({ quick = false } = {}) {
  const bench = new Bench({ time: quick ? 150 : 600, warmupTime: quick ? 50 : 200 });
  for (const [name, fn] of Object.entries(tasks())) bench.add(name, fn);
  await bench.run();
  const results = {};
  for (const task of bench.tasks) {
    const latency = task.result?.latency;
    results[task.name] = {
      nsPerOp: latency ? latency.p50 * 1e6 : null,
      meanNs: latency ? latency.mean * 1e6 : null,
      opsPerSec: task.result?.throughput?.mean ?? null,
      rme: latency?.rme ?? null,
      samples: latency?.samplesCount ?? null,
    };
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await runMicro({ quick: process.argv.includes('--quick') });
  for (const [name, r] of Object.entries(results)) console.log(`${name.padEnd(58)} p50 ${r.nsPerOp?.toFixed(0).padStart(6)} ns  mean ${r.meanNs?.toFixed(0).padStart(6)} ns`);
}
