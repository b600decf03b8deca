// What options.ts checks `languages` against, below both it and language.ts (which reads the
// settings options.ts makes).

/** A language tag as the contract takes it: `en`, `de`, `pt-BR` (RFC 5646's shape, loosely). */
export const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;
