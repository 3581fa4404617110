/**
 * Luck: the engine's zero-mean control variates (issue 27; contract: MetricSpec.controls). Every chance event of the
 * rules adds (the value of what the dice gave − its exact expectation given the state just before the roll), the
 * value function and the term's weight being fixed before the roll; such a sum is a martingale, so its mean is
 * exactly 0 whatever the policies do. Nothing here draws a die or changes a decision: the game plays exactly as
 * without it.
 *
 * The value of a state is a vector of {@link NP} parts, each in side 0's favour (an AIVAT-like value function whose
 * weights the run's least-squares fit chooses; measured: scripts/luck-r2.mjs). With m = side 0's surviving cost −
 * side 1's (a unit's cost is 2 + its bonus points, 2−2−4 生き残った機体のコスト値; what decides the time limit), e = the
 * same with each unit's cost × hp / max hp, and R = the turns left after this one (0 in the last turn of the last
 * round):
 * - hp = −Σ cost × hp lost / max hp (side 0's units −, side 1's +: material);
 * - ahead = [m > 0], level = [m ≥ 0] (a win and a draw at the time limit, where a kill decides nonlinearly);
 * - cost = σ(m / 2), margin = σ(e / (2√(R + 1))) with σ(x) = x / √(1 + x²): a lead's worth, surer as the turns run out;
 * - share = side 0's share of e.
 * A destroyed headquarters ends the game: ahead, level, cost, margin and share become 1 (side 1's) or 0 / −1.
 * The controls ({@link LUCK_RAW}'s first {@link LUCK_CONTROLS}) are parts × a weight of the time the roll is made
 * (h = the turn's number / the game's turns, 1 in the last; e^(−R/3)), hp also split by the rolling side. The chance
 * events, by rule §:
 * - 2−2 イニシアチブ (RS-R01 roll-off): side 0 first +½, second −½ (ties re-rolled: exactly ½ each);
 * - ◆攻撃行動 / ◆クリティカルとファンブル: the attack roll (36 outcomes of 2D6) valued by the expected damage chain of a
 *   hit and a critical (valued as its +1);
 * - ◆誤射判定 (RS-R04): the 1d6 check (1–2: the hit goes to a friend) and the friend drawn (1/k each);
 * - damage dice, clone (クローン, 5–6 cancels), heavy armour (重装甲 1d6−2 min 1, RS-R07) after the critical choice:
 *   one lump (no decision between those dice), also a 接射 fumble's extra damage (1 + that, on the attacker);
 * - 開始フェイズ self-repair (1d6−2 min 1): the hp part only (the other parts' value of a repair is left at 0);
 * - ◆離脱 (1d6 − (contacts − 1) ≥ 4), 転倒判定 (RS-R08), ◆集中 (1d6−2 min 1), the time limit's tie-break (RS-R09
 *   dice): raw "other" slots only (not controls), each as an indicator (or the concentration's value / 6).
 */
import { EQ_ANTI_EN, EQ_CLONE, EQ_HEAVY_ARMOUR, type DamageExpr } from './catalogue.js';
import type { RsGameDef } from './config.js';
import * as D from './decisions.js';
import type { RsState } from './state.js';

/** Parts of a value: hp, ahead, level, cost, margin, share (see the file header). */
export const NP = 6;
const P_HP = 0, P_AHEAD = 1, P_LEVEL = 2, P_COST = 3, P_MARGIN = 4, P_SHARE = 5;
/**
 * Slots of {@link RsLuck.raw}: the controls (rsMetrics' `controls`, in this order), then the "other" rolls by the
 * rolling side. Each control is a part × a weight of the time of the roll: h = the turn's number / the game's turns
 * (1 in the last turn), R = the turns left after this one.
 */
export const LK_INIT = 0, LK_MARGIN = 1, LK_MARGIN_LATE = 2, LK_AHEAD_END = 3, LK_AHEAD_MID = 4, LK_LEVEL = 5,
  LK_LEVEL_MID = 6, LK_COST = 7, LK_COST_LATE = 8, LK_SHARE = 9, LK_HP_SIDE0 = 10, LK_HP_LATE = 11, LK_OTHER = 12;
