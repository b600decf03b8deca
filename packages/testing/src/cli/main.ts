// The whole CLI as a function of its arguments and its output streams, so tests run it in-process;
// the bin only calls it.
import { writeFile } from 'node:fs/promises';
import { type Command, parseCommand, USAGE, UsageError } from './args.js';
import { runDocs } from './docs.js';
import { renderJunit } from './junit.js';
import { type ProbeDeps, runOpenApiProbes, runRouteProbes } from './openapi-probe.js';
import { type ProbeProgress, type ProbeVerdict, UnreachableError } from './probe.js';
import { renderJson, renderTable } from './render.js';

/** Where the CLI writes. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean };
}

/** A progress line on stderr: rewritten in place on a terminal, one line per probe otherwise. */
function progressOn(stderr: CliIo['stderr']): ProbeProgress {
  return ({ index, total, name, row }) => {
    const counter = `[${index + 1}/${total}]`;
    if (stderr.isTTY === true) {
      stderr.write(row === undefined ? `\r\x1b[K${counter} ${name}` : index + 1 === total ? '\r\x1b[K' : '');
    } else if (row !== undefined) {
      stderr.write(`${counter} ${name}: ${row.status ?? 'no answer'}\n`);
    }
  };
}

/** The probe's exit code for each verdict; 2 is a usage error, an unreadable document or an unreachable API. */
const EXIT_CODES: Record<ProbeVerdict, number> = { keeps: 0, breaks: 1, 'not enough to judge': 3 };

/**
 * Runs `error-contract` with the given arguments; resolves to the exit code (0 the API keeps the
 * contract in every probe checked, or the docs are written; 1 the API breaks the contract; 2 a
 * usage error, an unreachable API, or docs that could not be written; 3 no probe failed but not
 * enough could be checked to judge: no document and no --route, or no probe checked). Never
 * rejects and never prints a stack.
 *
 * @example
 * process.exitCode = await main(process.argv.slice(2), process);
 */
export async function main(argv: string[], io: CliIo, deps: ProbeDeps = {}): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    io.stderr.write(`error-contract: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (command.command === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command.command === 'docs') {
    const { options } = command;
    try {
      const written = await runDocs(options);
      io.stdout.write(`wrote ${written.length} files to ${options.dir}\n`);
      return 0;
    } catch (error) {
      const known = error instanceof UsageError;
      io.stderr.write(`error-contract: ${known ? '' : 'unexpected error: '}${(error as Error).message}\n`);
      return 2;
    }
  }
  const { options } = command;
  try {
    const progress = options.json ? undefined : progressOn(io.stderr);
    const report = options.routes.length > 0 ? await runRouteProbes(options, progress, deps) : await runOpenApiProbes(options, progress, deps);
    io.stdout.write(options.json ? renderJson(report) : renderTable(report));
    if (options.junit !== undefined) {
      try {
        await writeFile(options.junit, renderJunit(report));
      } catch (error) {
        throw new UsageError(`cannot write ${options.junit}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
    }
    return EXIT_CODES[report.verdict];
  } catch (error) {
    const known = error instanceof UnreachableError || error instanceof UsageError;
    io.stderr.write(`error-contract: ${known ? '' : 'unexpected error: '}${(error as Error).message}\n`);
    return 2;
  }
}
