// One slug for headings and links. VitePress gives a heading `[PROBLEM_MARK]` the id `problem-mark`;
// typedoc-plugin-markdown links to it as `#problem_mark`. The site's config uses this slugify for
// its headings, and the reference's links are rewritten with it after TypeDoc runs.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const control = /[\u0000-\u001f]/g;
const special = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g;
const combining = /[\u0300-\u036F]/g;

/**
 * VitePress's own heading slug (@mdit-vue/shared's slugify).
 * @example slugify('[PROBLEM_MARK]') // 'problem-mark'
 */
export function slugify(text) {
  return text
    .normalize('NFKD')
    .replace(combining, '')
    .replace(control, '')
    .replace(special, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/** Rewrites `(page.md#typedoc_anchor)` links under `dir` to VitePress's slug; the count changed. */
export function alignReferenceAnchors(dir) {
  let changed = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      changed += alignReferenceAnchors(path);
      continue;
    }
    if (!name.endsWith('.md')) continue;
    const text = readFileSync(path, 'utf8');
    const aligned = text.replace(/(\]\([^)\s#]*)#([^)\s]+)\)/g, (all, target, anchor) => {
      const slug = slugify(decodeURIComponent(anchor));
      if (slug === anchor) return all;
      changed += 1;
      return `${target}#${slug})`;
    });
    if (aligned !== text) writeFileSync(path, aligned);
  }
  return changed;
}
