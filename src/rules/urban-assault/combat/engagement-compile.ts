/**
 * Reading one engagement from YAML (遭遇と戦闘 §35–§38): count expressions, next-combat effects, d6 face
 * tables (the reaction table 反応表), enemy groups and high-threat targets. Shared by experiment files
 * (compile.ts) and scenario tiles (scenario/compile.ts).
 */
import type { Cursor } from '../../../sim/input/schema.js';
import { MAX_COUNT, MAX_DICE } from '../../../sim/input/limits.js';
import { IMMUNITIES, REACTIONS, SCREEN_EXEMPT, RX_FIGHT, RX_HOSTILE, type CountExpr, type EnemyUnitDef, type EngagementDef, type NextCombatEffects, type ReactionEntry } from './engagement.js';

/** Parse `1d3+1`, `2d6`, `1d2`, `3` (sides 2, 3 or 6). */
export function readCount(c: Cursor): CountExpr {
  if (typeof c.value === 'number') return { n: 0, sides: 6, bonus: c.num({ min: 0, max: 99, int: true }) };
  const s = c.str().replace(/\s+/g, '');
  const m = /^(\d{0,12})d(2|3|6)([+-]\d{1,12})?$/.exec(s);
  if (!m) c.fail({ id: 'uaCompile.notCount', params: { s } }, { id: 'uaCompile.integer0DiceLike' });
  const n = m[1] ? Number(m[1]) : 1;
  if (n < 1 || n > MAX_DICE) c.fail({ id: 'uaCompile.diceCountOutRange', params: { n } }, { id: 'uaCompile.n16Dice' });
  const bonus = m[3] ? Number(m[3]) : 0;
  // A bonus is bounded like a fixed count (issue 39 item 1): `1d3+99999999` enemies is no fight.
  if (Math.abs(bonus) > MAX_COUNT) c.fail({ id: 'hostile.amountTooLarge', params: { value: s, n: bonus, max: MAX_COUNT } }, { id: 'uaCompile.integer0DiceLike' });
  return { n, sides: Number(m[2]), bonus };
}

export function readEffects(c: Cursor): NextCombatEffects | null {
  if (c.missing) return null;
  c.object(['enemy_first_strike', 'first_round_defence_mod', 'first_round_attackers_cap', 'first_round_enemy_attacks']);
  return {
    enemyFirstStrike: c.key('enemy_first_strike').bool({ default: false }),
    firstRoundDefenceMod: c.key('first_round_defence_mod').num({ default: 0, min: -3, max: 3, int: true }),
    firstRoundAttackersCap: c.key('first_round_attackers_cap').num({ default: 0, min: 0, max: 20, int: true }),
    firstRoundEnemyAttacks: c.key('first_round_enemy_attacks').num({ default: 0, min: -5, max: 5, int: true }),
  };
}

/**
 * A d6 table keyed by faces and face ranges (`"1"`, `"2-5"`) that must cover
 * every face exactly once; `what` names an entry in the "no …" error.
 */
export function readFaceTable<T>(c: Cursor, entry: (e: Cursor) => T, what: string, first = 1): T[] {
  // first = 1: a d6 table (faces 1..6); first = 0: a difference table (|d1 − d2| = 0..5, issue 28 item 6).
  const table: (T | null)[] = [null, null, null, null, null, null];
  const last = first + 5;
  const diff = first === 0;
  for (const [k, e] of c.entries()) {
    const m = /^([0-9])(?:-([0-9]))?$/.exec(k);
    const lo = m ? Number(m[1]) : -1, hi = m ? (m[2] ? Number(m[2]) : lo) : -1;
    if (!m || lo < first || hi > last) return e.fail(diff ? { id: 'uaDice.notDifferenceRange', params: { k } } : { id: 'uaCompile.notFaceRange', params: { k } }, diff ? { id: 'uaDice.differenceRanges' } : { id: 'uaCompile.n125Faces' });
    if (hi < lo) e.fail({ id: 'uaCompile.rangeRunsBackwards', params: { k } });
    const v = entry(e);
    for (let f = lo; f <= hi; f++) {
      if (table[f - first] !== null) e.fail(diff ? { id: 'uaDice.differenceTwice', params: { f } } : { id: 'uaCompile.faceCoveredTwice', params: { f } });
      table[f - first] = v;
    }
  }
  const gap = table.findIndex((x) => x === null);
  if (gap >= 0) c.fail(diff ? { id: 'uaDice.differenceMissing', params: { value: gap } } : { id: 'uaCompile.faceNo', params: { value: gap + 1, what } }, diff ? { id: 'uaDice.coverEveryDifference' } : { id: 'uaCompile.coverEveryFace1' });
  return table as T[];
}

