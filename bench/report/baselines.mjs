// What each baseline of the main tables does beside the contract, so that a reader sees which ratio
// compares equal work: the status it sends, whether its body is the contract's bytes, and whether
// it reads Accept. Status and body come from one probe request per case and variant (run-http.mjs).

// How each variant treats Accept (servers/<framework>.mjs): the hand-written one refuses a request
// whose Accept has none of "json", "*/*", "application/*" (a substring test, no parsing, no q-values);
// the framework's default never reads it; the contract parses it (strict mode: a missing Accept is 406).
const ACCEPT = { bare: 'Accept not read', minimal: 'Accept checked by substring', floor: 'Accept: only its presence' };

/** A short sentence for the row of `variant` in `kase`, or '' for the contract itself. */
export function baselineWork(row, variant) {
  if (variant === 'contract') return 'Accept parsed (strict)';
  const mine = row[variant]?.answer;
  const ours = row.contract?.answer;
  if (!mine || !ours) return ACCEPT[variant] ?? '';
  const status = mine.status === ours.status ? 'same status' : `status ${mine.status} (contract ${ours.status})`;
  let body;
  if (mine.body === ours.body && mine.contentType === ours.contentType) body = 'same body bytes';
  else body = `other body: ${mine.bytes} B ${mine.contentType?.split(';')[0] ?? 'no type'} (contract ${ours.bytes} B ${ours.contentType?.split(';')[0] ?? 'no type'})`;
  return `${status}; ${body}; ${ACCEPT[variant] ?? ''}`;
}
