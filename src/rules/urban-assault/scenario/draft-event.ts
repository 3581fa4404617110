/**
 * `balance-lab draft` (issue 42 item 6): one entry of the map table, or a mid/final event, read into a tile of the
 * block — 属性, the enemy data (◇ group / ◆ or <高脅威目標> high-threat, counts, levels, 生命点, 攻撃回数), the
 * reaction table, 戦利品, the encounter's modifiers, and for the other events the options, checks and effects. Every
 * rule line it cannot place becomes a TODO with its line.
 */
import type { MdLine } from './draft-text.js';
import { countOf, isFlavour, itemText, keyValue, plain } from './draft-text.js';
import { checkIn, effectsIn, equipmentIn, expendableIn, extortionPrice, reactionWord, ruleLike, sentencesOf, type Eff } from './draft-effects.js';

/** An item the drafter could not read: its line and why. */
export interface Todo {
  readonly line: number;
  readonly why: 'notRead' | 'unitName' | 'groupName' | 'emptyValue';
  readonly text: string;
}

type Obj = Record<string, unknown>;

/** The attributes of `属性：…` → location, dark, tags. */
export function attributes(value: string): Obj {
  const out: Obj = {};
  const indoor = /室内/.test(value), outdoor = /屋外/.test(value);
  out.location = indoor && outdoor ? 'both' : indoor ? 'indoor' : 'outdoor';
  if (/夜間|暗所/.test(value)) out.dark = true;
  const tags = [...(/装甲/.test(value) ? ['armoured'] : []), ...(/高所/.test(value) ? ['height'] : [])];
  if (tags.length > 0) out.tags = tags;
  return out;
}

interface Unit extends Obj { name: string }

const LOOT_NONE = /^(なし|無し|-|—)?$/;

/** `戦利品：…` → the encounter's loot, or undefined for none. */
function lootOf(v: string): unknown {
  if (/戦利品表/.test(v)) return 'table';
  const mags = /弾倉\s*(\d+d\d(?:\+\d+)?|\d+)/.exec(v), scrip = /軍票\s*(\d+d\d(?:\+\d+)?|\d+)/.exec(v);
  if (!mags && !scrip) return undefined;
  const out: Obj = {};
  if (mags) out.magazines = countOf(mags[1]);
  if (scrip) out.scrip = countOf(scrip[1]);
  return out;
}

