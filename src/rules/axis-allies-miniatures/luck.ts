/**
 * "Luck" control variates of Axis & Allies Miniatures (issue 27; the contract is MetricSpec.controls in
 * src/sim/core/types.ts). The chance events are those of seed 002: §イニシアチブ (2d6 per side + the best commander bonus;
 * equal totals → the larger bonus; equal bonuses → both re-roll), §突撃フェイズ「通常攻撃」 and §航空攻撃フェイズ (n attack
 * dice at −1 per penalty, 4+ a success — AAM-R35; Guard Crew re-rolls one die that shows 1), the hits of §命中
 * (successes ≥ defence → 1, beating it by 1 or Superior Armor X → 2, ≥ 2 × defence → 3; soldiers and aircraft at
 * most 2), the cover roll (AAM-R10: a hit attack is limited to a Disrupted counter when the roll holds) and the
 * counters' meaning in §負傷フェイズ (1 Disrupted, 2 Damaged / Destroyed, 3 Destroyed; AAM-R01 damaged again).
 *
 * Each control is a sum over those events of (the value of what the dice gave − its exact expectation over the same
 * roll given the state just before it), the value function fixed before the roll. Such a sum is a martingale: its
 * mean is exactly 0 whatever the policies choose. Nothing here draws a die or touches the game state; the tables are
 * built once per runner and a game allocates nothing.
 *
 * The values (measured on the shipped experiments, scripts/aam-luck-r2.mjs; docs/control-variates.md 'Measured per engine'):
 * - a unit's worth lost, w(u) ∈ [0, 1]: destroyed 1, damaged 0.5 (0.6 with a hit pending), 2 counters on a vehicle
 *   0.6, 1 counter 0.2, disrupted 0.1 — of its cost (material) or of 1 (numbers);
 * - the "material" of a side: Σ over its living units of cost × (1 − w); its "numbers": Σ (1 − w);
 * - V = σ(k · (Blue − Red) / (Blue + Red)), a smooth "who is ahead" of material and of numbers, k = 8 from turn 7
 *   on and up to 24 in the early turns (an early loss compounds); plus the plain material luck and the initiative;
 * - a basis the least-squares fit weighs per variant (an AIVAT-like value function, issue 27): the initiative of turns
 *   1 and 2 apart (going first on turn 1 costs the mirror ~17 points that turn), a vehicle's first counter (it
 *   attacks disrupted next turn) and a soldier's death split at the late turns, the material edge and material luck
 *   of the late turns, and the material lost within 3 hexes of the objective. "Late" is from the turn before the
 *   objective is first checked (turn 6 by default): a unit lost then is not made good before the checks.
 */
import type { ControlSpec } from '../../sim/core/types.js';
import { KIND_VEHICLE, type UnitType } from './config.js';
import type { AamState } from './state.js';
import { MAX_UNITS } from './state.js';

/** Indices of the controls in GameRecord.controls (AAM_CONTROLS' order): whole-game edge, material, initiative. */
export const C_MATERIAL_EDGE = 0, C_NUMBERS_EDGE = 1, C_MATERIAL = 2, C_INITIATIVE = 3, C_INITIATIVE_T1 = 4, C_INITIATIVE_T2 = 5;
/** Indices of the controls by target kind and early / late turns (luck_vehicle_hit_early … luck_material_late). */
export const C_VEHICLE_HIT_EARLY = 6, C_VEHICLE_HIT_LATE = 7, C_SOLDIER_KILL_LATE = 8, C_MATERIAL_EDGE_LATE = 9, C_MATERIAL_LATE = 10;
/** Index of luck_material_near_objective (material lost within {@link NEAR_OBJECTIVE} hexes of the objective). */
export const C_MATERIAL_NEAR_OBJECTIVE = 11;