/** Reaction table: `{ "1-2": hostile, "3": {reaction: extortion, next_combat: {...}} }` or one reaction for all faces. */
function readReactionTable(c: Cursor): ReactionEntry[] | null {
  if (c.missing) return null;
  const entry = (e: Cursor): ReactionEntry => {
    if (typeof e.value === 'string') return { reaction: REACTIONS.indexOf(e.str({ oneOf: REACTIONS }) as (typeof REACTIONS)[number]), next: null };
    e.object(['reaction', 'next_combat'], ['reaction']);
    const reaction = REACTIONS.indexOf(e.key('reaction').str({ oneOf: REACTIONS }) as (typeof REACTIONS)[number]);
    // UA-R28: an entry's next_combat applies only when the encounter ends without a fight — never on a face that always fights.
    if (!e.key('next_combat').missing && (reaction === RX_HOSTILE || reaction === RX_FIGHT)) {
      e.key('next_combat').fail({ id: 'uaCompile.nextCombatFaceNever', params: { REACTIONS: REACTIONS[reaction] } }, { id: 'uaCompile.faceCanEndWithout' });
    }
    return { reaction, next: readEffects(e.key('next_combat')) };
  };
  if (typeof c.value === 'string') {
    const one = entry(c);
    return [one, one, one, one, one, one];
  }
  return readFaceTable(c, entry, 'reaction');
}

const UNIT_KEYS = ['name', 'kind', 'count', 'level', 'life', 'attacks', 'attack_mod', 'attack_mod_kind', 'armoured', 'gun_armed', 'screened_by', 'screen_exempt', 'immune', 'unmanned'];

/** Tile attributes an engagement inherits when it is a scenario tile's encounter. */
export interface EngagementContext {
  readonly name: string;
  readonly indoor: boolean;
  /** `location: both` (UA-R144). */
  readonly alsoOutdoor?: boolean;
  readonly dark: boolean;
  /** Mid and final events: no 逃走/退却 (the scenario says so). */
  readonly retreatAllowed: boolean;
}

/**
 * Read one engagement (enemies, reaction table, loot …). In an experiment's
 * gauntlet it carries its own `name`/`location`/`dark`; as a scenario tile's
 * `encounter` those come from the tile (`ctx`) and are not allowed here.
 */
