/**
 * Validate and compile an URBAN ASSAULT scenario file (YAML) into a
 * {@link ScenarioDef}. Every check names the file, line, path and what is
 * allowed (via {@link Cursor.fail}). The format is documented in
 * docs/scenarios/urban-assault.md.
 */
import { Cursor, Source } from '../../sim/schema.js';
import { COMMAND_SKILLS, EQUIPMENT, EXPENDABLES, EXPENDABLE_ALIASES, ROLES, SHOOTING_SKILLS, skillFlag } from './catalogue.js';
import { readCount, readEngagement, readFaceTable } from './engagement-compile.js';
import { REACTIONS, RX_FRIENDLY, RX_NEUTRAL, RX_SUPPORTIVE, type CountExpr, type EngagementDef } from './config.js';
import {
  CHECK_ABILITIES, EFFECTS, EV_CHECK, EV_CHOICE, EV_ENCOUNTER, EV_NONE, EV_SUPPLY, EV_TRAP, E_ENCOUNTER, E_ITEM, E_KILL_ENEMIES,
  E_COUNTER, E_IF, E_INFO, E_LOOT_TABLE, E_MAP_ROLL, E_MEMBER_DAMAGE, E_NEXT_COMBAT, E_NOTHING, E_SCENARIO_ITEM, E_SPECIAL, ITEM_USES, MAX_COUNTERS,
  C_COUNTER, C_DIFFICULTY, C_ENEMY, C_ITEM, C_LAP, C_MEMBER, C_ROUND, C_SC_ITEM, C_SKILL, TRIGGER_AT, E_REINFORCE, E_GOTO_FINAL, type CheckDef, type CombatModifiers, type ConditionDef, type CounterDef, type TriggerDef,
  type EffectDef, type EncounterExtra, type LapDef, type MapRollMod, type MarketOffer, type OptionDef, type ReactionExtra,
  type ReinforcementDef, type RoundMods, type ScenarioDef, type ScenarioItemDef, type ScenarioMemberDef, type TileDef,
  type UnitExtra, type WhileAliveDef, type VariationDef, type WithdrawDef, type RetreatCheckDef,
} from './scenario.js';
import { SPECIALS, SPECIAL_DEFS, SP_DRONE, SP_SCANNER, type SpecialId } from './special.js';

const TOP_KEYS = ['scenario', 'title', 'source', 'recommended_level', 'map', 'progression', 'rules', 'operations', 'counters', 'triggers', 'items', 'members', 'laps', 'briefing', 'mid', 'final', 'tiles'];
const TILE_KEYS = ['name', 'location', 'dark', 'tags', 'encounter', 'check', 'choice', 'trap', 'supply', 'nothing', 'after'];
const EVENT_KEYS = ['encounter', 'check', 'choice', 'trap', 'supply', 'nothing'];
const OPTION_KEYS = ['label', 'pay', 'requires_member', 'if', 'target', 'check', 'effects', 'success', 'failure', 'critical', 'fumble', 'roll'];
const CHECK_KEYS = ['roll', 'target', 'mods', 'auto_success_with', 'auto_success_with_skill', 'skill_cost', 'everyone'];
const COMBAT_KEYS = ['enemy_first_strike', 'squad_first_strike', 'first_round_defence_mod', 'first_round_attackers_cap',
  'first_round_enemy_attacks', 'defence_mod', 'enemy_attacks', 'first_round_attack_mod', 'first_defence_roll_mod', 'extra_enemies',
  'members_attacking_mod', 'target_no_attack_first_round', 'target_absent_first_round', 'attack_mod', 'first_attack_roll_mod', 'cancel_unit_mod'];
/** Keys of a tile's `encounter` read by engagement-compile.ts readEngagement (shared with experiment files). */
const CORE_ENCOUNTER_KEYS = ['enemies', 'reaction', 'parity_targeting', 'first_round_defence_mod', 'enemy_first_strike',
  'attackers_per_round', 'extortion', 'negotiable', 'retreat_allowed', 'loot'];
/** Scenario-only encounter keys (EncounterExtra). */
const EXTRA_ENCOUNTER_KEYS = ['squad_first_strike', 'attack_mod', 'first_round_attack_mod', 'defence_mod', 'first_round_enemy_attacks',
  'if_squad_first_strike', 'while_alive', 'reinforcements', 'market', 'if_wiped_out', 'round_zero_blast', 'round_zero_use',
  'advantage_attack_mod', 'members_defence_mod', 'ends_after_round', 'ends_when_down', 'withdraw_on', 'on_capture',
  'variations', 'withdraw', 'retreat_check', 'first_attack_roll_mod', 'first_defence_roll_mod'];
const VARIATION_KEYS = ['if', 'enemies', 'add', 'remove', 'enemy_first_strike', 'squad_first_strike', 'screen_off', 'untargetable', 'no_unit_mod'];
const CORE_UNIT_KEYS = ['name', 'kind', 'count', 'level', 'life', 'attacks', 'attack_mod', 'attack_mod_kind', 'armoured', 'gun_armed', 'screened_by', 'immune'];
const EXTRA_UNIT_KEYS = ['round_attacks', 'wounded', 'led_by', 'leaderless_level', 'location', 'hit_by_parity', 'fumble_damage', 'splash', 'absent'];
const REACTION_ENTRY_KEYS = ['reaction', 'next_combat', 'effects', 'pass', 'market'];
const ROUND_MOD_KEYS = ['attack_mod', 'first_round_attack_mod', 'defence_mod', 'first_round_defence_mod', 'first_round_enemy_attacks'];
const MARKET_IDS = [...EXPENDABLES, ...Object.keys(EXPENDABLE_ALIASES), ...Object.keys(EQUIPMENT)];
const ITEM_IDS = [...EXPENDABLES, ...Object.keys(EXPENDABLE_ALIASES)];
const FIXED = (n: number): CountExpr => ({ n: 0, sides: 6, bonus: n });

function itemIndex(c: Cursor): number {
  const id = c.str({ oneOf: ITEM_IDS });
  return EXPENDABLES.indexOf((EXPENDABLE_ALIASES[id] ?? id) as (typeof EXPENDABLES)[number]);
}

function roleIndex(c: Cursor): number {
  return ROLES.indexOf(c.str({ oneOf: ROLES }) as (typeof ROLES)[number]);
}

/** What an effect list may refer to: the tile, the scenario's own items, the option's target member. */
interface Ctx {
  readonly name: string;
  readonly indoor: boolean;
  readonly dark: boolean;
  /** Scenario item ids (`items:`), for `scenario_item`. */
  readonly items: readonly string[];
  /** The option has `target: hit_table` (member_damage, target_* allowed). */
  readonly targeted: boolean;
  /** The scenario's counters (`counters:`; `info` always), for `counter` effects and `if` conditions. */
  readonly counters: readonly string[];
  /** Set when an effect or condition refers to a counter (index), so the counter is reported (UA-R95). */
  readonly used: boolean[];
  /** Set when an effect is goto_final (UA-R101); every enemy unit name and every reference to one, checked at the end. */
  readonly flags: Book;
}

