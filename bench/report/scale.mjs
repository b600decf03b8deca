// The "Scale" section: each curve of http/scale-cases.mjs as a table row per variant, with the
// verdict the issue asks for (flat for route counts and catalog sizes, linear for field errors).
import { FRAMEWORKS } from '../http/cases.mjs';
import { ACCEPTS, CURVES } from '../http/scale-cases.mjs';
import { cpuOf, fixed, ratio } from './format.mjs';

/** Flat: the last point costs at most this much more than the first. */
export const FLAT = 1.1;
/** Linear: the per-field cost from 10 to 100 fields is at most this multiple of that from 1 to 10 (quadratic would be about 10). */
export const LINEAR = 2;

const series = (curve, figures, variant) => curve.points.map((point) => cpuOf(figures?.[variant]?.[point.label]));
const growth = (values) => ratio(values.at(-1), values[0]);
const slope = (values, from, to) => (typeof values[from] === 'number' && typeof values[to] === 'number' ? (values[to] - values[from]) / (curveX(to) - curveX(from)) : null);
// The field counts of the validation curve, by point index.
const curveX = (index) => CURVES.find((curve) => curve.key === 'validation').points[index].x;

/** The figures behind one curve's verdict; `figures` is results.scale[framework][curve.key]. */
export function analyse(curve, figures) {
  const contract = series(curve, figures, 'contract');
  const reference = curve.reference ? series(curve, figures, curve.reference) : null;
  const result = { contract, reference, contractGrowth: growth(contract), referenceGrowth: reference ? growth(reference) : null };
  // Routes: the framework's own router may walk its route list (Express's and @koa/router's do),
  // adding the same microseconds to every variant. So the contract's 1000/10 ratio is taken net of
  // the bare variant's own growth (same run, same request): (contract@1000 - (bare@1000 - bare@10)) / contract@10.
  if (curve.axis === 'routes') {
    // A radix-tree router (Fastify's, Hono's) does not grow: its bare 1000-10 difference is noise
    // of either sign, and a negative one, subtracted, would charge the contract for it.
    const own = typeof reference?.[0] === 'number' && typeof reference.at(-1) === 'number' ? Math.max(0, reference.at(-1) - reference[0]) : null;
    result.netGrowth = own === null || typeof contract.at(-1) !== 'number' ? null : ratio(contract.at(-1) - own, contract[0]);
  }
  if (curve.key === 'validation') {
    result.perField = slope(contract, 0, 2);
    result.referencePerField = slope(reference, 0, 2);
    result.linearity = ratio(slope(contract, 1, 2), slope(contract, 0, 1));
  }
  if (curve.key === 'accept') {
    const kib = (ACCEPTS.at(-1).headers.accept.length - ACCEPTS[0].headers.accept.length) / 1024;
    result.perKiB = typeof contract[0] === 'number' ? (contract.at(-1) - contract[0]) / kib : null;
    result.referencePerKiB = reference && typeof reference[0] === 'number' ? (reference.at(-1) - reference[0]) / kib : null;
  }
  return result;
}

/** The flatness targets (and validation's linearity) for the targets table. */
export function scaleTargets(scale) {
  const checks = [];
  for (const framework of FRAMEWORKS) {
    const figures = scale?.[framework];
    if (!figures) continue;
    for (const curve of CURVES) {
      const a = analyse(curve, figures[curve.key]);
      if (curve.axis === 'routes') {
        checks.push({ name: `${framework}: ${curve.title.replace(' by route count', '')}, contract 1000 / 10 routes, net of the framework's own growth`, value: a.netGrowth, target: `<= ${FLAT.toFixed(2)}`, pass: a.netGrowth !== null && a.netGrowth <= FLAT });
      } else if (curve.key === 'catalog') {
        checks.push({ name: `${framework}: thrown catalog error, 1000-code / 10-code catalog, contract`, value: a.contractGrowth, target: `<= ${FLAT.toFixed(2)}`, pass: a.contractGrowth !== null && a.contractGrowth <= FLAT });
      } else if (curve.key === 'validation') {
        checks.push({ name: `${framework}: validation failure, contract per-field cost 10→100 / 1→10 fields (linear)`, value: a.linearity, target: `<= ${LINEAR.toFixed(2)}`, pass: a.linearity !== null && a.linearity <= LINEAR });
      }
    }
  }
  return checks;
}

