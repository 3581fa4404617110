/**
 * `balance-lab draft FILE.md` (issue 42 item 6): a first ```` ```yaml balance-lab ```` block drafted from a scenario
 * written to the designer's template — the header (scenario_id, recommended_level, core_version), the map (d33/d66),
 * the one-way progression (N枚目 … 中間イベント / 最終イベント, the final-event table of a d66 mission, 逃走/退却),
 * the starting magazines (初期弾倉), the attacker cap (攻撃人数制限), repeated plays (最大N回, 経験点), every map
 * table entry (draft-event.ts) and the mid and final events, per lap (N周目) where the text has laps. Whatever it
 * cannot read is a TODO comment with its line. The format: docs/scenarios/urban-assault.md.
 */
import { InputError } from '../../../sim/input/input-error.js';
import { t } from '../../../i18n/t.js';
import type { MessageId } from '../../../i18n/messages-en.js';
import { levelRange } from './markdown.js';
import { bracketed, excerpt, keyValue, mdLines, plain, sections, tileHeading, type MdLine, type MdSection } from './draft-text.js';
import { readEvent, type Todo } from './draft-event.js';
import { emitBlock, type Comments } from './draft-emit.js';

type Obj = Record<string, unknown>;

/** A drafted block: the scenario as data, its TODOs and the YAML text (with its fences). */
export interface Draft {
  readonly doc: Obj;
  readonly todos: readonly string[];
  readonly yaml: string;
}

/** Rule versions by the template's `core_version:` (only 1.01 names one version alone). */
const CORE_VERSIONS: Record<string, string> = { '1.01': 'v1.01-2026-10' };

function codesOf(map: string): number[] {
  const sides = map === 'd33' ? 3 : 6, out: number[] = [];
  for (let a = 1; a <= sides; a++) for (let b = 1; b <= sides; b++) out.push(a * 10 + b);
  return out;
}