/** What the whole scenario collects while it is read: a goto_final seen, unit names, references to unit names. */
interface Book {
  goto: boolean;
  readonly units: Set<string>;
  readonly refs: Cursor[];
}

/** The names a tile may refer to: the scenario's own items and its counters. */
interface Names {
  readonly items: readonly string[];
  readonly counters: readonly string[];
  readonly used: boolean[];
  readonly flags: Book;
}

/** An enemy-count change: an integer (may be negative), or dice (added). */
function readSignedCount(c: Cursor): CountExpr {
  return typeof c.value === 'number' ? FIXED(c.num({ min: -20, max: 20, int: true })) : readCount(c);
}

const NEEDS_TARGET = 'add `target: hit_table` to the option (a member picked by the hit table)';

function readCombat(c: Cursor, ctx: Ctx): CombatModifiers {
  c.object(COMBAT_KEYS);
  const mod = (k: string, lo: number, hi: number) => c.key(k).num({ default: 0, min: lo, max: hi, int: true });
  for (const k of ['target_no_attack_first_round', 'target_absent_first_round']) {
    if (!ctx.targeted && !c.key(k).missing) c.key(k).fail({ id: 'uaScenario.needsTargetMember', params: { k } }, NEEDS_TARGET);
  }
  return {
    enemyFirstStrike: c.key('enemy_first_strike').bool({ default: false }),
    squadFirstStrike: c.key('squad_first_strike').bool({ default: false }),
    firstRoundDefenceMod: mod('first_round_defence_mod', -3, 3),
    firstRoundAttackersCap: mod('first_round_attackers_cap', 0, 20),
    firstRoundEnemyAttacks: mod('first_round_enemy_attacks', -5, 5),
    defenceMod: mod('defence_mod', -3, 3),
    enemyAttacks: mod('enemy_attacks', -5, 5),
    firstRoundAttackMod: mod('first_round_attack_mod', -3, 3),
    firstDefenceRollMod: mod('first_defence_roll_mod', -3, 3),
    extraEnemies: mod('extra_enemies', -5, 10),
    membersAttackingMod: mod('members_attacking_mod', -10, 10),
    targetNoAttackFirstRound: c.key('target_no_attack_first_round').bool({ default: false }),
    targetAbsentFirstRound: c.key('target_absent_first_round').bool({ default: false }),
    attackMod: mod('attack_mod', -3, 3),
    firstAttackRollMod: mod('first_attack_roll_mod', -3, 3),
    cancelUnitMod: c.key('cancel_unit_mod').missing ? '' : (ctx.flags.refs.push(c.key('cancel_unit_mod')), c.key('cancel_unit_mod').str()),
  };
}

function readMapRoll(c: Cursor): MapRollMod {
  c.object(['tens', 'units', 'either', 'twice', 'tens_is']);
  const either = c.key('either').bool({ default: false });
  if (either && c.key('units').missing) c.key('either').fail({ id: 'uaScenario.eitherNeedsUnitsModifier' }, 'units: 1, either: true (±1)');
  return {
    tens: c.key('tens').num({ default: 0, min: -5, max: 5, int: true }),
    units: c.key('units').num({ default: 0, min: -5, max: 5, int: true }),
    either,
    twice: c.key('twice').bool({ default: false }),
    setTens: c.key('tens_is').num({ default: 0, min: 1, max: 6, int: true }),
  };
}

const NO_EFFECT = { n: FIXED(0), item: -1, ifHeld: null, mod: 0, combat: null, map: null, engagement: null, extra: null, cond: null, elseEffects: null, name: '' };

const COUNTER_KEYS = ['start', 'min', 'max', 'start_by_lap', 'value', 'keep', 'visible_from_lap'];

/**
 * `counters:` — the scenario's own state (counters and tracks): `{ name: { start, min, max, start_by_lap, value } }`.
 * `info` (情報 §43) is always a counter (0…99, start 0) unless the scenario declares it. `value`: magazines a point is
 * worth to the scripted policies when they weigh an option that moves it (UA-R95).
 */
/** A counter's name: ASCII lower case or Japanese (a designer's 接触兆候), then also digits, ー and _ (issue 28 item 8). */
const COUNTER_NAME = /^[a-z\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}][a-z0-9_\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー]*$/u;

function readCounters(c: Cursor, _laps: number): CounterDef[] {
  const out: CounterDef[] = [];
  for (const [id, e] of c.entries()) {
    if (!COUNTER_NAME.test(id)) e.fail({ id: 'uaScenario.notValidCounterName', params: { id } }, { id: 'audit.counterNameChars' });
    e.object(COUNTER_KEYS);
    const min = e.key('min').num({ default: 0, min: 0, max: 99, int: true });
    const max = e.key('max').num({ default: 99, min, max: 999, int: true });
    const start = e.key('start').num({ default: Math.max(0, min), min, max, int: true });
    const startByLap = e.key('start_by_lap').missing ? [] : e.key('start_by_lap').list({ min: 1 }).map((x) => x.num({ min, max, int: true }));
    out.push({
      id, start, min, max, startByLap, value: e.key('value').num({ default: 0, min: -20, max: 20 }), reported: true,
      keepCampaign: e.key('keep').str({ default: 'operation', oneOf: ['operation', 'campaign'] }) === 'campaign',
      visibleFromLap: e.key('visible_from_lap').num({ default: 1, min: 1, max: 9, int: true }),
    });
  }
  if (out.length > MAX_COUNTERS - (out.some((x) => x.id === 'info') ? 0 : 1)) c.fail({ id: 'uaScenario.counters', params: { outCount: out.length } }, { id: 'uaScenario.mostBesidesInfo', params: { value: MAX_COUNTERS - 1 } });
  if (!out.some((x) => x.id === 'info')) out.unshift({ id: 'info', start: 0, min: 0, max: 99, startByLap: [], value: 0, reported: false, keepCampaign: false, visibleFromLap: 1 });
  return out;
}

/**
 * A condition: `{ counter: name, at_least | at_most | equals }`, `{ lap: n }` (or `{ lap: { at_least, at_most } }`),
 * `{ difficulty: NORMAL }`, `{ holds: frag_grenade }`, `{ member: engineer }`, `{ skill: negotiation }` (UA-R95).
 */
