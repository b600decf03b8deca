#!/usr/bin/env node
// The `error-contract` command. A file of the package itself, not of its build, so that pnpm and
// npm can link the command when a workspace is installed before it is built; the work is in
// dist/cli.js (src/cli.ts).
import '../dist/cli.js';
