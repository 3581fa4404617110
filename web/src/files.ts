/**
 * The app's file tree: the shipped experiments and scenarios (bundled at build
 * time) with the user's edits laid over them. Edits live in localStorage and
 * are copied into the platform's in-memory tree (memory-tree.ts) before
 * each check or run, so the unchanged loader reads them by path like the CLI.
 */
import { putFile } from './memory-tree.js';

declare const BL_SHIPPED: Record<string, string>;

const EDITS_KEY = 'balance-lab.edits';

/** The shipped files: path relative to the package root → text. */
export const SHIPPED: Readonly<Record<string, string>> = BL_SHIPPED;

function readEdits(): Record<string, string> {
  try {
    const o = JSON.parse(localStorage.getItem(EDITS_KEY) ?? '{}') as unknown;
    return o && typeof o === 'object' ? (o as Record<string, string>) : {};
  } catch {
    return {};
  }
}

let edits = readEdits();

/** Every path of the tree under `dir/` (shipped or added by the user), sorted. */
export function pathsUnder(dir: string): string[] {
  return [...new Set([...Object.keys(SHIPPED), ...Object.keys(edits)])].filter((p) => p.startsWith(`${dir}/`)).sort();
}

/** The current text of a file (the user's edit, else the shipped one, else empty). */
export function textOf(path: string): string {
  return edits[path] ?? SHIPPED[path] ?? '';
}

/** True when the user changed the file (or added it). */
export function isEdited(path: string): boolean {
  return path in edits && edits[path] !== SHIPPED[path];
}

/** Keep `text` as the file's content on this device. */
export function saveEdit(path: string, text: string): void {
  if (text === SHIPPED[path]) delete edits[path];
  else edits[path] = text;
  try {
    localStorage.setItem(EDITS_KEY, JSON.stringify(edits));
  } catch {
    // Storage full or blocked: the edit still applies to this page.
  }
}

/** Drop the user's edit of a file. */
export function resetEdit(path: string): void {
  saveEdit(path, SHIPPED[path] ?? '');
}

/** The user's edited files (for a share link). */
export function editedFiles(except: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [p, t] of Object.entries(edits)) if (p !== except && t !== SHIPPED[p]) out[p] = t;
  return out;
}

/** Copy the tree (shipped + edits) into the platform's in-memory file tree. */
export function syncFileSystem(): void {
  for (const p of new Set([...Object.keys(SHIPPED), ...Object.keys(edits)])) putFile(p, textOf(p));
}
