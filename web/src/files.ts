/**
 * The app's file tree: the shipped experiments and scenarios (bundled at build time), the repository's files laid over
 * them when the app is the copy the GitHub Action publishes (app/site-files.js, issue 42: his experiments, scenarios,
 * rulesets and baselines; a repository file is never replaced by a shipped example of the same path), the user's
 * edits laid over both (an edit always wins), and the work of an opened share link laid over both. Edits live in localStorage under a key namespaced to the
 * page's folder (storage.ts); a link's work lives only in this page until the user keeps it (issue 39 item 6). Every
 * map is a Map, so a path such as `__proto__` is an ordinary key (issue 39 item 18). The tree is copied into the
 * platform's in-memory tree (memory-tree.ts) before each check or run, so the unchanged loader reads it by path.
 */
import { clearFiles, putFile } from './memory-tree.js';
import { storageKey } from './storage.js';
import { readSiteFiles } from '../../src/report/site/site-files.js';

declare const BL_SHIPPED: Record<string, string>;

const EDITS_KEY = storageKey(location.pathname, 'edits');

/** The shipped files: path relative to the package root → text. */
export const SHIPPED: ReadonlyMap<string, string> = new Map(Object.entries(BL_SHIPPED));

const SITE = readSiteFiles((globalThis as { BL_SITE_FILES?: unknown }).BL_SITE_FILES);

/** The repository's files the published app carries (none elsewhere): path relative to the repository → text. */
export const REPO: ReadonlyMap<string, string> = new Map(SITE.files);

/** The repository's experiment files, in the Action's order (shown first, under 「このリポジトリのファイル」). */
export const REPO_EXPERIMENTS: readonly string[] = SITE.experiments;

/** The files before the user's edits: the shipped ones with the repository's laid over them. */
const BASE: ReadonlyMap<string, string> = new Map([...SHIPPED, ...REPO]);

function readEdits(): Map<string, string> {
  try {
    const o = JSON.parse(localStorage.getItem(EDITS_KEY) ?? '{}') as unknown;
    return new Map(o && typeof o === 'object' ? Object.entries(o).filter((e): e is [string, string] => typeof e[1] === 'string') : []);
  } catch {
    return new Map();
  }
}

const edits = readEdits();

/** The work of the share link opened in this page (never stored until kept): its experiment's path and its files. */
interface LinkWork { readonly file: string; readonly files: Map<string, string>; edited: boolean }
let link: LinkWork | undefined;

/** Every path of the tree under `dir/` (shipped, the repository's or added by the user), sorted. */
export function pathsUnder(dir: string): string[] {
  return [...new Set([...BASE.keys(), ...edits.keys()])].filter((p) => p.startsWith(`${dir}/`)).sort();
}

/** The current text of a file on this device (the user's edit, else the repository's, else the shipped one, else empty). */
export function textOf(path: string): string {
  return edits.get(path) ?? BASE.get(path) ?? '';
}

/** True when the path holds a file on this device (shipped, the repository's or saved by the user). */
export function hasFile(path: string): boolean {
  return edits.has(path) || BASE.has(path);
}

/** `dir/stem.ext`, or `dir/stem-2.ext`, `-3` … : the first such path holding no file on this device. */
export function freePath(dir: string, stem: string, ext: string): string {
  for (let k = 1; ; k++) {
    const path = `${dir}/${stem}${k === 1 ? '' : `-${k}`}.${ext}`;
    if (!hasFile(path)) return path;
  }
}

/** True when the user changed the file (or added it). */
export function isEdited(path: string): boolean {
  return edits.has(path) && edits.get(path) !== BASE.get(path);
}

/** Keep `text` as the file's content on this device. */
export function saveEdit(path: string, text: string): void {
  if (text === BASE.get(path)) edits.delete(path);
  else edits.set(path, text);
  try {
    localStorage.setItem(EDITS_KEY, JSON.stringify(Object.fromEntries(edits)));
  } catch {
    // Storage full or blocked: the edit still applies to this page.
  }
}

/** Drop the user's edit of a file. */
export function resetEdit(path: string): void {
  saveEdit(path, BASE.get(path) ?? '');
}

/** The user's edited files (for a share link). */
export function editedFiles(except: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [p, t] of edits) if (p !== except && t !== BASE.get(p)) Object.defineProperty(out, p, { value: t, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Hold a link's work in this page only: its experiment `file` with `text` and the other files it carries. */
export function openLink(file: string, text: string, files: Readonly<Record<string, string>> = {}): void {
  link = { file, files: new Map([...Object.entries(files), [file, text]]), edited: false };
}

/** The opened link's experiment path and whether the user has typed into its files, or undefined. */
export function linkItem(): { readonly file: string; readonly edited: boolean } | undefined {
  return link;
}

/** A file's text as the opened link has it (else as on this device). */
export function linkText(path: string): string {
  return link?.files.get(path) ?? textOf(path);
}

/** Change a file of the opened link (the page only; nothing is stored). */
export function setLinkText(path: string, text: string): void {
  if (!link) return;
  link.files.set(path, text);
  link.edited = true;
}

/** The files of this device that keeping the link would replace: paths holding other text than the link's. */
export function linkConflicts(): string[] {
  if (!link) return [];
  return [...link.files].filter(([p, text]) => (edits.has(p) || BASE.has(p)) && textOf(p) !== text).map(([p]) => p).sort();
}

/** Store the link's files on this device (after the user agreed to {@link linkConflicts}); returns their paths. */
export function keepLink(): string[] {
  if (!link) return [];
  for (const [p, text] of link.files) saveEdit(p, text);
  const paths = [...link.files.keys()].sort();
  link = undefined;
  return paths;
}

/** Copy the tree (shipped + the repository's + edits, then the link's files when `withLink`) into the platform's in-memory file tree. */
export function syncFileSystem(withLink = false): void {
  clearFiles();
  for (const p of new Set([...BASE.keys(), ...edits.keys()])) putFile(p, textOf(p));
  if (withLink && link) for (const [p, text] of link.files) putFile(p, text);
}

/** The opened link's files other than `except` (for a share link made while it is open). */
export function linkOtherFiles(except: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (link) for (const [p, t] of link.files) if (p !== except) Object.defineProperty(out, p, { value: t, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Where a file of the tree comes from, for the pickers' groups: the repository, the shipped examples, or this device only. */
export function originOf(path: string): 'repo' | 'shipped' | 'device' {
  return REPO.has(path) ? 'repo' : SHIPPED.has(path) ? 'shipped' : 'device';
}

/** Every file of the tree outside `experiments/`, `rulesets/` and `results/` that may be a scenario (.yaml, .yml, .md), sorted. */
export function scenarioPaths(): string[] {
  return [...new Set([...BASE.keys(), ...edits.keys()])]
    .filter((p) => /\.(ya?ml|md)$/i.test(p) && !/^(experiments|rulesets|results)\//.test(p) && !REPO_EXPERIMENTS.includes(p)).sort();
}
