// The report as JUnit XML, the format CI systems read test results in: one <testsuite> per
// operation, one <testcase> per probe; a failed probe is a <failure>, a probe not sent is
// <skipped>, a reported-only probe passes with its note in <system-out>. A run that could not
// judge the API (no document, no --route) adds one <error>: CI must not read it as green.
import type { ProbeReport, ProbeRow } from './probe.js';
import { totalsOf } from './render.js';

/** XML 1.0 text: the five entities escaped, characters XML cannot hold dropped. */
function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function testcase(row: ProbeRow, suite: string): string {
  const open = `    <testcase classname="${xml(suite)}" name="${xml(`${row.name} (${row.method} ${row.path})`)}"`;
  if (row.skipped !== undefined) return `${open}>\n      <skipped message="${xml(row.skipped)}"/>\n    </testcase>`;
  const out = [...(row.checked ? [] : row.problems), ...(row.notes ?? [])];
  const parts: string[] = [];
  if (row.checked && !row.passed) {
    parts.push(`      <failure message="${xml(row.problems[0] ?? 'failed')}" type="error-contract">${xml([`status: ${row.status ?? 'no answer'}`, ...row.problems].join('\n'))}</failure>`);
  }
  if (out.length > 0) parts.push(`      <system-out>${xml(out.join('\n'))}</system-out>`);
  return parts.length === 0 ? `${open}/>` : `${open}>\n${parts.join('\n')}\n    </testcase>`;
}

/**
 * The report as a JUnit XML document.
 *
 * @example
 * await writeFile('probe.xml', renderJunit(report));
 */
export function renderJunit(report: ProbeReport): string {
  const groups = new Map<string, ProbeRow[]>();
  for (const row of report.rows) {
    const name = row.operation ?? report.baseUrl;
    groups.set(name, [...(groups.get(name) ?? []), row]);
  }
  const totals = totalsOf(report);
  const suites = [...groups].map(([name, rows]) => {
    const sub = totalsOf({ ...report, rows });
    const cases = rows.map((row) => testcase(row, name)).join('\n');
    return `  <testsuite name="${xml(name)}" tests="${rows.length}" failures="${sub.failed}" errors="0" skipped="${sub.skipped}">\n${cases}\n  </testsuite>`;
  });
  if (report.verdict === 'not enough to judge') {
    const message = `not enough checked to judge the error contract: ${report.notChecked[0] ?? ''}`;
    const name = 'enough checked to judge the API';
    suites.push(`  <testsuite name="error-contract probe" tests="1" failures="0" errors="1" skipped="0">\n    <testcase classname="error-contract probe" name="${name}">\n      <error message="${xml(message)}" type="not-enough-to-judge">${xml(report.notChecked.join('\n'))}</error>\n    </testcase>\n  </testsuite>`);
  }
  const errors = report.verdict === 'not enough to judge' ? 1 : 0;
  const head = `<testsuites name="${xml(`error-contract probe ${report.baseUrl}`)}" tests="${report.rows.length + errors}" failures="${totals.failed}" errors="${errors}" skipped="${totals.skipped}">`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${head}\n${suites.join('\n')}\n</testsuites>\n`;
}
