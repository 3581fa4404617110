/**
 * The experiment globs of the GitHub Action (`experiments:` input): patterns separated by newlines, commas or
 * spaces, relative to the workspace; `*` and `?` within a path segment, `**` across segments. Folders named
 * node_modules or starting with a dot are not searched. Sorted, without duplicates.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** A glob as a regular expression over `/`-separated relative paths. */
export function globRegExp(glob: string): RegExp {
  let re = '';
  const g = glob.replace(/^\.\//, '');
  for (let i = 0; i < g.length; i++) {
    const c = g[i];
    if (c === '*' && g[i + 1] === '*') {
      // `**/` matches any number of whole segments, `**` at the end anything.
      if (g[i + 2] === '/') { re += '(?:[^/]+/)*'; i += 2; } else { re += '.*'; i += 1; }
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

function walk(dir: string, root: string, out: string[]): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, root, out);
    else if (e.isFile()) out.push(relative(root, p).split(sep).join('/'));
  }
}

/** The files under `root` matching any of the patterns in `spec`, as `/`-separated paths relative to `root`. */
export function expandGlobs(spec: string, root: string): string[] {
  const patterns = spec.split(/[\n,\s]+/).map((s) => s.trim()).filter((s) => s !== '');
  if (patterns.length === 0) return [];
  const files: string[] = [];
  walk(root, root, files);
  const res = patterns.map(globRegExp);
  return [...new Set(files.filter((f) => res.some((r) => r.test(f))))].sort();
}