/** A group line (`民兵 4 名[地上]`, `制圧兵3体`, `◇武装兵：レベル4 ×3`) → name, count, place; or null. */
function groupLine(t: string): { name: string; count: string | number; place: string } | null {
  const s = t.replace(/<敵戦闘集団>|◇/g, '').trim();
  let m = /^([^\d\s：:（(<[]+?)\s*[:：]\s*レベル\s*(\d)\s*[×x]\s*(\d+d\d(?:\+\d+)?|\d+)/.exec(s);
  if (m) return { name: m[1], count: countOf(m[3])!, place: `level:${m[2]}` };
  m = /^([^\d\s：:（(<[]+?)\s*((?:\d+\s*\+\s*)?\d+(?:d\d(?:\s*\+\s*\d+)?)?)\s*(?:名|体|人)\s*(?:\[([^\]]*)\])?\s*$/.exec(s);
  return m ? { name: m[1], count: countOf(m[2])!, place: m[3] ?? '' } : null;
}

/** A high-threat unit's head line (`専任伍長<高脅威目標>(レベル：4)`, `◆現場指揮官：レベル5／生命点2／攻撃回数1`), or null. */
function threatLine(t: string): Unit | null {
  const marked = /<高脅威目標>|◆/.test(t);
  const s = t.replace(/<高脅威目標>|◆/g, '').trim();
  const m = /^([^\s：:（(]+?)\s*[（(]\s*レベル\s*[:：]?\s*(\d)\s*[)）]\s*$/.exec(s);
  if (m) return { name: m[1], kind: 'high_threat', level: Number(m[2]) };
  if (!marked) return null;
  const parts = /^([^：:]+?)\s*(?:[:：]\s*(.*))?$/.exec(s)!;
  const u: Unit = { name: parts[1].trim(), kind: 'high_threat' };
  const rest = parts[2] ?? '';
  const lv = /レベル\s*(\d)/.exec(rest), life = /生命点\s*(\d+)/.exec(rest), at = /攻撃回数\s*(\d)/.exec(rest);
  if (lv) u.level = Number(lv[1]);
  if (life) u.life = Number(life[1]);
  if (at) u.attacks = Number(at[1]);
  return u;
}

/** Reaction entries `【1-2】劣勢なら撤退：…` with their continuation text. */
interface ReactionEntry { faces: string; word: string; text: string; line: MdLine }

/** A tile's event read from its content lines. */
export function readEvent(name: string, body: readonly MdLine[], knownGroups: readonly string[], trapTable = false): { tile: Obj; todos: Todo[] } {
  const lines = body.filter((l) => !isFlavour(l));
  const todos: Todo[] = [];
  const used = new Set<number>();
  const use = (l: MdLine) => used.add(l.n);
  const tile: Obj = { name };
  // 属性 and the template's bookkeeping keys.
  for (const l of lines) {
    const kv = keyValue(plain(l));
    if (!kv) continue;
    if (kv.key === '属性') { Object.assign(tile, attributes(kv.value)); use(l); }
    if (/^(種別|前提状態|敵区分)$/.test(kv.key)) use(l);
    // The v1.01 template's anchors, when filled in: the event's id and which text is authoritative.
    if (kv.key === 'event_id' && /^[\w.-]+$/.test(kv.value)) { tile.event_id = kv.value; use(l); }
    if (kv.key === 'logic_authority' && /^(ledger|prose|mixed)$/.test(kv.value)) { tile.logic_authority = kv.value; use(l); }
  }
  if (tile.location === undefined) tile.location = 'outdoor';
  const isEncounter = lines.some((l) => /出現数|生命点|攻撃回数|反応表|^[-*]?\s*反応\s*[:：]|◇|◆|<高脅威目標>|<敵戦闘集団>/.test(l.text));
  const event = isEncounter ? readEncounter(lines, use, todos, knownGroups, name, ((tile.tags as string[] | undefined) ?? []).includes('armoured')) : readOther(name, lines, use, trapTable);
  const key = isEncounter ? 'encounter' : event.kind;
  if (key === 'nothing') tile.nothing = true;
  else tile[key] = event.value;
  // Whatever rule line was not placed: a TODO at its line.
  for (const l of lines) if (!used.has(l.n) && ruleLike(plain(l))) todos.push({ line: l.n, why: 'notRead', text: l.raw });
  return { tile, todos };
}

/** The enemy data, reaction table, loot and modifiers of an encounter. */
function readEncounter(lines: readonly MdLine[], use: (l: MdLine) => void, todos: Todo[], knownGroups: readonly string[], tileName: string, armoured: boolean): { kind: string; value: Obj } {
  const enc: Obj = {};
  const units: Unit[] = [];
  const places: string[] = [];
  let level: number | undefined;
  const entries: ReactionEntry[] = [];
  let inTable = false, reactionIndent = -1, single: string | null = null;
  let lastThreat: Unit | null = null, threatIndent = -1, inCount = false;
  const mods: { line: MdLine; text: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const p = plain(l);
    const isItem = itemText(l) !== null;
    // Inside the reaction table: its entries and their continuation lines.
    if (inTable) {
      const e = /^【\s*(\d)(?:\s*[-~〜]\s*(\d))?\s*】\s*(.*)$/.exec(p);
      if (e) { entries.push({ faces: e[2] ? `${e[1]}-${e[2]}` : e[1], word: e[3], text: '', line: l }); use(l); continue; }
      if (entries.length === 0 && !isItem && reactionWord(p)) { single = reactionWord(p); use(l); inTable = false; continue; }
      if (entries.length > 0 && (l.indent > reactionIndent || (!isItem && reactionIndent < 0 && l.indent > 0))) { entries[entries.length - 1].text += `${p}\n`; use(l); continue; }
      inTable = false;
    }
    if (/反応表/.test(p)) {
      inTable = true; reactionIndent = isItem ? l.indent : -1; use(l);
      const after = /反応表\s*[>》≫]*\s*[:：]?\s*(.*)$/.exec(p)?.[1] ?? '';
      if (reactionWord(after)) { single = reactionWord(after); inTable = false; }
      continue;
    }
    // Sub-items of a high-threat unit (レベル, 生命点, 攻撃回数 under its name).
    const kv = keyValue(p);
    if (lastThreat && l.indent > threatIndent && kv && /^(レベル|生命点|攻撃回数)$/.test(kv.key)) {
      unitValue(lastThreat, kv.key, kv.value); use(l); continue;
    }
    if (kv && kv.key === '反応') { single = reactionWord(kv.value); use(l); if (/必ず先制攻撃/.test(lines[i + 1]?.text ?? '')) { enc.squad_first_strike = true; use(lines[i + 1]); i++; } continue; }
    if (kv && kv.key === '出現数') {
      use(l);
      const g = groupLine(kv.value.replace(/\s*名\s*$/, ' 名'));
      if (g) { units.push({ name: g.name, count: g.count }); places.push(g.place); }
      else if (countOf(kv.value) !== null) {
        // A name the scenario gave a group before: one the tile mentions, else the one named most often.
        const guess = knownGroups.find((n) => lines.some((x) => x.text.includes(n))) ?? knownGroups[0];
        units.push({ name: guess ?? tileName, count: countOf(kv.value)! }); places.push('');
        todos.push({ line: l.n, why: 'groupName', text: l.raw });
      } else inCount = true;
      continue;
    }
    if (kv && kv.key === 'レベル') { level = Number(/\d/.exec(kv.value)?.[0] ?? NaN); use(l); inCount = false; continue; }
    if (kv && (kv.key === '生命点' || kv.key === '攻撃回数')) {
      if (!lastThreat) { lastThreat = { name: tileName, kind: 'high_threat' }; units.push(lastThreat); places.push(''); todos.push({ line: l.n, why: 'unitName', text: l.raw }); }
      unitValue(lastThreat, kv.key, kv.value); use(l); continue;
    }
    if (kv && kv.key === '戦利品') {
      use(l);
      const loot = lootOf(kv.value);
      if (loot !== undefined) enc.loot = loot;
      else if (!LOOT_NONE.test(kv.value.replace(/。$/, ''))) todos.push({ line: l.n, why: 'notRead', text: l.raw });
      else if (kv.value === '') todos.push({ line: l.n, why: 'emptyValue', text: l.raw });
      continue;
    }
    if (kv && /^(撤退条件|特殊ルール)$/.test(kv.key) && kv.value === '') { use(l); continue; }
    const g = groupLine(p);
    if (g && (inCount || /<敵戦闘集団>|◇|\[/.test(p) || isItem)) { units.push({ name: g.name, count: g.count }); places.push(g.place); use(l); continue; }
    const th = threatLine(p);
    if (th) { units.push(th); places.push(''); lastThreat = th; threatIndent = l.indent; use(l); continue; }
    // A bare name with its data as sub-items (Black Sun's final: 対戦車砲装甲車両 / - レベル：5 …).
    const next = lines[i + 1];
    if (isItem && !kv && next && next.indent > l.indent && /^(レベル|生命点)/.test(plain(next))) {
      lastThreat = { name: p, kind: 'high_threat' }; units.push(lastThreat); places.push(''); threatIndent = l.indent; use(l); continue;
    }
    // Anything else with a rule in it: an encounter modifier (label：text plus its continuation lines).
    if (ruleLike(p) || (kv && kv.value === '')) {
      let text = kv ? `${kv.key}：${kv.value}` : p;
      const at = l;
      while (lines[i + 1] && lines[i + 1].indent > l.indent && !/反応表/.test(lines[i + 1].text)) { i++; text += `\n${plain(lines[i])}`; mods.push({ line: lines[i], text: '' }); }
      mods.push({ line: at, text });
    }
  }
  // Same-named groups are told apart by their place (民兵[地上] / 民兵[側面] → 民兵地上, 民兵側面).
  units.forEach((u, i) => {
    if (u.kind === undefined && units.filter((x) => x.name === u.name).length > 1 && places[i]) u.name += places[i].replace(/[（(].*$/, '');
    if (/属性\s*[:：]\s*室内/.test(places[i])) u.location = 'indoor';
    const lv = /^level:(\d)$/.exec(places[i]);
    if (lv) u.level = Number(lv[1]);
    if (u.level === undefined && level !== undefined && !Number.isNaN(level)) u.level = level;
    if (u.kind === undefined) delete u.kind;
  });
  for (const m of mods) if (m.text && applyModifier(enc, units, m.text)) { m.line && useAll(mods, m, use); }
  if (armoured) for (const u of units) if (u.kind === 'high_threat') u.armoured = true;
  const out: Obj = { enemies: units.map(orderUnit) };
  if (single) out.reaction = single;
  const price: Obj = {};
  if (entries.length > 0) out.reaction = readReactions(entries, price, todos);
  if (price.extortion !== undefined) out.extortion = price.extortion;
  for (const [k, v] of Object.entries(enc)) if (k !== 'loot') out[k] = v;
  if (enc.loot !== undefined) out.loot = enc.loot;
  return { kind: 'encounter', value: out };
}

/** Mark a modifier's lines (the head and its continuation) as read. */
function useAll(mods: readonly { line: MdLine; text: string }[], m: { line: MdLine; text: string }, use: (l: MdLine) => void): void {
  const at = mods.indexOf(m);
  use(m.line);
  for (let j = at - 1; j >= 0 && mods[j].text === ''; j--) use(mods[j].line);
}

/** レベル / 生命点 / 攻撃回数 of a high-threat unit (`1(奇数ラウンドのみ)` → round_attacks). */
function unitValue(u: Unit, key: string, value: string): void {
  const n = Number(/\d+/.exec(value)?.[0] ?? NaN);
  if (Number.isNaN(n)) return;
  if (key === 'レベル') u.level = n;
  if (key === '生命点') u.life = n;
  if (key === '攻撃回数') {
    u.attacks = n;
    if (/奇数ラウンドのみ/.test(value)) u.round_attacks = { odd: n, even: 0 };
  }
}

/** A unit's keys in the order the shipped files write them. */
function orderUnit(u: Unit): Obj {
  const order = ['name', 'kind', 'count', 'level', 'life', 'attacks', 'round_attacks', 'attack_mod', 'attack_mod_kind', 'armoured', 'screened_by', 'screen_exempt', 'location'];
  const out: Obj = {};
  for (const k of order) if (u[k] !== undefined) out[k] = u[k];
  for (const [k, v] of Object.entries(u)) if (!(k in out)) out[k] = v;
  return out;
}

/** One encounter modifier (a labelled rule line of the tile) onto the encounter or a unit; false when not read. */
function applyModifier(enc: Obj, units: Unit[], text: string): boolean {
  // 闇取引: one offer a line (「・フラッシュバン　軍票2 または 弾倉1」).
  const offers = text.split('\n').map((x) => /^・?\s*(\S+?)\s+軍票\s*(\d+)\s*または\s*弾倉\s*(\d+)/.exec(x.trim())).filter((x) => x !== null);
  if (offers.length > 0) {
    const market = offers.map((o) => ({ item: expendableIn(o[1]) ?? equipmentIn(o[1]), scrip: Number(o[2]), magazines: Number(o[3]) }));
    if (market.every((o) => o.item !== null)) { enc.market = market; return true; }
  }
  const s = text.replace(/\n/g, ' ');
  // A screen (UA-R08), in the three ways his texts write it, with the shots it names as exempt (UA-R155).
  let m = /(\S+?)が生存している間は(\S+?)に攻撃が届かない/.exec(s)
    ?? /(\S+?)が\d*体?以上存在する限り[、,]?\s*(\S+?)を攻撃対象に指定できない/.exec(s)
    ?? /(\S+?)の生命点を0にした後でないと[、,]?\s*(\S+?)に攻撃する事が出来ない/.exec(s);
  if (m) {
    const [a, b] = [m[1], m[2]];
    const u = units.find((x) => x.name === b || b.includes(x.name)), by = units.find((x) => x.name === a || a.includes(x.name));
    if (u && by && u !== by) {
      u.screened_by = by.name;
      const exempt = /この限りではない|通常通り/.test(s) ? [[/精密射撃/, 'precise_shot'], [/マークスマン/, 'marksman'], [/スナイパー/, 'sniper']].filter(([re]) => (re as RegExp).test(s)).map(([, k]) => k) : [];
      if (exempt.length > 0) u.screen_exempt = exempt;
      return true;
    }
  }
  const even = /偶数達成値\s*=\s*(\S+)/.exec(s), odd = /奇数達成値\s*=\s*(\S+)/.exec(s);
  if (even && odd) { enc.parity_targeting = { even: even[1], odd: odd[1] }; return true; }
  m = /先制攻撃を選択した場合.*?攻撃回数を?\s*-(\d)/.exec(s);
  if (m) { enc.if_squad_first_strike = { first_round_enemy_attacks: -Number(m[1]) }; return true; }
  m = /(?:1ラウンドに|ラウンドに)攻撃ロールを行えるのは.*?最大\s*(\d)\s*名/.exec(s);
  if (m) { enc.attackers_per_round = Number(m[1]); return true; }
  let read = false;
  const firstRound = /最初のラウンド|第1ラウンド/;
  m = /第1ラウンドの敵の?攻撃回数\s*\+(\d)/.exec(s);
  if (m) { enc.first_round_enemy_attacks = Number(m[1]); read = true; }
  m = /防御ロールに\s*([+-]?\d)\s*の?修正/.exec(s);
  if (m) { enc[firstRound.test(s.slice(Math.max(0, m.index - 30), m.index)) || (firstRound.test(s) && !read) ? 'first_round_defence_mod' : 'defence_mod'] = Number(m[1]); read = true; }
  m = /攻撃ロールに\s*([+-]?\d)\s*の?修正/.exec(s);
  if (m) {
    const v = Number(m[1]);
    const threats = units.filter((u) => u.kind === 'high_threat');
    if (firstRound.test(s)) enc.first_round_attack_mod = v;
    else if (threats.length === 1 && units.length === 1) { threats[0].attack_mod = v; threats[0].attack_mod_kind = /装甲/.test(s) ? 'armour' : 'cover'; }
    else enc.attack_mod = v;
    read = true;
  }
  m = /(\d)\s*ラウンド目?開始時[、,]?\s*(?:(\d)\s*体以上生存している場合)?\s*(\S*?)\s*(\d+d\d(?:\+\d+)?|\d+)\s*(?:名|体)(?:の(\S+?))?の?(?:増援|追加)/.exec(s);
  if (m) {
    const unit = units.find((u) => u.count !== undefined)?.name;
    const r: Obj = { unit, round: Number(m[1]), count: countOf(m[4]) };
    if (m[2]) r.if_standing_at_least = Number(m[2]);
    enc.reinforcements = [r];
    read = true;
  }
  if (/必ず先制攻撃/.test(s)) { enc[/分隊が/.test(s) ? 'squad_first_strike' : 'enemy_first_strike'] = true; read = true; }
  return read;
}

/** The reaction table's entries → `reaction:` (one word for every face when they agree). */
function readReactions(entries: readonly ReactionEntry[], out: Obj, todos: Todo[]): unknown {
  const table: Obj = {};
  for (const e of entries) {
    const word = reactionWord(e.word);
    if (!word) { todos.push({ line: e.line.n, why: 'notRead', text: e.line.raw }); continue; }
    const entry: Obj = { reaction: word };
    if (/闇取引/.test(e.word)) entry.market = true;
    if (word === 'extortion') {
      const price = extortionPrice(`${e.word}\n${e.text}`);
      if (price !== null) out.extortion = price;
    }
    for (const s of sentencesOf(e.text)) {
      const effs = effectsIn(s, true) ?? [];
      for (const f of effs) {
        if (f === 'nothing') continue;
        if ('next_combat' in f) entry.next_combat = { ...(entry.next_combat as Obj | undefined), ...(f.next_combat as Obj) };
        else entry.effects = [...((entry.effects as Eff[] | undefined) ?? []), f];
      }
    }
    table[e.faces] = Object.keys(entry).length === 1 ? word : entry;
  }
  const values = Object.values(table);
  return values.length > 0 && values.every((v) => typeof v === 'string' && v === values[0]) && Object.keys(table).join() === '1-6' ? values[0] : table;
}

/** The kind of a non-fight event and its option(s). */
function readOther(name: string, lines: readonly MdLine[], use: (l: MdLine) => void, trapTable: boolean): { kind: string; value: unknown } {
  const rules = lines.filter((l) => !/^(属性|種別|event_id|logic_authority)/.test(plain(l)));
  const trap = /罠|トラップ|IED|爆|ワイヤー/.test(name + rules.map((l) => l.text).join(''));
  // Options: top-level list items that are not outcomes; their indented lines belong to them.
  const base = Math.min(...rules.map((l) => l.indent), 99);
  const heads = rules.filter((l) => l.indent <= base + 1 && itemText(l) !== null && !outcomeOf(plain(l)) && !/^\d\s*[-~]?\s*\d?\s*[:：]/.test(plain(l)));
  if (heads.length >= 2) {
    const options = heads.map((h, i) => {
      const end = heads[i + 1] ? rules.indexOf(heads[i + 1]) : rules.length;
      const own = rules.slice(rules.indexOf(h), end);
      return readOption(own, use);
    });
    // A trap's disarm option (「解除を試みる」, 「罠の解除」) is the one C4 may replace (§28, UA-R156).
    if (trap) for (const o of options) if (/解除/.test(String(o.label ?? ''))) o.disarm = true;
    return { kind: trap ? 'trap' : 'choice', value: options };
  }
  const one = readOption(rules, use);
  if (one.check === undefined && one.roll === undefined && (one.effects as Eff[] | undefined)?.[0] === 'nothing' && rules.length === 0) return { kind: 'nothing', value: true };
  delete one.label;
  const gives = [...((one.success as Eff[]) ?? []), ...((one.effects as Eff[]) ?? [])].some((e) => e !== 'nothing' && ('magazines' in e || 'item' in e || 'mre' in e || 'cure_wound' in e || 'scenario_item' in e));
  // A single event under a d66 category of traps (〈トラップ・IED〉) is a trap too.
  return { kind: trap || trapTable ? 'trap' : one.check && !gives ? 'check' : 'supply', value: one };
}

/** The outcome a line starts with (【成功】：, 失敗(ファンブル)：, クリティカル(出目：6)：, 全員成功：…), or null. */
function outcomeOf(s: string): { key: string; rest: string } | null {
  const m = /^【?\s*(全員成功|解除成功|成功|失敗\s*[(（]\s*ファンブル\s*[)）]|ファンブルが出た場合|解除失敗|失敗者が\d?名?以上出た場合|失敗者が出た場合|失敗|クリティカル(?:\s*[(（][^)）]*[)）])?)\s*】?\s*[:：]?\s*(.*)$/.exec(s);
  if (!m) return null;
  const w = m[1];
  const key = /ファンブル/.test(w) ? 'fumble' : /クリティカル/.test(w) ? 'critical' : /成功/.test(w) ? 'success' : 'failure';
  return { key, rest: m[2] };
}

/** One option: its label, check, outcomes, d6 table and effects. */
function readOption(lines: readonly MdLine[], use: (l: MdLine) => void): Obj {
  const opt: Obj = {};
  const head = lines[0];
  if (head) opt.label = (plain(head).split(/[。:：]/)[0] || plain(head)).replace(/^[A-Z]\s*[:：]?\s*/, (x) => x.trim().replace(/[:：]$/, '') + ' ').trim();
  const add = (key: string, effs: Eff[]) => { opt[key] = [...((opt[key] as Eff[] | undefined) ?? []), ...effs]; };
  const roll: Obj = {};
  for (const l of lines) {
    const p = plain(l);
    const out = outcomeOf(p);
    const face = /^(\d)(?:\s*[-~〜]\s*(\d))?\s*[:：]\s*(.*)$/.exec(p);
    const text = out ? out.rest : face ? face[3] : p;
    let read = false;
    if (!out && !face) {
      const c = checkIn(text.replace(/ロール\s*を?振る\s*[(（]/, 'ロール('));
      if (c) { opt.check = { ...(opt.check as Obj | undefined), ...c }; read = true; }
      if (/(?:食料|MRE)[^。]*?(\d)?\s*個?\s*を?(?:渡す|分ける)/.test(text)) { opt.pay = { mre: 1 }; read = true; }
      if (/d6\s*を振る/.test(text) && !c) read = true;
    }
    for (const s of sentencesOf(text)) {
      const after = /^(成功|失敗)した場合[、,]?\s*(.*)$/.exec(s);
      const effs = effectsIn(after ? after[2] : s);
      if (!effs) continue;
      read = true;
      if (face) roll[face[2] ? `${face[1]}-${face[2]}` : face[1]] = effs;
      else if (out) add(out.key, effs);
      else if (after) add(after[1] === '成功' ? 'success' : 'failure', effs);
      else if (/すでに.+を所持している場合/.test(s)) continue;
      else add('effects', effs);
    }
    const held = /すでに(\S+?)を所持している場合は(.+)$/.exec(text);
    if (held && out) {
      const list = opt[out.key] as Eff[];
      const at = list.findIndex((e) => e !== 'nothing' && 'item' in e);
      const instead = effectsIn(held[2]) ?? [];
      if (at >= 0) { const it = list[at] as Obj; list.splice(at, list.length - at, { item: { id: it.item, if_held: instead } }); }
    }
    // An outcome the text states with no rule in it (「成功：警報は作動しない」): nothing happens.
    if (out && !read && !ruleLike(out.rest)) { add(out.key, ['nothing']); read = true; }
    if (read || (out && out.rest === '')) use(l);
  }
  if (Object.keys(roll).length > 0) opt.roll = roll;
  if (opt.check === undefined && opt.effects === undefined && opt.roll === undefined) opt.effects = ['nothing'];
  if (opt.check !== undefined && opt.success === undefined && opt.failure === undefined) { opt.success = opt.effects ?? ['nothing']; delete opt.effects; }
  return opt;
}
