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

/** fastify-cli: in `app.js`, the import, and the plugin registered first, before the AutoLoad calls. */
export const FASTIFY_CLI: ReadmeEdit = {
  file: 'app.js',
  lines: [
    { line: "import { errorContract } from '@error-contract/fastify';" },
    { line: "  await fastify.register(errorContract, { typeBaseUrl: 'https://docs.example.com/errors/' });" },
  ],
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
