/**
 * POSIX path arithmetic of the web app's platform (platform.ts), over the in-memory tree of memory-tree.ts: the same
 * answers as node:path's POSIX functions, with {@link CWD} as the working folder and the package root.
 */
export const CWD = '/pkg';
export const sep = '/';
export const delimiter = ':';

function normalize(p: string): string {
  const abs = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!abs) out.push('..');
    } else out.push(part);
  }
  const s = out.join('/');
  return abs ? `/${s}` : s || '.';
}

export function isAbsolute(p: string): boolean {
  return p.startsWith('/');
}
export function join(...parts: string[]): string {
  return normalize(parts.filter((x) => x !== '').join('/'));
}
export function resolve(...parts: string[]): string {
  let p = '';
  for (let i = parts.length - 1; i >= 0 && !isAbsolute(p); i--) p = p ? `${parts[i]}/${p}` : parts[i];
  return normalize(isAbsolute(p) ? p : `${CWD}/${p}`);
}
export function dirname(p: string): string {
  const n = normalize(p);
  const i = n.lastIndexOf('/');
  return i < 0 ? '.' : i === 0 ? '/' : n.slice(0, i);
}
export function basename(p: string, ext?: string): string {
  const b = p.replace(/\/+$/, '').split('/').pop() ?? '';
  return ext && b.endsWith(ext) ? b.slice(0, -ext.length) : b;
}
export function extname(p: string): string {
  const b = basename(p);
  const i = b.lastIndexOf('.');
  return i <= 0 ? '' : b.slice(i);
}
export function relative(from: string, to: string): string {
  const a = resolve(from).split('/').filter(Boolean), b = resolve(to).split('/').filter(Boolean);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}