/** The controls: raw slots [0, LUCK_CONTROLS). */
export const LUCK_CONTROLS = 12;
/** Slots of {@link RsLuck.raw}: the controls and "other" × 2 rolling sides. */
export const LUCK_RAW = LUCK_CONTROLS + 2;

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

/** σ(x) = x / √(1 + x²): a smooth step from −1 to 1. */
const sigma = (x: number): number => x / Math.sqrt(1 + x * x);

/**
 * The luck accumulator of one RsGame (built once, reset per game). Values are vectors of {@link NP} parts written
 * into registers, so nothing is allocated per roll.
 */
export class RsLuck {
  /** Raw luck per slot ({@link LK_INIT} …), summed over the game. */
  readonly raw = new Float64Array(LUCK_RAW);
  /** The last value / expectation computed. */
  readonly v = new Float64Array(NP);
  // Attack roll: values of a normal hit and a critical (as +1); the roll's expectation; the value the
  // friendly-fire check's "clear" outcome stands for; the touching friends' values and their mean; a damage chain's
  // expectation; a difference to add.
  private readonly vN = new Float64Array(NP);
  private readonly vC = new Float64Array(NP);
  private readonly vE = new Float64Array(NP);
  private readonly vClear = new Float64Array(NP);
  private readonly vFriends = new Float64Array(16 * NP);
  private readonly vFfMean = new Float64Array(NP);
  private readonly vChain = new Float64Array(NP);
  private readonly dv = new Float64Array(NP);
  private rExpr: DamageExpr = { dice: 0, bonus: 0, min: 0 };
  private rAdd = 0;
  private rEn = false;
  private readonly cost: Float64Array;
  /** cost / max hp per unit, computed at the first gather of a game (max hp is set when the game begins). */
  private readonly costPerHp: Float64Array;
  private costPerHpReady = false;
  private readonly members = new Int32Array(16);
  private nMem = 0;
  // The gathered state: surviving cost and hp-weighted cost per side, the margin scale 1 / (2√(R + 1)) and the
  // margin's and share's values.
  private c0 = 0;
  private c1 = 0;
  private e0 = 0;
  private e1 = 0;
  private scale = 0;
  private marginV = 0;
  private shareV = 0;
  /** e^(−R/3) and 1 / (2√(R + 1)) by R, the turns left. */
  private readonly endW: Float64Array;
  private readonly marginScale: Float64Array;
  private readonly turns: number;
  private readonly antiEnCut: number;

  constructor(private readonly s: RsState, private readonly def: RsGameDef, private readonly armourMin1: boolean) {
    this.cost = Float64Array.from(s.units, (u) => u.cost);
    this.costPerHp = new Float64Array(s.units.length);
    this.antiEnCut = def.catalogue.base.antiEnReduction;
    this.turns = 2 * def.turnLimit;
    this.endW = Float64Array.from({ length: this.turns + 1 }, (_, r) => Math.exp(-r / 3));
    this.marginScale = Float64Array.from({ length: this.turns + 1 }, (_, r) => 1 / (2 * Math.sqrt(r + 1)));
  }

  reset(): void {
    this.raw.fill(0);
    this.costPerHpReady = false;
  }

  /** The turns played before this one (0 in the first; the initiative roll and earlier count as the first). */
  private turnIndex(): number {
    const s = this.s;
    const t = s.round < 1 ? 0 : 2 * (s.round - 1) + (s.turnSide !== s.firstSide ? 1 : 0);
    return t < this.turns ? t : this.turns - 1;
  }

  /** Add `a` − `b` (value parts) to the luck of a roll by `side`. */
  private addDiff(side: number, a: Float64Array, b: Float64Array): void {
    const e = this.dv;
    for (let j = 0; j < NP; j++) e[j] = a[j] - b[j];
    this.put(side, e);
  }

