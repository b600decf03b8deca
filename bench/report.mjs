// Ratios, targets and the Markdown report, from the raw figures of one run. The scale, peers and
// memory sections are written by report/*.mjs.
import { CASES, FRAMEWORKS } from './http/cases.mjs';
import { baselineWork } from './report/baselines.mjs';
import { fixed, ratio } from './report/format.mjs';
import { memoryMarkdown, memoryTargets } from './report/memory.mjs';
import { peersMarkdown } from './report/peers.mjs';
import { scaleMarkdown, scaleTargets } from './report/scale.mjs';

/**
 * Every pair the targets compare, as { name, value, target, pass } (plus `min` and `max` over rounds
 * for the HTTP rows). An HTTP row is met only when its upper bound, the worst round's paired ratio,
 * is: between two full runs on a quiet machine a row's median moves by up to 0.06, so a median just
 * under the line is not a result.
 */
export function evaluateTargets(results) {
  const checks = [];
  const add = (name, value, target, pass) => checks.push({ name, value, target, pass });
  const within = (limit) => (bound) => typeof bound === 'number' && bound <= limit;
  // value: the median; pass: judged on the max over rounds when the run has rounds, else on the value.
  // floor: the row's floor (run-http.mjs variantsOf), contract / floor and floor / bare, when measured
  const addSpread = (name, spread, target, test, floor) => {
    const upper = spread?.max ?? spread?.median ?? null;
    const check = { name, value: spread?.median ?? null, min: spread?.min ?? null, max: spread?.max ?? null, target: `${target} (upper bound)`, pass: test(upper) };
    if (floor !== undefined) check.floor = { contract: floor.contractRatio, overBare: floor.overBare };
    checks.push(check);
  };
  for (const framework of FRAMEWORKS) {
    const figures = results.http?.[framework];
    if (!figures) continue;
    const cpu = (kase, variant) => figures[kase]?.[variant]?.cpuUsPerRequest.median;
    // The paired ratio over rounds when the run has one (run-http.mjs), else the ratio of the medians.
    const vs = (kase, variant) => figures[kase]?.[variant]?.contractRatio ?? { median: ratio(cpu(kase, 'contract'), cpu(kase, variant)) };
    addSpread(`${framework}: happy path, contract / bare CPU per request`, vs('happy GET (200)', 'bare'), '<= 1.03', within(1.03));
    for (const kase of ['unknown path (404)', 'wrong method (405)', 'missing Accept (406)']) {
      addSpread(`${framework}: ${kase}, contract / hand-written`, vs(kase, 'minimal'), '<= 1.05', within(1.05), figures[kase]?.floor);
      addSpread(`${framework}: ${kase}, contract / framework default`, vs(kase, 'bare'), '<= 1.00', within(1.0), figures[kase]?.floor);
    }
    for (const kase of ['thrown Error (500)', 'thrown http-errors 400']) {
      addSpread(`${framework}: ${kase}, contract / hand-written`, vs(kase, 'minimal'), '<= 1.05', within(1.05), figures[kase]?.floor);
    }
  }
  const micro = results.micro ?? {};
  const floor = micro['floor: object literal + JSON.stringify (404)']?.nsPerOp;
  const boom = micro['Boom.notFound().output.payload (404)']?.nsPerOp;
  const problemDetails = micro['http-problem-details ProblemDocument (404)']?.nsPerOp;
  for (const shape of ['detailed', 'compact']) {
    const ours = micro[`respond: 404 problem (${shape})`]?.nsPerOp;
    const vsFloor = ratio(ours, floor);
    add(`core respond() 404 (${shape}) / floor`, vsFloor, '<= 1.5', vsFloor !== null && vsFloor <= 1.5);
    add(`core respond() 404 (${shape}) / Boom`, ratio(ours, boom), '< 1', ratio(ours, boom) !== null && ratio(ours, boom) < 1);
    add(`core respond() 404 (${shape}) / http-problem-details`, ratio(ours, problemDetails), '< 1', ratio(ours, problemDetails) !== null && ratio(ours, problemDetails) < 1);
  }
  checks.push(...scaleTargets(results.scale));
  checks.push(...memoryTargets(results.memory, { requests: results.settings?.memory?.requests }));
  return checks;
}

function range(summary, digits = 1) {
  return `${fixed(summary.median, digits)} (${fixed(summary.min, digits)}–${fixed(summary.max, digits)})`;
}

function statusOf(figure) {
  const entries = Object.entries(figure.statuses ?? {}).sort((a, b) => b[1] - a[1]);
  return entries[0]?.[0] ?? '-';
}

