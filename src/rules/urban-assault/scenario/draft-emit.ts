/**
 * `balance-lab draft` (issue 42 item 6): the drafted scenario written as the ```` ```yaml balance-lab ```` block, in the
 * shipped files' layout (block mappings for the sections and tiles, one-line `{ … }` for units, effects and small
 * tables) with comment lines where the drafter left something to the designer.
 */

/** Comment lines to write above a key, by its dotted path (`tiles.12`, `rules`, `` for the top). */
export type Comments = Map<string, string[]>;

const PLAIN = /^[^\s\-?:,[\]{}#&*!|>'"%@`0-9][^:#,[\]{}]*$/;

function scalar(v: unknown): string {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return 'null';
  const s = String(v);
  if (/^\d+d\d+([+-]\d+)?$/.test(s)) return s;
  return PLAIN.test(s) && !/^(true|false|null|yes|no|on|off|~)$/i.test(s) && !/\s$/.test(s) ? s : JSON.stringify(s);
}

function key(k: string, parent: string): string {
  if (/^\d{2}$/.test(k) && /^tiles$/.test(parent)) return k;
  return /^\d/.test(k) ? JSON.stringify(k) : scalar(k);
}

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A mapping's entries; faces and ranges of a d6 table (`"1"`, `"2-5"`, `"6"`) in the order of their first face. */
function ordered(v: Record<string, unknown>): [string, unknown][] {
  const e = Object.entries(v);
  return e.every(([k]) => /^\d(-\d)?$/.test(k)) ? e.sort((a, b) => Number(a[0][0]) - Number(b[0][0])) : e;
}

/** The value on one line (`{ a: 1, b: [x] }`). */
function flow(v: unknown, parent = ''): string {
  if (Array.isArray(v)) return `[${v.map((x) => flow(x)).join(', ')}]`;
  if (isObj(v)) {
    const parts = ordered(v).map(([k, x]) => `${key(k, parent)}: ${flow(x, k)}`);
    return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
  }
  return scalar(v);
}

const BLOCK_KEYS = new Set(['progression', 'rules', 'operations', 'tiles', 'mid', 'final', 'laps', 'encounter', 'reaction', 'enemies', 'choice', 'trap', 'supply', 'check', 'roll']);

function emit(v: unknown, indent: number, path: string, comments: Comments, out: string[], parentKey: string): void {
  const pad = ' '.repeat(indent);
  if (Array.isArray(v)) {
    for (const x of v) {
      if (isObj(x) && flow(x).length + indent > 140) {
        const entries = Object.entries(x);
        entries.forEach(([k, y], i) => {
          const lead = i === 0 ? `${pad}- ` : `${pad}  `;
          line(k, y, lead, indent + 2, `${path}`, comments, out, parentKey);
        });
      } else out.push(`${pad}- ${flow(x, parentKey)}`);
    }
    return;
  }
  if (!isObj(v)) return;
  for (const [k, y] of ordered(v)) line(k, y, pad, indent, path, comments, out, parentKey);
}

function line(k: string, y: unknown, lead: string, indent: number, path: string, comments: Comments, out: string[], parentKey: string): void {
  const p = path === '' ? k : `${path}.${k}`;
  for (const c of comments.get(p) ?? []) out.push(`${' '.repeat(indent)}# ${c}`);
  const inline = flow(y, k);
  const tileCheck = k !== 'check' || (isObj(y) && 'check' in y);
  const block = (isObj(y) || Array.isArray(y)) && ((BLOCK_KEYS.has(k) && tileCheck) || parentKey === 'tiles' || inline.length + indent + k.length > 140);
  if (!block || (Array.isArray(y) && y.length === 0) || (isObj(y) && Object.keys(y).length === 0)) out.push(`${lead}${key(k, parentKey)}: ${inline}`);
  else {
    out.push(`${lead}${key(k, parentKey)}:`);
    emit(y, indent + 2, p, comments, out, k);
  }
}

/** The block's YAML text (without its fences): `doc` in the shipped layout with the comments above their keys. */
export function emitBlock(doc: Record<string, unknown>, comments: Comments): string {
  const out: string[] = [];
  for (const c of comments.get('') ?? []) out.push(`# ${c}`);
  emit(doc, 0, '', comments, out, '');
  return out.join('\n');
}
