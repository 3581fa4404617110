/**
 * Which of the repository's files the published web app carries (issue 42), read from the workspace: the experiment
 * files the Action's `experiments` glob matched, the scenario files they read, every scenario and ruleset file of
 * the folders the loader looks in (`scenarios/`, `rulesets/`: a campaign or a rules line may name any of them), and
 * the committed baselines (`results/baselines/*.json`). Only regular files inside the workspace: a symbolic link is
 * never followed, so nothing outside the repository reaches the public site. The script's format is
 * src/report/site/site-files.ts.
 */
import { lstatSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { isSitePath, siteFilesScript, SITE_FILES_MAX_BYTES, type SiteFiles } from '../report/site/site-files.js';

/** The folders read whole, each with the file names it keeps. */
const FOLDERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['scenarios', /\.(ya?ml|md)$/i],
  ['rulesets', /\.ya?ml$/i],
  ['results/baselines', /\.json$/i],
];

function walk(dir: string, out: string[]): void {
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
  for (const e of entries) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile()) out.push(p);
  }
}

/** The file's text when `rel` names a regular file inside `ws` (no link on the way), else null. */
function readInside(ws: string, rel: string): string | null {
  if (!isSitePath(rel) || rel.split('/').includes('node_modules')) return null; // a package's own files are not his
  const abs = resolve(ws, rel);
  try {
    if (!lstatSync(abs).isFile()) return null;
    const real = realpathSync(abs), root = realpathSync(ws);
    if (relative(root, real) !== rel.split('/').join(sep)) return null; // a linked folder on the way
    return readFileSync(abs, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The repository's files for the app: `experiments` and `referenced` (paths relative to `ws`, e.g. the scenario
 * files the experiments read), then the folders above. Sorted by path, without duplicates.
 */
export function collectSiteFiles(ws: string, experiments: readonly string[], referenced: readonly string[] = []): SiteFiles {
  const paths = new Set<string>([...experiments, ...referenced]);
  for (const [dir, keep] of FOLDERS) {
    const found: string[] = [];
    walk(join(ws, dir), found);
    for (const f of found) if (keep.test(f)) paths.add(relative(ws, f).split(sep).join('/'));
  }
  const files: Array<[string, string]> = [];
  for (const p of [...paths].sort()) {
    const text = readInside(ws, p);
    if (text !== null) files.push([p, text]);
  }
  const have = new Set(files.map(([p]) => p));
  return { experiments: experiments.filter((p) => have.has(p)), files };
}

/** The script for `site`, or its size in bytes when it exceeds `max` (nothing is written then). */
export function boundedSiteScript(site: SiteFiles, max = SITE_FILES_MAX_BYTES): { script: string } | { tooBig: number } {
  const script = siteFilesScript(site);
  const bytes = Buffer.byteLength(script, 'utf8');
  return bytes > max ? { tooBig: bytes } : { script };
}
