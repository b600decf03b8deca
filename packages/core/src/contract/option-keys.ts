// A misspelt option (`mapp`, `scopes`) would otherwise be ignored without a word: every options
// object is checked when it is given, and a wrong key is a TypeError naming the nearest known one.

/** Edit distance of two short strings (Levenshtein), for "did you mean". */
function distance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/** The known key nearest to `key`, when it is near enough to be a slip. */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(key, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return bestDistance <= Math.max(2, Math.floor(key.length / 3)) ? best : undefined;
}

/**
 * Throws a `TypeError` for the first key of `options` that is not in `known`, naming the nearest
 * known key. Adapters call it for their own options with their keys and core's.
 *
 * @example
 * assertKnownOptions({ mapp: [] }, CONTRACT_OPTION_KEYS, 'createErrorContract');
 * // TypeError: error-contract: createErrorContract has no option `mapp`; did you mean `map`?
 */
export function assertKnownOptions(options: object, known: readonly string[], owner: string): void {
  let keys: string[];
  try {
    keys = Object.keys(options);
  } catch {
    return;
  }
  for (const key of keys) {
    if (known.includes(key)) continue;
    const nearest = nearestKey(key, known);
    const hint = nearest === undefined ? `. The options are: ${known.join(', ')}.` : `; did you mean \`${nearest}\`?`;
    throw new TypeError(`error-contract: ${owner} has no option \`${key}\`${hint}`);
  }
}

/**
 * An adapter's on/off option: `whenAbsent` when it is not given, the value when it is a boolean,
 * else a `TypeError` at start-up naming the package and the option (a `'false'` from an
 * environment variable is a mistake to say, not a truthy value to take).
 *
 * @example
 * const checkRequest = booleanOption(options.checkRequest, true, '@error-contract/koa', 'checkRequest');
 * booleanOption('false', true, '@error-contract/koa', 'checkRequest');
 * // TypeError: @error-contract/koa: `checkRequest` must be a boolean.
 */
export function booleanOption(value: unknown, whenAbsent: boolean, owner: string, name: string): boolean {
  if (value === undefined) return whenAbsent;
  if (typeof value !== 'boolean') throw new TypeError(`${owner}: \`${name}\` must be a boolean.`);
  return value;
}
