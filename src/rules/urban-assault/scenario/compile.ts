/**
 * Validate and compile an URBAN ASSAULT scenario file (YAML) into a
 * {@link ScenarioDef}. Every check names the file, line, path and what is
 * allowed (via {@link Cursor.fail}). The format is documented in
 * docs/scenarios/urban-assault.md.
 *
 * This file reads the document's top level: `map:`, `progression:`, `rules:`, `operations:`, `laps:` (briefing,
 * mid and final events, `issued:`), `items:`, `members:`, `triggers:` and `tiles:`. The other format areas:
 * scenario/compile-shared.ts (allowed keys, context), scenario/compile-effects.ts (counters, conditions,
 * effects, checks, options), scenario/compile-encounter.ts (a tile's `encounter:`).
 */
import { Cursor, Source } from '../../../sim/input/schema.js';
import { COMMAND_SKILLS, EQUIPMENT, EXP_C4, EXPENDABLES, EXPENDABLE_ALIASES, ROLES, SHOOTING_SKILLS, skillFlag } from '../catalogue/catalogue.js';
import type { EngagementDef } from '../config.js';
import { RULE_VERSIONS } from '../catalogue/ruleset.js';

/** The label of the option a trap's `disarm` adds (a rule term, kept in Japanese as the scenario's labels are). */
export const C4_DISARM_LABEL = 'C4爆薬: ブービートラップを自動解除';
import {
  EV_CHECK, EV_CHOICE, EV_ENCOUNTER, EV_NONE, EV_SUPPLY, EV_TRAP, ITEM_USES, USE_ANY_TIME, TRIGGER_AT, type TriggerDef, type EncounterExtra, type LapDef,
  type OptionDef, type ScenarioDef, type ScenarioItemDef, type ScenarioMemberDef, type TileDef,
} from './scenario.js';
import { TOP_KEYS, TILE_KEYS, EVENT_KEYS, ITEM_IDS, newBook, readAnchors, type Ctx, type Book, type CompileWarning, type Names } from './compile-shared.js';
import { checkCounterConditions } from './compile-checks.js';
import { fillCancelWorth, readCounters, readCondition, readEffects, readOption } from './compile-effects.js';
import { readEncounter } from './compile-encounter.js';

const THREAT_OF_KIND = [2, 1, 1, 1, 0, 0];

