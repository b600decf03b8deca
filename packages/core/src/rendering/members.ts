// The members of a detailed body that are the contract's own: an extension may not replace them,
// and a trace id member may not take their names.

/** `type`, `title`, `status`, `detail`, `instance`, `code`, `errors`. */
export const RESERVED_MEMBERS: ReadonlySet<string> = new Set(['type', 'title', 'status', 'detail', 'instance', 'code', 'errors']);
