// Sizes as people write them ("100kb", "1mb"), read the way body-parser's `limit` reads them:
// units of 1024.
const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** `'100kb'` -> 102400; a plain number is bytes. Undefined when it is no size. */
export function parseBytes(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(text.trim());
  if (match === null) return undefined;
  const bytes = Math.floor(Number(match[1]) * UNITS[(match[2] ?? 'b').toLowerCase()]!);
  return bytes > 0 ? bytes : undefined;
}

/** 102400 -> `'100 kB'`; sizes that are no whole kB or MB stay in bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 2 && bytes % 1024 ** 2 === 0) return `${bytes / 1024 ** 2} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} kB`;
  return `${bytes} bytes`;
}