  /** Add the value difference `e` of a roll by `side` to the controls, each weighted by the time of the roll. */
  private put(side: number, e: Float64Array): void {
    const raw = this.raw, t = this.turnIndex(), h = (t + 1) / this.turns, h2 = h * h;
    raw[LK_MARGIN] += e[P_MARGIN];
    raw[LK_MARGIN_LATE] += h2 * h * e[P_MARGIN];
    raw[LK_AHEAD_END] += this.endW[this.turns - 1 - t] * e[P_AHEAD];
    raw[LK_AHEAD_MID] += h2 * e[P_AHEAD];
    raw[LK_LEVEL] += e[P_LEVEL];
    raw[LK_LEVEL_MID] += h * e[P_LEVEL];
    raw[LK_COST] += e[P_COST];
    raw[LK_COST_LATE] += h2 * h * e[P_COST];
    raw[LK_SHARE] += h2 * e[P_SHARE];
    if (side === 0) raw[LK_HP_SIDE0] += e[P_HP];
    raw[LK_HP_LATE] += h2 * e[P_HP];
  }

  /** Add the initiative term (side 0) or an "other" term by `side`. */
  addTo(slot: number, side: number, x: number): void {
    this.raw[slot === LK_OTHER ? LK_OTHER + side : slot] += x;
  }

  /** The living members of lead t into `members` (none for a headquarters) and the state's part values; v = 0. */
  private gather(t: number): void {
    const s = this.s, cph = this.costPerHp;
    if (!this.costPerHpReady) {
      for (let m = 0; m < s.nUnits; m++) cph[m] = this.cost[m] / s.hpMax[m];
      this.costPerHpReady = true;
    }
    let n = 0, c0 = 0, c1 = 0, e0 = 0, e1 = 0;
    for (let m = 0; m < s.nUnits; m++) {
      if (!s.alive[m]) continue;
      const c = this.cost[m], e = cph[m] * s.hp[m];
      if (s.side[m] === 0) {
        c0 += c;
        e0 += e;
      } else {
        c1 += c;
        e1 += e;
      }
      if (s.group[m] === t && t !== D.TARGET_HQ) this.members[n++] = m;
    }
    this.nMem = n;
    this.c0 = c0;
    this.c1 = c1;
    this.e0 = e0;
    this.e1 = e1;
    this.scale = this.marginScale[this.turns - 1 - this.turnIndex()];
    this.marginV = sigma((e0 - e1) * this.scale);
    this.shareV = e0 + e1 > 0 ? e0 / (e0 + e1) : 0.5;
    RsLuck.zero(this.v);
  }

  /** v = 0 (a loop: TypedArray.fill costs more than these six stores). */
  private static zero(v: Float64Array): void {
    for (let j = 0; j < NP; j++) v[j] = 0;
  }

  private static copy(to: Float64Array, from: Float64Array): void {
    for (let j = 0; j < NP; j++) to[j] = from[j];
  }

