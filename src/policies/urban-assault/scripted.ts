/**
 * Scripted leader policies as ordered (action, condition) lists, SimulationCraft
 * style: the first rule whose condition holds and whose action is legal is
 * taken, aimed by the rule's targeting. Other decisions are small functions of
 * the parameters.
 */
import type { Dice } from '../../sim/core/dice.js';
import type { UaObservation } from '../../rules/urban-assault/combat/state.js';
import * as D from '../../rules/urban-assault/decisions.js';
import { RX_EXTORTION, RX_FIGHT, RX_FRIENDLY, RX_HOSTILE, RX_NEUTRAL, RX_OUTNUMBERED, RX_SUPPORTIVE, RX_WITHDRAW } from '../../rules/urban-assault/config.js';
import type { UaPolicy } from '../../rules/urban-assault/decisions.js';
import { optionValue } from './events.js';
import { EXPENDABLE_DEFS, EXP_FRAG, EXP_MEDKIT, R_SNIPER, SK_SHOTGUN } from '../../rules/urban-assault/catalogue/catalogue.js';
import { SP_AP, SP_DRONE, SP_SCANNER, SP_SHIELD } from '../../rules/urban-assault/catalogue/special.js';

import type { Params } from './params.js';

export type { Params };

/**
 * The order in which the scripted policies learn new skills (bit indices, catalogue.skillFlag): shooting — rapid fire,
 * dodge (見切り), grenade, shotgun, stun grenade, pre-emptive fire; command — first aid, fortify, negotiation,
 * political, foraging, supply request. Attack and survival skills first, as the flagship's 10-XP leaders choose.
 */
export const LEARN_ORDER = [4, 5, 2, 1, 0, 3, 7, 6, 8, 11, 9, 10];
/** How a rule picks among the legal targets of its action. */
export type Targeting = 'focus' | 'armoured' | 'largest' | 'any';

export interface LeaderRule {
  /** Readable action name (for docs and `list`). */
  readonly action: string;
  readonly kind: number;
  readonly when: (o: UaObservation, p: Params) => boolean;
  readonly target: Targeting;
}

/** Score of a reaction for the squad (higher is better). */
export function reactionScore(o: UaObservation, reaction: number): number {
  switch (reaction) {
    case RX_SUPPORTIVE: return 5;
    case RX_FRIENDLY: case RX_NEUTRAL: case RX_WITHDRAW: return 4;
    case RX_OUTNUMBERED: return 1 + o.withSquad() > o.enemiesStanding() ? 4 : 1;
    case RX_EXTORTION: return 2;
    case RX_HOSTILE: return 1;
    case RX_FIGHT: return 0;
  }
  return 0;
}

/** Reaction faces (of 6) that end the encounter without a fight (given who we are). */
export function peacefulFaces(o: UaObservation): number {
  const t = o.eng.reactionTable;
  if (!t) return 0;
  let good = 0;
  for (let f = 0; f < 6; f++) if (reactionScore(o, t[f].reaction) >= 2) good++;
  return good;
}

/** Pick the target among legal actions of `kind` by the targeting rule, or −1. */
export function pickTarget(o: UaObservation, legal: Int32Array, n: number, kind: number, t: Targeting): number {
  let best = -1, bestScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if (D.kindOf(a) !== kind) continue;
    const u = D.targetOf(a);
    const unit = o.eng.units[u];
    const left = o.unitLeft[u];
    let score: number;
    switch (t) {
      case 'focus': score = -left * 10 - (unit.htt ? 5 : 0) + (unit.htt ? 0 : 1); break;
      case 'armoured': score = (unit.armoured ? 100 : 0) + (unit.htt ? 50 : 0) + left; break;
      case 'largest': score = (unit.htt ? unit.attacks : left * unit.attacks) * 10 + left; break;
      default: score = 0;
    }
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  return best;
}

/** Incoming attacks this round if nothing is stunned. */
export function threat(o: UaObservation): number {
  let t = 0;
  for (let u = 0; u < o.nUnits; u++) if (o.unitLeft[u] > 0) t += o.eng.units[u].htt ? o.eng.units[u].attacks : o.unitLeft[u] * o.eng.units[u].attacks;
  return t;
}

