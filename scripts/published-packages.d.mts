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
/** Packs every published package into `out` with one pnpm run; returns the tarballs' paths. Needs `pnpm build` first. */
export function packPublished(out: string, root?: string): string[];
