import { CASES, expectedStatus, FRAMEWORKS, VARIANTS } from './cases.mjs';
import { measureChecked } from './checks.mjs';
import { floorOf, floorPrimeRequests, hasFloor } from './floor.mjs';
import { measure } from './measure.mjs';
import { send } from './request.mjs';
import { startServer, stopServer } from './servers.mjs';

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The variants a case is measured with: its own, and for a failure the hand-written handler
 * answers too, the floor: a server of the same framework that writes the contract's exact answer
 * to this case (status, headers, bytes; captured from the contract in the first round) where the
 * contract answers, deciding nothing (servers/*.mjs `floor`, servers/harness.mjs). contract / floor
 * is what the contract's decisions cost in that framework, floor / bare what the spec's bytes cost
 * over the framework's default.
 */
const variantsOf = (kase) => (hasFloor(kase) ? [...kase.variants, 'floor'] : kase.variants);

function summarise(samples, key) {
  const values = samples.map((sample) => sample[key]).filter((value) => typeof value === 'number');
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** The rounds' paired ratios with their median and range. */
const spread = (rounds) => ({ median: median(rounds), min: Math.min(...rounds), max: Math.max(...rounds), rounds });

/** One figure per variant and round from its windows: CPU per request over all of them, the rest as medians. */
function combine(windows) {
  const requests = windows.reduce((sum, window) => sum + window.requests, 0);
  const cpu = windows.reduce((sum, window) => sum + window.cpuUsPerRequest * window.requests, 0);
  return {
    cpuUsPerRequest: cpu / requests,
    requestsPerSecond: median(windows.map((window) => window.requestsPerSecond)),
    p50: median(windows.map((window) => window.p50)),
    p99: median(windows.map((window) => window.p99)),
    statuses: windows.at(-1).statuses,
    errors: windows.reduce((sum, window) => sum + window.errors, 0),
    requests,
  };
}

/**
 * For each framework and round: fresh server processes, one per variant (the same code differs by
 * up to 20% between two processes, so every round samples new ones and the median is taken over
 * processes). Each process is first primed on every case it will serve, so that no case is
 * measured while V8 is still compiling; then for each case a short warm-up, and the variants
 * measured in `alternations` windows each, taking turns (A B, B A, A B, ...), so that the host's
 * drift, which here moves the CPU time of one process by 30% within a minute, falls on both sides
 * of a comparison. A round's ratio of two variants is the median of their windows' ratios; the
 * reported ratio is the median of the rounds' ratios.
 */
export async function runHttp({ rounds, requests, alternations = 1, primeRequests, warmupRequests, connections, log }) {
  const results = {};
  for (const framework of FRAMEWORKS) {
    const samples = Object.fromEntries(CASES.map((kase) => [kase.name, Object.fromEntries(variantsOf(kase).map((variant) => [variant, []]))]));
    // Per case and variant other than the contract: the rounds' paired ratios, contract / variant.
    const paired = Object.fromEntries(CASES.map((kase) => [kase.name, Object.fromEntries(variantsOf(kase).map((variant) => [variant, []]))]));
    // Per case with a floor: the rounds' paired ratios floor / bare.
    const floorOverBare = Object.fromEntries(CASES.map((kase) => [kase.name, []]));
    // Per case with a floor: the contract's answer, as the floor server is given it.
    const floorAnswers = {};
    const peakRss = Object.fromEntries(VARIANTS.map((variant) => [variant, 0]));
    // One answer per case and variant, from the first round: what each baseline sends, so the report
    // can say whether a ratio compares equal work (report/baselines.mjs).
    const answers = Object.fromEntries(CASES.map((kase) => [kase.name, {}]));
    for (let round = 0; round < rounds; round++) {
      const servers = {};
      try {
        for (const variant of VARIANTS) servers[variant] = await startServer(framework, variant);
        // Every window is checked against the status its variant must answer (checks.mjs).
        const measureCase = (kase, variant, amount) =>
          measureChecked(servers[variant], kase.request, { requests: amount, connections }, expectedStatus(kase, framework, variant === 'floor' ? 'contract' : variant), `${framework}/${variant} ${kase.name}`);
        if (primeRequests > 0) for (const kase of CASES) for (const variant of kase.variants) await measureCase(kase, variant, primeRequests);
        if (round === 0) {
          for (const kase of CASES) {
            for (const variant of kase.variants) {
              const { status, headers, body } = await send(servers[variant].port, kase.request);
              answers[kase.name][variant] = { status, contentType: headers['content-type'] ?? null, bytes: Buffer.byteLength(body), body, cacheControl: headers['cache-control'] ?? null };
              if (variant === 'contract' && variantsOf(kase).includes('floor')) {
                floorAnswers[kase.name] = floorOf({ status, headers, body });
              }
            }
          }
        }
        for (const kase of CASES) {
          const variants = variantsOf(kase);
          if (variants.includes('floor')) {
            // A floor server answers one case: started for it, and primed on it (floor.mjs).
            servers.floor = await startServer(framework, 'floor', { env: { BENCH_FLOOR: floorAnswers[kase.name] } });
            const priming = floorPrimeRequests({ primeRequests, requests }, CASES.length);
            if (priming > 0) await measureCase(kase, 'floor', priming);
          }
          const order = round % 2 === 0 ? variants : [...variants].reverse();
          if (warmupRequests > 0) for (const variant of order) await measureCase(kase, variant, warmupRequests);
          const windows = Object.fromEntries(variants.map((variant) => [variant, []]));
          for (let turn = 0; turn < alternations; turn++) {
            for (const variant of turn % 2 === 0 ? order : [...order].reverse()) windows[variant].push(await measureCase(kase, variant, Math.ceil(requests / alternations)));
          }
          for (const variant of variants) {
            samples[kase.name][variant].push(combine(windows[variant]));
            const ratios = windows.contract.map((window, turn) => window.cpuUsPerRequest / windows[variant][turn].cpuUsPerRequest);
            paired[kase.name][variant].push(median(ratios));
          }
          if (servers.floor !== undefined) {
            floorOverBare[kase.name].push(median(windows.floor.map((window, turn) => window.cpuUsPerRequest / windows.bare[turn].cpuUsPerRequest)));
            stopServer(servers.floor);
            delete servers.floor;
          }
        }
        for (const variant of VARIANTS) {
          const { maxRss } = await measure(servers[variant], CASES[0].request, { requests: 10, connections: 1 });
          peakRss[variant] = Math.max(peakRss[variant], maxRss);
        }
      } finally {
        for (const server of Object.values(servers)) stopServer(server);
      }
    }
    results[framework] = {};
    for (const kase of CASES) {
      const summary = {};
      for (const variant of kase.variants) {
        const taken = samples[kase.name][variant];
        summary[variant] = {
          cpuUsPerRequest: summarise(taken, 'cpuUsPerRequest'),
          requestsPerSecond: summarise(taken, 'requestsPerSecond'),
          p50: summarise(taken, 'p50'),
          p99: summarise(taken, 'p99'),
          statuses: taken.at(-1).statuses,
          errors: taken.reduce((sum, sample) => sum + sample.errors, 0),
          samples: taken.map(({ cpuUsPerRequest, requestsPerSecond, p50, p99, requests: count }) => ({ cpuUsPerRequest, requestsPerSecond, p50, p99, requests: count })),
          // contract / this variant, paired within each round (see above); 1 for the contract itself
          answer: answers[kase.name][variant],
          contractRatio: spread(paired[kase.name][variant]),
        };
      }
      if (variantsOf(kase).includes('floor')) {
        summary.floor = { cpuUsPerRequest: summarise(samples[kase.name].floor, 'cpuUsPerRequest'), contractRatio: spread(paired[kase.name].floor), overBare: spread(floorOverBare[kase.name]) };
      }
      results[framework][kase.name] = summary;
      const ratios = variantsOf(kase).filter((v) => v !== 'contract').map((v) => `contract/${v} ${summary[v].contractRatio.median.toFixed(3)}`);
      log?.(`${framework.padEnd(8)} ${kase.name.padEnd(24)} ${kase.variants.map((v) => `${v} ${summary[v].cpuUsPerRequest.median.toFixed(1)} µs/req`).join('  ')}  ${ratios.join('  ')}`);
    }
    for (const variant of VARIANTS) results[framework][`peak RSS (${variant})`] = peakRss[variant];
  }
  return results;
}
