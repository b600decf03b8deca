// The report, for people (a table) and for machines (JSON).
import type { ProbeReport, ProbeRow } from './probe.js';

const HEADINGS = ['probe', 'status', 'shape', 'verdict'];

function verdictOf(row: ProbeRow): string {
  if (row.skipped !== undefined) return `skip: ${row.skipped}`;
  if (!row.checked) return row.problems.length === 0 ? 'info' : `info: ${row.problems[0]}`;
  return row.passed ? 'pass' : `FAIL: ${row.problems[0]}`;
}

/** The rest of a failed probe's problems, one line each below its row. */
function moreProblems(row: ProbeRow): string[] {
  return row.checked && !row.passed ? row.problems.slice(1) : [];
}

/**
 * The report as a table: probe, status, shape (detailed, compact, not-contract), verdict; then a
 * totals line.
 *
 * @example
 * process.stdout.write(renderTable(await runProbes(options)));
 */
export function renderTable(report: ProbeReport): string {
  const cells = report.rows.map((row) => [row.name, row.status === undefined ? '-' : String(row.status), row.shape ?? '-', verdictOf(row)]);
  const widths = HEADINGS.slice(0, 3).map((heading, column) => Math.max(heading.length, ...cells.map((cell) => cell[column]!.length)));
  const line = (cell: string[]) => cell.map((text, column) => (column < 3 ? text.padEnd(widths[column]!) : text)).join('  ').trimEnd();
  const indent = ' '.repeat(widths.reduce((sum, width) => sum + width + 2, 0));

  const lines = [line(HEADINGS)];
  report.rows.forEach((row, index) => {
    lines.push(line(cells[index]!));
    for (const problem of moreProblems(row)) lines.push(`${indent}      ${problem}`);
  });
  const checked = report.rows.filter((row) => row.checked);
  const failed = checked.filter((row) => !row.passed).length;
  const reported = report.rows.length - checked.length;
  lines.push('', `${checked.length} checked: ${checked.length - failed} passed, ${failed} failed; ${reported} reported only`);
  lines.push(report.passed ? `${report.baseUrl} keeps the error contract` : `${report.baseUrl} breaks the error contract`);
  return `${lines.join('\n')}\n`;
}

/**
 * The report as JSON, for scripts and CI.
 *
 * @example
 * const { passed, probes } = JSON.parse(renderJson(report));
 */
export function renderJson(report: ProbeReport): string {
  return `${JSON.stringify({ baseUrl: report.baseUrl, passed: report.passed, probes: report.rows }, null, 2)}\n`;
}