/**
 * Would an indoor fight favour the squad (for the barricade)? The leader's gun loses outdoors or has a laser
 * sight, or he has the shotgun skill or frag grenades — and no sniper, who fires only outdoors.
 */
export function indoorHelps(o: UaObservation): boolean {
  if (o.indoorNow || o.members[R_SNIPER] > 0) return false;
  return o.weapon.outdoorMod < 0 || o.attachment === 1 || (o.sub === 2 && (o.skills & SK_SHOTGUN) !== 0) || o.expendables[EXP_FRAG] > 0;
}

/** A high-threat or armoured enemy still stands. */
function toughTarget(o: UaObservation): boolean {
  for (let u = 0; u < o.nUnits; u++) if (o.unitLeft[u] > 0 && (o.eng.units[u].htt || o.eng.units[u].armoured)) return true;
  return false;
}

/**
 * Decision `buy`: the first legal purchase that restocks the variant's loadout (members in role order, then
 * scenario member types, then expendables), or A_BUY_DONE when the loadout is complete or nothing of it is
 * affordable.
 */
export function restockBuy(o: UaObservation, legal: ArrayLike<number>, n: number): number {
  for (let i = 1; i < n; i++) {
    const a = legal[i];
    if (a >= D.BUY_EXPENDABLE) { if (o.expendables[a - D.BUY_EXPENDABLE] < o.restockExpendables[a - D.BUY_EXPENDABLE]) return a; }
    else if (a >= D.BUY_SC_MEMBER) { if (o.scMembers[a - D.BUY_SC_MEMBER] < o.restockScMembers[a - D.BUY_SC_MEMBER]) return a; }
    else if (o.members[a - D.BUY_MEMBER] < o.restockMembers[a - D.BUY_MEMBER]) return a;
  }
  return D.A_BUY_DONE;
}

/** Growth when the preferred one is not affordable: life, sub-ability, skill (decision `growth`). */
const GROWTH_FALLBACK: readonly number[] = [D.A_GROW_LIFE, D.A_GROW_SUB, D.A_GROW_SKILL];
/** 闇取引: what the scripted leader buys with 軍票, in this order (decision `market`). */
const MARKET_WANTS: readonly string[] = ['frag_grenade', 'medkit', 'flashbang'];

/** Decision `buy`: an extra expendable `e` beyond the loadout (up to `want`), paid from 軍票 alone at `price`. */
function buyExtra(o: UaObservation, legal: Int32Array, n: number, e: number, want: number, price: number): boolean {
  return has(legal, n, D.BUY_EXPENDABLE + e) && o.expendables[e] < o.restockExpendables[e] + want && o.scrip >= price;
}

function has(legal: Int32Array, n: number, a: number): boolean {
  for (let i = 0; i < n; i++) if (legal[i] === a) return true;
  return false;
}

// The leader decision keeps the kinds on offer in one 32-bit mask.
if (D.N_KINDS > 31) throw new Error(`scripted policies: ${D.N_KINDS} action kinds do not fit a 32-bit mask`);

/** A rule of this kind takes its one untargeted action (when legal) instead of aiming by its targeting. */
function untargeted(kind: number): boolean {
  return kind === D.K_PASS || kind === D.K_RETREAT || kind === D.K_FIRST_AID || kind === D.K_FORTIFY_LEADER || kind === D.K_FORTIFY_MEMBERS || kind === D.K_MEDKIT;
}

/**
 * {@link leaderChoice} over one rule list and its parameters as straight-line code (issue 44, the specialised path):
 * generated from the same rules, in their order — one test per rule, the withheld ones dropped, each kind's mask,
 * action and aim written as numbers, each condition called at a call site of its own (so the JavaScript engine can
 * inline it, where the loop's one call site saw every condition). The code holds numbers and the names of its
 * parameters only; the conditions, targetings and parameters are passed in as values. Gives the loop's choice for
 * every observation (tests/specialise-policy.test.ts). Throws an EvalError where the platform forbids generating code.
 */