function readCondition(c: Cursor, ctx: Ctx): ConditionDef {
  const kinds = ['counter', 'lap', 'difficulty', 'holds', 'member', 'skill', 'enemy_standing', 'round'];
  const given = kinds.filter((k) => !c.key(k).missing);
  if (given.length !== 1) c.fail(given.length === 0 ? { id: 'uaScenario.conditionNamesWhatTests' } : { id: 'uaScenario.oneTestPerCondition', params: { given: given.join(', ') } }, kinds.join(', '));
  const none = { counter: -1, lo: 0, hi: 0, name: '' };
  switch (given[0]) {
    case 'counter': {
      c.object(['counter', 'at_least', 'at_most', 'equals'], ['counter']);
      const counter = ctx.counters.indexOf(c.key('counter').str({ oneOf: ctx.counters }));
      ctx.used[counter] = true;
      const { lo, hi } = readBounds(c);
      return { kind: C_COUNTER, counter, lo, hi, name: '' };
    }
    case 'lap': return { ...none, kind: C_LAP, ...readExactOrBounds(c, 'lap', 1, 9) };
    case 'difficulty': c.object(['difficulty']); return { ...none, kind: C_DIFFICULTY, name: c.key('difficulty').str() };
    case 'holds': {
      // An expendable, or one of the scenario's own items.
      c.object(['holds']);
      const h = c.key('holds');
      if (typeof h.value === 'string' && ctx.items.includes(h.value)) return { ...none, kind: C_SC_ITEM, counter: ctx.items.indexOf(h.value) };
      h.str({ oneOf: [...ITEM_IDS, ...ctx.items] });
      return { ...none, kind: C_ITEM, counter: itemIndex(h) };
    }
    // The combat round (round_start triggers, UA-R100).
    case 'round': return { ...none, kind: C_ROUND, ...readExactOrBounds(c, 'round', 0, 40) };
    case 'member': c.object(['member']); return { ...none, kind: C_MEMBER, counter: roleIndex(c.key('member')) };
    case 'enemy_standing': {
      c.object(['enemy_standing']);
      const n = c.key('enemy_standing').str();
      if (n !== 'high_threat' && n !== 'group') ctx.flags.refs.push(c.key('enemy_standing'));
      return { ...none, kind: C_ENEMY, name: n };
    }
    default: {
      c.object(['skill']);
      const id = c.key('skill').str({ oneOf: [...SHOOTING_SKILLS, ...COMMAND_SKILLS] });
      return { ...none, kind: C_SKILL, counter: Math.log2(skillFlag(id as (typeof SHOOTING_SKILLS)[number])) };
    }
  }
}

/** `{ key: n }` (exactly n, within min…max) or `{ key: { at_least, at_most, equals } }`. */
function readExactOrBounds(c: Cursor, key: string, min: number, max: number): { lo: number; hi: number } {
  c.object([key]);
  const l = c.key(key);
  if (typeof l.value === 'number') {
    const n = l.num({ min, max, int: true });
    return { lo: n, hi: n };
  }
  l.object(['at_least', 'at_most', 'equals']);
  return readBounds(l);
}

/** `at_least` / `at_most` / `equals` bounds (at least one; a range some value meets). */
function readBounds(c: Cursor): { lo: number; hi: number } {
  if (['at_least', 'at_most', 'equals'].every((k) => c.key(k).missing)) c.fail({ id: 'uaScenario.conditionNeedsBound' }, { id: 'uaScenario.leastMostEquals' });
  const eq = c.key('equals');
  const lo = eq.missing ? c.key('at_least').num({ default: -999, min: -999, max: 999, int: true }) : eq.num({ min: -999, max: 999, int: true });
  const hi = eq.missing ? c.key('at_most').num({ default: 999, min: -999, max: 999, int: true }) : lo;
  if (lo > hi) c.fail({ id: 'uaScenario.leastAboveMostNever', params: { lo, hi } }, { id: 'uaScenario.boundsSomeValueMeets' });
  return { lo, hi };
}

function readEffect(c: Cursor, ctx: Ctx): EffectDef {
  if (c.value === 'nothing') return { kind: E_NOTHING, ...NO_EFFECT };
  if (c.value !== null && typeof c.value === 'object' && !Array.isArray(c.value) && 'if' in c.value) {
    // A conditional effect: `{ if: { counter, at_least … }, then: [...], else: [...] }`.
    c.object(['if', 'then', 'else'], ['if', 'then']);
    return { ...NO_EFFECT, kind: E_IF, cond: readCondition(c.key('if'), ctx), ifHeld: readEffects(c.key('then'), ctx), elseEffects: readEffects(c.key('else'), ctx) };
  }
  const entries = c.entries();
  if (entries.length !== 1) c.fail({ id: 'uaScenario.effectOneKindValue' }, EFFECTS.join(', '));
  const [k, v] = entries[0];
  const kind = EFFECTS.indexOf(k as (typeof EFFECTS)[number]);
  if (kind < 0) v.fail({ id: 'uaScenario.unknownEffect', params: { k } }, EFFECTS.join(', '));
  switch (kind) {
    case E_ITEM: {
      if (typeof v.value === 'string') return { ...NO_EFFECT, kind, n: FIXED(1), item: itemIndex(v) };
      v.object(['id', 'n', 'if_held'], ['id']);
      const ifHeld = v.key('if_held');
      return { ...NO_EFFECT, kind, n: v.key('n').missing ? FIXED(1) : readCount(v.key('n')), item: itemIndex(v.key('id')), ifHeld: ifHeld.missing ? null : readEffects(ifHeld, ctx) };
    }
    case E_NEXT_COMBAT: return { ...NO_EFFECT, kind, combat: readCombat(v, ctx) };
    case E_MAP_ROLL: return { ...NO_EFFECT, kind, map: readMapRoll(v) };
    case E_ENCOUNTER: {
      const { engagement, extra } = readEncounter(v, ctx, true);
      return { ...NO_EFFECT, kind, engagement, extra };
    }
    case E_NOTHING: return { kind, ...NO_EFFECT };
    case E_REINFORCE: {
      // `reinforce: { unit: 民兵, count: 1d3 }` — soldiers join the current combat's group of that name (UA-R100).
      v.object(['unit', 'count'], ['unit', 'count']);
      ctx.flags.refs.push(v.key('unit'));
      return { ...NO_EFFECT, kind, name: v.key('unit').str(), n: readCount(v.key('count')) };
    }
    case E_GOTO_FINAL:
      if (v.value !== true) v.fail({ id: 'uaScenario.gotoFinalTakesTrue' }, 'goto_final: true');
      ctx.flags.goto = true;
      return { ...NO_EFFECT, kind };
    case E_COUNTER: {
      // `counter: { name, add: n }` (a count, may be negative) or `{ name, set: n }`; clamped to the counter's range.
      v.object(['name', 'add', 'set'], ['name']);
      const item = ctx.counters.indexOf(v.key('name').str({ oneOf: ctx.counters }));
      ctx.used[item] = true;
      const add = v.key('add'), set = v.key('set');
      if (add.missing === set.missing) v.fail({ id: 'uaScenario.giveExactlyOneAdd' }, { id: 'uaScenario.add111d3' });
      if (!set.missing) return { ...NO_EFFECT, kind, item, mod: 1, n: FIXED(set.num({ min: -999, max: 999, int: true })) };
      if (typeof add.value === 'number' && add.value < 0) return { ...NO_EFFECT, kind, item, mod: -1, n: FIXED(-add.num({ min: -99, max: 0, int: true })) };
      return { ...NO_EFFECT, kind, item, mod: 0, n: readCount(add) };
    }
    case E_SCENARIO_ITEM: {
      if (ctx.items.length === 0) v.fail({ id: 'uaScenario.scenarioDefinesNoItems' }, { id: 'uaScenario.defineUnderTopLevel' });
      return { ...NO_EFFECT, kind, n: FIXED(1), item: ctx.items.indexOf(v.str({ oneOf: ctx.items })) };
    }
    case E_MEMBER_DAMAGE:
      if (!ctx.targeted) v.fail({ id: 'uaScenario.memberDamageNeedsTarget' }, NEEDS_TARGET);
      return { ...NO_EFFECT, kind, n: readCount(v) };
    case E_LOOT_TABLE: {
      // `loot_table: 2`, or `{ n: 1, mod: 2 }` — each roll + mod (7 or more: the special-equipment table).
      if (v.value === null || typeof v.value !== 'object') return { ...NO_EFFECT, kind, n: readCount(v) };
      v.object(['n', 'mod']);
      return { ...NO_EFFECT, kind, n: v.key('n').missing ? FIXED(1) : readCount(v.key('n')), mod: v.key('mod').num({ default: 0, min: -6, max: 6, int: true }) };
    }
    case E_SPECIAL: {
      // `special: combat_drone` / `special: table`, or `{ id, n, uses }`.
      const ids = [...SPECIALS, 'table'];
      if (typeof v.value === 'string') {
        const id = v.str({ oneOf: ids });
        return { ...NO_EFFECT, kind, n: FIXED(1), item: SPECIALS.indexOf(id as SpecialId) };
      }
      v.object(['id', 'n', 'uses'], ['id']);
      const id = v.key('id').str({ oneOf: ids });
      const item = SPECIALS.indexOf(id as SpecialId);
      const uses = v.key('uses');
      if (!uses.missing && item < 0) uses.fail({ id: 'uaScenario.usesPieceRolledTable' }, { id: 'uaScenario.omitUsesIdTable' });
      if (!uses.missing && item === SP_DRONE) uses.fail({ id: 'uaScenario.combatDroneNoUses' }, { id: 'uaScenario.omitUses' });
      // Uses up to the table's number (the scanner: its 1d6, so 1–6).
      const most = item === SP_SCANNER ? 6 : item >= 0 ? SPECIAL_DEFS[item].uses : 9;
      return { ...NO_EFFECT, kind, n: v.key('n').missing ? FIXED(1) : readCount(v.key('n')), item, mod: uses.num({ default: 0, min: 1, max: most, int: true }) };
    }
    default: {
      // Counts: magazines, mre, scrip, info, damage, heal, hit-table rolls, members recovered.
      const n = readCount(v);
      if (kind === E_INFO) ctx.used[ctx.counters.indexOf('info')] = true;
      return { ...NO_EFFECT, kind, n };
    }
  }
}

