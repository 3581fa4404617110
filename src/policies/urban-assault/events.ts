/**
 * Operation-level judgement for the scripted URBAN ASSAULT policies: how much
 * an event option is worth (in "magazine equivalents", weighted by the chance
 * of its check), and how threatening a map tile looks. Plain functions of the
 * observation, so a designer can read (and tune) the weights.
 */
import type { UaObservation } from '../../rules/urban-assault/combat/state.js';
import {
  E_CURE_WOUND, E_ENCOUNTER, E_HEAL, E_HIT_TABLE, E_INFO, E_ITEM, E_LEADER_DAMAGE, E_MAGAZINES, E_MRE, E_NEXT_COMBAT, E_RECOVER_MEMBER,
  E_COUNTER, E_IF, E_RECOVER_SUB, E_SCRIP, E_SCRIP_AT_END, E_DIFFERENCE_TABLE, DIFFERENCE_WAYS, CHECK_LIFE, lifeRollBase, type CombatModifiers, type EffectDef, type OptionDef,
} from '../../rules/urban-assault/scenario/scenario.js';
import type { Params } from './params.js';
import { conditionHolds } from '../../rules/urban-assault/operation/condition.js';

/** A point on every squad roll of one kind (attack or defence) in round 1 of the next combat, in magazines. */
const ROUND_POINT = 1.5;
/** A point on every squad roll of one kind through the whole next combat (twice a round's: the table's own ratio). */
const COMBAT_POINT = 3;

/**
 * The squad's rolls of one kind in a round: the leader and the members with him, up to 攻撃人数制限. Defence rolls
 * are counted the same (an even fight: as many attacks come in as go out — the assumption under which the table
 * prices a round-1 point of attack and of defence alike).
 */
export function roundRolls(o: UaObservation): number {
  const n = 1 + o.withSquad();
  return o.attackersCap > 0 && o.attackersCap < n ? o.attackersCap : n;
}

/**
 * The scoped modifiers on the next combat (issue 28 item 11), from the same table: a modifier on one roll is that
 * roll's share of a round-1 point (ROUND_POINT ÷ the round's rolls); the leader's round-1 defence is his share of the
 * round's defence rolls (half while members stand: the enemy's attacks are split between him and them); a whole-combat
 * attack modifier, or an enemy's attack_mod cancelled, is a whole-combat point (COMBAT_POINT per point).
 */
function scopedModsValue(c: CombatModifiers, o: UaObservation): number {
  const perRoll = ROUND_POINT / roundRolls(o);
  const leaderShare = o.withSquad() > 0 ? 0.5 : 1;
  return perRoll * (c.firstAttackRollMod + c.firstDefenceRollMod + c.leaderFirstDefenceRollMod)
    + ROUND_POINT * leaderShare * c.leaderFirstRoundDefenceMod + COMBAT_POINT * (c.attackMod + c.cancelledAttackMod);
}

