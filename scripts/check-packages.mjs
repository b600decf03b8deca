// `pnpm check:packages`: publint (strict) and arethetypeswrong (node16 profile) on every published
// package, each reading the tarball a user would install: the one in packed/ that the release dry
// run and the consumer suite install too (packed again only when changed), not a pack of its own.
// Needs a build first.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { packPublished, repositoryRoot } from './published-packages.mjs';

const bin = (name) => join(repositoryRoot, 'node_modules', '.bin', name);
let failed = 0;
for (const tarball of packPublished()) {
  for (const [tool, args] of [
    ['publint', ['run', tarball, '--strict']],
    ['attw', [tarball, '--profile', 'node16']],
  ]) {
    try {
      execFileSync(bin(tool), args, { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    } catch (error) {
      failed += 1;
      process.stderr.write(`${tool} failed on ${tarball}:\n${error.stdout ?? ''}${error.stderr ?? ''}\n`);
    }
  }
}
if (failed > 0) process.exit(1);
console.log('check:packages: publint and arethetypeswrong pass on every packed package');