function readEffects(c: Cursor, ctx: Ctx): EffectDef[] {
  if (c.missing) return [];
  return c.list().map((e) => readEffect(e, ctx));
}

function readCheck(c: Cursor): CheckDef {
  c.object(CHECK_KEYS, ['roll']);
  const mods = c.key('mods');
  const memberMods: { role: number; mod: number }[] = [];
  if (!mods.missing) for (const [k, m] of mods.entries()) {
    const role = ROLES.indexOf(k as (typeof ROLES)[number]);
    if (role < 0) m.fail({ id: 'uaScenario.unknownMember', params: { k } }, ROLES.join(', '));
    memberMods.push({ role, mod: m.num({ min: -3, max: 3, int: true }) });
  }
  const auto = c.key('auto_success_with');
  const autoSkill = c.key('auto_success_with_skill');
  const skillId = autoSkill.missing ? '' : autoSkill.str({ oneOf: [...SHOOTING_SKILLS, ...COMMAND_SKILLS] });
  return {
    autoSkill: autoSkill.missing ? -1 : Math.log2(skillFlag(skillId as (typeof SHOOTING_SKILLS)[number])),
    autoSkillCost: c.key('skill_cost').num({ default: 0, min: 0, max: 6, int: true }),
    ability: CHECK_ABILITIES.indexOf(c.key('roll').str({ oneOf: CHECK_ABILITIES }) as (typeof CHECK_ABILITIES)[number]),
    target: c.key('target').num({ default: 4, min: 1, max: 12, int: true }),
    memberMods,
    autoWith: auto.missing ? -1 : roleIndex(auto),
    everyone: c.key('everyone').bool({ default: false }),
  };
}

/** A d6 table `{ "1": [...], "2-3": [...] }` covering every face. */
function readRoll(c: Cursor, ctx: Ctx): EffectDef[][] {
  return readFaceTable(c, (e) => readEffects(e, ctx), 'entry');
}

function readOption(c: Cursor, i: number, tileCtx: Ctx, labelled: boolean): OptionDef {
  c.object(labelled ? OPTION_KEYS : OPTION_KEYS.filter((k) => k !== 'label'));
  const targetMember = !c.key('target').missing && c.key('target').str({ oneOf: ['hit_table'] }) === 'hit_table';
  const ctx: Ctx = { ...tileCtx, targeted: targetMember };
  let costMagazines = 0, costMre = 0, costItem = -1, costSub = 0;
  const pay = c.key('pay');
  if (!pay.missing) {
    pay.object(['magazines', 'mre', 'item', 'sub']);
    costMagazines = pay.key('magazines').num({ default: 0, min: 0, max: 99, int: true });
    costMre = pay.key('mre').num({ default: 0, min: 0, max: 9, int: true });
    costSub = pay.key('sub').num({ default: 0, min: 0, max: 6, int: true });
    if (!pay.key('item').missing) costItem = itemIndex(pay.key('item'));
  }
  const check = c.key('check');
  const hasCheck = !check.missing;
  for (const k of ['success', 'failure', 'critical', 'fumble']) {
    if (!hasCheck && !c.key(k).missing) c.key(k).fail({ id: 'uaScenario.needsCheck', params: { k } }, { id: 'uaScenario.addCheckUseEffects' });
  }
  const roll = c.key('roll');
  return {
    label: labelled ? c.key('label').str({ default: `option ${i + 1}` }) : ctx.name,
    costMagazines,
    costMre,
    costItem,
    costSub,
    needsRole: c.key('requires_member').missing ? -1 : roleIndex(c.key('requires_member')),
    cond: c.key('if').missing ? null : readCondition(c.key('if'), ctx),
    check: hasCheck ? readCheck(check) : null,
    effects: readEffects(c.key('effects'), ctx),
    success: readEffects(c.key('success'), ctx),
    failure: readEffects(c.key('failure'), ctx),
    critical: c.key('critical').missing ? null : readEffects(c.key('critical'), ctx),
    fumble: c.key('fumble').missing ? null : readEffects(c.key('fumble'), ctx),
    targetMember,
    roll: roll.missing ? null : readRoll(roll, ctx),
  };
}

/** A copy of a mapping without some keys (so readEngagement sees only its own keys; paths and lines stay). */
function without(v: unknown, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (!keys.includes(k)) out[k] = x;
  return out;
}

