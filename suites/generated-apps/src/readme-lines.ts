// The lines each README tells a generated app's author to add, exactly as the README prints them;
// the fixture apps hold them, and the pristine copy is the fixture without them.

export const TYPE_BASE_URL = 'https://docs.example.com/errors/';

/** A README line in a fixture's file, and what the generator had there (nothing: an added line). */
export interface ReadmeLine {
  line: string;
  generated?: string;
}

/** The file a fixture's README lines are in, and the lines. */
export interface ReadmeEdit {
  file: string;
  lines: ReadmeLine[];
}

/**
 * fastify-cli: in `app.js`, the imports, the contract, the server options Fastify reads before any
 * plugin (`frameworkErrors`, in the `options` export the generator leaves empty, read by `fastify
 * start --options`), and the plugin registered first, before the AutoLoad calls.
 */
export const FASTIFY_CLI: ReadmeEdit = {
  file: 'app.js',
  lines: [
    { line: "import { createErrorContract } from '@error-contract/core';" },
    { line: "import { errorContract, frameworkErrors } from '@error-contract/fastify';" },
    { line: "const contract = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/' });" },
    { line: 'export const options = { frameworkErrors: frameworkErrors(contract) };', generated: 'export const options = {}' },
    { line: '  await fastify.register(errorContract, { contract });' },
  ],
};

/** fastify-cli: the start scripts of `package.json` with `--options`, so that `fastify start` reads that export. */
export const FASTIFY_CLI_SCRIPTS: Readonly<Record<string, { line: string; generated: string }>> = {
  start: { line: 'fastify start -l info --options app.js', generated: 'fastify start -l info app.js' },
  dev: { line: 'fastify start -w -l info -P --options app.js', generated: 'fastify start -w -l info -P app.js' },
};

/** The Nest CLI: in `src/app.module.ts`, the import, and the module in the root module's imports. */
export const NEST_CLI: ReadmeEdit = {
  file: 'src/app.module.ts',
  lines: [
    { line: "import { ErrorContractModule } from '@error-contract/nest';" },
    { line: "  imports: [ErrorContractModule.forRoot({ typeBaseUrl: 'https://docs.example.com/errors/' })],", generated: '  imports: [],' },
  ],
};

/** The file without the README's lines; throws if a line is not there once, so the copy is never the same app. */
export function withoutReadmeLines(edit: ReadmeEdit): (source: string) => string {
  return (source) => {
    const lines = source.split('\n');
    for (const { line, generated } of edit.lines) {
      const found = lines.filter((candidate) => candidate === line).length;
      if (found !== 1) throw new Error(`${edit.file} has the README line ${JSON.stringify(line)} ${found} times, expected once`);
      if (generated === undefined) lines.splice(lines.indexOf(line), 1);
      else lines[lines.indexOf(line)] = generated;
    }
    return lines.join('\n');
  };
}