/** A tile, or the mid/final event (`fixed`: no flee). */
function readTile(c: Cursor, code: number, fixed: boolean, fleeDefault: boolean, names: Names): TileDef {
  c.object(TILE_KEYS, ['name']);
  readAnchors(c);
  const name = c.key('name').str();
  // `both`: 屋外・室内 (Black Sun 14), every rule of either attribute applies (issue 28 item 5, UA-R144).
  const where = c.key('location').str({ oneOf: ['indoor', 'outdoor', 'both'] });
  const indoor = where !== 'outdoor', alsoOutdoor = where === 'both';
  const dark = c.key('dark').bool({ default: false });
  // Tags: `height` (高所: 降下ロープ +1 on its checks and one fall stopped, UA-R93); any other tag is a note for readers (record-only).
  const tags = c.key('tags').missing ? [] : c.key('tags').list().map((t) => t.str());
  const height = tags.includes('height');
  const ctx: Ctx = { name, indoor, alsoOutdoor, dark, items: names.items, counters: names.counters, used: names.used, flags: names.flags, targeted: false, readEncounter };
  const present = EVENT_KEYS.filter((k) => !c.key(k).missing);
  if (present.length !== 1) c.fail(present.length === 0 ? { id: 'uaScenario.tileNoEvent' } : { id: 'uaScenario.tileEvents', params: { presentCount: present.length, present: present.join(', ') } }, { id: 'uaScenario.exactlyOne', params: { EVENT_KEYS: EVENT_KEYS.join(', ') } });
  const key = present[0];
  const ev = c.key(key);
  let kind = EV_NONE, engagement: EngagementDef | null = null, extra: EncounterExtra | null = null, options: OptionDef[] = [];
  if (key === 'encounter') {
    kind = EV_ENCOUNTER;
    // 逃走 from a random tile's fight only where the progression allows fleeing (progression.flee).
    ({ engagement, extra } = readEncounter(ev, ctx, !fixed && fleeDefault));
  } else if (key === 'nothing') {
    if (ev.value !== true) ev.fail({ id: 'uaScenario.writeNothingTrueTile' });
  } else {
    kind = key === 'check' ? EV_CHECK : key === 'choice' ? EV_CHOICE : key === 'trap' ? EV_TRAP : EV_SUPPLY;
    if (Array.isArray(ev.value)) options = ev.list({ min: 1 }).map((o, i) => readOption(o, i, ctx, true));
    else {
      if (key === 'choice') ev.fail({ id: 'uaScenario.choiceListOptions' }, '- { label, check, effects, success, failure … }');
      options = [readOption(ev, 0, ctx, false)];
    }
    if (key === 'check' && options.some((o) => o.check === null)) ev.fail({ id: 'uaScenario.checkEventNeedsCheck' });
    const disarm = options.find((o) => o.disarm);
    if (disarm && key !== 'trap') ev.fail({ id: 'uaScenario.disarmOnlyTrap' });
    // C4 爆薬 「ブービートラップを自動解除」「判定は不要です」 (§28; UA-R156): a trap with a disarm attempt gets one more option,
    // offered while the squad holds a C4 and the ruling offers it; the C4 is spent, no check.
    if (disarm) options.push({ label: C4_DISARM_LABEL, costMagazines: 0, costMre: 0, costItem: EXP_C4, costSub: 0, needsRole: -1, cond: null, check: null, effects: [], success: disarm.success, failure: [], critical: null, fumble: null, targetMember: false, roll: null, c4Disarm: true });
  }
  const after = readEffects(c.key('after'), ctx);
  if (after.length > 0) {
    // Effects after the event whatever happened (e.g. 通報: the next combat's first round −1): an extra unconditional option tail.
    if (options.length === 0) options = [{ label: name, costMagazines: 0, costMre: 0, costItem: -1, costSub: 0, needsRole: -1, cond: null, check: null, effects: after, success: [], failure: [], critical: null, fumble: null, targetMember: false, roll: null }];
    else options = options.map((o) => ({ ...o, effects: [...o.effects, ...after] }));
  }
  let threat = THREAT_OF_KIND[kind];
  if (engagement && engagement.units.some((u) => u.htt)) threat = 3;
  return { code, name, kind, indoor, alsoOutdoor, dark, height, engagement, extra, options, fleeAllowed: fixed ? false : fleeDefault, threat };
}

function codesOf(map: 'd33' | 'd66'): number[] {
  const sides = map === 'd33' ? 3 : 6, out: number[] = [];
  for (let t = 1; t <= sides; t++) for (let u = 1; u <= sides; u++) out.push(t * 10 + u);
  return out;
}

/** An `issued:` list: catalogue expendables and/or the scenario's own items. */
function readIssued(c: Cursor, items: readonly string[]): { issued: number[]; issuedItems: number[] } {
  const issued: number[] = [], issuedItems: number[] = [];
  for (const x of c.list()) {
    if (typeof x.value === 'string' && items.includes(x.value)) issuedItems.push(items.indexOf(x.value));
    else {
      const id = x.str({ oneOf: [...ITEM_IDS, ...items] });
      issued.push(EXPENDABLES.indexOf((EXPENDABLE_ALIASES[id] ?? id) as (typeof EXPENDABLES)[number]));
    }
  }
  return { issued, issuedItems };
}

function readLap(c: Cursor, fleeDefault: boolean, fallback: { mid: Cursor; final: Cursor; briefing: Cursor } | null, names: Names,
  every: { issued: number[]; issuedItems: number[] }): LapDef {
  if (fallback === null) c.object(['briefing', 'mid', 'final', 'issued', 'dark_after_mid', 'note'], ['final']);
  const src = fallback ?? { mid: c.key('mid'), final: c.key('final'), briefing: c.key('briefing') };
  const own = fallback ? { issued: [], issuedItems: [] } : readIssued(c.key('issued'), names.items);
  return {
    briefing: src.briefing.missing ? null : readTile(src.briefing, 97, true, fleeDefault, names),
    mid: src.mid.missing ? null : readTile(src.mid, 0, true, fleeDefault, names),
    final: readTile(src.final, 99, true, fleeDefault, names),
    issued: [...every.issued, ...own.issued],
    issuedItems: [...every.issuedItems, ...own.issuedItems],
    darkAfterMid: fallback ? false : c.key('dark_after_mid').bool({ default: false }),
    note: fallback ? '' : c.key('note').str({ default: '', multiline: true }),
  };
}