function readRoundMods(c: Cursor, keys: readonly string[]): RoundMods {
  const mod = (k: string, lo: number, hi: number) => (keys.includes(k) ? c.key(k).num({ default: 0, min: lo, max: hi, int: true }) : 0);
  return {
    attackMod: mod('attack_mod', -3, 3),
    firstRoundAttackMod: mod('first_round_attack_mod', -3, 3),
    defenceMod: mod('defence_mod', -3, 3),
    firstRoundDefenceMod: mod('first_round_defence_mod', -3, 3),
    firstRoundEnemyAttacks: mod('first_round_enemy_attacks', -5, 5),
  };
}

const NO_UNIT_EXTRA: UnitExtra = { roundAttacks: null, wounded: null, ledBy: -1, leaderlessLevel: 0, indoor: null, hitByParity: false, fumbleDamage: 0, splash: false, absent: false };
const NO_REACTION_EXTRA: ReactionExtra = { effects: [], pass: [], market: false };

/**
 * A tile's `encounter`: the shared keys go to engagement-compile.ts readEngagement (unchanged for experiment files),
 * the scenario-only keys (EXTRA_ENCOUNTER_KEYS, EXTRA_UNIT_KEYS, reaction-entry effects/pass/market,
 * extortion and loot mappings) become an {@link EncounterExtra}. All keys are checked here first, so an
 * unknown key names every allowed one.
 */