  /** Side-0 value of `d` damage on the gathered members (or headquarters `hqSide`), added × p into v. */
  private acc(t: number, hqSide: number, d: number, p: number): void {
    if (d <= 0 || p === 0) return;
    const s = this.s, v = this.v;
    if (t === D.TARGET_HQ) {
      const hp = s.hqHp[hqSide], c = this.def.armyPoints, sg = hqSide === 1 ? p : -p;
      v[P_HP] += sg * c * Math.min(d, hp) / this.def.hq!.hp;
      if (d >= hp) {
        // The game ends: side 0 wins (side 1's headquarters) or loses.
        const won = hqSide === 1 ? 1 : 0;
        v[P_AHEAD] += p * (won - (this.c0 > this.c1 ? 1 : 0));
        v[P_LEVEL] += p * (won - (this.c0 >= this.c1 ? 1 : 0));
        v[P_COST] += p * (2 * won - 1 - sigma((this.c0 - this.c1) / 2));
        v[P_MARGIN] += p * (2 * won - 1 - this.marginV);
        v[P_SHARE] += p * (won - this.shareV);
      }
      return;
    }
    const n = this.nMem;
    if (n === 0) return;
    let killed = 0, lost = 0;
    for (let i = 0; i < n; i++) {
      const m = this.members[i], hp = s.hp[m], x = this.costPerHp[m] * (d < hp ? d : hp);
      lost += x;
      if (d >= hp) killed += this.cost[m];
    }
    // Every member is on one side: the side that loses `lost` hp-weighted cost and `killed` cost.
    const side1 = s.side[this.members[0]] === 1, sg = side1 ? p : -p;
    v[P_HP] += sg * lost;
    const c0 = this.c0, c1 = this.c1, e0 = this.e0, e1 = this.e1;
    if (killed > 0) {
      const m0 = c0 - c1, m1 = side1 ? m0 + killed : m0 - killed;
      v[P_AHEAD] += p * ((m1 > 0 ? 1 : 0) - (m0 > 0 ? 1 : 0));
      v[P_LEVEL] += p * ((m1 >= 0 ? 1 : 0) - (m0 >= 0 ? 1 : 0));
      v[P_COST] += p * (sigma(m1 / 2) - sigma(m0 / 2));
    }
    const f0 = side1 ? e0 : e0 - lost, f1 = side1 ? e1 - lost : e1;
    v[P_MARGIN] += p * (sigma((f0 - f1) * this.scale) - this.marginV);
    v[P_SHARE] += p * ((f0 + f1 > 0 ? f0 / (f0 + f1) : 0.5) - this.shareV);
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

  /**
   * After it: the value of `d` damage on t (before it is applied; 0 when a clone cancelled it) − the expectation. The
   * chain's dice change nothing in the state, so the members and part values chainBegin gathered still hold.
   */
  chainEnd(side: number, t: number, hqSide: number, d: number): void {
    RsLuck.zero(this.v);
    this.acc(t, hqSide, d, 1);
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
    RsLuck.zero(this.v);
    this.expectGathered(expr, add + 1, false, t, hqSide, en, -1, true);
    RsLuck.copy(this.vC, this.v);
    const pn = normalHits(need) / 36;
    for (let j = 0; j < NP; j++) this.vE[j] = pn * this.vN[j] + this.vC[j] / 36;
    RsLuck.copy(this.vClear, this.vE);
  }

  /** After the roll: its value − the expectation; a hit's value stands for the friendly-fire check's "clear". */
  rollSettle(side: number, crit: boolean, hit: boolean): void {
    const g = crit ? this.vC : hit ? this.vN : null;
    if (g === null) {
      const e = this.dv;
      for (let j = 0; j < NP; j++) e[j] = -this.vE[j];
      this.put(side, e);
    } else this.addDiff(side, g, this.vE);
    if (hit) RsLuck.copy(this.vClear, crit ? this.vC : this.vN);
  }

  /** Before the 誤射判定 die (RS-R04): each touching friend's (leads of `friends[0..k)`) value of a normal hit. */
  ffPrep(friends: Int32Array, k: number): void {
    const s = this.s, m = this.vFfMean;
    RsLuck.zero(m);
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
    const e = this.dv;
    for (let j = 0; j < NP; j++) e[j] = (i < 0 ? this.vClear[j] : this.vFriends[i * NP + j]) - (this.vFfMean[j] / 3 + (2 * this.vClear[j]) / 3);
    this.put(side, e);
  }

  /** Self-repair of unit u (1d6−2, min 1) healed `heal`: the hp part of its value − its mean over the six faces (the other parts' value of a repair is taken as 0). */
  repair(u: number, heal: number): void {
    const s = this.s;
    const room = s.hpMax[u] - s.hp[u], w = (s.side[u] === 0 ? 1 : -1) * this.cost[u] / s.hpMax[u];
    let mean = 0;
    for (let r = 1; r <= 6; r++) mean += Math.min(Math.max(1, r - 2), room) / 6;
    const e = this.dv;
    RsLuck.zero(e);
    e[P_HP] = w * (Math.min(heal, room) - mean);
    this.put(s.side[u], e);
  }
}