/** Value of one effect in magazine equivalents (the weights are the policy's judgement, not rules). */
export function effectValue(e: EffectDef, o: UaObservation, p: Params): number {
  const n = e.n.bonus + e.n.n * (e.n.sides + 1) / 2;
  switch (e.kind) {
    case E_MAGAZINES: return n;
    case E_ITEM: return e.ifHeld && o.expendables[e.item] > 0 ? effectsValue(e.ifHeld, o, p) : 3 * n;
    case E_MRE: return 1.5 * n;
    case E_SCRIP: case E_SCRIP_AT_END: return 0.2 * n;
    case E_INFO: return o.counterWorth[o.infoIndex] * n;
    // Scenario counters (UA-R95): the scenario's worth per point × the change (after clamping is ignored: a judgement).
    case E_COUNTER: return o.counterWorth[e.item] * (e.mod === 1 ? n - o.counters[e.item] : e.mod === -1 ? -n : n);
    // A sub-ability point: worth a magazine to the scripted policies (it buys a skill use or a check).
    case E_RECOVER_SUB: return Math.min(n, o.subMax - o.subCur);
    case E_IF: return effectsValue(conditionHolds(e.cond!, o) ? e.ifHeld! : e.elseEffects!, o, p);
    case E_DIFFERENCE_TABLE: {
      // The difference table's entries weighted by their exact chances (6, 10, 8, 6, 4, 2 in 36).
      let v = 0;
      for (let d = 0; d < 6; d++) v += DIFFERENCE_WAYS[d] * effectsValue(e.table![d], o, p);
      return v / 36;
    }
    // A point of leader life is worth `life_value` magazines, more when it could be the last.
    case E_LEADER_DAMAGE: return -n * (o.life <= n ? 100 : p.life_value);
    case E_HEAL: return Math.min(n, o.lifeMax - o.life) * p.life_value;
    // 負傷をn回復: a wound level is worth a point of life; under the seed's rules it is one (UA-V13).
    case E_CURE_WOUND: return (o.woundTrack ? Math.min(n, o.wounds) : Math.min(n, o.lifeMax - o.life)) * p.life_value;
    case E_HIT_TABLE: return -2.5 * n;
    case E_RECOVER_MEMBER: return 2.5 * n;
    case E_NEXT_COMBAT: {
      const c = e.combat!;
      return (c.enemyFirstStrike ? -2 : 0) + (c.squadFirstStrike ? 2 : 0) + ROUND_POINT * c.firstRoundDefenceMod + ROUND_POINT * c.firstRoundAttackMod
        - (c.firstRoundAttackersCap > 0 ? 1.5 : 0) - 1.5 * c.firstRoundEnemyAttacks + COMBAT_POINT * c.defenceMod - 2.5 * c.enemyAttacks
        + scopedModsValue(c, o);
    }
    case E_ENCOUNTER: return -4;
    default: return 0;
  }
}

export function effectsValue(es: readonly EffectDef[], o: UaObservation, p: Params): number {
  let v = 0;
  for (const e of es) v += effectValue(e, o, p);
  return v;
}

/** Chance that the leader passes the option's check (1d6 + ability ≥ target, natural 6/1), as the engine rolls it. */
export function checkChance(opt: OptionDef, o: UaObservation): number {
  const c = opt.check;
  if (!c) return 1;
  if (c.autoWith >= 0 && o.members[c.autoWith] > 0) return 1;
  if (c.autoSkill >= 0 && (o.skills & (1 << c.autoSkill)) && o.subCur >= c.autoSkillCost) return 1;
  let mod = 0;
  for (const m of c.memberMods) if (o.members[m.role] > 0) mod += m.mod;
  let base = c.ability === CHECK_LIFE ? lifeRollBase(o.life, o.skill) : o.skill;
  if (c.ability > 0 && c.ability - 1 === o.sub) {
    if (o.subCur <= 0) return 0;
    base = o.subCur;
  }
  let ok = 0;
  for (let f = 1; f <= 6; f++) if (f === 6 || (f !== 1 && f + base + mod >= c.target)) ok++;
  return ok / 6;
}

/** Expected value of taking an option. */
export function optionValue(opt: OptionDef, o: UaObservation, p: Params): number {
  let v = -opt.costMagazines - 1.5 * opt.costMre - opt.costSub - (opt.costItem >= 0 ? 3 : 0) + effectsValue(opt.effects, o, p);
  if (opt.check) {
    const q = checkChance(opt, o);
    const crit = opt.critical ? effectsValue(opt.critical, o, p) : null;
    const succ = effectsValue(opt.success, o, p);
    v += crit === null ? q * succ : (1 / 6) * crit + Math.max(0, q - 1 / 6) * succ;
    v += (1 - q) * effectsValue(opt.failure, o, p);
    // A sub-ability point spent has a price.
    if (opt.check.ability > 0 && opt.check.ability - 1 === o.sub) v -= p.sub_point_value;
  }
  if (opt.roll) {
    let r = 0;
    for (const face of opt.roll) r += effectsValue(face, o, p);
    v += r / 6;
  }
  return v;
}
