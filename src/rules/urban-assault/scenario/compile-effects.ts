/**
 * Scenario format: `counters:`, conditions (`if:`), effect lists (`effects:`, `success:`, `roll:` d6 tables),
 * combat and map-roll modifiers, 判定ロール checks (`check:`) and choice options (`choice:`). Rulings UA-R48,
 * UA-R52 … UA-R58, UA-R95 … UA-R101 (docs/rules/urban-assault.md).
 */
import { Cursor } from '../../../sim/input/schema.js';
import { COMMAND_SKILLS, ROLES, SHOOTING_SKILLS, skillFlag } from '../catalogue/catalogue.js';
import { readCount, readFaceTable } from '../combat/engagement-compile.js';
import {
  CHECK_ABILITIES, EFFECTS, E_ENCOUNTER, E_ITEM, E_COUNTER, E_IF, E_INFO, E_LOOT_TABLE, E_MAP_ROLL, E_MEMBER_DAMAGE, E_NEXT_COMBAT,
  E_NOTHING, E_SCENARIO_ITEM, E_SPECIAL, MAX_COUNTERS, C_COUNTER, C_DIFFICULTY, C_ENEMY, C_ITEM, C_LAP, C_MEMBER, C_ROUND, C_SC_ITEM,
  C_SKILL, E_REINFORCE, E_GOTO_FINAL, E_DIFFERENCE_TABLE, type CheckDef, type CombatModifiers, type ConditionDef, type CounterDef, type EffectDef,
  type MapRollMod, type OptionDef,
} from './scenario.js';
import { SPECIALS, SPECIAL_DEFS, SP_DRONE, SP_SCANNER, type SpecialId } from '../catalogue/special.js';
import { OPTION_KEYS, CHECK_KEYS, COMBAT_KEYS, ITEM_IDS, FIXED, itemIndex, roleIndex, type Book, type Ctx, NEEDS_TARGET } from './compile-shared.js';

function readCombat(c: Cursor, ctx: Ctx): CombatModifiers {
  c.object(COMBAT_KEYS);
  const mod = (k: string, lo: number, hi: number) => c.key(k).num({ default: 0, min: lo, max: hi, int: true });
  for (const k of ['target_no_attack_first_round', 'target_absent_first_round']) {
    if (!ctx.targeted && !c.key(k).missing) c.key(k).fail({ id: 'uaScenario.needsTargetMember', params: { k } }, NEEDS_TARGET);
  }
  const m: CombatModifiers = {
    enemyFirstStrike: c.key('enemy_first_strike').bool({ default: false }),
    squadFirstStrike: c.key('squad_first_strike').bool({ default: false }),
    firstRoundDefenceMod: mod('first_round_defence_mod', -3, 3),
    firstRoundAttackersCap: mod('first_round_attackers_cap', 0, 20),
    firstRoundEnemyAttacks: mod('first_round_enemy_attacks', -5, 5),
    defenceMod: mod('defence_mod', -3, 3),
    enemyAttacks: mod('enemy_attacks', -5, 5),
    firstRoundAttackMod: mod('first_round_attack_mod', -3, 3),
    firstDefenceRollMod: mod('first_defence_roll_mod', -3, 3),
    leaderFirstRoundDefenceMod: mod('leader_first_round_defence_mod', -3, 3),
    leaderFirstDefenceRollMod: mod('leader_first_defence_roll_mod', -3, 3),
    extraEnemies: mod('extra_enemies', -5, 10),
    membersAttackingMod: mod('members_attacking_mod', -10, 10),
    targetNoAttackFirstRound: c.key('target_no_attack_first_round').bool({ default: false }),
    targetAbsentFirstRound: c.key('target_absent_first_round').bool({ default: false }),
    attackMod: mod('attack_mod', -3, 3),
    firstAttackRollMod: mod('first_attack_roll_mod', -3, 3),
    cancelUnitMod: c.key('cancel_unit_mod').missing ? '' : (ctx.flags.refs.push(c.key('cancel_unit_mod')), c.key('cancel_unit_mod').str()),
    cancelledAttackMod: 0,
  };
  // members_attacking_base (UA-V51): the base of members_attacking_mod — the members present each round (UA-R66) or
  // the combatants alive at the fight's start (Black Sun 46: 「その戦闘開始時の生存戦闘員数 -2」).
  const mabC = c.key('members_attacking_base');
  if (mabC.str({ default: 'present', oneOf: ['present', 'fight_start'] }) === 'fight_start') {
    if (m.membersAttackingMod === 0) mabC.fail({ id: 'uaScenario.needsKeyInEncounter', params: { k: 'members_attacking_base', need: 'members_attacking_mod' } }, 'members_attacking_mod: -2');
    (m as { membersAttackingFromStart?: true }).membersAttackingFromStart = true;
  }
  // Its worth needs every encounter's units: filled in by fillCancelWorth when the scenario is read.
  if (m.cancelUnitMod !== '') ctx.flags.cancels.push(m);
  return m;
}

