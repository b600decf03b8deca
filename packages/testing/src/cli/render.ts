// The report, for people (a table, grouped by operation when the routes came from a document)
// and for machines (JSON). JUnit XML is in junit.ts.
import type { ProbeReport, ProbeRow } from './probe.js';

const HEADINGS = ['probe', 'status', 'shape', 'verdict'];

const VERDICT_LINES: Record<ProbeReport['verdict'], (baseUrl: string) => string> = {
  keeps: (baseUrl) => `${baseUrl} keeps the error contract`,
  breaks: (baseUrl) => `${baseUrl} breaks the error contract`,
  'not enough to judge': (baseUrl) => `${baseUrl}: not enough checked to judge the error contract (no probe failed)`,
};

function verdictOf(row: ProbeRow): string {
  if (row.skipped !== undefined) return `skip: ${row.skipped}`;
  if (!row.checked) return row.problems.length > 0 ? `info: ${row.problems[0]}` : row.notes !== undefined && row.notes.length > 0 ? `info: ${row.notes[0]}` : 'info';
  return row.passed ? 'pass' : `FAIL: ${row.problems[0]}`;
}

/** The lines below a row: the rest of a failed probe's problems, then its notes. */
function moreLines(row: ProbeRow): string[] {
  const problems = row.checked && !row.passed ? row.problems.slice(1) : [];
  const notes = (row.notes ?? []).filter((note, index) => row.checked || row.problems.length > 0 || index > 0).map((note) => `note: ${note}`);
  return [...problems, ...notes];
}

/**
 * The totals of a report: checked, passed, failed, reported only, not sent.
 *
 * @example
 * const { checked, failed } = totalsOf(report);
 */
export function totalsOf(report: ProbeReport): { checked: number; passed: number; failed: number; reported: number; skipped: number } {
  const checked = report.rows.filter((row) => row.checked);
  const failed = checked.filter((row) => !row.passed).length;
  const skipped = report.rows.filter((row) => row.skipped !== undefined).length;
  return { checked: checked.length, passed: checked.length - failed, failed, reported: report.rows.length - checked.length - skipped, skipped };
}

/**
 * The report as a table: probe, status, shape (detailed, compact, not-contract), verdict; rows
 * under a heading per operation when they came from a document; then the totals.
 *
 * @example
 * process.stdout.write(renderTable(await runProbes(options)));
 */
export function renderTable(report: ProbeReport): string {
  const grouped = report.rows.some((row) => row.operation !== undefined);
  const indentName = grouped ? '  ' : '';
  const cells = report.rows.map((row) => [`${indentName}${row.name}`, row.status === undefined ? '-' : String(row.status), row.shape ?? '-', verdictOf(row)]);
  const widths = HEADINGS.slice(0, 3).map((heading, column) => Math.max(heading.length, ...cells.map((cell) => cell[column]!.length)));
  const line = (cell: string[]) => cell.map((text, column) => (column < 3 ? text.padEnd(widths[column]!) : text)).join('  ').trimEnd();
  const indent = ' '.repeat(widths.reduce((sum, width) => sum + width + 2, 0));

  const lines = [...(report.notes ?? []), ...(report.notes === undefined || report.notes.length === 0 ? [] : [''])];
  lines.push(line(HEADINGS));
  let group: string | undefined;
  report.rows.forEach((row, index) => {
    if (grouped && row.operation !== group) {
      group = row.operation;
      lines.push(group ?? '');
    }
    lines.push(line(cells[index]!));
    for (const more of moreLines(row)) lines.push(`${indent}      ${more}`);
  });
  const totals = totalsOf(report);
  const skipped = totals.skipped > 0 ? `; ${totals.skipped} not sent` : '';
  lines.push('', `${totals.checked} checked: ${totals.passed} passed, ${totals.failed} failed; ${totals.reported} reported only${skipped}`);
  if (report.requests !== undefined) lines.push(`${report.requests.sent} requests sent (at most ${report.requests.maxRequests}, ${report.requests.rps} a second)`);
  if (report.notChecked.length > 0) lines.push('not checked:', ...report.notChecked.map((item) => `  ${item}`));
  lines.push(VERDICT_LINES[report.verdict](report.baseUrl));
  return `${lines.join('\n')}\n`;
}

/**
 * The report as JSON, for scripts and CI: `{ baseUrl, verdict, passed, notChecked, probes, openapi?, notes?, requests? }`.
 *
 * @example
 * const { passed, probes } = JSON.parse(renderJson(report));
 */
export function renderJson(report: ProbeReport): string {
  const { baseUrl, verdict, passed, notChecked, rows, openapi, notes, requests } = report;
  return `${JSON.stringify({ baseUrl, verdict, passed, notChecked, probes: rows, ...(openapi === undefined ? {} : { openapi }), ...(notes === undefined ? {} : { notes }), ...(requests === undefined ? {} : { requests }) }, null, 2)}\n`;
}
