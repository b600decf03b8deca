import { packPublished } from '../../../scripts/published-packages.mjs';

/**
 * Packs the published packages into packed/ once for the run, before any of this project's files
 * install them: the files run side by side, and two packs of one tarball at once would race. A
 * tarball packed since its package last changed (by the release dry run in CI) is not packed again.
 */
export default function packOnce(): void {
  packPublished();
}