/** Each cancel_unit_mod's worth: minus the most negative attack_mod of the units of that name (issue 28 item 11). */
export function fillCancelWorth(flags: Book): void {
  for (const m of flags.cancels) (m as { cancelledAttackMod: number }).cancelledAttackMod = -(flags.unitAttackMods.get(m.cancelUnitMod) ?? 0);
}

function readMapRoll(c: Cursor): MapRollMod {
  c.object(['tens', 'units', 'either', 'twice', 'tens_is', 'mandatory']);
  const either = c.key('either').bool({ default: false });
  const mandatory = c.key('mandatory').bool({ default: false });
  if (mandatory && c.key('tens').missing && c.key('units').missing) c.key('mandatory').fail({ id: 'uaFormat.mandatoryNeedsModifier' }, 'tens: 1, mandatory: true');
  if (either && c.key('units').missing) c.key('either').fail({ id: 'uaScenario.eitherNeedsUnitsModifier' }, 'units: 1, either: true (±1)');
  return {
    tens: c.key('tens').num({ default: 0, min: -5, max: 5, int: true }),
    units: c.key('units').num({ default: 0, min: -5, max: 5, int: true }),
    either,
    twice: c.key('twice').bool({ default: false }),
    setTens: c.key('tens_is').num({ default: 0, min: 1, max: 6, int: true }),
    mandatory,
  };
}

const NO_EFFECT = { n: FIXED(0), item: -1, ifHeld: null, mod: 0, combat: null, map: null, engagement: null, extra: null, cond: null, elseEffects: null, name: '', table: null };

const COUNTER_KEYS = ['start', 'min', 'max', 'start_by_lap', 'value', 'keep', 'visible_from_lap'];

/**
 * `counters:` — the scenario's own state (counters and tracks): `{ name: { start, min, max, start_by_lap, value } }`.
 * `info` (情報 §43) is always a counter (0…99, start 0) unless the scenario declares it. `value`: magazines a point is
 * worth to the scripted policies when they weigh an option that moves it (UA-R95).
 */
/** A counter's name: ASCII lower case or Japanese (a designer's 接触兆候), then also digits, ー and _ (issue 28 item 8). */
const COUNTER_NAME = /^[a-z\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}][a-z0-9_\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー]*$/u;

export function readCounters(c: Cursor, _laps: number): CounterDef[] {
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
export function readCondition(c: Cursor, ctx: Ctx): ConditionDef {
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
      ctx.flags.conds.push({ at: c, counter, lo, hi });
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
  if (!eq.missing && (!c.key('at_least').missing || !c.key('at_most').missing)) eq.fail({ id: 'uaFormat.equalsWithBound' }, { id: 'uaFormat.equalsOrBounds' });
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
      const { engagement, extra } = ctx.readEncounter(v, ctx, true);
      return { ...NO_EFFECT, kind, engagement, extra };
    }
    case E_NOTHING: return { kind, ...NO_EFFECT };
    case E_REINFORCE: {
      // `reinforce: { unit: 民兵, count: 1d3 }` — soldiers join the current combat's group of that name (UA-R100).
      v.object(['unit', 'count'], ['unit', 'count']);
      ctx.flags.refs.push(v.key('unit'));
      return { ...NO_EFFECT, kind, name: v.key('unit').str(), n: readCount(v.key('count')) };
    }
    case E_DIFFERENCE_TABLE:
      // `difference_table: { "0": [...], "1-2": [...], "3-5": [...] }`: two d6, the larger minus the smaller (issue 28 item 6).
      return { ...NO_EFFECT, kind, table: readFaceTable(v, (e) => readEffects(e, ctx), 'entry', 0) };
    case E_GOTO_FINAL:
      if (v.value !== true) v.fail({ id: 'uaScenario.gotoFinalTakesTrue' }, 'goto_final: true');
      ctx.flags.goto = true;
      return { ...NO_EFFECT, kind };
    case E_COUNTER: {
      // `counter: { name, add: n }` (a count, may be negative) or `{ name, set: n }`; clamped to the counter's range.
      v.object(['name', 'add', 'set'], ['name']);
      const item = ctx.counters.indexOf(v.key('name').str({ oneOf: ctx.counters }));
      ctx.used[item] = true;
      ctx.flags.moved.add(item);
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

/** An effect list (missing: none). */
export function readEffects(c: Cursor, ctx: Ctx): EffectDef[] {
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

/** One option of a choice (or the single option of a check/trap/supply event). */
export function readOption(c: Cursor, i: number, tileCtx: Ctx, labelled: boolean): OptionDef {
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
    // disarm (UA-R156): the booby trap's disarm attempt, which C4's 「ブービートラップを自動解除」 may replace; it needs a check.
    ...(!c.key('disarm').missing && c.key('disarm').bool() ? (hasCheck ? { disarm: true as const } : c.key('disarm').fail({ id: 'uaScenario.disarmNeedsCheck' })) : {}),
  };
}