const RESERVED_IDS = new Set<string>([...ITEM_IDS, ...Object.keys(EQUIPMENT), ...ROLES]);

/** `items:` — the scenario's own items, `{ id: { name, use, carried, returned, effects } }`. */
function readItems(c: Cursor, counters: readonly string[], used: boolean[], flags: Book): ScenarioItemDef[] {
  const entries = c.entries();
  const ids = entries.map(([k]) => k);
  return entries.map(([id, e]) => {
    if (RESERVED_IDS.has(id)) e.fail({ id: 'uaScenario.alreadyCatalogueItemMember', params: { id } }, { id: 'uaScenario.newIdEG' });
    e.object(['name', 'use', 'carried', 'returned', 'effects', 'between_attacks', 'rule_id'], ['use', 'effects']);
    readAnchors(e);
    const use = ITEM_USES.indexOf(e.key('use').str({ oneOf: ITEM_USES }) as (typeof ITEM_USES)[number]);
    // between_attacks (issue 28 item 5, UA-R143): an any_time item is also offered between two single attacks.
    const between = e.key('between_attacks').bool({ default: false });
    if (between && use !== USE_ANY_TIME) e.key('between_attacks').fail({ id: 'uaDice.betweenNeedsAnyTime' }, 'use: any_time, between_attacks: true');
    const ctx: Ctx = { name: id, indoor: false, dark: false, items: ids, counters, used, flags, targeted: false, readEncounter };
    return {
      id,
      name: e.key('name').str({ default: id }),
      use,
      betweenAttacks: between,
      carried: e.key('carried').bool({ default: true }),
      returned: e.key('returned').bool({ default: false }),
      effects: (() => {
        const fx = readEffects(e.key('effects'), ctx);
        if (fx.length === 0) e.key('effects').fail({ id: 'uaScenario.itemNoEffect' }, 'effects: [{ kill_enemies: 1d3+1 }] …');
        return fx;
      })(),
    };
  });
}

/** `members:` — the scenario's own member types. */
function readMembers(c: Cursor, nLaps: number): ScenarioMemberDef[] {
  return c.entries().map(([id, e]) => {
    if (RESERVED_IDS.has(id)) e.fail({ id: 'uaScenario.alreadyCatalogueItemMember', params: { id } }, { id: 'uaScenario.newIdEG2' });
    e.object(['name', 'cost', 'skill', 'life', 'shots', 'hit_table', 'reaction_mod', 'from_lap', 'rule_id'], ['skill', 'life', 'shots', 'hit_table']);
    readAnchors(e);
    return {
      id,
      name: e.key('name').str({ default: id }),
      cost: e.key('cost').num({ default: 0, min: 0, max: 99, int: true }),
      skill: e.key('skill').num({ min: 0, max: 6, int: true }),
      // 生命点 (§33 「原則として生命点は1点」; more with a scenario's word: issue 28 item 7, UA-R132).
      life: e.key('life').num({ min: 1, max: 9, int: true }),
      shots: e.key('shots').num({ min: 0, max: 5, int: true }),
      hitTable: e.key('hit_table').num({ min: 1, max: 6, int: true }),
      reactionMod: e.key('reaction_mod').num({ default: 0, min: -3, max: 3, int: true }),
      fromLap: e.key('from_lap').num({ default: 1, min: 1, max: nLaps, int: true }),
    };
  });
}

/** `rules.carry_over: { magazines, counters }` (UA-R134); absent: no fields, so a scenario without it compiles as before. */
function readCarryOver(c: Cursor, counterIds: readonly string[]): { carryMagazines?: boolean; carryCounters?: number[] } {
  if (c.missing) return {};
  c.object(['magazines', 'counters']);
  const carryCounters = c.key('counters').list().map((x) => {
    const id = x.str();
    const i = counterIds.indexOf(id);
    if (i < 0) x.fail({ id: 'uaState.carryUnknownCounter', params: { id } }, counterIds.filter((k) => k !== 'info').join(', ') || { id: 'uaState.carryDeclareCounter' });
    return i;
  });
  return { carryMagazines: c.key('magazines').bool({ default: false }), carryCounters };
}

