// Runs one of an app's own npm scripts (`npm test`, `npm run test:e2e`) and reads the totals its
// runner prints: Node's test runner's TAP (`# tests N`, `# pass N`, `# fail N`, what `node --test`
// prints when its output is not a terminal) or vitest's summary (`Tests  1 failed | 3 passed (4)`).
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

/** vitest's summary line, without colours: `Tests  1 failed | 3 passed | 1 skipped (5)`. */
function vitestTotals(output: string): TestTotals | undefined {
  const line = /^\s*Tests\s+(.*\(\d+\))\s*$/m.exec(output)?.[1];
  if (line === undefined) return undefined;
  const count = (name: string) => Number(new RegExp(`(\\d+) ${name}`).exec(line)?.[1] ?? 0);
  return { tests: Number(/\((\d+)\)$/.exec(line)![1]), pass: count('passed'), fail: count('failed') };
}

export function readTotals(output: string): TestTotals {
  return vitestTotals(output) ?? { tests: total(output, 'tests'), pass: total(output, 'pass'), fail: total(output, 'fail') };
}

export function runOwnTests(dir: string, timeoutMs: number, script = 'test'): Promise<OwnTestRun> {
  // npm offline and without its update check: nothing of this run may need the network. NODE_OPTIONS
  // is vitest's, not the app's.
  // NO_COLOR: vitest's summary as plain text. VITEST and its kin are this run's: the app's vitest
  // must not think it is a worker of ours.
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false', NODE_OPTIONS: '', NO_COLOR: '1', FORCE_COLOR: '0' };
  for (const name of Object.keys(env)) if (name.startsWith('VITEST') || name === 'TEST' || name === 'NODE_ENV') delete env[name];
  return new Promise((resolve, reject) => {
    execFile('npm', script === 'test' ? ['test'] : ['run', script], { cwd: dir, env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
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
