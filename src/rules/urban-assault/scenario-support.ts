/**
 * Which parts of the scenario format the operation engine plays today. The
 * format (scenario.ts) can express more than the engine implements; an
 * operation on a scenario that uses an unimplemented feature is refused with
 * a list of what is missing, never played with the feature silently ignored.
 * (docs/scenarios/urban-assault.md, "ENGINE TODO", lists their semantics.)
 */
import {
  E_ENCOUNTER, E_KILL_ENEMIES, E_LOOT_TABLE, E_MEMBER_DAMAGE, E_SCENARIO_ITEM, type CombatModifiers, type EffectDef, type OptionDef,
  type ScenarioDef, type TileDef,
} from './scenario.js';

const EFFECT_NAMES: Record<number, string> = {
  [E_SCENARIO_ITEM]: 'effect scenario_item', [E_MEMBER_DAMAGE]: 'effect member_damage', [E_KILL_ENEMIES]: 'effect kill_enemies', [E_LOOT_TABLE]: 'effect loot_table',
};

function combat(c: CombatModifiers, out: Set<string>): void {
  if (c.firstDefenceRollMod !== 0) out.add('next_combat.first_defence_roll_mod');
  if (c.extraEnemies !== 0) out.add('next_combat.extra_enemies');
  if (c.membersAttackingMod !== 0) out.add('next_combat.members_attacking_mod');
  if (c.targetNoAttackFirstRound) out.add('next_combat.target_no_attack_first_round');
  if (c.targetAbsentFirstRound) out.add('next_combat.target_absent_first_round');
}

function effects(es: readonly EffectDef[] | null, out: Set<string>): void {
  if (!es) return;
  for (const e of es) {
    if (EFFECT_NAMES[e.kind]) out.add(EFFECT_NAMES[e.kind]);
    if (e.combat) combat(e.combat, out);
    if (e.map && e.map.setTens !== 0) out.add('map_roll.tens_is');
    if (e.extra) out.add('encounter extensions in an effect');
    if (e.kind === E_ENCOUNTER && e.engagement === null) out.add('encounter effect without an engagement');
    effects(e.ifHeld, out);
  }
}

function option(o: OptionDef, out: Set<string>): void {
  if (o.check?.everyone) out.add('check.everyone');
  if (o.check && o.check.ability === 5) out.add('check.roll: defence');
  if (o.fumble) out.add('option fumble');
  if (o.targetMember) out.add('option target: hit_table');
  effects(o.effects, out);
  effects(o.success, out);
  effects(o.failure, out);
  effects(o.critical, out);
  effects(o.fumble, out);
  if (o.roll) for (const f of o.roll) effects(f, out);
}

function tile(t: TileDef | null, out: Set<string>): void {
  if (!t) return;
  if (t.extra) out.add(`encounter extensions (tile ${t.code === 0 ? 'mid' : t.code === 99 ? 'final' : t.code})`);
  for (const o of t.options) option(o, out);
}

/** Features of `sc` the operation engine does not implement yet (empty: it can be played). */
export function unsupportedFeatures(sc: ScenarioDef): string[] {
  const out = new Set<string>();
  for (const t of sc.tiles) tile(t, out);
  for (const l of sc.laps) {
    tile(l.mid, out);
    tile(l.final, out);
    if (l.issuedItems.length > 0) out.add('issued scenario items');
  }
  if (sc.items.length > 0) out.add('scenario items');
  if (sc.members.length > 0) out.add('scenario members');
  if (sc.nightAttackMod !== 0) out.add('rules.night_attack_mod');
  if (sc.exhausted !== 'none') out.add('operations.when_exhausted');
  return [...out];
}