export function straightLeaderChoice(rules: readonly LeaderRule[], p: Params, withheld: number): (o: UaObservation, legal: Int32Array, n: number) => number {
  const lines: string[] = [];
  const whens: LeaderRule['when'][] = [], targets: Targeting[] = [];
  for (const r of rules) {
    if ((withheld & (1 << r.kind)) !== 0) continue;
    const i = whens.length;
    whens.push(r.when);
    targets.push(r.target);
    const test = `(offered & ${1 << r.kind}) !== 0 && w[${i}](o, p)`;
    lines.push(untargeted(r.kind)
      ? `  if (${test} && has(legal, n, ${D.act(r.kind)})) return ${D.act(r.kind)};`
      : `  if (${test}) { const a = pickTarget(o, legal, n, ${r.kind}, t[${i}]); if (a >= 0) return a; }`);
  }
  const src = `return function leaderChoice(o, legal, n) {\n  let offered = 0;\n  for (let i = 0; i < n; i++) offered |= 1 << kindOf(legal[i]);\n${lines.join('\n')}\n  return ${D.act(D.K_PASS)};\n};`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function('w', 't', 'p', 'has', 'pickTarget', 'kindOf', src)(whens, targets, p, has, pickTarget, D.kindOf) as (o: UaObservation, legal: Int32Array, n: number) => number;
}

/**
 * Decisions `round0` and `leader`: the first rule whose kind is on offer and whose condition holds, aimed by its
 * targeting; a pass when none applies.
 */
function leaderChoice(rules: readonly LeaderRule[], o: UaObservation, legal: Int32Array, n: number, p: Params, withheld: number): number {
  // The kinds on offer (24 < 32 kinds): a rule whose kind is not legal is skipped before its condition runs
  // (conditions are pure, and such a rule could only have been passed over). Withheld kinds are never on offer.
  let offered = 0;
  for (let i = 0; i < n; i++) offered |= 1 << D.kindOf(legal[i]);
  offered &= ~withheld;
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i];
    if ((offered & (1 << r.kind)) === 0 || !r.when(o, p)) continue;
    if (untargeted(r.kind)) {
      if (has(legal, n, D.act(r.kind))) return D.act(r.kind);
      continue;
    }
    const a = pickTarget(o, legal, n, r.kind, r.target);
    if (a >= 0) return a;
  }
  return D.act(D.K_PASS);
}

/**
 * `withhold` (issue 41): bits of what the leader never uses, for the paired counterfactual "magazines saved by an
 * item" (docs/designer-plan.md). The item is still carried; only its use is withheld.
 */
export const W_AT4 = 1, W_FRAG = 2, W_C4 = 4, W_IED = 8, W_SCENARIO_ITEMS = 16, W_GRENADE_SKILL = 32, W_STUN = 64, W_PRECISE = 128;

/** The leader-action kinds (as a bit set over D.K_*) that `withhold` bars. */
export function withheldKinds(w: number): number {
  let k = 0;
  if (w & W_AT4) k |= 1 << D.K_AT4;
  // A scenario's round_zero_use spends an expendable it names (Black Sun's: a frag grenade): withheld with the frags.
  if (w & W_FRAG) k |= (1 << D.K_FRAG) | (1 << D.K_R0_USE);
  if (w & W_C4) k |= (1 << D.K_C4_PLANT) | (1 << D.K_C4_PRE);
  if (w & W_IED) k |= 1 << D.K_IED;
  if (w & W_SCENARIO_ITEMS) k |= 1 << D.K_ITEM;
  if (w & W_GRENADE_SKILL) k |= 1 << D.K_GRENADE;
  if (w & W_STUN) k |= (1 << D.K_FLASHBANG) | (1 << D.K_STUN_SKILL);
  if (w & W_PRECISE) k |= 1 << D.K_PRECISE;
  return k;
}

/**
 * Build a policy from a leader rule list and decision parameters. Its `specialised()` (issue 44) is the same policy
 * with the leader's rule list as straight-line code ({@link straightLeaderChoice}), for the specialised runners.
 */
