import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Chromium from CHROMIUM_PATH, PATH or /usr/bin (scripts/install-system-packages.sh installs Debian's). */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const path = execFileSync('which', [name], { encoding: 'utf8', timeout: 5000 }).trim();
      if (path) return path;
    } catch {
      // not on PATH
    }
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}
