/**
 * Luck: the engine's zero-mean control variates (issue 27; contract: MetricSpec.controls). Every chance event of the
 * rules adds (the value of what the dice gave − its exact expectation given the state just before the roll), the
 * value function being fixed before the roll; such a sum is a martingale, so its mean is exactly 0 whatever the
 * policies do. Nothing here draws a die or changes a decision: the game plays exactly as without it.
 *
 * Values are in side 0's favour, in three parts: "hp" = Σ cost × hp lost / max hp (a unit's cost is 2 + its bonus
 * points, 2−2−4 生き残った機体のコスト値), "kill" = Σ cost of the units destroyed, "lead" = 1 / ½ / 0 as side 0 leads / is
 * level / trails on surviving cost (what decides the game at the time limit; a destroyed headquarters counts 1 or 0);
 * damage to side 1's units counts +, to side 0's −. The lead part also goes, weighted by (round / turn limit)³, to a
 * "lead late" component: a change of lead late in the game is nearly decisive, an early one can still be undone
 * (measured: scripts/luck-r2.mjs). The chance events, by rule §:
 * - 2−2 イニシアチブ (RS-R01 roll-off): side 0 first +½, second −½ (ties re-rolled: exactly ½ each);
 * - ◆攻撃行動 / ◆クリティカルとファンブル: the attack roll (36 outcomes of 2D6) valued by the expected damage chain of a
 *   hit and a critical (valued as its +1);
 * - ◆誤射判定 (RS-R04): the 1d6 check (1–2: the hit goes to a friend) and the friend drawn (1/k each);
 * - damage dice, clone (クローン, 5–6 cancels), heavy armour (重装甲 1d6−2 min 1, RS-R07) after the critical choice:
 *   one lump (no decision between those dice), also a 接射 fumble's extra damage (1 + that, on the attacker);
 * - 開始フェイズ self-repair (1d6−2 min 1): the hp part;
 * - ◆離脱 (1d6 − (contacts − 1) ≥ 4), 転倒判定 (RS-R08), ◆集中 (1d6−2 min 1), the time limit's tie-break (RS-R09
 *   dice): the "other" part, each as an indicator (or the concentration's value / 6).
 * Each term goes to raw[component × 2 + the rolling side] ({@link LUCK_RAW}); the controls are sums of those.
 */
import { EQ_ANTI_EN, EQ_CLONE, EQ_HEAVY_ARMOUR, type DamageExpr } from './catalogue.js';
import type { RsGameDef } from './config.js';
import * as D from './decisions.js';
import type { RsState } from './state.js';

/** Parts of a value: hp lost, units destroyed, the surviving-cost lead. */
export const NP = 3;
/**
 * Components of the raw luck (each × 2 + the rolling side): the value parts (hp, kill, lead), the lead part weighted
 * by (round / turn limit)³ (a change of lead late in the game is nearly decisive, early it can be undone), the
 * initiative and the other rolls.
 */
export const LK_HP = 0, LK_KILL = 1, LK_LEAD = 2, LK_LEAD_LATE = 3, LK_INIT = 4, LK_OTHER = 5;
/** Slots of {@link RsLuck.raw}. */
export const LUCK_RAW = 12;

const MAX_DICE = 6, SUMS = 6 * MAX_DICE + 1;
/** P(sum of k d6 = s) at k × SUMS + s, k ≤ 6 (parseDamage allows at most 6 dice). */
const SUM_P = ((): Float64Array => {
  const p = new Float64Array((MAX_DICE + 1) * SUMS);
  p[0] = 1;
  for (let k = 1; k <= MAX_DICE; k++) {
    for (let s = 0; s < SUMS; s++) {
      const q = p[(k - 1) * SUMS + s];
      if (q !== 0) for (let f = 1; f <= 6 && s + f < SUMS; f++) p[k * SUMS + s + f] += q / 6;
    }
  }
  return p;
})();

/** Normal (not critical) hits among the 36 outcomes of 2D6 needing a sum ≥ need: not 1-1, not 6-6. */
const NORMAL_HITS = ((): Int8Array => {
  const t = new Int8Array(31);
  for (let i = 0; i < 31; i++) {
    let n = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (!(a === 1 && b === 1) && !(a === 6 && b === 6) && a + b >= i - 10) n++;
    t[i] = n;
  }
  return t;
})();