export function scriptedPolicy(rules: readonly LeaderRule[], p: Params): UaPolicy {
  const withheld = withheldKinds(p.withhold ?? 0);
  const itemsWithheld = ((p.withhold ?? 0) & W_SCENARIO_ITEMS) !== 0, iedWithheld = ((p.withhold ?? 0) & W_IED) !== 0;
  const general: UaPolicy = {
    specialised(): UaPolicy {
      const leader = straightLeaderChoice(rules, p, withheld);
      return {
        decide: (d: number, o: UaObservation, legal: Int32Array, n: number, rng: Dice): number =>
          (d === D.D_LEADER || d === D.D_ROUND0 ? leader(o, legal, n) : general.decide(d, o, legal, n, rng)),
      };
    },
    decide(d: number, o: UaObservation, legal: Int32Array, n: number, _rng: Dice): number {
      // The leader's turn first: by far the most frequent decision, kept in a small function of its own.
      if (d === D.D_LEADER || d === D.D_ROUND0) return leaderChoice(rules, o, legal, n, p, withheld);
      switch (d) {
        case D.D_OPENING:
          // The share is divided here (not returned by a call), so the double never has to be boxed: no allocation.
          return o.eng.reactionTable && peacefulFaces(o) / 6 >= p.read_threshold ? D.A_READ : D.A_PREEMPT;
        case D.D_REACTION_ADJUST: {
          const t = o.eng.reactionTable!;
          let best = D.A_ADJ_NONE, bestScore = reactionScore(o, t[o.reactionRoll - 1].reaction);
          for (let i = 0; i < n; i++) {
            const a = legal[i];
            const delta = a === D.A_ADJ_POL_MINUS || a === D.A_ADJ_INT_MINUS ? -1 : a === D.A_ADJ_NONE ? 0 : 1;
            const face = Math.min(6, Math.max(1, o.reactionRoll + delta));
            // Interpreter adjustments are free; spend 政治工作 only for a strict gain.
            const sc = reactionScore(o, t[face - 1].reaction) + (a === D.A_ADJ_INT_MINUS || a === D.A_ADJ_INT_PLUS ? 0.1 : 0);
            if (sc > bestScore) {
              bestScore = sc;
              best = a;
            }
          }
          return best;
        }
        case D.D_EXTORTION:
          if (has(legal, n, D.A_PAY_POLITICAL)) return D.A_PAY_POLITICAL;
          return has(legal, n, D.A_PAY) && o.eng.extortionCost <= p.max_bribe ? D.A_PAY : D.A_REFUSE;
        case D.D_SEIZE:
          return p.seize >= 1 ? D.A_YES : D.A_NO;
        case D.D_ODD_ATTACK:
          return o.withSquad() >= p.odd_to_members_min && o.life <= p.odd_to_members_life ? D.A_TO_MEMBERS : D.A_TO_LEADER;
        case D.D_COVER:
          return o.subCur > o.skill ? D.A_YES : D.A_NO;
        case D.D_DODGE:
          return D.A_YES;
        case D.D_PROTECT:
          return o.subCur >= 2 ? D.A_YES : D.A_NO;
        case D.D_FUMBLE:
          // 負傷 (2026-03): spare the member with a wound while the leader's 負傷 is low.
          return o.wounds < p.fumble_wound_below ? D.A_WOUND : D.A_LOSE_MEMBER;
        case D.D_IED:
          // v1.01: the engineer's IED is a sure damage for no magazine; set it as soon as a target stands (unless withheld).
          return iedWithheld ? D.A_NO : D.A_YES;
        case D.D_NEGOTIATE_WITHDRAWING: {
          // v1.01: spend the 指揮点 only where a capture is worth something — the scenario's on_capture unit, or a
          // vehicle (its map-roll modifier); a plain prisoner is no resource the engine counts.
          const u = o.negotiateUnit, unit = o.eng.units[u];
          return (o.ex !== null && o.ex.onCapture !== null && o.ex.onCapture.unit === u) || (unit.htt && unit.armoured) ? D.A_YES : D.A_NO;
        }
        case D.D_MEDIC_AID:
          // The medic's own threshold (issue 38): a squad with a medkit and a medic may use them at different levels.
          return o.wounds >= p.medic_aid_at ? D.A_YES : D.A_NO;
        case D.D_FIELD_TREAT:
          return o.magazines > p.reserve ? D.A_YES : D.A_NO;
        case D.D_BETWEEN: {
          if (o.woundTrack && o.wounds > 0) {
            // 2026-03: first aid (1 指揮点) and the medkit (負傷 → 0 on the map) cure wounds; the MRE still heals life.
            if (has(legal, n, D.A_FIRST_AID) && o.subCur > p.first_aid_keep) return D.A_FIRST_AID;
            if (has(legal, n, D.A_MEDKIT) && o.wounds >= Math.min(p.cure_wounds_at, 3)) return D.A_MEDKIT;
          }
          const deficit = o.lifeMax - o.life;
          if (deficit >= 2 && has(legal, n, D.A_EAT_MRE)) return D.A_EAT_MRE;
          // First aid costs a 指揮点: used for a wound while at least `first_aid_keep` + 1 points remain.
          if (!o.woundTrack && deficit >= 1 && has(legal, n, D.A_FIRST_AID) && o.subCur > p.first_aid_keep) return D.A_FIRST_AID;
          if (!o.woundTrack && deficit >= 1 && has(legal, n, D.A_MEDKIT) && (o.mre === 0 || o.life <= 2)) return D.A_MEDKIT;
          if (deficit >= 1 && o.life <= p.eat_below && has(legal, n, D.A_EAT_MRE)) return D.A_EAT_MRE;
          return D.A_CONTINUE;
        }
        case D.D_MEMBER_FIRE: {
          // Members shoot while the magazines stay above the members' reserve; the rest melee.
          const can = Math.max(0, o.magazines - p.member_reserve);
          return Math.min(n - 1, can);
        }
        case D.D_EVENT_OPTION: {
          // The option with the best expected value (events.ts); ties go to the first listed.
          const opts = o.tile!.options;
          let best = legal[0], bestV = -Infinity;
          for (let i = 0; i < n; i++) {
            const v = optionValue(opts[legal[i]], o, p);
            if (v > bestV + 1e-9) { bestV = v; best = legal[i]; }
          }
          return best;
        }
        case D.D_DETECT:
          // 察知: avoid tiles at least this threatening while enough 器用点 remain.
          return o.tile!.threat >= p.detect_threat && o.subCur >= p.detect_min_sub ? D.A_YES : D.A_NO;
        case D.D_DETECT_OUTCOME:
          // 察知 succeeded and the scenario offers 敵数−1 too (UA-R142): go in one soldier down on a tile less threatening
          // than detect_fewer_below (a group fight), re-roll the map on a worse one (a high-threat target stays).
          return o.tile!.threat < p.detect_fewer_below ? D.A_DETECT_FEWER : D.A_DETECT_REROLL;
        case D.D_MAP_CHOICE: {
          // Map-roll modifiers: the least threatening candidate map code.
          let best = legal[0], bestT = Infinity;
          for (let i = 0; i < n; i++) {
            const t = o.scenarioThreat(legal[i]);
            if (t < bestT) { bestT = t; best = legal[i]; }
          }
          return best;
        }
        case D.D_GROWTH: {
          // Spend experience: the preferred growth (1 life, 2 sub-ability, 3 skill, 4 squad size) if affordable, else life, sub-ability, skill; never squad size unless preferred.
          const pref = p.growth_first;
          if (has(legal, n, pref)) return pref;
          for (let i = 0; i < GROWTH_FALLBACK.length; i++) if (has(legal, n, GROWTH_FALLBACK[i])) return GROWTH_FALLBACK[i];
          return D.A_GROW_SAVE;
        }
        case D.D_CANCEL:
          // A trigger the scenario lets the squad cancel (UA-R100): spend the item; try 察知 while detect_min_sub 器用点 remain.
          return o.cancelBy === 1 || o.subCur >= p.detect_min_sub ? D.A_YES : D.A_NO;
        case D.D_LOCAL_SUPPLY:
          // 現地調達 on a loot roll of 1–2 (1 / 1d6 magazines → 1d6 / 2d6 ≥ 5) while keeping local_supply_keep 器用点 for 察知.
          return o.localSupplyLoot && o.localSupplyRoll <= 2 && o.subCur > p.local_supply_keep ? D.A_YES : D.A_NO;
        case D.D_LEARN: {
          // A new skill (§18/§20, UA-R92): the first unknown one in LEARN_ORDER.
          for (let i = 0; i < LEARN_ORDER.length; i++) if (has(legal, n, LEARN_ORDER[i])) return LEARN_ORDER[i];
          return legal[0];
        }
        case D.D_SPLASH:
          // The leader takes the extra wound while he can afford it (above the retreat threshold + 1), else a member drops.
          return o.life > p.retreat_life + 1 ? D.A_TO_LEADER : D.A_TO_MEMBERS;
        case D.D_SELL:
          // sell_surplus 1: expendables beyond the loadout; 2: also standing equipment got during the campaign.
          if (o.sellItem >= D.SELL_NVG) return p.sell_surplus >= 2 ? D.A_YES : D.A_NO;
          return p.sell_surplus >= 1 && o.expendables[o.sellItem] > o.restockExpendables[o.sellItem] ? D.A_YES : D.A_NO;
        case D.D_HIT_ADJUST:
          // 部隊再編 stage 2: spend the −1 when it would spare a gunner (face 6) or the roll is high.
          return o.hitRoll >= p.hit_adjust_from ? D.A_YES : D.A_NO;
        case D.D_USE_ITEM: {
          // Scenario items: out of combat (map items) at once; in combat, a kill item once enough soldiers stand.
          if (!o.inCombat) return legal[n - 1];
          if (itemsWithheld) return 0;
          let soldiers = 0;
          for (let u = 0; u < o.nUnits; u++) if (!o.eng.units[u].htt && o.unitLeft[u] > 0) soldiers += o.unitLeft[u];
          return soldiers >= p.item_kill_min || (soldiers > 0 && o.life <= 2) ? legal[n - 1] : 0;
        }
        case D.D_KILL_GROUP: case D.D_EXTRA_GROUP: {
          // Kills go to the group that attacks most; extra soldiers to the group that attacks least (lowest level first).
          const kill = d === D.D_KILL_GROUP;
          let best = legal[0], bestS = -Infinity;
          for (let i = 0; i < n; i++) {
            const u = legal[i], unit = o.eng.units[u];
            const sc = kill ? o.unitLeft[u] * unit.attacks * 10 + unit.level : -unit.level * 100 - o.unitLeft[u] * unit.attacks;
            if (sc > bestS) { bestS = sc; best = u; }
          }
          return best;
        }
        case D.D_PASS:
          return D.A_YES;
        case D.D_SPECIAL:
          // Special equipment: AP rounds by `ap_rounds`, the shield by `shield_life`, the drone by `drone_threat`; the scanner whenever 察知 is tried.
          switch (o.specialOffer) {
            case SP_AP: return p.ap_rounds >= 2 || (p.ap_rounds >= 1 && toughTarget(o)) ? D.A_YES : D.A_NO;
            case SP_SHIELD: return o.life <= p.shield_life ? D.A_YES : D.A_NO;
            case SP_DRONE: return threat(o) >= p.drone_threat ? D.A_YES : D.A_NO;
            case SP_SCANNER: return D.A_YES;
          }
          return D.A_NO;
        case D.D_BUY: {
          // Restock the variant's loadout first …
          const r = restockBuy(o, legal, n);
          if (r !== D.A_BUY_DONE) return r;
          // … then extras paid from 軍票 alone (seed prices): medkits, then frag grenades, up to the parameters' counts beyond the loadout.
          if (buyExtra(o, legal, n, EXP_MEDKIT, p.extra_medkits, EXPENDABLE_DEFS.medkit.cost)) return D.BUY_EXPENDABLE + EXP_MEDKIT;
          if (buyExtra(o, legal, n, EXP_FRAG, p.extra_frags, EXPENDABLE_DEFS.frag_grenade.cost)) return D.BUY_EXPENDABLE + EXP_FRAG;
          return D.A_BUY_DONE;
        }
        case D.D_EXCHANGE:
          return p.exchange_special >= 2 || (p.exchange_special >= 1 && o.exchangeKind === SP_SCANNER && o.sub !== 1) ? D.A_YES : D.A_NO;
        case D.D_MARKET: {
          // 闇取引: spend 軍票 (worth little inside an operation) on frag grenades, then medkits, then flashbangs.
          const market = o.ex!.market;
          for (let w = 0; w < MARKET_WANTS.length; w++) {
            for (let i = 1; i < n; i++) if ((legal[i] & 1) === 1 && market[(legal[i] - 1) >> 1].id === MARKET_WANTS[w]) return legal[i];
          }
          return 0;
        }
        case D.D_TARGET: {
          let best = legal[0], bestLeft = Infinity;
          for (let i = 0; i < n; i++) {
            const u = legal[i];
            const left = o.unitLeft[u] + (o.eng.units[u].htt ? 0.5 : 0);
            if (left < bestLeft) {
              bestLeft = left;
              best = u;
            }
          }
          return best;
        }
      }
      return legal[0];
    },
  };
  return general;
}