function readEncounter(c: Cursor, ctx: Ctx, retreatAllowed: boolean): { engagement: EngagementDef; extra: EncounterExtra | null } {
  c.object([...CORE_ENCOUNTER_KEYS, ...EXTRA_ENCOUNTER_KEYS], ['enemies']);
  const core = without(c.value, EXTRA_ENCOUNTER_KEYS);
  // Enemies: check every key, hand readEngagement the shared ones.
  const unitCs = c.key('enemies').list({ min: 1 });
  unitCs.forEach((u) => u.object([...CORE_UNIT_KEYS, ...EXTRA_UNIT_KEYS], ['level']));
  core.enemies = unitCs.map((u) => without(u.value, EXTRA_UNIT_KEYS));
  // Reaction entries: effects / pass / market are scenario-only.
  const rc = c.key('reaction');
  const faceExtras: [number, number, Cursor][] = [];
  if (!rc.missing && typeof rc.value === 'object' && !Array.isArray(rc.value)) {
    const table: Record<string, unknown> = {};
    for (const [k, e] of rc.entries()) {
      if (e.value !== null && typeof e.value === 'object' && !Array.isArray(e.value)) {
        e.object(REACTION_ENTRY_KEYS, ['reaction']);
        table[k] = without(e.value, ['effects', 'pass', 'market']);
        const m = /^([1-6])(?:-([1-6]))?$/.exec(k);
        if (m) faceExtras.push([Number(m[1]), m[2] ? Number(m[2]) : Number(m[1]), e]);
      } else table[k] = e.value;
    }
    core.reaction = table;
  }
  // Extortion: a number (magazines, shared) or { magazines, mre, scrip }.
  const ex = c.key('extortion');
  let extortionMre = 0, extortionScrip = 0;
  if (!ex.missing && typeof ex.value === 'object') {
    ex.object(['magazines', 'mre', 'scrip']);
    const mags = ex.key('magazines').num({ default: 0, min: 0, max: 99, int: true });
    extortionMre = ex.key('mre').num({ default: 0, min: 0, max: 9, int: true });
    extortionScrip = ex.key('scrip').num({ default: 0, min: 0, max: 999, int: true });
    if (mags + extortionMre + extortionScrip === 0) ex.fail({ id: 'uaScenario.extortionAsksNothing' }, { id: 'uaScenario.magazinesMreScripLeast' });
    core.extortion = mags;
  }
  // Loot: `table`, { magazines: n } (shared) or { magazines: dice, scrip: dice, table: rolls }.
  const lc = c.key('loot');
  let loot: EncounterExtra['loot'] = null;
  if (!lc.missing && typeof lc.value === 'object') {
    lc.object(['magazines', 'scrip', 'table', 'table_mod']);
    const simple = Object.keys(lc.value as object).every((k) => k === 'magazines') && typeof lc.key('magazines').value === 'number';
    if (!simple) {
      loot = {
        magazines: lc.key('magazines').missing ? FIXED(0) : readCount(lc.key('magazines')),
        scrip: lc.key('scrip').missing ? FIXED(0) : readCount(lc.key('scrip')),
        tableRolls: lc.key('table').num({ default: 0, min: 0, max: 5, int: true }),
        tableMod: lc.key('table_mod').num({ default: 0, min: -6, max: 6, int: true }),
      };
      if (loot.tableMod !== 0 && loot.tableRolls === 0) lc.key('table_mod').fail({ id: 'uaScenario.lootTableModifierWithout' }, { id: 'uaScenario.table1MoreBeside' });
      delete core.loot;
    }
  }
  // A retreat check implies that retreat is allowed (UA-R99).
  const rcC = c.key('retreat_check');
  if (!rcC.missing && c.key('retreat_allowed').value === false) c.key('retreat_allowed').fail({ id: 'uaScenario.retreatCheckWhereRetreat' }, { id: 'uaScenario.retreatAllowedTrueLeave' });
  const engagement = readEngagement(new Cursor(c.source, c.parts, core), 0, { name: ctx.name, indoor: ctx.indoor, dark: ctx.dark, retreatAllowed: retreatAllowed || !rcC.missing });
  const names = engagement.units.map((u) => u.name);
  for (const n of names) ctx.flags.units.add(n);
  const unitOf = (x: Cursor, others?: (n: string) => boolean) => names.indexOf(x.str({ oneOf: others ? names.filter(others) : names }));
  const groupOf = (x: Cursor) => {
    const u = unitOf(x);
    if (engagement.units[u].htt) x.fail({ id: 'uaScenario.highThreatTargetNot', params: { name: names[u] } }, names.filter((_, i) => !engagement.units[i].htt).join(', '));
    return u;
  };

  const units: UnitExtra[] = unitCs.map((u, i) => {
    const htt = engagement.units[i].htt;
    const ra = u.key('round_attacks'), wd = u.key('wounded'), lb = u.key('led_by'), ll = u.key('leaderless_level');
    if (!htt) for (const k of [ra, wd]) if (!k.missing) k.fail({ id: 'uaScenario.highThreatTarget', params: { key: k.parts[k.parts.length - 1] } }, { id: 'uaScenario.kindHighThreatLeave' });
    if (lb.missing !== ll.missing) (lb.missing ? ll : lb).fail({ id: 'uaScenario.giveLedLeaderlessLevel' }, { id: 'uaScenario.ledUnitNameLeaderless' });
    if (!ra.missing) ra.object(['odd', 'even'], ['odd', 'even']);
    if (!wd.missing) wd.object(['life_at_most', 'attacks'], ['life_at_most', 'attacks']);
    const loc = u.key('location');
    return {
      roundAttacks: ra.missing ? null : { odd: ra.key('odd').num({ min: 0, max: 20, int: true }), even: ra.key('even').num({ min: 0, max: 20, int: true }) },
      wounded: wd.missing ? null : { lifeAtMost: wd.key('life_at_most').num({ min: 1, max: 99, int: true }), attacks: wd.key('attacks').num({ min: 0, max: 20, int: true }) },
      ledBy: lb.missing ? -1 : unitOf(lb, (n) => n !== names[i]),
      leaderlessLevel: ll.missing ? 0 : ll.num({ min: 1, max: 12, int: true }),
      indoor: loc.missing ? null : loc.str({ oneOf: ['indoor', 'outdoor'] }) === 'indoor',
      hitByParity: u.key('hit_by_parity').bool({ default: false }),
      fumbleDamage: u.key('fumble_damage').num({ default: 0, min: 0, max: 9, int: true }),
      splash: u.key('splash').bool({ default: false }),
      absent: u.key('absent').bool({ default: false }),
    };
  });

  // Variations (UA-R98): `{ if: condition, enemies: { name: ±n }, add: [names], remove: [names], enemy_first_strike,
  // squad_first_strike, screen_off: [names], untargetable: [names], no_unit_mod: [names] }`.
  const variations: VariationDef[] = c.key('variations').list().map((v) => {
    v.object(VARIATION_KEYS, ['if']);
    const list = (k: string) => v.key(k).list().map((x) => unitOf(x));
    const add = list('add');
    add.forEach((u, i) => { if (!units[u].absent) v.key('add').list()[i].fail({ id: 'uaScenario.fightAnyway', params: { name: names[u] } }, { id: 'uaScenario.markAbsentTrueEnemies' }); });
    const screenOff = list('screen_off');
    screenOff.forEach((u, i) => { if (engagement.units[u].screenedBy < 0) v.key('screen_off').list()[i].fail({ id: 'uaScenario.noScreen', params: { name: names[u] } }, { id: 'uaScenario.unitScreened' }); });
    const nv: VariationDef = {
      cond: readCondition(v.key('if'), ctx),
      enemies: v.key('enemies').entries().map(([k, n]) => {
        const u = names.indexOf(k);
        if (u < 0) n.fail({ id: 'uaScenario.noEnemyEncounter', params: { k } }, names.join(', '));
        return { unit: u, n: readSignedCount(n) };
      }),
      add,
      remove: list('remove'),
      enemyFirstStrike: v.key('enemy_first_strike').bool({ default: false }),
      squadFirstStrike: v.key('squad_first_strike').bool({ default: false }),
      screenOff,
      untargetable: list('untargetable'),
      noUnitMod: list('no_unit_mod'),
    };
    if (nv.enemyFirstStrike && nv.squadFirstStrike) v.fail({ id: 'uaScenario.bothSidesStrikeFirst' }, { id: 'uaScenario.enemyFirstStrikeSquad' });
    if (VARIATION_KEYS.every((k) => k === 'if' || v.key(k).missing)) v.fail({ id: 'uaScenario.variationChangesNothing' }, VARIATION_KEYS.filter((k) => k !== 'if').join(', '));
    return nv;
  });
  if (units.some((u) => u.absent) && variations.length === 0) c.key('variations').fail({ id: 'uaScenario.absentEnemyNoVariation' }, 'variations: [{ if: …, add: [name] }]');

  // Withdrawal rules (UA-R99): `[{ unit: name (or the whole force), after_round: n, down: n, when: either | both }]`.
  const withdraw: WithdrawDef[] = c.key('withdraw').list().map((w) => {
    w.object(['unit', 'after_round', 'down', 'when']);
    const ar = w.key('after_round').num({ default: 0, min: 1, max: 40, int: true });
    const dn = w.key('down').num({ default: 0, min: 1, max: 99, int: true });
    if (ar === 0 && dn === 0) w.fail({ id: 'uaScenario.withdrawalRuleNoCondition' }, { id: 'uaScenario.afterRoundNDown' });
    const both = w.key('when').str({ default: 'either', oneOf: ['either', 'both'] }) === 'both';
    if (both && (ar === 0 || dn === 0)) w.key('when').fail({ id: 'uaScenario.bothNeedsAfterRound' }, { id: 'uaScenario.whenEitherGiveBoth' });
    return { unit: w.key('unit').missing ? -1 : unitOf(w.key('unit')), afterRound: ar, down: dn, both };
  });
  if (withdraw.length > 0 && !c.key('withdraw_on').missing) c.key('withdraw_on').fail({ id: 'uaScenario.withdrawWithdrawTogether' }, { id: 'uaScenario.oneThemWithdrawCovers' });

  // Retreat check (UA-R99): `{ roll: command, target: 4, mod: 0, while_standing: { name: -1 } }`.
  const retreatCheck: RetreatCheckDef | null = rcC.missing ? null : (() => {
    rcC.object(['roll', 'target', 'mod', 'while_standing'], ['roll']);
    return {
      ability: CHECK_ABILITIES.indexOf(rcC.key('roll').str({ oneOf: CHECK_ABILITIES }) as (typeof CHECK_ABILITIES)[number]),
      target: rcC.key('target').num({ default: 4, min: 1, max: 12, int: true }),
      mod: rcC.key('mod').num({ default: 0, min: -3, max: 3, int: true }),
      whileStanding: rcC.key('while_standing').entries().map(([k, m]) => {
        const u = names.indexOf(k);
        if (u < 0) m.fail({ id: 'uaScenario.noEnemyEncounter', params: { k } }, names.join(', '));
        return { unit: u, mod: m.num({ min: -3, max: 3, int: true }) };
      }),
    };
  })();

  // ends_after_round: a round, or `{ round, effects, loot }` (UA-R99).
  const eaC = c.key('ends_after_round');
  const eaObj = !eaC.missing && typeof eaC.value === 'object' && eaC.value !== null;
  if (eaObj) eaC.object(['round', 'effects', 'loot'], ['round']);
  const endsAfterRound = eaObj ? eaC.key('round').num({ min: 1, max: 40, int: true }) : eaC.num({ default: 0, min: 1, max: 40, int: true });

  const marketC = c.key('market');
  const market: MarketOffer[] = marketC.list().map((o) => {
    o.object(['item', 'scrip', 'magazines'], ['item']);
    const raw = o.key('item').str({ oneOf: MARKET_IDS });
    const id = EXPENDABLE_ALIASES[raw] ?? raw;
    const offer = {
      id,
      expendable: EXPENDABLES.indexOf(id as (typeof EXPENDABLES)[number]),
      scrip: o.key('scrip').num({ default: 0, min: 0, max: 999, int: true }),
      magazines: o.key('magazines').num({ default: 0, min: 0, max: 99, int: true }),
    };
    if (offer.scrip === 0 && offer.magazines === 0) o.fail({ id: 'uaScenario.offerNoPrice' }, { id: 'uaScenario.scripMagazinesLeastOne' });
    return offer;
  });

  let reactions: ReactionExtra[] | null = null;
  let marketFace = false;
  if (faceExtras.some(([, , e]) => ['effects', 'pass', 'market'].some((k) => !e.key(k).missing))) {
    reactions = [NO_REACTION_EXTRA, NO_REACTION_EXTRA, NO_REACTION_EXTRA, NO_REACTION_EXTRA, NO_REACTION_EXTRA, NO_REACTION_EXTRA];
    for (const [lo, hi, e] of faceExtras) {
      const rx = REACTIONS.indexOf(e.key('reaction').str({ oneOf: REACTIONS }) as (typeof REACTIONS)[number]);
      const passable = rx === RX_SUPPORTIVE || rx === RX_FRIENDLY || rx === RX_NEUTRAL;
      for (const k of ['pass', 'market']) {
        if (!passable && !e.key(k).missing) e.key(k).fail({ id: 'uaScenario.needsEnemyLetsSquad', params: { k } }, { id: 'uaScenario.reactionSupportiveFriendlyNeutral' });
      }
      const isMarket = e.key('market').bool({ default: false });
      if (isMarket && market.length === 0) e.key('market').fail({ id: 'uaScenario.noMarketOffersEncounter' }, 'market: [{ item, scrip, magazines }, …]');
      marketFace ||= isMarket;
      const x: ReactionExtra = { effects: readEffects(e.key('effects'), ctx), pass: readEffects(e.key('pass'), ctx), market: isMarket };
      for (let f = lo; f <= hi; f++) reactions[f - 1] = x;
    }
  }
  if (market.length > 0 && !marketFace) marketC.fail({ id: 'uaScenario.marketOffersButNo' }, { id: 'uaScenario.addMarketTrueNeutral' });

  const whileAlive: WhileAliveDef[] = c.key('while_alive').list().map((w) => {
    w.object(['units', 'attack_mod', 'defence_mod'], ['units']);
    return {
      units: w.key('units').list({ min: 1 }).map((x) => unitOf(x)),
      attackMod: w.key('attack_mod').num({ default: 0, min: -3, max: 3, int: true }),
      defenceMod: w.key('defence_mod').num({ default: 0, min: -3, max: 3, int: true }),
    };
  });
  const reinforcements: ReinforcementDef[] = c.key('reinforcements').list().map((r) => {
    r.object(['unit', 'count', 'round', 'every', 'if_standing_at_least'], ['unit', 'count', 'round']);
    return {
      unit: groupOf(r.key('unit')),
      count: readCount(r.key('count')),
      round: r.key('round').num({ min: 1, max: 40, int: true }),
      every: r.key('every').bool({ default: false }),
      ifStandingAtLeast: r.key('if_standing_at_least').num({ default: 0, min: 0, max: 99, int: true }),
    };
  });
  const bc = c.key('round_zero_blast');
  bc.missing || bc.object(['faces', 'target', 'damage', 'wound'], ['faces', 'target', 'damage']);
  const roundZeroUses = c.key('round_zero_use').list().map((r) => {
    r.object(['item', 'unit', 'kills'], ['item', 'unit', 'kills']);
    const raw = r.key('item').str({ oneOf: ITEM_IDS });
    return { expendable: EXPENDABLES.indexOf((EXPENDABLE_ALIASES[raw] ?? raw) as (typeof EXPENDABLES)[number]), unit: groupOf(r.key('unit')), kills: readCount(r.key('kills')) };
  });
  const membersDefenceMod = c.key('members_defence_mod').entries().map(([k, m]) => {
    if (!/^\d+$/.test(k) || Number(k) < 1) m.fail({ id: 'uaScenario.notMemberCount', params: { k } }, { id: 'uaScenario.n3162' });
    return { atLeast: Number(k), mod: m.num({ min: -3, max: 3, int: true }) };
  }).sort((a, b) => a.atLeast - b.atLeast);
  const cap = c.key('on_capture');
  let onCapture: EncounterExtra['onCapture'] = null;
  if (!cap.missing) {
    cap.object(['unit', 'effects', 'with'], ['unit']);
    const w = cap.key('with');
    w.missing || w.object(['equipment', 'effects'], ['equipment', 'effects']);
    onCapture = {
      unit: unitOf(cap.key('unit')),
      effects: readEffects(cap.key('effects'), ctx),
      withEquipment: w.missing ? '' : w.key('equipment').str({ oneOf: Object.keys(EQUIPMENT) }),
      withEffects: w.missing ? [] : readEffects(w.key('effects'), ctx),
    };
  }
  const ifFirst = c.key('if_squad_first_strike');
  ifFirst.missing || ifFirst.object(ROUND_MOD_KEYS);
  const extra: EncounterExtra = {
    squadFirstStrike: c.key('squad_first_strike').bool({ default: false }),
    // first_round_defence_mod stays in EngagementDef (shared key).
    mods: readRoundMods(c, ROUND_MOD_KEYS.filter((k) => k !== 'first_round_defence_mod')),
    ifSquadFirstStrike: ifFirst.missing ? null : readRoundMods(ifFirst, ROUND_MOD_KEYS),
    whileAlive,
    reinforcements,
    units,
    reactions,
    market,
    extortionMre,
    extortionScrip,
    loot,
    ifWipedOut: readEffects(c.key('if_wiped_out'), ctx),
    roundZeroBlast: bc.missing ? null : {
      faces: bc.key('faces').num({ min: 1, max: 6, int: true }),
      target: bc.key('target').num({ min: 1, max: 12, int: true }),
      damage: bc.key('damage').num({ min: 1, max: 9, int: true }),
      wound: bc.key('wound').num({ default: 0, min: 0, max: 3, int: true }),
    },
    roundZeroUses,
    advantageAttackMod: c.key('advantage_attack_mod').num({ default: 0, min: -3, max: 3, int: true }),
    membersDefenceMod,
    endsAfterRound,
    endsWhenDown: c.key('ends_when_down').missing ? -1 : unitOf(c.key('ends_when_down')),
    withdrawOn: c.key('withdraw_on').missing ? -1 : groupOf(c.key('withdraw_on')),
    onCapture,
    variations,
    withdraw,
    endsAfterEffects: eaObj ? readEffects(eaC.key('effects'), ctx) : [],
    endsAfterLoot: eaObj ? eaC.key('loot').bool({ default: false }) : false,
    retreatCheck,
    firstAttackRollMod: c.key('first_attack_roll_mod').num({ default: 0, min: -3, max: 3, int: true }),
    firstDefenceRollMod: c.key('first_defence_roll_mod').num({ default: 0, min: -3, max: 3, int: true }),
  };
  const plain = JSON.stringify({ ...extra, units: [] }) === JSON.stringify({ ...EMPTY_EXTRA, units: [] }) && units.every((u) => JSON.stringify(u) === JSON.stringify(NO_UNIT_EXTRA));
  return { engagement, extra: plain ? null : extra };
}