/** Normal hits (of 36) when 2D6 must reach `need` (attack-math hitOutcomes minus the critical 6-6). */
export function normalHits(need: number): number {
  const i = need + 10;
  return NORMAL_HITS[i < 0 ? 0 : i > 30 ? 30 : i];
}

/** P(離脱 succeeds) with n enemies in contact: a 6 always, a 1 never, else 1d6 − (n − 1) ≥ 4. */
export function disengageChance(n: number): number {
  let ok = 0;
  for (let r = 1; r <= 6; r++) if (r === 6 || (r !== 1 && r - (n - 1) >= 4)) ok++;
  return ok / 6;
}

const leadValue = (c0: number, c1: number): number => (c0 > c1 ? 1 : c0 === c1 ? 0.5 : 0);

/**
 * The luck accumulator of one RsGame (built once, reset per game). Values are vectors of {@link NP} parts written
 * into registers, so nothing is allocated per roll.
 */
export class RsLuck {
  /** Raw luck per component × 2 + rolling side ({@link LK_HP} …), summed over the game. */
  readonly raw = new Float64Array(LUCK_RAW);
  /** The last value / expectation computed. */
  readonly v = new Float64Array(NP);
  // Attack roll: values of a normal hit and a critical (as +1); the roll's expectation; the value the
  // friendly-fire check's "clear" outcome stands for; the touching friends' values and their mean; a damage chain's
  // expectation.
  private readonly vN = new Float64Array(NP);
  private readonly vC = new Float64Array(NP);
  private readonly vE = new Float64Array(NP);
  private readonly vClear = new Float64Array(NP);
  private readonly vFriends = new Float64Array(16 * NP);
  private readonly vFfMean = new Float64Array(NP);
  private readonly vChain = new Float64Array(NP);
  private rExpr: DamageExpr = { dice: 0, bonus: 0, min: 0 };
  private rAdd = 0;
  private rEn = false;
  private readonly cost: Float64Array;
  private readonly members = new Int32Array(16);
  private nMem = 0;
  private c0 = 0;
  private c1 = 0;
  private lead0 = 0;
  private readonly antiEnCut: number;
  private readonly perRound: number;

  constructor(private readonly s: RsState, private readonly def: RsGameDef, private readonly armourMin1: boolean) {
    this.cost = Float64Array.from(s.units, (u) => u.cost);
    this.antiEnCut = def.catalogue.base.antiEnReduction;
    this.perRound = 1 / def.turnLimit;
  }

  reset(): void {
    this.raw.fill(0);
  }

