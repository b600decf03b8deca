// A build that more than one process may ask for at once (test files and suites start the same
// service together: Next's and Nitro's reference services are built before they start). A lock
// folder serialises them: the first builds, the others wait and then find the build fresh.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What `buildOnce` needs: where the lock goes, whether the build is fresh, and how to build. */
export interface BuildOnce {
  /** The lock folder (inside the app's folder, ignored by git). */
  lock: string;
  isFresh(): boolean;
  build(): Promise<void>;
  /** Said on stderr when this process builds (`next build (about a minute)...`). */
  announce: string;
}

/** Builds unless the build is fresh; waits for a build another process is making. */
export async function buildOnce({ lock, isFresh, build, announce }: BuildOnce): Promise<void> {
  for (;;) {
    if (isFresh()) return;
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
    } catch {
      // another process builds: wait for it, unless its lock was left behind long ago
      if (isStaleLock(lock)) rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      if (!isFresh()) {
        process.stderr.write(`${announce}\n`);
        await build();
      }
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A lock whose holder is gone (killed mid-build) or that is older than a build can take. */
function isStaleLock(lock: string): boolean {
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return Date.now() - statSync(lock).mtimeMs > 10 * 60_000;
  } catch (error) {
    // no such process, or no pid written yet (then only an old lock is stale)
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
    return existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 60_000;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
