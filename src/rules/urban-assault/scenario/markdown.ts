/**
 * Scenarios inside the designer's Markdown (issue 25 item 4). A scenario .md holds its data in one fenced block
 * opened by ```` ```yaml balance-lab ```` (or `~~~yaml balance-lab`); the prose around it is his. The block is parsed
 * with every line outside it blanked, so a YAML error or a schema error names the .md's own line. The header he
 * writes after the title (his template, scenario_template.md: `scenario_id:`, `recommended_level:` … as plain lines,
 * `- key: value` items or a `---` front matter) gives the scenario's id and recommended level when the block omits
 * them. {@link proseWarnings} compares the numbers the prose states with the block's (docs/scenarios/urban-assault.md,
 * "Scenarios inside Markdown").
 */
import { Cursor, Source } from '../../../sim/input/schema.js';
import { InputError } from '../../../sim/input/input-error.js';
import { readBoundedFile, type ScenarioAccess } from '../../../sim/input/scenario-path.js';
import { MAX_INPUT_FILE_BYTES } from '../../../sim/input/limits.js';
import type { Msg } from '../../../i18n/t.js';

/** Does this file name a Markdown scenario? */
export function isMarkdownFile(file: string): boolean {
  return /\.(md|markdown)$/i.test(file);
}

const OPEN = /^(\s{0,3})(`{3,}|~{3,})\s*ya?ml\s+balance-lab\s*$/i;

/** Where the block lies in the .md (1-based lines of the opening and closing fences). */
export interface BlockPlace {
  readonly open: number;
  readonly close: number;
}

/** The designer's header: the values of his template's keys, with their lines. */
export interface MdHeader {
  readonly id?: { value: string; line: number };
  readonly level?: { value: [number, number]; line: number };
}

/** The block's place, or null when the .md has none. Throws for an unclosed block (line of its opening fence). */
export function findBlock(file: string, lines: readonly string[]): BlockPlace | null {
  let found: BlockPlace | null = null;
  for (let i = 0; i < lines.length; i++) {
    const m = OPEN.exec(lines[i]);
    if (!m) continue;
    if (found) throw new InputError(file, i + 1, '', { id: 'markdown.twoBlocks', params: { first: found.open } }, { id: 'markdown.oneBlock' });
    const fence = m[2];
    let j = i + 1;
    while (j < lines.length && !(lines[j].trim().startsWith(fence[0].repeat(fence.length)) && lines[j].trim().replace(new RegExp(`^\\${fence[0]}+`), '') === '')) j++;
    if (j >= lines.length) throw new InputError(file, i + 1, '', { id: 'markdown.unclosed', params: { fence } });
    found = { open: i + 1, close: j + 1 };
    i = j;
  }
  return found;
}

/** Read the template's header keys from the lines before the first `##` section (plain, `- ` item or front matter). */
export function readHeader(lines: readonly string[]): MdHeader {
  const out: { id?: MdHeader['id']; level?: MdHeader['level'] } = {};
  for (let i = 0; i < lines.length; i++) {
    if (/^##\s/.test(lines[i]) || OPEN.test(lines[i])) break;
    // On the trimmed line (linear: a run of blanks is never tried two ways, issue 39 item 4).
    const m = /^(?:[-*]\s*)?(scenario_id|recommended_level)\s*[:：]\s*(.*)$/.exec(lines[i].trim());
    if (!m || m[2] === '') continue;
    if (m[1] === 'scenario_id' && !out.id) out.id = { value: m[2], line: i + 1 };
    if (m[1] === 'recommended_level' && !out.level) {
      const r = levelRange(m[2]);
      if (r) out.level = { value: r, line: i + 1 };
    }
  }
  return out;
}

/** `10-11`, `10〜16`, `12` → [lo, hi]; null when it is not a level. */
export function levelRange(text: string): [number, number] | null {
  const t = oneSpace(text).replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  const m = /^\s*(\d{1,2})\s*(?:[-~〜～－ー]\s*(\d{1,2}))?\s*$/.exec(t);
  if (!m) return null;
  const lo = Number(m[1]), hi = m[2] !== undefined ? Number(m[2]) : lo;
  return [Math.min(lo, hi), Math.max(lo, hi)];
}

/** A parsed Markdown scenario: the block as a YAML source (line numbers of the .md) and the header's values. */
export interface MarkdownScenario {
  readonly source: Source;
  readonly root: Cursor;
  readonly block: BlockPlace;
  readonly header: MdHeader;
  readonly lines: readonly string[];
}

/**
 * Parse a scenario .md: the block's YAML (errors at the .md's lines), with `scenario:` and `recommended_level:`
 * taken from the header when the block omits them. A .md without a block is one InputError saying how to add it.
 */
export function parseMarkdownScenario(file: string, text: string, access?: ScenarioAccess): MarkdownScenario {
  const lines = text.split(/\r?\n/);
  const block = findBlock(file, lines);
  if (!block) throw new InputError(file, undefined, '', { id: 'markdown.noBlock' }, { id: 'markdown.howToAdd' });
  const yaml = lines.map((l, i) => (i + 1 > block.open && i + 1 < block.close ? l : '')).join('\n');
  const source = Source.parse(file, yaml, access);
  const header = readHeader(lines);
  let root = source.root();
  if (root.value === null || typeof root.value !== 'object' || Array.isArray(root.value)) {
    throw new InputError(file, block.open, '', { id: 'markdown.blockNotMapping' }, { id: 'markdown.howToAdd' });
  }
  const doc = { ...(root.value as Record<string, unknown>) };
  if (doc.scenario === undefined && header.id) doc.scenario = header.id.value;
  if (doc.recommended_level === undefined && header.level) doc.recommended_level = header.level.value;
  root = new Cursor(source, [], doc);
  return { source, root, block, header, lines };
}

/** A warning about the prose: its line in the .md and the message. */
export interface ProseWarning {
  readonly line: number;
  readonly msg: Msg;
}

/** `s` with every run of blanks (spaces, tabs, full-width spaces) as one space. */
function oneSpace(s: string): string {
  return s.replace(/\s+/g, ' ');
}

/** The map type named after the first `形式：` of a line (linear: one search for the label, one for the type after it). */
function mapAfterForm(line: string): RegExpExecArray | null {
  const at = /形式\s*[:：]/.exec(line);
  return at ? /(d33|d66)/i.exec(line.slice(at.index + at[0].length)) : null;
}

const DIFFICULTY = /^\s*(?:[-*|]\s*)?\**\s*(EASY|NORMAL|HARD)\s*\**\s*[:：|]\s*\**\s*(\d{1,3})/i;

/**
 * The numbers the prose states that the block also states, where they disagree:
 * - starting magazines per difficulty: a line `EASY：20` / `- NORMAL：17個` / a table row `| HARD | 15 |` under a
 *   heading that names 弾倉 (初期弾倉, 支給弾倉 …) or in 参加条件; and `初期弾倉：N` in 参加条件 (compared with NORMAL, or
 *   the only difficulty);
 * - the recommended level: `推奨レベル：` / `適正レベル：` in the prose, and the header's `recommended_level`;
 * - the map type: d33 or d66 named in a heading, in `形式：` or in a `マップ表(d33)` heading, compared with `map:`.
 * Lines inside the block are never read as prose.
 */
export function proseWarnings(md: MarkdownScenario): ProseWarning[] {
  const out: ProseWarning[] = [];
  const doc = md.root.value as Record<string, unknown>;
  const mags = (doc.rules as Record<string, unknown> | undefined)?.starting_magazines as Record<string, unknown> | undefined;
  const level = Array.isArray(doc.recommended_level) ? (doc.recommended_level as number[]) : typeof doc.recommended_level === 'number' ? [doc.recommended_level, doc.recommended_level] : null;
  const map = typeof doc.map === 'string' ? doc.map : null;
  let heading = '';
  const inBlock = (n: number) => n >= md.block.open && n <= md.block.close;
  const levelShown = (r: readonly number[]) => (r[0] === r[1] ? String(r[0]) : `${r[0]}-${r[1]}`);
  const checkLevel = (text: string, n: number) => {
    const r = levelRange(text);
    if (r && level && (r[0] !== level[0] || r[1] !== level[1])) out.push({ line: n, msg: { id: 'markdown.levelDiffers', params: { prose: levelShown(r), block: levelShown(level) } } });
  };
  if (md.header.level && level && md.header.level.value.join() !== level.join()) {
    out.push({ line: md.header.level.line, msg: { id: 'markdown.levelDiffers', params: { prose: levelShown(md.header.level.value), block: levelShown(level) } } });
  }
  md.lines.forEach((raw, i) => {
    const n = i + 1;
    if (inBlock(n)) return;
    // Every run of blanks as one space first: the patterns below then take linear time on any line (issue 39 item 4:
    // `\s*` next to `\s*` made a line of 240,000 blanks take 41 s).
    const line = oneSpace(raw);
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (h) {
      heading = h[1];
      const maps = [...new Set(h[1].match(/d(33|66)/gi)?.map((x) => x.toLowerCase()) ?? [])];
      if (map && maps.length === 1 && maps[0] !== map) out.push({ line: n, msg: { id: 'markdown.mapDiffers', params: { prose: maps[0], block: map } } });
      return;
    }
    const form = mapAfterForm(line);
    if (form && map && form[1].toLowerCase() !== map) out.push({ line: n, msg: { id: 'markdown.mapDiffers', params: { prose: form[1].toLowerCase(), block: map } } });
    const lv = /(?:推奨|適正)レベル\s*[:：]\s*([0-9０-９]{1,2}\s*(?:[-~〜～－ー]\s*[0-9０-９]{1,2})?)/.exec(line);
    if (lv) checkLevel(lv[1], n);
    const magHeading = /弾倉|参加条件/.test(heading);
    const d = DIFFICULTY.exec(line);
    if (d && mags && magHeading) {
      const key = d[1].toUpperCase(), want = mags[key];
      if (typeof want === 'number' && Number(d[2]) !== want) out.push({ line: n, msg: { id: 'markdown.magazinesDiffer', params: { level: key, prose: Number(d[2]), block: want } } });
    }
    const one = /初期弾倉\s*[:：]\s*(\d{1,3})/.exec(line);
    if (one && mags && /参加条件/.test(heading)) {
      const levels = Object.keys(mags);
      const key = levels.includes('NORMAL') ? 'NORMAL' : levels.length === 1 ? levels[0] : null;
      if (key && typeof mags[key] === 'number' && Number(one[1]) !== mags[key]) out.push({ line: n, msg: { id: 'markdown.magazinesDiffer', params: { level: key, prose: Number(one[1]), block: mags[key] as number } } });
    }
  });
  return out;
}

/** The prose warnings of a scenario file: none for a file that is not Markdown. */
export function markdownFileWarnings(file: string): ProseWarning[] {
  return isMarkdownFile(file) ? proseWarnings(parseMarkdownScenario(file, readBoundedFile(file, MAX_INPUT_FILE_BYTES))) : [];
}
