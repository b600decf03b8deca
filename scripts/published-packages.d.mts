/** One published package: its folder under packages/, its absolute directory, its name and version. */
export interface PublishedPackage {
  folder: string;
  directory: string;
  name: string;
  version: string;
}
/** The repository's root (with a trailing slash). */
export const repositoryRoot: string;
/** The published packages of the repository at `root`: every folder of packages/ whose manifest is not private. */
export function publishedPackages(root?: string): PublishedPackage[];
/** The file name `pnpm pack` gives a package's tarball. */
export function tarballFile(pkg: { name: string; version: string }): string;
/** The folder every reader of the tarballs shares: `packed/` at the root. */
export const packedDir: string;
/** Packs the published packages whose tarball in `out` (default `packed/`) is missing or stale, with one pnpm run; returns every tarball's path. Needs a build first. */
export function packPublished(out?: string, root?: string): string[];
/** The named packages (folders or `@error-contract/` names) and every published package of ours they depend on: their folders. */
export function withDependencies(names: Iterable<string>, root?: string): Set<string>;
