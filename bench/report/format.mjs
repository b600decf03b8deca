// Number formatting and ratios shared by the report sections.
export const ratio = (a, b) => (typeof a === 'number' && typeof b === 'number' && b > 0 ? a / b : null);
export const fixed = (value, digits = 2) => (value === null || value === undefined || Number.isNaN(value) ? 'n/a' : value.toFixed(digits));
export const mib = (bytes) => fixed(typeof bytes === 'number' ? bytes / 1048576 : null, 1);
/** The median CPU µs per request of a summary from rounds.mjs. */
export const cpuOf = (summary) => summary?.cpuUsPerRequest?.median ?? null;
