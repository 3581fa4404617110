/**
 * The web app's file tree (platform.ts): the shipped experiments, scenarios and rulesets plus the user's edits, in
 * memory under the package root /pkg, read by the unchanged loader through the platform. Nothing is ever written to
 * disk from a page.
 */
import { resolve } from './posix-path.js';
import type { BoundedRead } from '../../src/sim/core/platform.js';

const files = new Map<string, string>();

/** Put a file into the tree (a path relative to /pkg, or absolute). */
export function putFile(path: string, text: string): void {
  files.set(resolve(path), text);
}

/** Empty the tree (before it is filled again, so a file dropped since the last fill is gone). */
export function clearFiles(): void {
  files.clear();
}

/** True when some file lies under `p`. */
function isFolder(p: string): boolean {
  const d = `${resolve(p)}/`;
  for (const f of files.keys()) if (f.startsWith(d)) return true;
  return false;
}

/** The text of a file, or undefined when there is none. */
export function fileText(p: string): string | undefined {
  return files.get(resolve(p));
}

/** The names directly under folder `p`, sorted, or null when no file lies under it. */
export function listFolder(p: string): string[] | null {
  const d = `${resolve(p)}/`;
  const names = new Set<string>();
  for (const f of files.keys()) if (f.startsWith(d)) names.add(f.slice(d.length).split('/')[0]);
  return names.size === 0 ? null : [...names].sort();
}

/** The absolute path of an existing file or folder (the tree has no links), or null. */
export function realpath(p: string): string | null {
  return files.has(resolve(p)) || isFolder(p) ? resolve(p) : null;
}

/** Null for a folder, else `ENOTDIR` (a file) or `ENOENT` (nothing). */
export function folderProblem(p: string): string | null {
  if (isFolder(p)) return null;
  return files.has(resolve(p)) ? 'ENOTDIR' : 'ENOENT';
}

/** A file's text when it has at most `maxBytes` UTF-8 bytes; a folder or a missing file is refused as on Node. */
export function readBounded(p: string, maxBytes: number): BoundedRead {
  const text = files.get(resolve(p));
  if (text === undefined) return isFolder(p) ? { refused: 'folder' } : { refused: 'cannotOpen', code: 'ENOENT' };
  return new TextEncoder().encode(text).length > maxBytes ? { refused: 'tooBig' } : { text };
}
