#!/usr/bin/env node
// The `error-contract` bin: everything it does is in ./cli/, where the tests reach it.
import { main } from './cli/main.js';

void main(process.argv.slice(2), process).then((code) => {
  process.exitCode = code;
});