/** The Markdown report of one run; `chart` is the path of the scale SVG, when one was written. */
export function markdown(results, { chart } = {}) {
  const lines = [];
  const alternations = results.settings.alternations ?? 1;
  lines.push(`Run: ${results.date}, ${results.mode}: ${results.settings.rounds} rounds, each with fresh server processes primed with ${results.settings.primeRequests} requests of every case; then per case and variant ${results.settings.warmupRequests} requests to warm up and ${results.settings.requests} measured${alternations > 1 ? `, in ${alternations} windows taking turns with the other variants` : ''}; ${results.settings.connections} connections.`);
  lines.push(`Machine: ${results.machine.cpus} × ${results.machine.cpu}, ${results.machine.memoryGiB} GiB, ${results.machine.platform}; server pinned to core 1 and load generator to core 0: ${results.machine.pinned ? 'yes' : 'no (no taskset)'}.`);
  lines.push(`Versions: ${Object.entries(results.versions).map(([name, version]) => `${name} ${version}`).join(', ')}.`);
  lines.push('');
  lines.push(
    'CPU time of the server process per request (µs; median, min–max over rounds, that is over server processes) is the primary figure; throughput and latency stand beside it. ' +
      (alternations > 1
        ? "\"CPU vs contract\" and the targets are paired ratios: in each round the median of the ratios of windows measured one right after the other, then the median (min–max) over rounds. The host's drift moves a process's CPU time by up to 30% within a minute; pairing cancels what falls on both windows, where a ratio of two medians does not."
        : 'Ratios compare medians measured in the same run.'),
  );
  for (const framework of FRAMEWORKS) {
    const figures = results.http?.[framework];
    if (!figures) continue;
    lines.push('', `### ${framework}`, '', '| case | variant | status | CPU µs/req | req/s | p50 ms | p99 ms | CPU vs contract | what this variant does |', '|---|---|---|---|---|---|---|---|---|');
    for (const kase of CASES) {
      const row = figures[kase.name];
      if (!row) continue;
      for (const variant of kase.variants) {
        const figure = row[variant];
        const paired = figure.contractRatio;
        const vs = variant === 'contract' ? '' : paired ? `contract ${fixed(paired.median)}× (${fixed(paired.min)}–${fixed(paired.max)})` : `contract ${fixed(ratio(row.contract.cpuUsPerRequest.median, figure.cpuUsPerRequest.median))}×`;
        lines.push(`| ${kase.name} | ${variant} | ${statusOf(figure)} | ${range(figure.cpuUsPerRequest)} | ${range(figure.requestsPerSecond, 0)} | ${fixed(figure.p50.median, 1)} | ${fixed(figure.p99.median, 1)} | ${vs} | ${baselineWork(row, variant)} |`);
      }
    }
    lines.push('', 'Baselines: "minimal" is a hand-written handler (servers/*.mjs), "bare" the framework\'s default; the last column says, from one probe per case, whether it sends the contract\'s status and body bytes and how it treats Accept, so a ratio over equal work reads as such.');
    const rss = ['bare', 'minimal', 'contract'].map((variant) => `${variant} ${fixed(figures[`peak RSS (${variant})`] / 1048576, 1)} MiB`);
    lines.push('', `Peak RSS: ${rss.join(', ')}.`);
  }
  lines.push('', '### core, micro benchmarks (ns per call, median)', '', '| task | ns | vs floor |', '|---|---|---|');
  const floor = results.micro?.['floor: object literal + JSON.stringify (404)']?.nsPerOp;
  for (const [name, figure] of Object.entries(results.micro ?? {})) lines.push(`| ${name} | ${fixed(figure.nsPerOp, 0)} | ${fixed(ratio(figure.nsPerOp, floor))}× |`);
  lines.push(...scaleMarkdown(results, { chart }), ...peersMarkdown(results), ...memoryMarkdown(results));
  lines.push(
    '',
    '### Targets',
    '',
    "measured: the median, and for the HTTP rows (min–max) over rounds; an HTTP row is met only when its upper bound is. The error rows' floor, measured in the same windows: a server of the same framework that writes the contract's exact answer (status, headers, bytes) where the contract answers and decides nothing. contract / floor is what the contract's decisions cost there; floor / bare what the spec's answer costs over the framework's default (more bytes, a header, a hook).",
    '',
    '| target | measured | wanted | met | contract / floor | floor / bare |',
    '|---|---|---|---|---|---|',
  );
  const spreadOf = (figure) => (figure ? `${fixed(figure.median)} (${fixed(figure.min)}–${fixed(figure.max)})` : '');
  for (const check of results.targets) {
    const spread = typeof check.max === 'number' ? ` (${fixed(check.min)}–${fixed(check.max)})` : '';
    lines.push(`| ${check.name} | ${fixed(check.value)}${spread} | ${check.target} | ${check.pass ? 'yes' : '**no**'} | ${spreadOf(check.floor?.contract)} | ${spreadOf(check.floor?.overBare)} |`);
  }
  return lines.join('\n');
}