/** The engine's controls (MetricSpec.controls), in index order. */
export const AAM_CONTROLS: readonly ControlSpec[] = [
  { id: 'luck_material_edge', doc: 'Σ over attacks of σ(k·(mB − mR)/(mB + mR)) after the roll − its exact expectation (m: cost × worth left; k = 8·(3 − 2·min(turn, 7)/7))' },
  { id: 'luck_numbers_edge', doc: 'Σ over attacks of σ(k·(nB − nR)/(nB + nR)) after the roll − its exact expectation (n: units × worth left; k as above)' },
  { id: 'luck_material', doc: "Σ over attacks of the target's worth lost × cost − its exact expectation, + when Red is hit, − when Blue is" },
  { id: 'luck_initiative', doc: 'Σ over turns of (Blue won the initiative − P(Blue wins it) given both bonuses)' },
  { id: 'luck_initiative_t1', doc: 'the initiative term of turn 1 alone' },
  { id: 'luck_initiative_t2', doc: 'the initiative term of turn 2 alone' },
  { id: 'luck_vehicle_hit_early', doc: 'Σ over attacks on a vehicle not yet damaged, before the late turns, of (it holds a counter after − P(it does)), + when Red is hit, − when Blue is' },
  { id: 'luck_vehicle_hit_late', doc: 'the same from the late turns on (from the turn before the objective is first checked)' },
  { id: 'luck_soldier_kill_late', doc: 'Σ over attacks on a soldier or aircraft in the late turns of (it holds 2 counters, destroyed, after − P(it does)), + when Red is hit' },
  { id: 'luck_material_edge_late', doc: 'the luck_material_edge terms of the late turns alone' },
  { id: 'luck_material_late', doc: 'the luck_material terms of the late turns alone' },
  { id: 'luck_material_near_objective', doc: 'the luck_material terms of attacks on a unit within 3 hexes of the objective' },
];

/** Hexes from the objective within which a unit's loss counts in luck_material_near_objective. */
export const NEAR_OBJECTIVE = 3;

/** First "late" turn: the one before the objective is first checked (never before turn 1). */
export function lateTurn(objectiveTurn: number): number {
  return Math.max(1, objectiveTurn - 1);
}

/** Largest attack penalty (disrupted + damaged, AAM-R02 `stack`). */
const MAX_PENALTY = 2;
/** Steepness k of both edges from turn {@link K_TURN} on; ×3 on turn 0, falling linearly in between (early luck compounds). */
const K_EDGE = 8, K_TURN = 7;

/** The edges' steepness on `turn`. */
export function edgeSteepness(turn: number): number {
  return K_EDGE * (3 - (2 * Math.min(turn, K_TURN)) / K_TURN);
}

/**
 * Exact success counts of one attack roll as tails: P(successes ≥ x) for n dice at −pen per die, with or without
 * Guard Crew's re-roll of one die showing 1 (combat.ts rollSuccesses), for every n up to the largest attack value.
 */
export class SuccessTails {
  /** Columns x = 0 … maxN + 2 (the last is always 0). */
  readonly width: number;
  private readonly t: Float64Array;

  constructor(readonly maxN: number, successOn: number) {
    const w = (this.width = maxN + 3);
    this.t = new Float64Array((maxN + 1) * (MAX_PENALTY + 1) * 2 * w);
    const pmf = new Float64Array(w);
    for (let n = 0; n <= maxN; n++) {
      for (let pen = 0; pen <= MAX_PENALTY; pen++) {
        let others = 0; // faces 2…6 that succeed
        for (let f = 2; f <= 6; f++) if (f - pen >= successOn) others++;
        const oneHits = 1 - pen >= successOn ? 1 : 0;
        const q = others / 5, p = (others + oneHits) / 6;
        for (let gc = 0; gc < 2; gc++) {
          pmf.fill(0);
          // j dice show 1 (each 1/6); of the other n − j, i succeed (each q); Guard Crew re-rolls one of the 1s.
          for (let j = 0; j <= n; j++) {
            const pj = binomialPmf(n, j, 1 / 6);
            for (let i = 0; i <= n - j; i++) {
              const pr = pj * binomialPmf(n - j, i, q), k = i + j * oneHits;
              if (gc === 1 && j > 0) {
                pmf[k + 1] += pr * p;
                pmf[k] += pr * (1 - p);
              } else pmf[k] += pr;
            }
          }
          const row = this.row(n, pen, gc === 1);
          let acc = 0;
          for (let x = w - 2; x >= 0; x--) {
            acc += pmf[x];
            this.t[row + x] = acc;
          }
        }
      }
    }
  }

  private row(n: number, pen: number, gc: boolean): number {
    return ((n * (MAX_PENALTY + 1) + pen) * 2 + (gc ? 1 : 0)) * this.width;
  }

  /** P(successes ≥ x). */
  tail(n: number, pen: number, gc: boolean, x: number): number {
    return x <= 0 ? 1 : this.t[this.row(n, pen, gc) + Math.min(x, this.width - 1)];
  }
}

function binomialPmf(n: number, k: number, p: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c * p ** k * (1 - p) ** (n - k);
}

