// The validation curve's per-field cost, in one process and without HTTP: is the contract's own
// work linear in the number of field errors, and what do zod and a hand-written handler cost per
// field? The scale section's linearity row is measured over HTTP, where the hand-written
// handler's slope ratio moves as much as the contract's; this separates the parts.
//   node --single-threaded field-slope.mjs [errors per timing=2000] [timings=7]
// Prints, for 1, 10 and 100 missing fields: making the ZodError (schema.parse of {}), the
// contract's respond() of it, and the hand-written body (JSON.stringify of the issues, as the
// scale servers' `minimal` variant sends); then the per-field cost from 1 to 10 and from 10 to
// 100 and their ratio (1 is linear, about 10 quadratic). Each figure is the best of the timings.
import { createErrorContract } from '@error-contract/core';
import { z } from 'zod';

const [perTiming = '2000', timings = '7'] = process.argv.slice(2);
const COUNTS = [1, 10, 100];
const contract = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict' });
const request = { method: 'POST', path: '/validate/100', headers: { accept: 'application/json' } };
const schemas = new Map(COUNTS.map((n) => [n, z.object(Object.fromEntries(Array.from({ length: n }, (_, i) => [`field${i}`, z.string()])))]));

function zodErrorOf(fields) {
  try {
    schemas.get(fields).parse({});
  } catch (error) {
    return error;
  }
  throw new Error(`no ZodError for ${fields} fields`);
}

// Best of `timings` runs over fresh errors, so no step is timed on an error another step has read.
function microsPer(step, fields) {
  let best = Infinity;
  for (let timing = 0; timing < Number(timings); timing++) {
    const errors = Array.from({ length: Number(perTiming) }, () => zodErrorOf(fields));
    const started = process.hrtime.bigint();
    for (const error of errors) step(error);
    best = Math.min(best, Number(process.hrtime.bigint() - started) / errors.length / 1000);
  }
  return best;
}

// step name -> what is timed, given a fresh error of `fields` missing fields
const STEPS = {
  'zod error': (error, fields) => zodErrorOf(fields),
  'contract respond()': (error) => contract.respond(error, request),
  'hand-written body': (error) => JSON.stringify({ status: 400, code: 'validation_failed', errors: error.issues }),
};
const figures = {};
// Twice over, the first pass as warm-up; the second is kept.
for (let pass = 0; pass < 2; pass++) {
  for (const fields of COUNTS) {
    figures[fields] = Object.fromEntries(Object.entries(STEPS).map(([step, run]) => [step, microsPer((error) => run(error, fields), fields)]));
  }
}
for (const step of Object.keys(STEPS)) {
  const [one, ten, hundred] = COUNTS.map((fields) => figures[fields][step]);
  const low = (ten - one) / 9;
  const high = (hundred - ten) / 90;
  console.log(`${step.padEnd(20)} ${COUNTS.map((fields, i) => `${fields}: ${[one, ten, hundred][i].toFixed(2)} µs`).join('  ')}  per field 1→10 ${low.toFixed(3)} µs, 10→100 ${high.toFixed(3)} µs, ratio ${(high / low).toFixed(2)}`);
}
