/**
 * `node:fs` in the browser bundle: an in-memory file tree (the shipped
 * experiments and scenarios plus the user's edits) that the unchanged
 * experiment loader reads through `readFileSync`/`existsSync`/`readdirSync`.
 * Writing is never needed in the browser; those calls throw.
 */
const files = new Map<string, string>();

import { resolve } from './path.js';

/** Absolute form of a path (relative ones are under the working folder, path.ts's CWD). */
function norm(p: string): string {
  return resolve(p);
}

/** Put a file into the in-memory tree (absolute POSIX path). */
export function putFile(path: string, text: string): void {
  files.set(norm(path), text);
}

/** Every file path of the tree under `dir`, sorted. */
export function listFiles(dir: string): string[] {
  const d = `${norm(dir)}/`;
  return [...files.keys()].filter((f) => f.startsWith(d)).sort();
}

function enoent(p: string): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, open '${p}'`), { code: 'ENOENT' });
}

function isDir(p: string): boolean {
  const d = `${norm(p)}/`;
  for (const f of files.keys()) if (f.startsWith(d)) return true;
  return false;
}

export function readFileSync(p: string): string {
  const t = files.get(norm(String(p)));
  if (t === undefined) throw enoent(String(p));
  return t;
}

export function existsSync(p: string): boolean {
  return files.has(norm(String(p))) || isDir(String(p));
}

export function readdirSync(p: string): string[] {
  const d = `${norm(String(p))}/`;
  const names = new Set<string>();
  for (const f of files.keys()) if (f.startsWith(d)) names.add(f.slice(d.length).split('/')[0]);
  if (names.size === 0) throw enoent(String(p));
  return [...names].sort();
}

export function statSync(p: string): { isDirectory(): boolean; isFile(): boolean } {
  const file = files.has(norm(String(p)));
  const dir = isDir(String(p));
  if (!file && !dir) throw enoent(String(p));
  return { isDirectory: () => dir, isFile: () => file };
}

export function realpathSync(p: string): string {
  if (!existsSync(p)) throw enoent(String(p));
  return norm(String(p));
}

/** Open files of the descriptor API (the bounded reader of sim/scenario-path.ts): descriptor → bytes and position. */
const open = new Map<number, { bytes: Uint8Array; pos: number }>();
let nextFd = 3;

/** Flags of the descriptor API; the in-memory tree has no devices or pipes, so they change nothing. */
export const constants = { O_RDONLY: 0, O_NONBLOCK: 0, O_NOCTTY: 0 };

export function openSync(p: string): number {
  const key = norm(String(p));
  const t = files.get(key);
  if (t === undefined) {
    if (isDir(key)) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, open '${p}'`), { code: 'EISDIR' });
    throw enoent(String(p));
  }
  const fd = nextFd++;
  open.set(fd, { bytes: new TextEncoder().encode(t), pos: 0 });
  return fd;
}

function fileOf(fd: number): { bytes: Uint8Array; pos: number } {
  const f = open.get(fd);
  if (!f) throw Object.assign(new Error('EBADF: bad file descriptor'), { code: 'EBADF' });
  return f;
}

export function fstatSync(fd: number): { size: number; isFile(): boolean; isDirectory(): boolean; isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean } {
  const f = fileOf(fd);
  const no = (): boolean => false;
  return { size: f.bytes.length, isFile: () => true, isDirectory: no, isFIFO: no, isCharacterDevice: no, isBlockDevice: no, isSocket: no };
}

export function readSync(fd: number, buf: Uint8Array, offset: number, length: number): number {
  const f = fileOf(fd);
  const n = Math.max(0, Math.min(length, f.bytes.length - f.pos));
  buf.set(f.bytes.subarray(f.pos, f.pos + n), offset);
  f.pos += n;
  return n;
}

export function closeSync(fd: number): void {
  open.delete(fd);
}

function readOnly(): never {
  throw Object.assign(new Error('the browser build cannot write files'), { code: 'EROFS' });
}
export const writeFileSync = readOnly, mkdirSync = readOnly, renameSync = readOnly, rmSync = readOnly;
export const writeSync = readOnly, fsyncSync = readOnly, fsync = readOnly, mkdtempSync = readOnly;
export default { readFileSync, existsSync, readdirSync, statSync, writeFileSync, mkdirSync, renameSync, rmSync };