/** Largest number of attack dice of any unit type (attack values and Close Assault). */
function maxAttackDice(units: readonly UnitType[]): number {
  let m = 1;
  for (const a of units) m = Math.max(m, ...a.vsSoldier, ...a.vsVehicle, a.closeAssault);
  return m;
}

/** P(Blue wins the initiative) with bonuses bb, rb: 2d6 + bonus each; equal totals → larger bonus; equal bonuses → re-roll. */
export function initiativeWinProbability(bb: number, rb: number): number {
  let win = 0, tie = 0;
  for (let b = 2; b <= 12; b++) {
    for (let r = 2; r <= 12; r++) {
      const p = ((6 - Math.abs(b - 7)) * (6 - Math.abs(r - 7))) / 1296, tb = b + bb, tr = r + rb;
      if (tb > tr || (tb === tr && bb > rb)) win += p;
      else if (tb === tr && bb === rb) tie += p;
    }
  }
  return win / (1 - tie);
}

function sigmoid(k: number, blue: number, red: number): number {
  const sum = blue + red;
  return 1 / (1 + Math.exp((-k * (sum > 0 ? blue - red : 0)) / (sum > 0 ? sum : 1)));
}

/** The luck of one game, term by term (one per runner; {@link reset} per game). */
export class AamLuck {
  readonly tails: SuccessTails;
  /** The game's controls so far (copied into GameRecord.controls at the end). */
  readonly values = new Float64Array(AAM_CONTROLS.length);
  /** P(Blue wins the initiative) by bonus pair (bb × span + rb). */
  private readonly pInit: Float64Array;
  private readonly bonusSpan: number;
  /** Worth lost of each unit now, and each side's material and numbers left. */
  private readonly lost = new Float64Array(MAX_UNITS);
  private readonly material = new Float64Array(2);
  private readonly numbers = new Float64Array(2);
  /** P(the target holds c counters after the attack), c = 0…3; its worth lost and both edges' values then. */
  private readonly dist = new Float64Array(4);
  private readonly ww = new Float64Array(4);
  private readonly vm = new Float64Array(4);
  private readonly vn = new Float64Array(4);
  /** First late turn of this game's battlefield ({@link lateTurn}). */
  private late = 1;

  constructor(units: readonly UnitType[], successOn: number, private readonly damagedAgainDestroys: boolean) {
    this.tails = new SuccessTails(maxAttackDice(units), successOn);
    let maxBonus = 0;
    for (const a of units) maxBonus = Math.max(maxBonus, a.initiative);
    const span = (this.bonusSpan = maxBonus + 1);
    this.pInit = new Float64Array(span * span);
    for (let b = 0; b < span; b++) for (let r = 0; r < span; r++) this.pInit[b * span + r] = initiativeWinProbability(b, r);
  }

  /** Worth lost by a unit of `kind` holding `c` counters, already damaged / disrupted as given. */
  worthLost(c: number, kind: number, damaged: boolean, disrupted: boolean): number {
    const veh = kind === KIND_VEHICLE;
    if (c >= (veh ? 3 : 2) || (veh && c >= 2 && damaged && this.damagedAgainDestroys)) return 1;
    if (veh && (c >= 2 || (damaged && c >= 1))) return 0.6;
    if (veh && damaged) return 0.5;
    return c >= 1 ? 0.2 : disrupted ? 0.1 : 0;
  }

  /** A new game. */
  reset(s: AamState): void {
    this.late = lateTurn(s.bf.objectiveTurn);
    this.values.fill(0);
    this.recount(s);
  }

  /** Every unit's worth lost from the state (at a game's start and after each casualty phase). */
  recount(s: AamState): void {
    this.material[0] = this.material[1] = this.numbers[0] = this.numbers[1] = 0;
    for (let u = 0; u < s.n; u++) {
      if (!s.alive[u]) continue;
      const w = (this.lost[u] = this.worthLost(s.counters[u], s.kind[u], s.damaged[u] === 1, s.disrupted[u] === 1));
      this.material[s.side[u]] += s.unitType(u).cost * (1 - w);
      this.numbers[s.side[u]] += 1 - w;
    }
  }

  /** The initiative of turn `turn` was won by Blue (`blueWon`) with bonuses bb, rb. */
  initiative(bb: number, rb: number, blueWon: boolean, turn: number): void {
    const span = this.bonusSpan;
    const x = (blueWon ? 1 : 0) - this.pInit[Math.min(bb, span - 1) * span + Math.min(rb, span - 1)];
    this.values[C_INITIATIVE] += x;
    if (turn === 1) this.values[C_INITIATIVE_T1] += x;
    else if (turn === 2) this.values[C_INITIATIVE_T2] += x;
  }

