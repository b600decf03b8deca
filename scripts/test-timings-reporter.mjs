// A vitest reporter that writes where a run's time went, one row per test file: its project, and
// the seconds it took from its worker's start to its last hook (import, setup, tests and hooks).
// scripts/run-tests.mjs passes it to each of its runs and prints the slowest files and projects at
// the end, so a slow suite is seen where it is added, not found later by someone who waits.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class TestTimingsReporter {
  /** @param {{ outputFile?: string } | undefined} options (or TEST_TIMINGS_FILE) */
  constructor(options) {
    this.outputFile = options?.outputFile ?? process.env.TEST_TIMINGS_FILE ?? ".vitest-timings.json";
    this.rows = [];
  }

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(testModule) {
    const diagnostic = testModule.diagnostic();
    const seconds = (diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration) / 1000;
    this.rows.push({ project: testModule.project.name, file: relative(this.root, testModule.moduleId), seconds: Math.round(seconds * 10) / 10 });
  }

  onTestRunEnd() {
    this.rows.sort((a, b) => b.seconds - a.seconds);
    writeFileSync(this.outputFile, `${JSON.stringify(this.rows, null, 1)}\n`);
  }
}
