// Runs an app's own `npm test` and reads the totals of Node's test runner (its TAP reporter, what
// `node --test` prints when its output is not a terminal): `# tests N`, `# pass N`, `# fail N`.
import { execFile } from 'node:child_process';

export interface TestTotals {
  tests: number;
  pass: number;
  fail: number;
}

export interface OwnTestRun {
  /** The command's exit code (null if it was killed). */
  exitCode: number | null;
  totals: TestTotals;
  output: string;
}

function total(output: string, name: keyof TestTotals): number {
  const match = new RegExp(`^# ${name} (\\d+)$`, 'm').exec(output);
  if (match === null) throw new Error(`no "# ${name} N" line in the test output:\n${output}`);
  return Number(match[1]);
}

export function readTotals(output: string): TestTotals {
  return { tests: total(output, 'tests'), pass: total(output, 'pass'), fail: total(output, 'fail') };
}

export function runOwnTests(dir: string, timeoutMs: number): Promise<OwnTestRun> {
  // npm offline and without its update check: nothing of this run may need the network. NODE_OPTIONS
  // is vitest's, not the app's.
  const env = { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false', NODE_OPTIONS: '' };
  return new Promise((resolve, reject) => {
    execFile('npm', ['test'], { cwd: dir, env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const output = `${stdout}\n${stderr}`;
      const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      try {
        resolve({ exitCode, totals: readTotals(output), output });
      } catch (noTotals) {
        reject(noTotals);
      }
    });
  });
}