/** Compile a scenario document. */
export function compileScenario(root: Cursor): ScenarioDef {
  return compileScenarioChecked(root).scenario;
}

/** Compile a scenario and return it with its warnings (format combinations that validate but can never act). */
export function compileScenarioChecked(root: Cursor): { scenario: ScenarioDef; warnings: CompileWarning[] } {
  root.object(TOP_KEYS, ['scenario', 'map', 'progression', 'rules', 'tiles']);
  const map = root.key('map').str({ oneOf: ['d33', 'd66'] }) as 'd33' | 'd66';
  const codes = codesOf(map);
  const p = root.key('progression');
  p.object(['mode', 'tiles_before_mid', 'tiles_after_mid', 'final_at_most', 'repeated_tile', 'flee', 'final_when'], ['tiles_before_mid']);
  p.key('mode').str({ default: 'one-way', oneOf: ['one-way'] });
  const fleeAllowed = p.key('flee').bool({ default: true });
  const after = p.key('tiles_after_mid'), fam = p.key('final_at_most');
  if (after.missing === fam.missing) p.fail({ id: 'uaScenario.giveExactlyOneTiles' }, 'tiles_after_mid, final_at_most');
  const famCs = fam.missing ? [] : fam.list({ min: 1 });
  const finalAtMost = fam.missing ? null : famCs.map((x) => {
    const v = x.num({ min: 0, max: 66, int: true });
    if (v !== 0 && !codes.includes(v)) x.fail({ id: 'uaScenario.notResult', params: { v, map } }, { id: 'uaScenario.n0NeverResultAlways', params: { map, code: codes[codes.length - 1] } });
    return v;
  });
  if (finalAtMost) {
    const last = codes[codes.length - 1];
    finalAtMost.forEach((v, i) => { if (i > 0 && v < finalAtMost[i - 1]) famCs[i].fail({ id: 'uaScenario.belowPrevious', params: { v, finalAtMost: finalAtMost[i - 1] } }, { id: 'uaScenario.nonDecreasingList' }); });
    if (finalAtMost[finalAtMost.length - 1] !== last) famCs[famCs.length - 1].fail({ id: 'uaScenario.lastTileMustAlways' }, `${last}`);
  }
  const counters = readCounters(root.key('counters'), 0);
  const counterIds = counters.map((x) => x.id);
  // Declared counters are always reported; the implicit `info` only when an effect or condition uses it.
  const used = counters.map((x) => !root.key('counters').key(x.id).missing);
  const flags: Book = newBook();
  const items = root.key('items').missing ? [] : readItems(root.key('items'), counterIds, used, flags);
  const itemIds = items.map((i) => i.id);
  const names: Names = { items: itemIds, counters: counterIds, used, flags };
  // Triggers (UA-R96): `{ at: combat_start | combat_end | tile_enter, if: condition, effects: [...] }`.
  const triggers: TriggerDef[] = root.key('triggers').list().map((t) => {
    t.object(['at', 'if', 'effects', 'cancel', 'rule_id', 'logic_authority'], ['at', 'effects']);
    readAnchors(t);
    const ctx: Ctx = { name: 'trigger', indoor: false, dark: false, items: itemIds, counters: counterIds, used, flags, targeted: false, readEncounter };
    const effects = readEffects(t.key('effects'), ctx);
    if (effects.length === 0) t.key('effects').fail({ id: 'uaScenario.triggerNoEffect' }, 'effects: [{ hit_table: 1 }] …');
    const at = TRIGGER_AT.indexOf(t.key('at').str({ oneOf: TRIGGER_AT }) as (typeof TRIGGER_AT)[number]);
    // cancel (UA-R100): `{ detect: true }` (察知) and/or `{ item: <expendable or scenario item> }`.
    const cc = t.key('cancel');
    let cancelByDetect = false, cancelByItem = -1, cancelByScItem = -1, cancelBySkill = -1;
    if (!cc.missing) {
      cc.object(['detect', 'item', 'skill']);
      if (cc.key('detect').missing && cc.key('item').missing && cc.key('skill').missing) cc.fail({ id: 'uaScenario.cancelNamesNothing' }, 'detect: true, item: <id>, skill: <skill>');
      if (!cc.key('skill').missing) cancelBySkill = Math.log2(skillFlag(cc.key('skill').str({ oneOf: [...SHOOTING_SKILLS, ...COMMAND_SKILLS] }) as (typeof SHOOTING_SKILLS)[number]));
      cancelByDetect = cc.key('detect').bool({ default: false });
      const it = cc.key('item');
      if (!it.missing) {
        if (typeof it.value === 'string' && itemIds.includes(it.value)) cancelByScItem = itemIds.indexOf(it.value);
        else cancelByItem = EXPENDABLES.indexOf((EXPENDABLE_ALIASES[it.str({ oneOf: [...ITEM_IDS, ...itemIds] })] ?? it.value) as (typeof EXPENDABLES)[number]);
      }
    }
    return { at, cond: t.key('if').missing ? null : readCondition(t.key('if'), ctx), effects, cancelByDetect, cancelByItem, cancelByScItem, cancelBySkill };
  });
  const r = root.key('rules');
  r.object(['starting_magazines', 'attackers_per_round', 'issued', 'night_attack_mod', 'night_attack_scope', 'success_xp', 'detect_options', 'carry_over', 'carried_initiative'], ['starting_magazines']);
  if (!r.key('night_attack_scope').missing && r.key('night_attack_mod').missing) r.key('night_attack_scope').fail({ id: 'uaFormat.scopeNeedsNightMod' }, 'night_attack_mod: -1, night_attack_scope: every');
  const detect = readDetectOptions(r.key('detect_options'));
  const startingMagazines: Record<string, number> = {};
  for (const [k, v] of r.key('starting_magazines').entries()) startingMagazines[k] = v.num({ min: 0, max: 999, int: true });
  if (Object.keys(startingMagazines).length === 0) r.key('starting_magazines').fail({ id: 'uaScenario.noDifficulty' }, { id: 'uaScenario.eG' });
  const every = readIssued(r.key('issued'), itemIds);
  const tiles: (TileDef | null)[] = new Array(67).fill(null);
  const tilesC = root.key('tiles');
  for (const [k, t0] of tilesC.entries()) {
    const code = Number(k);
    // Unquoted YAML keys (11:) are numbers in the document: a numeric path part lets errors find their line.
    const t = /^\d+$/.test(k) ? new Cursor(t0.source, [...tilesC.parts, code], t0.value) : t0;
    if (!codes.includes(code)) t.fail({ id: 'uaScenario.notResult2', params: { k, map } }, codes.join(', '));
    tiles[code] = readTile(t, code, false, fleeAllowed, names);
  }
  const missing = codes.filter((x) => tiles[x] === null);
  if (missing.length > 0) root.key('tiles').fail({ id: 'uaScenario.noTile', params: { missing: missing.join(', ') } }, { id: 'uaScenario.everyResult', params: { map, code: codes[0], code2: codes[codes.length - 1] } });
  const lapsC = root.key('laps');
  let laps: LapDef[];
  if (lapsC.missing) {
    if (root.key('final').missing) root.fail({ id: 'uaScenario.noFinalEvent' }, { id: 'uaScenario.finalLaps' });
    laps = [readLap(root, fleeAllowed, { mid: root.key('mid'), final: root.key('final'), briefing: root.key('briefing') }, names, every)];
  } else {
    for (const k of ['mid', 'final', 'briefing']) if (!root.key(k).missing) root.key(k).fail({ id: 'uaScenario.goesInsideEachLap', params: { k } });
    laps = lapsC.list({ min: 1 }).map((l) => readLap(l, fleeAllowed, null, names, every));
  }
  const before = p.key('tiles_before_mid').num({ min: 0, max: 20, int: true });
  if (laps.some((l) => l.mid === null) && before > 0) root.fail({ id: 'uaScenario.tilesBeforeMid0' }, { id: 'uaScenario.midEventTilesBefore' });
  // Every unit name an effect or condition refers to must be an enemy of some encounter of the scenario.
  for (const ref of flags.refs) {
    const n = ref.str();
    if (!flags.units.has(n)) ref.fail({ id: 'uaScenario.noEncounterScenarioEnemy', params: { n } }, [...flags.units].join(', ') || 'an enemy name from an encounter');
  }
  fillCancelWorth(flags);
  const ops = root.key('operations');
  ops.missing || ops.object(['max', 'tiles_persist', 'when_exhausted', 'xp']);
  const tilesPersist = ops.missing ? false : ops.key('tiles_persist').bool({ default: false });
  const exhausted = ops.key('when_exhausted').str({ default: 'none', oneOf: ['none', 'reset-earlier'] }) as 'none' | 'reset-earlier';
  if (exhausted !== 'none' && !tilesPersist) ops.key('when_exhausted').fail({ id: 'uaScenario.whenExhaustedNeedsTiles' }, 'tiles_persist: true');
  const scenario: ScenarioDef = {
    id: root.key('scenario').str(),
    title: root.key('title').str({ default: root.key('scenario').str() }),
    source: root.key('source').str({ default: '' }),
    map,
    tiles,
    tilesBeforeMid: before,
    tilesAfterMid: after.missing ? 0 : after.num({ min: 0, max: 20, int: true }),
    finalAtMost,
    repeated: p.key('repeated_tile').str({ default: 'next-unused', oneOf: ['next-unused', 'reroll'] }) as 'reroll' | 'next-unused',
    fleeAllowed,
    startingMagazines,
    attackersCap: r.key('attackers_per_round').num({ default: 0, min: 0, max: 20, int: true }),
    laps,
    tilesPersist,
    maxOperations: ops.missing ? 0 : ops.key('max').num({ default: 0, min: 0, max: 99, int: true }),
    exhausted,
    xpFirstPlay: ops.key('xp').str({ default: 'every', oneOf: ['every', 'first_play', 'first_success'] }) === 'first_play',
    // Present only when set, so every other scenario's compiled JSON stays as it was.
    ...(ops.key('xp').missing || ops.key('xp').str() !== 'first_success' ? {} : { xpFirstSuccess: true }),
    ...(root.key('core_version').missing ? {} : { coreVersion: root.key('core_version').str({ oneOf: RULE_VERSIONS }) }),
    ...(r.key('carried_initiative').str({ default: 'either', oneOf: ['either', 'latest'] }) === 'latest' ? { carriedLatest: true as const } : {}),
    items,
    triggers,
    finalWhen: p.key('final_when').missing ? null : readCondition(p.key('final_when'), { name: 'progression', indoor: false, dark: false, items: itemIds, counters: counterIds, used, flags, targeted: false, readEncounter }),
    usesGoto: flags.goto,
    counters: counters.map((x, i) => {
      if (x.startByLap.length > laps.length) root.key('counters').key(x.id).key('start_by_lap').fail({ id: 'uaScenario.lapsGivenButScenario', params: { startByLapCount: x.startByLap.length, lapsCount: laps.length } }, { id: 'uaScenario.mostValues', params: { lapsCount: laps.length } });
      return { ...x, reported: used[i] };
    }),
    members: root.key('members').missing ? [] : readMembers(root.key('members'), laps.length),
    nightAttackMod: r.key('night_attack_mod').num({ default: 0, min: -3, max: 0, int: true }),
    nightAttackScope: r.key('night_attack_scope').str({ default: 'guns', oneOf: ['guns', 'every'] }) as 'guns' | 'every',
    successXp: r.key('success_xp').num({ default: 0, min: 0, max: 10, int: true }),
    ...readCarryOver(r.key('carry_over'), counters.map((x) => x.id)),
    detectReroll: detect.reroll,
    detectFewer: detect.fewer,
  };
  checkCounterConditions(scenario.counters, flags);
  return { scenario, warnings: flags.warnings };
}

/** `rules.detect_options`: a non-empty list of `reroll` and `enemy_minus_1`, each once (default `[reroll]`; UA-R142). */
function readDetectOptions(c: Cursor): { reroll: boolean; fewer: boolean } {
  if (c.missing) return { reroll: true, fewer: false };
  const words = c.list({ min: 1 }).map((x) => x.str({ oneOf: ['reroll', 'enemy_minus_1'] }));
  if (new Set(words).size !== words.length) c.fail({ id: 'uaDice.detectOptionTwice' }, '[reroll, enemy_minus_1]');
  return { reroll: words.includes('reroll'), fewer: words.includes('enemy_minus_1') };
}

/** Load and compile a scenario file. */
export function loadScenario(file: string): ScenarioDef {
  return compileScenario(Source.load(file).root());
}
