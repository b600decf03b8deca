// The "Memory" section and its targets: contract against bare after many error responses.
import { FRAMEWORKS } from '../http/cases.mjs';
import { fixed, mib, ratio } from './format.mjs';

/** Within 5% of bare. */
export const MEMORY_TARGET = 1.05;

const ratios = (figures) => ({
  peakRss: ratio(figures?.contract?.peakRss, figures?.bare?.peakRss),
  heapAfterGc: ratio(figures?.contract?.heapUsedAfterGc, figures?.bare?.heapUsedAfterGc),
  peakHeap: ratio(figures?.contract?.peakHeapUsed, figures?.bare?.peakHeapUsed),
});

export function memoryTargets(memory, { requests } = {}) {
  const checks = [];
  for (const framework of FRAMEWORKS) {
    if (!memory?.[framework]) continue;
    const r = ratios(memory[framework]);
    const target = `<= ${MEMORY_TARGET.toFixed(2)}`;
    checks.push({ name: `${framework}: peak RSS after ${requests} error responses, contract / bare`, value: r.peakRss, target, pass: r.peakRss !== null && r.peakRss <= MEMORY_TARGET });
    checks.push({ name: `${framework}: heap used after GC after ${requests} error responses, contract / bare`, value: r.heapAfterGc, target, pass: r.heapAfterGc !== null && r.heapAfterGc <= MEMORY_TARGET });
  }
  return checks;
}

/** What the errors left on the heap: after GC, after them minus before them. */
const growth = (f) => {
  const delta = typeof f.heapUsedAfterGc === 'number' && typeof f.heapUsedBefore === 'number' ? f.heapUsedAfterGc - f.heapUsedBefore : null;
  return delta === null ? 'n/a' : `${delta >= 0 ? '+' : '−'}${mib(Math.abs(delta))}`;
};

export function memoryMarkdown(results) {
  const memory = results.memory;
  if (!memory) return [];
  const s = results.settings.memory;
  const lines = ['', '### Memory', ''];
  lines.push(
    `Per framework, one bare and one contract server (the servers of the tables above, started with \`--expose-gc\`) answer ${s.warmupRequests} requests to warm up, then ${s.requests} error responses, a 404 / 500 / 400 mix on ${s.connections} connections` +
      `${results.mode === 'quick' ? ' (a --quick run: the full run sends 100,000)' : ''}. ` +
      'Peak RSS is the process\'s high-water mark (getrusage); peak heap is process.memoryUsage().heapUsed sampled every 50 ms by the server; heap after GC is heapUsed after a full GC, before the errors and after them (the difference, in brackets, is what the errors left; the "before" already differs by the contract\'s own code and tables). "met": peak RSS and heap after GC within 5% of bare.',
  );
  lines.push('', '| framework | variant | errors sent | peak RSS MiB | peak heap MiB | heap after GC MiB (before → after) | contract / bare | met |', '|---|---|---|---|---|---|---|---|');
  for (const framework of FRAMEWORKS) {
    const figures = memory[framework];
    if (!figures) continue;
    const r = ratios(figures);
    for (const variant of ['bare', 'contract']) {
      const f = figures[variant];
      const vs = variant === 'contract' ? `RSS ${fixed(r.peakRss)}, heap after GC ${fixed(r.heapAfterGc)}, peak heap ${fixed(r.peakHeap)}` : '';
      const met = variant === 'contract' ? (r.peakRss !== null && r.peakRss <= MEMORY_TARGET && r.heapAfterGc !== null && r.heapAfterGc <= MEMORY_TARGET ? 'yes' : '**no**') : '';
      lines.push(`| ${framework} | ${variant} | ${f.requests} | ${mib(f.peakRss)} | ${mib(f.peakHeapUsed)} | ${mib(f.heapUsedBefore)} → ${mib(f.heapUsedAfterGc)} (${growth(f)}) | ${vs} | ${met} |`);
    }
  }
  return lines;
}
