// Which requests the contract covers. Outside its scope an adapter passes everything through as
// the app made it, so the contract can be added to the `/api` part of an app that also serves pages.

/**
 * Whether `path` (no query) lies under one of `prefixes` (normalised: leading slash, none
 * trailing). A prefix covers itself and what lies below it: `/api` covers `/api` and `/api/x`, not
 * `/apis`. No prefixes: every path.
 */
export function pathInScope(prefixes: readonly string[] | undefined, path: string): boolean {
  if (prefixes === undefined) return true;
  for (const prefix of prefixes) {
    if (path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47)) return true;
  }
  return false;
}
