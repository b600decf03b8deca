export type Runtime = 'bun' | 'deno' | 'workerd';
/** The path of `runtime`'s binary, as installed for the package in `fromDir`, or undefined. */
export function runtimeBinary(runtime: Runtime, fromDir: string): string | undefined;
/** As runtimeBinary, but throws a clear error naming what to install when it is missing. */
export function requireRuntimeBinary(runtime: Runtime, fromDir: string): string;
/** A workerd config (Cap'n Proto text) serving one module Worker (the first of `modules`) on one HTTP socket. */
export function workerdConfig(address: string, bindings?: Record<string, string>, modules?: string[]): string;