const NO_MODS: RoundMods = { attackMod: 0, firstRoundAttackMod: 0, defenceMod: 0, firstRoundDefenceMod: 0, firstRoundEnemyAttacks: 0 };
const EMPTY_EXTRA: EncounterExtra = {
  squadFirstStrike: false, mods: NO_MODS, ifSquadFirstStrike: null, whileAlive: [], reinforcements: [], units: [], reactions: null, market: [],
  extortionMre: 0, extortionScrip: 0, loot: null, ifWipedOut: [], roundZeroBlast: null, roundZeroUses: [], advantageAttackMod: 0,
  membersDefenceMod: [], endsAfterRound: 0, endsWhenDown: -1, withdrawOn: -1, onCapture: null,
  variations: [], withdraw: [], endsAfterEffects: [], endsAfterLoot: false, retreatCheck: null, firstAttackRollMod: 0, firstDefenceRollMod: 0,
};

const THREAT_OF_KIND = [2, 1, 1, 1, 0, 0];

/** A tile, or the mid/final event (`fixed`: no flee). */
function readTile(c: Cursor, code: number, fixed: boolean, fleeDefault: boolean, names: Names): TileDef {
  c.object(TILE_KEYS, ['name']);
  const name = c.key('name').str();
  const indoor = c.key('location').str({ oneOf: ['indoor', 'outdoor'] }) === 'indoor';
  const dark = c.key('dark').bool({ default: false });
  // Tags: `height` (高所: 降下ロープ +1 on its checks and one fall stopped, UA-R93); any other tag is a note for readers (record-only).
  const tags = c.key('tags').missing ? [] : c.key('tags').list().map((t) => t.str());
  const height = tags.includes('height');
  const ctx: Ctx = { name, indoor, dark, items: names.items, counters: names.counters, used: names.used, flags: names.flags, targeted: false };
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
  }
  const after = readEffects(c.key('after'), ctx);
  if (after.length > 0) {
    // Effects after the event whatever happened (e.g. 通報: the next combat's first round −1): an extra unconditional option tail.
    if (options.length === 0) options = [{ label: name, costMagazines: 0, costMre: 0, costItem: -1, costSub: 0, needsRole: -1, cond: null, check: null, effects: after, success: [], failure: [], critical: null, fumble: null, targetMember: false, roll: null }];
    else options = options.map((o) => ({ ...o, effects: [...o.effects, ...after] }));
  }
  let threat = THREAT_OF_KIND[kind];
  if (engagement && engagement.units.some((u) => u.htt)) threat = 3;
  return { code, name, kind, indoor, dark, height, engagement, extra, options, fleeAllowed: fixed ? false : fleeDefault, threat };
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
    note: fallback ? '' : c.key('note').str({ default: '' }),
  };
}

