// Finds every TypeScript/JavaScript code block of the READMEs, with the consumer marker that
// may precede it, so that no snippet can drop out of the test without a line in a README saying so.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface Snippet {
  /** README path relative to the repository, e.g. `packages/core/README.md`. */
  readme: string;
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  /** Prelude names from `<!-- consumer: prelude=a,b -->`, in order. */
  preludes: string[];
  /** `run` in the marker: the compiled snippet is executed with node. */
  run: boolean;
  /** A stable file-name stem: `packages-core-README-md-L16`. */
  id: string;
}

const fence = /^\s*```(\w*)\s*$/;
const marker = /^\s*<!--\s*consumer:(.*?)-->\s*$/;
const languages = new Set(['ts', 'typescript', 'js', 'javascript']);

/**
 * Every ts/typescript/js block of one README.
 * @example extractSnippets('/repo/packages/core/README.md', '/repo')
 */
export function extractSnippets(file: string, root: string): Snippet[] {
  const readme = relative(root, file);
  const lines = readFileSync(file, 'utf8').split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = fence.exec(lines[i] ?? '');
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i += 1; i < lines.length && !/^\s*```\s*$/.test(lines[i] ?? ''); i += 1) body.push(lines[i] ?? '');
    if (!languages.has(open[1] ?? '')) continue;
    const directive = markerBefore(lines, start);
    const line = start + 1;
    snippets.push({
      readme,
      line,
      code: dedent(body).join('\n'),
      preludes: directive.preludes,
      run: directive.run,
      id: `${readme.replace(/[^A-Za-z0-9]+/g, '-')}-L${line}`,
    });
  }
  return snippets;
}

function markerBefore(lines: string[], fenceIndex: number): { preludes: string[]; run: boolean } {
  let j = fenceIndex - 1;
  while (j >= 0 && (lines[j] ?? '').trim() === '') j -= 1;
  const found = marker.exec(lines[j] ?? '');
  if (!found) return { preludes: [], run: false };
  const words = (found[1] ?? '').trim().split(/\s+/).filter(Boolean);
  const preludes: string[] = [];
  let run = false;
  for (const word of words) {
    if (word === 'run') run = true;
    else if (word.startsWith('prelude=')) preludes.push(...word.slice('prelude='.length).split(',').filter(Boolean));
    else throw new Error(`Unknown consumer marker word "${word}" before line ${fenceIndex + 1}`);
  }
  return { preludes, run };
}

// A block indented inside a list item is still one program.
function dedent(lines: string[]): string[] {
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)?.[0].length ?? 0);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut));
}