  /** Add `a` − `b` (value parts) to the luck of a roll by `side`. */
  private addDiff(side: number, a: Float64Array, b: Float64Array): void {
    this.put(side, a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  }

  private put(side: number, h: number, k: number, l: number): void {
    const raw = this.raw, w = this.s.round * this.perRound;
    raw[LK_HP * 2 + side] += h;
    raw[LK_KILL * 2 + side] += k;
    raw[LK_LEAD * 2 + side] += l;
    raw[LK_LEAD_LATE * 2 + side] += w * w * w * l;
  }

  /** Add an initiative or "other" term. */
  addTo(component: number, side: number, x: number): void {
    this.raw[component * 2 + side] += x;
  }

  /** The living members of lead t into `members` (none for a headquarters) and both sides' surviving cost; v = 0. */
  private gather(t: number): void {
    const s = this.s;
    let n = 0, c0 = 0, c1 = 0;
    for (let m = 0; m < s.nUnits; m++) {
      if (!s.alive[m]) continue;
      if (s.side[m] === 0) c0 += this.cost[m];
      else c1 += this.cost[m];
      if (s.group[m] === t && t !== D.TARGET_HQ) this.members[n++] = m;
    }
    this.nMem = n;
    this.c0 = c0;
    this.c1 = c1;
    this.lead0 = leadValue(c0, c1);
    this.v[0] = this.v[1] = this.v[2] = 0;
  }

  private static copy(to: Float64Array, from: Float64Array): void {
    to[0] = from[0];
    to[1] = from[1];
    to[2] = from[2];
  }

  /** Side-0 value of `d` damage on the gathered members (or headquarters `hqSide`), added × p into v. */
  private acc(t: number, hqSide: number, d: number, p: number): void {
    if (d <= 0 || p === 0) return;
    const s = this.s, v = this.v;
    if (t === D.TARGET_HQ) {
      const hp = s.hqHp[hqSide], c = this.def.armyPoints, sg = hqSide === 1 ? p : -p;
      v[0] += sg * c * Math.min(d, hp) / this.def.hq!.hp;
      if (d >= hp) {
        v[1] += sg * c;
        v[2] += p * ((hqSide === 1 ? 1 : 0) - this.lead0);
      }
      return;
    }
    let killed = 0;
    for (let i = 0; i < this.nMem; i++) {
      const m = this.members[i], hp = s.hp[m], c = this.cost[m], sg = s.side[m] === 1 ? p : -p;
      v[0] += sg * c * Math.min(d, hp) / s.hpMax[m];
      if (d >= hp) {
        v[1] += sg * c;
        killed += c;
      }
    }
    if (killed > 0) {
      const side1 = s.side[this.members[0]] === 1;
      v[2] += p * (leadValue(side1 ? this.c0 : this.c0 - killed, side1 ? this.c1 - killed : this.c1) - this.lead0);
    }
  }

  /** Value of `d` damage on lead t (headquarters of `hqSide` when t is TARGET_HQ) into v. */
  value(t: number, hqSide: number, d: number): void {
    this.gather(t);
    this.acc(t, hqSide, d, 1);
  }

  /**
   * Expected value of a hit's damage chain on lead t (◆ダメージ): `expr` (all dice sixes with `maxDice`) plus `add`,
   * then, with `equip`, clone (5–6 cancels) unless ignored, anti-EN field (EN weapons −cut), heavy armour
   * (−max(1, 1d6−2), RS-R07) — exactly as game-attacks hit() rolls them. `ignore` is the critical's D.CR_IGNORE_*
   * choice or −1. Into v.
   */
  expectHit(expr: DamageExpr, add: number, maxDice: boolean, t: number, hqSide: number, en: boolean, ignore: number, equip: boolean): void {
    this.gather(t);
    this.expectGathered(expr, add, maxDice, t, hqSide, en, ignore, equip);
  }

  /** {@link expectHit} on the members last gathered (v must be 0). */
  private expectGathered(expr: DamageExpr, add: number, maxDice: boolean, t: number, hqSide: number, en: boolean, ignore: number, equip: boolean): void {
    const eq = t === D.TARGET_HQ || !equip ? 0 : this.s.eq[t];
    if (maxDice || expr.dice === 0) {
      const x = expr.bonus + 6 * (maxDice ? expr.dice : 0);
      this.chain(t, hqSide, (x < expr.min ? expr.min : x) + add, 1, eq, en, ignore);
      return;
    }
    const k = expr.dice, base = k * SUMS;
    for (let sum = k; sum <= 6 * k; sum++) {
      const x = sum + expr.bonus;
      this.chain(t, hqSide, (x < expr.min ? expr.min : x) + add, SUM_P[base + sum], eq, en, ignore);
    }
  }

  private chain(t: number, hqSide: number, dmg: number, p: number, eq: number, en: boolean, ignore: number): void {
    if (eq & EQ_CLONE && ignore !== D.CR_IGNORE_CLONE) p *= 4 / 6;
    let d = dmg;
    if (eq & EQ_ANTI_EN && en && ignore !== D.CR_IGNORE_ANTI_EN) d = Math.max(0, d - this.antiEnCut);
    if (eq & EQ_HEAVY_ARMOUR && ignore !== D.CR_IGNORE_ARMOUR) {
      for (let r = 1; r <= 6; r++) {
        const red = Math.max(1, r - 2), after = d - red;
        this.acc(t, hqSide, this.armourMin1 && d >= 1 ? Math.max(1, after) : Math.max(0, after), p / 6);
      }
      return;
    }
    this.acc(t, hqSide, d, p);
  }

  /** Does a hit on t with this expression and critical choice roll any die (damage, clone, armour)? */
  chainRolls(expr: DamageExpr, maxDice: boolean, t: number, ignore: number): boolean {
    if (expr.dice > 0 && !maxDice) return true;
    if (t === D.TARGET_HQ) return false;
    const eq = this.s.eq[t];
    return ((eq & EQ_CLONE) !== 0 && ignore !== D.CR_IGNORE_CLONE) || ((eq & EQ_HEAVY_ARMOUR) !== 0 && ignore !== D.CR_IGNORE_ARMOUR);
  }

  /** Before a damage chain's dice: remember its expectation ({@link expectHit}'s arguments). */
  chainBegin(expr: DamageExpr, add: number, maxDice: boolean, t: number, hqSide: number, en: boolean, ignore: number, equip: boolean): void {
    this.expectHit(expr, add, maxDice, t, hqSide, en, ignore, equip);
    RsLuck.copy(this.vChain, this.v);
  }

  /** After it: the value of `d` damage on t (before it is applied; 0 when a clone cancelled it) − the expectation. */
  chainEnd(side: number, t: number, hqSide: number, d: number): void {
    this.value(t, hqSide, d);
    this.addDiff(side, this.v, this.vChain);
  }

  /**
   * Before an attack roll (◆攻撃行動, ◆クリティカルとファンブル) on t needing 2D6 ≥ `need`: a normal hit is worth the
   * expected chain of `expr` + `add`, a critical the same + 1, a miss or a fumble 0 (a fumble's 1 self-damage, 1 in
   * 36, is left out: it saves a second gather per roll, and valuing it raised the widest variance ratio by only 1%,
   * scripts/luck-r2.mjs); the expectation over the 36 outcomes.
   */
  rollPrep(expr: DamageExpr, add: number, en: boolean, t: number, hqSide: number, need: number): void {
    this.rExpr = expr;
    this.rAdd = add;
    this.rEn = en;
    this.expectHit(expr, add, false, t, hqSide, en, -1, true);
    RsLuck.copy(this.vN, this.v);
    this.v[0] = this.v[1] = this.v[2] = 0;
    this.expectGathered(expr, add + 1, false, t, hqSide, en, -1, true);
    RsLuck.copy(this.vC, this.v);
    const pn = normalHits(need) / 36;
    for (let j = 0; j < NP; j++) this.vE[j] = pn * this.vN[j] + this.vC[j] / 36;
    RsLuck.copy(this.vClear, this.vE);
  }

  /** After the roll: its value − the expectation; a hit's value stands for the friendly-fire check's "clear". */
  rollSettle(side: number, crit: boolean, hit: boolean): void {
    const g = crit ? this.vC : hit ? this.vN : null;
    if (g === null) this.put(side, -this.vE[0], -this.vE[1], -this.vE[2]);
    else this.addDiff(side, g, this.vE);
    if (hit) RsLuck.copy(this.vClear, crit ? this.vC : this.vN);
  }

  /** Before the 誤射判定 die (RS-R04): each touching friend's (leads of `friends[0..k)`) value of a normal hit. */
  ffPrep(friends: Int32Array, k: number): void {
    const s = this.s, m = this.vFfMean;
    m[0] = m[1] = m[2] = 0;
    for (let i = 0; i < k; i++) {
      this.expectHit(this.rExpr, this.rAdd, false, s.group[friends[i]], 0, this.rEn, -1, true);
      for (let j = 0; j < NP; j++) {
        this.vFriends[i * NP + j] = this.v[j];
        m[j] += this.v[j] / k;
      }
    }
  }

  /** After it: friend number `i` hit (probability 1/3k each) or clear (i = −1, 2/3). */
  ffSettle(side: number, i: number): void {
    const e = this.v; // scratch: the roll's own registers stay for its settlement
    for (let j = 0; j < NP; j++) e[j] = (i < 0 ? this.vClear[j] : this.vFriends[i * NP + j]) - (this.vFfMean[j] / 3 + (2 * this.vClear[j]) / 3);
    this.put(side, e[0], e[1], e[2]);
  }

  /** Self-repair of unit u (1d6−2, min 1) healed `heal`: the hp part of its value − its mean over the six faces. */
  repair(u: number, heal: number): void {
    const s = this.s;
    const room = s.hpMax[u] - s.hp[u], w = (s.side[u] === 0 ? 1 : -1) * this.cost[u] / s.hpMax[u];
    let mean = 0;
    for (let r = 1; r <= 6; r++) mean += Math.min(Math.max(1, r - 2), room) / 6;
    this.put(s.side[u], w * (Math.min(heal, room) - mean), 0, 0);
  }
}