  /**
   * One attack on unit `t` has been rolled: `n` dice at −`pen` (Guard Crew `gc`) against defence `def` (Superior Armor
   * `sup`); the target held `before` counters and now holds `s.counters[t]`; a cover roll of `coverNeed`+ at `cmod`
   * follows a hit (0: no cover roll). Adds each control's term and moves the target's worth.
   */
  attack(s: AamState, t: number, n: number, pen: number, gc: boolean, def: number, sup: number, before: number, coverNeed: number, cmod: number, turn: number): void {
    const kind = s.kind[t], veh = kind === KIND_VEHICLE, lethal = veh ? 3 : 2;
    const T = this.tails, d = this.dist;
    // P(hits ≥ 1, 2, 3) from the success tails (combat.ts hitsFrom), then the cover roll.
    const p1 = T.tail(n, pen, gc, def);
    const p2 = T.tail(n, pen, gc, Math.min(2 * def, def + Math.max(1, sup)));
    const p3 = veh ? T.tail(n, pen, gc, 2 * def) : 0;
    let holds = 0;
    if (coverNeed > 0) for (let f = 1; f <= 6; f++) if (f + cmod >= coverNeed) holds++;
    const pc = holds / 6;
    d[0] = d[1] = d[2] = d[3] = 0;
    d[before] += 1 - p1;
    const limited = before === 0 ? 1 : before;
    d[limited] += p1 * pc;
    const q = 1 - pc;
    d[Math.min(lethal, before + 1)] += (p1 - p2) * q;
    d[Math.min(lethal, before + 2)] += (p2 - p3) * q;
    d[Math.min(lethal, before + 3)] += p3 * q;

    const after = s.counters[t];
    if (d[after] === 1) return; // nothing could happen (no hit possible, or already lethal): every term is 0
    const side = s.side[t], cost = s.unitType(t).cost, dmg = s.damaged[t] === 1, dis = s.disrupted[t] === 1;
    const mRest = this.material[side] - cost * (1 - this.lost[t]), nRest = this.numbers[side] - (1 - this.lost[t]);
    const mOther = this.material[1 - side], nOther = this.numbers[1 - side];
    const k = edgeSteepness(turn), vm = this.vm, vn = this.vn, ww = this.ww;
    let eM = 0, eN = 0, eW = 0;
    for (let c = 0; c <= 3; c++) {
      if (d[c] === 0) continue;
      const w = (ww[c] = this.worthLost(c, kind, dmg, dis));
      const m = mRest + cost * (1 - w), u = nRest + 1 - w;
      vm[c] = side === 0 ? sigmoid(k, m, mOther) : sigmoid(k, mOther, m);
      vn[c] = side === 0 ? sigmoid(k, u, nOther) : sigmoid(k, nOther, u);
      eW += d[c] * w;
      eM += d[c] * vm[c];
      eN += d[c] * vn[c];
    }
    const w = ww[after], v = this.values, sign = side === 0 ? -1 : 1, late = turn >= this.late;
    const xEdge = vm[after] - eM, xMaterial = sign * cost * (w - eW);
    v[C_MATERIAL_EDGE] += xEdge;
    v[C_NUMBERS_EDGE] += vn[after] - eN;
    v[C_MATERIAL] += xMaterial;
    if (late) {
      v[C_MATERIAL_EDGE_LATE] += xEdge;
      v[C_MATERIAL_LATE] += xMaterial;
    }
    if (veh) {
      // A first counter on a vehicle not yet damaged: P(≥ 1 counter after) = 1 − d[0] (0 terms when it holds one already).
      if (!dmg) v[late ? C_VEHICLE_HIT_LATE : C_VEHICLE_HIT_EARLY] += sign * ((after >= 1 ? 1 : 0) - (1 - d[0]));
    } else if (late) v[C_SOLDIER_KILL_LATE] += sign * ((after >= 2 ? 1 : 0) - d[2] - d[3]);
    const m = s.map;
    if (s.pos[t] >= 0 && m.dist(s.pos[t], m.centre) <= NEAR_OBJECTIVE) v[C_MATERIAL_NEAR_OBJECTIVE] += xMaterial;
    this.lost[t] = w;
    this.material[side] = mRest + cost * (1 - w);
    this.numbers[side] = nRest + 1 - w;
  }
}
