// The scale section: per framework, the curves of scale-cases.mjs measured with runRounds().
import { fail } from './checks.mjs';
import { JSON_ACCEPT } from './cases.mjs';
import { send } from './request.mjs';
import { runRounds } from './rounds.mjs';
import { CURVES, FIELD_COUNTS, scalePlan, slotId } from './scale-cases.mjs';

/**
 * A status alone does not show that a validation failure carried its N field errors: one real
 * request per count and variant, its `errors` counted (contract: one per field; minimal: the
 * validator's issues as they are).
 */
async function probeValidation(framework, started) {
  for (const variant of ['minimal', 'contract']) {
    const server = started[`${framework}/scale/${variant}`];
    for (const fields of FIELD_COUNTS) {
      const label = `${framework}/scale/${variant} POST /validate/${fields}`;
      try {
        const response = await send(server.ports[0], { method: 'POST', path: `/validate/${fields}`, headers: JSON_ACCEPT });
        const body = JSON.parse(response.body);
        const count = Array.isArray(body.errors) ? body.errors.length : null;
        if (response.status !== 400 || count !== fields) fail(label, `expected 400 with ${fields} entries in errors, got ${response.status} with ${count}`);
        if (variant === 'contract' && body.code !== 'validation_failed') fail(label, `expected code validation_failed, got ${body.code}`);
      } catch (error) {
        fail(label, `probe failed: ${error.message}`);
      }
    }
  }
}

/** Returns { [framework]: { [curve key]: { [variant]: { [point label]: summary } } } }. */
export async function runScale({ frameworks, log, ...settings }) {
  const results = {};
  for (const framework of frameworks) {
    const { servers, groups } = scalePlan(framework);
    const slots = await runRounds({ servers, groups, ...settings, probe: (started) => probeValidation(framework, started) });
    results[framework] = {};
    for (const curve of CURVES) {
      const byVariant = {};
      for (const variant of curve.variants) byVariant[variant] = Object.fromEntries(curve.points.map((point) => [point.label, slots[slotId(framework, curve, variant, point)]]));
      results[framework][curve.key] = byVariant;
      const contract = curve.points.map((point) => byVariant.contract[point.label].cpuUsPerRequest.median?.toFixed(1)).join(' / ');
      log?.(`${framework.padEnd(8)} scale ${curve.title.padEnd(44)} contract ${contract} µs/req`);
    }
  }
  return results;
}