/** Draft the block of a scenario .md (`file` names it in messages; `text` is its content). */
export function draftScenario(file: string, text: string): Draft {
  const lines = mdLines(text);
  const secs = sections(lines);
  const comments: Comments = new Map();
  const todos: string[] = [];
  const note = (path: string, id: MessageId, params: Record<string, string | number> = {}) => {
    const s = t(id, params);
    todos.push(s);
    comments.set(path, [...(comments.get(path) ?? []), s]);
  };
  const noteTodo = (path: string, x: Todo) => note(path, `draft.${x.why}` as MessageId, { line: x.line, text: excerpt({ raw: x.text } as MdLine) });
  const doc: Obj = {};
  // Header: key: value lines before the first ## section; the title is the first # heading that is not just d33/d66.
  const firstSection = lines.findIndex((l) => /^##\s/.test(l.text));
  const head = lines.slice(0, firstSection < 0 ? lines.length : firstSection);
  const hv = (k: string) => { for (const l of head) { const kv = keyValue(plain(l)); if (kv && kv.key === k && kv.value) return { value: kv.value, line: l }; } return null; };
  const id = hv('scenario_id');
  if (id) doc.scenario = id.value;
  const title = secs.find((s) => s.level === 1 && !/^d(33|66)$/i.test(s.title));
  if (title) doc.title = title.title;
  const lv = hv('recommended_level');
  const range = lv ? levelRange(lv.value.replace(/[～〜]/g, '-')) : null;
  if (range) doc.recommended_level = range;
  const core = hv('core_version');
  if (core && CORE_VERSIONS[core.value]) doc.core_version = CORE_VERSIONS[core.value];
  else if (core) note('', 'draft.coreVersion', { line: core.line.n, value: core.value });
  // The map: d33/d66 named in a heading or 形式, else from the entries' codes.
  const tileSecs = secs.map((s) => ({ s, h: tileHeading(s.title) })).filter((x) => x.h !== null) as { s: MdSection; h: { code: number; name: string } }[];
  const mapWord = lines.map((l) => /d(33|66)/i.exec(l.text)).find((m) => m !== null);
  const map = mapWord ? `d${mapWord[1]}` : tileSecs.length === 0 ? null : tileSecs.some((x) => /[4-6]/.test(String(x.h.code))) ? 'd66' : 'd33';
  if (!map) throw new InputError(file, undefined, '', { id: 'draft.noMap' }, { id: 'draft.noMapAllowed' });
  doc.map = map;
  doc.progression = progression(lines, hv('mode')?.value ?? '', note);
  doc.rules = rules(secs, lines, note);
  const ops = operations(lines);
  if (ops) doc.operations = ops;
  // The map table.
  const tiles: Obj = {};
  const seen = new Map<number, number>();
  const groups: string[] = [];
  const named = new Map<string, number>();
  const valid = codesOf(map);
  for (const { s, h } of tileSecs) {
    const at = s.line.n;
    if (!valid.includes(h.code)) { note('tiles', 'draft.badCode', { line: at, code: h.code, map, text: excerpt(s.line) }); continue; }
    if (seen.has(h.code)) { note(`tiles.${h.code}`, 'draft.twice', { line: at, code: h.code, first: seen.get(h.code)! }); continue; }
    seen.set(h.code, at);
    const sub = s.body.find((l) => /^#{1,6}\s/.test(l.text));
    const name = h.name || (sub ? bracketed(sub.text.replace(/^#+\s*/, '')) : String(h.code));
    const category = [...secs].reverse().find((x) => x.level < s.level && x.line.n < s.line.n);
    const { tile, todos: tt } = readEvent(name, s.body.filter((l) => !/^#{1,6}\s/.test(l.text)), groups, /トラップ/.test(category?.title ?? ''));
    for (const u of ((tile.encounter as Obj | undefined)?.enemies as Obj[] | undefined) ?? []) if (u.count !== undefined) named.set(String(u.name), (named.get(String(u.name)) ?? 0) + 1);
    groups.splice(0, groups.length, ...[...named.entries()].sort((a, b) => b[1] - a[1]).map(([g]) => g));
    tiles[h.code] = tile;
    for (const x of tt) noteTodo(`tiles.${h.code}`, x);
  }
  const tableLine = tileSecs[0]?.s.line.n ?? 1;
  for (const c of valid) if (!(c in tiles) && !seen.has(c)) note('tiles', 'draft.noTile', { code: c, line: tableLine });
  doc.tiles = Object.fromEntries(valid.filter((c) => c in tiles).map((c) => [String(c), tiles[c]]));
  fixedEvents(doc, secs, groups, noteTodo, note);
  const yaml = ['```yaml balance-lab', `# ${t('draft.header', { file: file.replace(/^.*[\\/]/, '') })}`, ...(todos.length > 0 ? [`# ${t('draft.todoCount', { count: todos.length })}`] : []), emitBlock(doc, comments), '```'].join('\n');
  return { doc, todos, yaml: `${yaml}\n` };
}

/** `progression:` from the map-structure lines. */
function progression(lines: readonly MdLine[], mode: string, note: (p: string, id: MessageId) => void): Obj {
  const p: Obj = {};
  if (/一本道/.test(mode) || lines.some((l) => /一本道モード/.test(l.text))) p.mode = 'one-way';
  const mid = lines.map((l) => /(\d+)\s*枚目[^。\d]*?中間イベント/.exec(l.text)).find((m) => m !== null);
  if (mid) p.tiles_before_mid = Number(mid[1]) - 1;
  else note('progression', 'draft.noProgression');
  const finals: number[] = [];
  for (const l of lines) {
    const m = /(\d+)\s*枚目.*?(?:出目が\s*11\s*[～〜~-]\s*(\d\d)\s*なら最終|(必ず)最終|(通常どおり))/.exec(l.text);
    if (m && mid && Number(m[1]) > Number(mid[1])) finals.push(m[2] ? Number(m[2]) : m[3] ? 66 : 0);
  }
  if (finals.length > 0) p.final_at_most = finals;
  else {
    const fin = lines.map((l) => /(\d+)\s*枚目[^。\d]*?最終イベント/.exec(l.text)).find((m) => m !== null);
    if (fin && mid) p.tiles_after_mid = Number(fin[1]) - Number(mid[1]) - 1;
  }
  if (lines.some((l) => /番号を1つずつ増やし|未使用の番号|既出出目/.test(l.text))) p.repeated_tile = 'next-unused';
  else if (lines.some((l) => /同じ出目.*振り直/.test(l.text))) p.repeated_tile = 'reroll';
  else { p.repeated_tile = 'next-unused'; note('progression.repeated_tile', 'draft.repeatedSilent'); }
  if (lines.some((l) => /(逃走|退却).*カウントしな|カウントしません/.test(l.text))) p.flee = true;
  return p;
}

/** `rules:` — 初期弾倉 by difficulty, 攻撃人数制限, the success XP; other special-rule sections are TODOs. */
function rules(secs: readonly MdSection[], lines: readonly MdLine[], note: (p: string, id: MessageId, params?: Record<string, string | number>) => void): Obj {
  const r: Obj = {};
  const mags: Obj = {};
  for (const s of secs.filter((x) => /初期弾倉/.test(x.title))) {
    for (const l of s.body) {
      const m = /^(?:[-*]\s*)?(EASY|NORMAL|HARD)\s*[:：]\s*(\d+)/i.exec(l.text);
      if (m && mags[m[1].toUpperCase()] === undefined) mags[m[1].toUpperCase()] = Number(m[2]);
    }
  }
  if (Object.keys(mags).length === 0) {
    const one = lines.map((l) => /初期弾倉\s*[:：]\s*(\d+)/.exec(l.text)).find((m) => m !== null);
    if (one) mags.NORMAL = Number(one[1]);
  }
  if (Object.keys(mags).length > 0) r.starting_magazines = mags;
  else note('rules', 'draft.noMagazines');
  const cap = lines.map((l) => /最大\s*(\d)\s*名まで攻撃/.exec(l.text)).find((m) => m !== null);
  if (cap) r.attackers_per_round = Number(cap[1]);
  const xp = lines.map((l) => /作戦が成功した場合.*?(\d)\s*経験点を獲得/.exec(l.text)).find((m) => m !== null);
  if (xp) r.success_xp = Number(xp[1]);
  const special = secs.find((s) => /交戦規定|シナリオ特殊ルール/.test(s.title) && s.level <= 2);
  for (const s of secs.filter((x) => special && x.level > special.level && x.line.n > special.line.n && x.line.n <= (special.body[special.body.length - 1]?.n ?? 0))) {
    if (!/初期弾倉|攻撃人数制限|シナリオ固有ルール/.test(s.title)) note('rules', 'draft.section', { line: s.line.n, title: s.title });
  }
  return r;
}

/** `operations:` — 最大N回, events kept between operations, and whose XP counts. */
function operations(lines: readonly MdLine[]): Obj | null {
  const o: Obj = {};
  const max = lines.map((l) => /作戦は、?最大\s*(\d)\s*回まで/.exec(l.text)).find((m) => m !== null);
  if (max) o.max = Number(max[1]);
  if (lines.some((l) => /解決されたマップイベントは記録され/.test(l.text))) o.tiles_persist = true;
  if (lines.some((l) => /最初に作戦成功した1回のみ/.test(l.text))) o.xp = 'first_success';
  else if (lines.some((l) => /経験点が入るの?は?各キャラクタ.*最初の1回のみ/.test(l.text))) o.xp = 'first_play';
  return Object.keys(o).length > 0 ? o : null;
}

/** The mid and final events, once or per lap (`### N周目` under each). */
function fixedEvents(doc: Obj, secs: readonly MdSection[], groups: string[], noteTodo: (p: string, x: Todo) => void, note: (p: string, id: MessageId) => void): void {
  const find = (word: RegExp) => secs.find((s) => s.level <= 3 && word.test(s.title) && !/出目/.test(s.title));
  const mid = find(/中間イベント/), fin = find(/最終イベント/);
  const lapsOf = (s: MdSection | undefined) => s ? secs.filter((x) => x.level > s.level && /(\d)\s*[周週]目/.test(x.title) && s.body.includes(x.line)) : [];
  const midLaps = lapsOf(mid), finLaps = lapsOf(fin);
  const one = (s: MdSection, body: readonly MdLine[], name: string, path: string) => {
    const { tile, todos } = readEvent(name, body.filter((l) => !/^#{1,6}\s/.test(l.text)), groups);
    for (const x of todos) noteTodo(path, x);
    return tile;
  };
  const nameOf = (s: MdSection, word: string) => bracketed(s.title.replace(/^[\d.\s]*/, '').replace(word, '').trim()) || word;
  if (midLaps.length > 1 || finLaps.length > 1) {
    const n = Math.max(midLaps.length, finLaps.length);
    const laps: Obj[] = [];
    for (let i = 0; i < n; i++) {
      const lap: Obj = { note: `${i + 1}周目` };
      const m = midLaps[i], f = finLaps[i];
      if (m && m.body.some((l) => /枚目以降.*夜間/.test(l.text))) lap.dark_after_mid = true;
      if (m) lap.mid = one(m, m.body.filter((l) => !/枚目以降.*夜間|^[-*]?\s*属性\s*[:：]\s*夜間\s/.test(l.text)), `中間イベント ${i + 1}周目`, `laps.${i}.mid`);
      if (f) lap.final = one(f, f.body, `最終イベント ${i + 1}周目`, `laps.${i}.final`);
      laps.push(lap);
    }
    doc.laps = laps;
    return;
  }
  if (mid) doc.mid = one(mid, mid.body, nameOf(mid, '中間イベント'), 'mid');
  else note('', 'draft.noMid');
  if (fin) doc.final = one(fin, fin.body, nameOf(fin, '最終イベント'), 'final');
  else note('', 'draft.noFinal');
}
