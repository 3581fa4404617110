/**
 * Full-width characters where YAML expects ASCII (issue 26). A Japanese
 * keyboard in full-width mode types `：` for `:`, `　` (U+3000) for a space,
 * `１００` for `100`, `－` for a list's `-`, `，［］｛｝` in flow lists and maps
 * and `＃` for a comment. YAML then either fails with a cryptic message or,
 * worse, silently reads `games：100` as one plain string. This scanner finds
 * such a character in a structural position and names the line, the column
 * and the ASCII character to type instead. Text inside quotes, comments,
 * block scalars and ordinary values (Japanese labels, notes) is left alone.
 */

/** A full-width character in a structural position. */
export interface FullWidthHit {
  /** 1-based line and column (in characters). */
  readonly line: number;
  readonly col: number;
  /** The character found and the ASCII one to type instead. */
  readonly char: string;
  readonly ascii: string;
}

/** Full-width characters and their ASCII counterparts. */
export const FULL_WIDTH: Readonly<Record<string, string>> = {
  '：': ':', '　': ' ', '－': '-', '，': ',', '［': '[', '］': ']', '｛': '{', '｝': '}', '＃': '#',
  '０': '0', '１': '1', '２': '2', '３': '3', '４': '4', '５': '5', '６': '6', '７': '7', '８': '8', '９': '9',
  '．': '.', '＋': '+',
};

const DIGITS = /^[+\-＋－]?[0-9０-９]+([.．][0-9０-９]+)?$/;
const KEYISH = /^[A-Za-z0-9_.\-０-９]+$/;

/** The part of a line outside quotes and comments, with quoted spans blanked (columns kept). */
function unquoted(line: string): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) {
        if (quote === "'" && line[i + 1] === "'") { out += '  '; i++; continue; }
        quote = null;
        out += c;
      } else out += c === '\\' && quote === '"' ? (i++, '  ') : ' ';
      continue;
    }
    if (c === '#' && (i === 0 || /[\s\u3000]/.test(line[i - 1]))) break;
    if ((c === '"' || c === "'") && (i === 0 || /[\s:\[{,\-\u3000：［｛，]/.test(line[i - 1]))) quote = c;
    out += c;
  }
  return out;
}

/** A scalar in a value or flow position that YAML would read as a number were it ASCII. */
function fullWidthNumber(s: string): boolean {
  const v = s.trim();
  return v !== '' && DIGITS.test(v) && /[０-９．＋－]/.test(v);
}

/** The first full-width character of `line` in a structural position, as [column index, char]. */
function hitOf(line: string): [number, string] | null {
  const u = unquoted(line);
  // Indentation and a list dash.
  const lead = /^[ \u3000]*/.exec(u)![0];
  const ws = lead.indexOf('\u3000');
  if (ws >= 0) return [ws, '\u3000'];
  let i = lead.length;
  if (u[i] === '－' && (u[i + 1] === ' ' || u[i + 1] === '\u3000' || i + 1 === u.length)) return [i, '－'];
  if (u[i] === '＃') return [i, '＃'];
  if (u[i] === '-' && (u[i + 1] === ' ' || u[i + 1] === '\u3000')) {
    if (u[i + 1] === '\u3000') return [i + 1, '\u3000'];
    i += 2;
    while (u[i] === ' ') i++;
  }
  // A key: `games：100` (no ASCII `: ` before the full-width colon) is a key typed in full width.
  const rest = u.slice(i);
  const ascii = /:(\s|$)/.exec(rest);
  const fw = rest.indexOf('：');
  if (fw >= 0 && (!ascii || fw < ascii.index) && KEYISH.test(rest.slice(0, fw).trim())) return [i + fw, '：'];
  if (ascii && rest[ascii.index + 1] === '\u3000') return [i + ascii.index + 1, '\u3000'];
  // Full-width digits in the key itself.
  if (ascii) {
    const key = rest.slice(0, ascii.index);
    const d = key.search(/[０-９]/);
    if (d >= 0 && KEYISH.test(key.trim())) return [i + d, key[d]];
  }
  // The value: a flow collection, a number or a comment typed in full width.
  const vStart = ascii ? i + ascii.index + 1 : i;
  const value = u.slice(vStart);
  const v0 = vStart + (value.length - value.trimStart().length);
  const first = u[v0];
  if (first === '［' || first === '｛') return [v0, first];
  if (first === '[' || first === '{') {
    // Inside an ASCII flow collection: full-width separators, brackets and numbers.
    for (let k = v0; k < u.length; k++) if ('，［］｛｝：'.includes(u[k])) return [k, u[k]];
    const tokens = /[^,\[\]{}:\s]+/g;
    tokens.lastIndex = v0 + 1;
    for (let m = tokens.exec(u); m; m = tokens.exec(u)) {
      if (fullWidthNumber(m[0])) { const k = m.index + m[0].search(/[０-９．＋－]/); return [k, u[k]]; }
    }
    return null;
  }
  if (fullWidthNumber(value)) { const k = v0 + value.trim().search(/[０-９．＋－]/); return [k, u[k]]; }
  // A number followed or preceded by a full-width space (`games: 100　`) is read as text.
  if (value.includes('\u3000') && DIGITS.test(value.replace(/\u3000/g, ' ').trim())) return [vStart + value.indexOf('\u3000'), '\u3000'];
  // A comment typed with ＃ after an ASCII value (`100 ＃ note`).
  const hash = /^([\x20-\x7e]*?)[ \u3000]＃/.exec(value);
  if (hash && hash[1].trim() !== '') return [vStart + hash[0].length - 1, '＃'];
  return null;
}

/**
 * Scan YAML text for full-width characters in structural positions; the
 * first one found (or null). Block scalars (`|`, `>`) are skipped.
 */
export function findFullWidth(text: string): FullWidthHit | null {
  const lines = text.split(/\r?\n/);
  let blockIndent = -1;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    const indent = /^ */.exec(line)![0].length;
    if (blockIndent >= 0) {
      if (line.trim() === '' || indent > blockIndent) continue;
      blockIndent = -1;
    }
    const hit = hitOf(line);
    if (hit) {
      const [col, char] = hit;
      return { line: n + 1, col: col + 1, char, ascii: FULL_WIDTH[char] ?? char };
    }
    if (/(^|[:\-]\s+)[|>][+\-0-9]*\s*(#.*)?$/.test(unquoted(line).trimEnd())) blockIndent = indent;
  }
  return null;
}