const RESERVED_IDS = new Set<string>([...ITEM_IDS, ...Object.keys(EQUIPMENT), ...ROLES]);

/** `items:` — the scenario's own items, `{ id: { name, use, carried, returned, effects } }`. */
function readItems(c: Cursor, counters: readonly string[], used: boolean[], flags: Book): ScenarioItemDef[] {
  const entries = c.entries();
  const ids = entries.map(([k]) => k);
  return entries.map(([id, e]) => {
    if (RESERVED_IDS.has(id)) e.fail({ id: 'uaScenario.alreadyCatalogueItemMember', params: { id } }, { id: 'uaScenario.newIdEG' });
    e.object(['name', 'use', 'carried', 'returned', 'effects'], ['use', 'effects']);
    const ctx: Ctx = { name: id, indoor: false, dark: false, items: ids, counters, used, flags, targeted: false };
    return {
      id,
      name: e.key('name').str({ default: id }),
      use: ITEM_USES.indexOf(e.key('use').str({ oneOf: ITEM_USES }) as (typeof ITEM_USES)[number]),
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
    e.object(['name', 'cost', 'skill', 'life', 'shots', 'hit_table', 'reaction_mod', 'from_lap'], ['skill', 'life', 'shots', 'hit_table']);
    return {
      id,
      name: e.key('name').str({ default: id }),
      cost: e.key('cost').num({ default: 0, min: 0, max: 99, int: true }),
      skill: e.key('skill').num({ min: 0, max: 6, int: true }),
      // Members have one life in this engine (any damage drops one, UA-R63): the only value played is 1.
      life: e.key('life').num({ min: 1, max: 1, int: true }),
      shots: e.key('shots').num({ min: 0, max: 5, int: true }),
      hitTable: e.key('hit_table').num({ min: 1, max: 6, int: true }),
      reactionMod: e.key('reaction_mod').num({ default: 0, min: -3, max: 3, int: true }),
      fromLap: e.key('from_lap').num({ default: 1, min: 1, max: nLaps, int: true }),
    };
  });
}

/** Compile a scenario document. */
export function compileScenario(root: Cursor): ScenarioDef {
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
  const flags: Book = { goto: false, units: new Set(), refs: [] };
  const items = root.key('items').missing ? [] : readItems(root.key('items'), counterIds, used, flags);
  const itemIds = items.map((i) => i.id);
  const names: Names = { items: itemIds, counters: counterIds, used, flags };
  // Triggers (UA-R96): `{ at: combat_start | combat_end | tile_enter, if: condition, effects: [...] }`.
  const triggers: TriggerDef[] = root.key('triggers').list().map((t) => {
    t.object(['at', 'if', 'effects', 'cancel'], ['at', 'effects']);
    const ctx: Ctx = { name: 'trigger', indoor: false, dark: false, items: itemIds, counters: counterIds, used, flags, targeted: false };
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
  r.object(['starting_magazines', 'attackers_per_round', 'issued', 'night_attack_mod', 'success_xp'], ['starting_magazines']);
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
  const ops = root.key('operations');
  ops.missing || ops.object(['max', 'tiles_persist', 'when_exhausted']);
  const tilesPersist = ops.missing ? false : ops.key('tiles_persist').bool({ default: false });
  const exhausted = ops.key('when_exhausted').str({ default: 'none', oneOf: ['none', 'reset-earlier'] }) as 'none' | 'reset-earlier';
  if (exhausted !== 'none' && !tilesPersist) ops.key('when_exhausted').fail({ id: 'uaScenario.whenExhaustedNeedsTiles' }, 'tiles_persist: true');
  return {
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
    items,
    triggers,
    finalWhen: p.key('final_when').missing ? null : readCondition(p.key('final_when'), { name: 'progression', indoor: false, dark: false, items: itemIds, counters: counterIds, used, flags, targeted: false }),
    usesGoto: flags.goto,
    counters: counters.map((x, i) => {
      if (x.startByLap.length > laps.length) root.key('counters').key(x.id).key('start_by_lap').fail({ id: 'uaScenario.lapsGivenButScenario', params: { startByLapCount: x.startByLap.length, lapsCount: laps.length } }, { id: 'uaScenario.mostValues', params: { lapsCount: laps.length } });
      return { ...x, reported: used[i] };
    }),
    members: root.key('members').missing ? [] : readMembers(root.key('members'), laps.length),
    nightAttackMod: r.key('night_attack_mod').num({ default: 0, min: -3, max: 0, int: true }),
    successXp: r.key('success_xp').num({ default: 0, min: 0, max: 10, int: true }),
  };
}

/** Load and compile a scenario file. */
export function loadScenario(file: string): ScenarioDef {
  return compileScenario(Source.load(file).root());
}