function verdict(curve, a) {
  const ref = curve.reference;
  if (curve.axis === 'routes') {
    const flat = a.netGrowth !== null && a.netGrowth <= FLAT;
    return `net of ${ref}'s own growth (${fixed(a.reference.at(-1) - a.reference[0], 1)} µs): ${fixed(a.netGrowth)}× (${flat ? 'flat' : '**grows**'})`;
  }
  if (curve.key === 'catalog') return `${fixed(a.contractGrowth)}× (${a.contractGrowth !== null && a.contractGrowth <= FLAT ? 'flat' : '**grows**'})`;
  if (curve.key === 'validation') {
    const linear = a.linearity !== null && a.linearity <= LINEAR;
    return `per field: contract ${fixed(a.perField)} µs, ${ref} ${fixed(a.referencePerField)} µs; slope 10→100 / 1→10 ${fixed(a.linearity)} (${linear ? 'linear' : '**not linear**'})`;
  }
  if (curve.key === 'accept') return `per KiB of Accept: contract ${fixed(a.perKiB)} µs, ${ref} ${fixed(a.referencePerKiB)} µs`;
  return '';
}

/** One table per framework: a row per curve and variant. */
export function scaleMarkdown(results, { chart } = {}) {
  const scale = results.scale;
  if (!scale) return [];
  const s = results.settings.scale;
  const lines = ['', '### Scale', ''];
  lines.push(
    `CPU µs per request (median over ${s.rounds} round${s.rounds === 1 ? '' : 's'} of fresh processes; ${s.primeRequests} requests to prime each point, ${s.warmupRequests} to warm up, ${s.requests} measured). ` +
      'Every point of a curve is measured in the same server process (one app per route count or catalog size, each on its own port), so process-to-process noise does not enter a ratio. ' +
      'Routes are `/r0/widgets/:id` … with GET and POST each, after the fixed routes; the 405 is a PUT to the second-to-last. ' +
      'Route-count flatness: the framework\'s own router may walk its list (Express\'s and @koa/router\'s do, and Nest\'s on platform-express, a layer per method), adding the same µs to every variant, so the contract\'s 1000/10 ratio is taken net of the bare variant\'s own growth on the same request, (contract@1000 − max(0, bare@1000 − bare@10)) / contract@10 (for the 405, bare Express, Hono, Fastify and Nest answer 404 after the same router walk). ' +
      'Validation: a POST whose handler runs a zod schema of N required string fields on `{}`, so it throws a ZodError of N issues; `minimal` answers it with the issues JSON-stringified as they are, the contract as `validation_failed` with N `errors` (checked with a real request per run). ' +
      'Catalog: the thrown code is the catalog\'s last.',
  );
  if (chart) lines.push('', `![Scale curves](${chart})`);
  for (const framework of FRAMEWORKS) {
    if (!scale[framework]) continue;
    lines.push('', `#### ${framework}: scale`, '', '| curve (points) | variant | 1st | 2nd | 3rd | last / first | verdict |', '|---|---|---|---|---|---|---|');
    for (const curve of CURVES) {
      const figures = scale[framework][curve.key];
      const a = analyse(curve, figures);
      const points = curve.points.map((point) => point.label).join(' / ');
      for (const variant of curve.variants) {
        const values = series(curve, figures, variant);
        const cells = [0, 1, 2].map((index) => (index < values.length ? fixed(values[index], 1) : '—'));
        lines.push(`| ${curve.title} (${points}) | ${variant} | ${cells.join(' | ')} | ${fixed(growth(values))}× | ${variant === 'contract' ? verdict(curve, a) : ''} |`);
      }
    }
  }
  return lines;
}