export function readEngagement(c: Cursor, index: number, ctx: EngagementContext | null = null): EngagementDef {
  const own = ctx ? [] : ['name', 'location', 'dark'];
  c.object([...own, 'enemies', 'reaction', 'parity_targeting', 'first_round_defence_mod', 'enemy_first_strike',
    'attackers_per_round', 'extortion', 'negotiable', 'retreat_allowed', 'loot'], ['enemies']);
  const name = ctx ? ctx.name : c.key('name').str({ default: `engagement ${index + 1}` });
  const location = ctx ? (ctx.indoor ? 'indoor' : 'outdoor') : c.key('location').str({ default: 'indoor', oneOf: ['indoor', 'outdoor'] });
  const unitCursors = c.key('enemies').list({ min: 1 });
  const names = unitCursors.map((u, i) => (u.object(UNIT_KEYS, ['level']), u.key('name').str({ default: `enemy ${i + 1}` })));
  const units: EnemyUnitDef[] = unitCursors.map((u, i) => {
    const htt = u.key('kind').str({ default: 'group', oneOf: ['group', 'high_threat'] }) === 'high_threat';
    const screen = u.key('screened_by');
    let screenedBy = -1;
    if (!screen.missing) {
      screenedBy = names.indexOf(screen.str({ oneOf: names.filter((n) => n !== names[i]) }));
    }
    // screen_exempt (UA-R130 (b)): who shoots past this unit's screen, as the scenario writes it; only beside screened_by.
    const sx = u.key('screen_exempt');
    const screenExempt = sx.missing ? 0 : sx.list({ min: 1 }).reduce((m, x) => m | (1 << SCREEN_EXEMPT.indexOf(x.str({ oneOf: SCREEN_EXEMPT }) as (typeof SCREEN_EXEMPT)[number])), 0);
    if (!sx.missing && screen.missing) sx.fail({ id: 'uaCompile.screenExemptNeedsScreen' }, 'screened_by');
    const immune = u.key('immune').list().reduce((m, x) => m | (1 << IMMUNITIES.indexOf(x.str({ oneOf: IMMUNITIES }) as (typeof IMMUNITIES)[number])), 0);
    if (htt && u.key('count').missing === false) u.key('count').fail({ id: 'uaCompile.highThreatTargetSingle' });
    if (!htt && !u.key('life').missing) u.key('life').fail({ id: 'uaCompile.groupOneLifePer' });
    // unmanned (core 1.01 §21: バリケード、無人設備…には使用できません): a high-threat target no negotiation captures.
    const um = u.key('unmanned');
    if (!um.missing && um.bool() && !htt) um.fail({ id: 'uaver.unmannedHtt' }, 'kind: high_threat');
    return {
      name: names[i],
      htt,
      count: htt ? { n: 0, sides: 6, bonus: 1 } : readCount(u.key('count')),
      level: u.key('level').num({ min: 1, max: 12, int: true }),
      life: htt ? u.key('life').num({ min: 1, max: 99, int: true }) : 1,
      attacks: htt ? u.key('attacks').num({ min: 0, max: 20, int: true }) : u.key('attacks').num({ default: 1, min: 0, max: 5, int: true }),
      attackMod: u.key('attack_mod').num({ default: 0, min: -6, max: 6, int: true }),
      attackModIsCover: u.key('attack_mod_kind').str({ default: 'cover', oneOf: ['cover', 'armour'] }) === 'cover',
      armoured: u.key('armoured').bool({ default: false }),
      gunArmed: u.key('gun_armed').bool({ default: true }),
      screenedBy,
      ...(screenExempt !== 0 ? { screenExempt } : {}),
      immune,
      // Present only when set (the compiled JSON of every other engagement stays as it was), with where it was written:
      // the key is played only under UA-R73 capture: life-1 (compile.ts refuses it otherwise).
      ...(!um.missing && um.bool() ? { unmanned: { file: u.source.file, line: u.source.lineOf(um.parts), path: um.path } } : {}),
    };
  });
  let parity: EngagementDef['parity'] = null;
  const pc = c.key('parity_targeting');
  if (!pc.missing) {
    pc.object(['even', 'odd', 'precise_shots'], ['even', 'odd']);
    parity = {
      even: names.indexOf(pc.key('even').str({ oneOf: names })), odd: names.indexOf(pc.key('odd').str({ oneOf: names })),
      // precise_shots (issue 28 item 4, UA-R141): `exempt` (default) — 精密射撃, the marksman/sniper and the DMR's odd value
      // choose their target as the core rules say; `bound` — the parity decides for them too.
      bindsPrecise: pc.key('precise_shots').str({ default: 'exempt', oneOf: ['exempt', 'bound'] }) === 'bound',
    };
  }
  const loot = c.key('loot');
  let lootMagazines = 0, lootTable = false;
  if (!loot.missing) {
    if (loot.value === 'table') lootTable = true;
    else {
      loot.object(['magazines']);
      lootMagazines = loot.key('magazines').num({ min: 0, max: 99, int: true });
    }
  }
  return {
    name,
    indoor: location === 'indoor',
    alsoOutdoor: ctx ? ctx.alsoOutdoor === true : false,
    dark: ctx ? ctx.dark : c.key('dark').bool({ default: false }),
    units,
    reactionTable: readReactionTable(c.key('reaction')),
    parity,
    firstRoundDefenceMod: c.key('first_round_defence_mod').num({ default: 0, min: -3, max: 3, int: true }),
    enemyFirstStrike: c.key('enemy_first_strike').bool({ default: false }),
    attackersCap: c.key('attackers_per_round').num({ default: 0, min: 0, max: 20, int: true }),
    extortionCost: c.key('extortion').num({ default: 1, min: 0, max: 99, int: true }),
    negotiable: c.key('negotiable').bool({ default: true }),
    retreatAllowed: c.key('retreat_allowed').bool({ default: ctx ? ctx.retreatAllowed : true }),
    lootMagazines,
    lootTable,
  };
}
