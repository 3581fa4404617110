/**
 * Scripted robot-skirmish policies as ordered (action, condition) lists: in the
 * combat phase the first rule whose condition holds and that has a legal
 * action with a positive estimated value is taken (its best-valued action);
 * movement is scored by heuristics weighted by the parameters (advance to
 * range, seek cover, keep formation contact, avoid being surrounded). A policy
 * reads only the observation and the legal actions.
 */
import type { Dice } from '../../sim/core/dice.js';
import { EQ_ANTI_EN, EQ_CLONE, EQ_HEAVY_ARMOUR, KICK_DAMAGE, MELEE, PUNCH_DAMAGE, RANGED, THROWN_ITEM_DAMAGE, type DamageExpr } from '../../rules/robot-skirmish/catalogue.js';
import { hitProbability, meanDamage, situationalModifier } from '../../rules/robot-skirmish/attack-math.js';
import * as D from '../../rules/robot-skirmish/decisions.js';
import { C_COVER, MAX_CARRY, type RsObservation } from '../../rules/robot-skirmish/state.js';
import type { ParamDef, RsPolicy } from '../../rules/robot-skirmish/decisions.js';

export type Params = Readonly<Record<string, number>>;

/** Attack rule kinds, matched against the legal actions' kinds. */
export type RuleKind = 'formation' | 'multi' | 'charge' | 'shoot' | 'melee' | 'unarmed' | 'throw';

export interface AttackRule {
  /** Readable name (for docs and `list`). */
  readonly action: string;
  readonly kind: RuleKind;
  readonly when: (o: RsObservation, p: Params) => boolean;
}

const RULE_KINDS: Record<RuleKind, readonly number[]> = {
  formation: [D.AK_FORM_SHOOT, D.AK_FORM_MELEE],
  multi: [D.AK_MULTI],
  charge: [D.AK_CHARGE],
  shoot: [D.AK_SHOOT],
  melee: [D.AK_MELEE],
  unarmed: [D.AK_PUNCH, D.AK_KICK],
  throw: [D.AK_THROW],
};

/** Movement and decision parameters shared by the scripted policies. */
export const COMMON_PARAMS: Record<string, ParamDef> = {
  advance: { default: 1, min: 0, max: 10, doc: 'weight of getting to the preferred distance from the nearest enemy (weapon range, or contact for melee units)' },
  range_fraction: { default: 0.8, min: 0, max: 1, doc: 'preferred distance as a fraction of the weapon range (see range_basis)' },
  range_basis: { default: 0, min: 0, max: 1, doc: 'range the preferred distance is taken from: 0 = the longest ranged weapon, 1 = the shortest (every weapon in range, for multi-attacks)' },
  cover: { default: 0.5, min: 0, max: 10, doc: 'weight of ending behind terrain (cover spots) and of taking stealth' },
  cohesion: { default: 0.5, min: 0, max: 10, doc: 'weight of ending in contact with a friend (formation contact)' },
  surround: { default: 1, min: 0, max: 10, doc: 'penalty per extra enemy that could reach the unit next turn (avoid being surrounded)' },
  targets: { default: 1, min: 0, max: 10, doc: 'weight of having an enemy in range and line of fire after the move' },
  run_distance: { default: 35, min: 0, max: 999, doc: 'run (×2 move, 1 damage, no attack) only when the nearest enemy is farther than this' },
  stealth: { default: 1, min: 0, max: 1, doc: 'take stealth (隠密行動) when offered (1 = yes)' },
  concentrate_below: { default: 0, min: 0, max: 1, doc: 'concentrate (集中) when the action\'s hit chance is below this (0 = never)' },
  repair_below: { default: 0.75, min: 0, max: 1, doc: 'self-repair when hp / max hp is at or below this' },
  intercept: { default: 1, min: 0, max: 1, doc: 'intercept (迎撃) charges when possible (1 = yes)' },
  combine: { default: 0, min: 0, max: 1, doc: 'combine (合体) with every unmoved friend in contact when possible (1 = yes)' },
  kick_penalty: { default: 0.3, min: 0, max: 10, doc: 'damage-equivalent cost of the kicker\'s own fall check' },
  self_damage_cost: { default: 1, min: 0, max: 10, doc: 'damage-equivalent cost of 1 point of own unpreventable damage (charge)' },
  destinations: { default: 127, min: 1, max: 127, doc: 'families of move destinations the policy scores (bits: 1 the 8 directions at the full move, 2 at half the move, 4 contact with an enemy, 8 an enemy at 85% of the longest range, 16 contact beside a friend, 32 behind terrain, 64 contact with the enemy headquarters); the engine builds only these. Each policy has its own default' },
  thorough: { default: 0, min: 0, max: 1, doc: 'move search: 1 = thorough, every family of destinations (destinations 127: the policies before issue 27, to re-check an answer); 0 = the families of `destinations`' },
};


// ───────────────────────── estimates ─────────────────────────

const refBuf = new Int32Array(64);

/** The weapon references of lead u (its combination's carried weapons), into `out`; returns the count. */
export function weaponRefs(o: RsObservation, u: number, out: Int32Array = refBuf): number {
  let n = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let m = 0; m < o.nUnits; m++) {
      if (pass === 0 ? m !== u : m === u || !o.alive[m] || o.group[m] !== u) continue;
      const base = (m * 2 + o.form[m]) * MAX_CARRY;
      for (let k = 0; k < MAX_CARRY; k++) if (o.carry[base + k] >= 0 && n < out.length) out[n++] = m * 8 + k;
    }
  }
  return n;
}

function damageOf(o: RsObservation, w: number, thrown: boolean): DamageExpr {
  if (w === D.WR_PUNCH) return PUNCH_DAMAGE;
  if (w === D.WR_KICK) return KICK_DAMAGE;
  const wd = o.cat.weapons[o.weaponOf(w)];
  if (thrown) return wd.kind === MELEE ? wd.damage : THROWN_ITEM_DAMAGE;
  return wd.damage;
}

function isEn(o: RsObservation, w: number): boolean {
  return w !== D.WR_PUNCH && w !== D.WR_KICK && o.cat.weapons[o.weaponOf(w)].en;
}

/** Heavy armour's reduction max(1, X−2) for X = 1 … 6. */
const HEAVY_ARMOUR_CUTS = [1, 1, 1, 2, 3, 4];

/** Mean damage after the target's defensive equipment (clone ⅓ cancel, anti-EN −`anti_en_reduction` (RS-F09), heavy armour ≈ −max(1, d6−2)). */
export function damageAfterDefence(o: RsObservation, t: number, raw: number, en: boolean): number {
  if (t === D.TARGET_HQ || t < 0) return raw;
  const eq = o.eq[t];
  let d = raw;
  if (eq & EQ_ANTI_EN && en) d = Math.max(0, d - o.cat.base.antiEnReduction);
  if (eq & EQ_HEAVY_ARMOUR) {
    // E[max(0, d − max(1, X−2))], X = d6: reductions 1,1,1,2,3,4.
    let m = 0;
    for (let i = 0; i < 6; i++) m += Math.max(0, d - HEAVY_ARMOUR_CUTS[i]);
    d = m / 6;
  }
  if (eq & EQ_CLONE) d *= 4 / 6;
  return d;
}

// Values estimates ask for again and again within one decision (memoOn, set by decide: the state does
// not change during a decision), valid while their mark is memoMark.
let memoOn = false, memoMark = 0;
const ecMark = new Int32Array(16), ecVal = new Int32Array(16);
const hpMark = new Int32Array(16), hpVal = new Int32Array(16);
const frMark = new Int32Array(256), frVal = new Int32Array(256);

function memoBegin(): void {
  if (++memoMark > 0x3fffffff) {
    ecMark.fill(0);
    hpMark.fill(0);
    frMark.fill(0);
    memoMark = 1;
  }
  memoOn = true;
}

/** o.enemiesInContact(u), remembered within a decision. */
function enemiesTouching(o: RsObservation, u: number): number {
  if (!memoOn) return o.enemiesInContact(u);
  if (ecMark[u] !== memoMark) {
    ecMark[u] = memoMark;
    ecVal[u] = o.enemiesInContact(u);
  }
  return ecVal[u];
}

/** targetHp, remembered within a decision. */
function hpOf(o: RsObservation, t: number): number {
  if (!memoOn) return targetHp(o, t);
  if (hpMark[t] !== memoMark) {
    hpMark[t] = memoMark;
    hpVal[t] = targetHp(o, t);
  }
  return hpVal[t];
}

/** Friends of lead u (other than u) in contact with enemy unit t, remembered within a decision. */
function friendsTouching(o: RsObservation, u: number, t: number): number {
  const k = u * 16 + t;
  if (memoOn && frMark[k] === memoMark) return frVal[k];
  let friends = 0;
  for (let v = o.sideStart[o.side[u]]; v < o.sideStart[o.side[u]] + o.sideCount[o.side[u]]; v++) if (v !== u && o.inContact(v, t)) friends++;
  if (memoOn) {
    frMark[k] = memoMark;
    frVal[k] = friends;
  }
  return friends;
}

/** Remaining hit points of a target (the lowest member of a combination; the headquarters' for TARGET_HQ). */
export function targetHp(o: RsObservation, t: number): number {
  if (t === D.TARGET_HQ) return o.hqHp[1 - o.me];
  let hp = 99;
  for (let m = 0; m < o.nUnits; m++) if (o.alive[m] && o.group[m] === t && o.hp[m] < hp) hp = o.hp[m];
  return hp;
}

// The estimates below leave their value in `est` rather than return it: a double stored in a typed
// array is not boxed, one returned from a call V8 does not inline is (an allocation per call).
const EST_DAMAGE = 0, EST_SPLIT = 1, EST_TARGET = 2, EST_ATTACK = 3;
const est = new Float64Array(4);
const DEFENSIVE_EQ = EQ_ANTI_EN | EQ_HEAVY_ARMOUR | EQ_CLONE;

/**
 * Expected damage of one attack roll by lead u on t with weapon w (or punch /
 * kick), with an extra attack modifier and damage bonus, counting criticals,
 * fumbles, point-blank and friendly-fire risk roughly.
 */
export function expectedDamage(o: RsObservation, u: number, t: number, w: number, shooting: boolean, thrown: boolean, atkMod: number, dmgBonus: number): number {
  damageEstimate(o, u, t, w, shooting, thrown, atkMod, dmgBonus);
  return est[EST_DAMAGE];
}

/** {@link expectedDamage}, into est[EST_DAMAGE]. */
function damageEstimate(o: RsObservation, u: number, t: number, w: number, shooting: boolean, thrown: boolean, atkMod: number, dmgBonus: number): void {
  const pb = shooting && enemiesTouching(o, u) > 0;
  const tt = t === D.TARGET_HQ ? -1 : t;
  const mod = atkMod + situationalModifier(o, u, tt, shooting, pb, false);
  const def = t === D.TARGET_HQ ? (o.def.hq ? o.def.hq.defence : 99) : o.dfn[t];
  const p = hitProbability(def - o.atk[u] - mod);
  const expr = damageOf(o, w, thrown);
  const raw = meanDamage(expr) + dmgBonus;
  // damageAfterDefence leaves the damage as it is without defensive equipment.
  let e = p * (tt >= 0 && (o.eq[tt] & DEFENSIVE_EQ) !== 0 ? damageAfterDefence(o, tt, raw, isEn(o, w)) : raw);
  // A kill is worth more than its damage; overkill is worth less.
  const hp = hpOf(o, t);
  if (raw >= hp) e = p * hp + p * 1.5;
  // Fumble (1/36): 1 damage, plus the weapon's on a point-blank shot.
  e -= (1 / 36) * (1 + (pb ? meanDamage(expr) : 0));
  // Friendly fire (shooting at an enemy a friend touches): a third of the shots hit the friend.
  if (shooting && !pb && tt >= 0) {
    if (friendsTouching(o, u, tt) > 0) e = (e * 2) / 3 - raw / 3;
  }
  est[EST_DAMAGE] = e;
}

/** The attack part of the split splitValue chose last (module scratch). */
let splitAtk = 0;

/** The expected damage of the best split (see bestSplit) into est[EST_SPLIT]; its attack part in `splitAtk`. */
function splitValue(o: RsObservation, u: number, t: number, w: number, shooting: boolean, units: number, each: number, atkMod: number, perPoint: boolean): void {
  const total = units * each;
  let best = 0, bestV = -Infinity;
  const steps = perPoint ? total : units;
  for (let x = 0; x <= steps; x++) {
    const a = perPoint ? x : x * each;
    damageEstimate(o, u, t, w, shooting, false, atkMod + a, total - a);
    const v = est[EST_DAMAGE];
    if (v > bestV + 1e-12) {
      bestV = v;
      best = x;
    }
  }
  splitAtk = best;
  est[EST_SPLIT] = bestV;
}

/** Best split of `units` bonus units of `each` points (per-sub-attacker) for an attack: returns the attack part and the expected damage. */
export function bestSplit(o: RsObservation, u: number, t: number, w: number, shooting: boolean, units: number, each: number, atkMod: number, perPoint: boolean): { atk: number; value: number } {
  splitValue(o, u, t, w, shooting, units, each, atkMod, perPoint);
  return { atk: splitAtk, value: est[EST_SPLIT] };
}

/** Expected damage of a single attack by lead u, with its combination bonus (合体) split at best, into est[EST_SPLIT]. */
function withCombination(o: RsObservation, u: number, w: number, t: number, shooting: boolean, perPoint: boolean): void {
  if (o.nMembers[u] > 1) splitValue(o, u, t, w, shooting, o.nMembers[u] - 1, o.sameSize[u] ? 2 : 1, 0, perPoint);
  else {
    damageEstimate(o, u, t, w, shooting, false, 0, 0);
    est[EST_SPLIT] = est[EST_DAMAGE];
  }
}

const perPointOf = (o: RsObservation): boolean => o.rulings.formation_split === 'per-point';

/** Estimated value of a legal attack action for the side asking (damage-equivalent). */
export function attackValue(o: RsObservation, a: number, p: Params): number {
  attackEstimate(o, a, p);
  return est[EST_ATTACK];
}

/** {@link attackValue}, into est[EST_ATTACK]. */
function attackEstimate(o: RsObservation, a: number, p: Params): void {
  const kind = D.atKind(a), u = D.atActor(a), t = D.atTarget(a), w = D.atWeapon(a), mask = D.atMask(a);
  const perPoint = perPointOf(o);
  let v = 0;
  switch (kind) {
    case D.AK_SHOOT:
    case D.AK_MELEE:
    case D.AK_PUNCH:
    case D.AK_KICK:
      withCombination(o, u, kind === D.AK_PUNCH ? D.WR_PUNCH : kind === D.AK_KICK ? D.WR_KICK : w, t, kind === D.AK_SHOOT, perPoint);
      v = kind === D.AK_KICK ? est[EST_SPLIT] - p.kick_penalty : est[EST_SPLIT];
      break;
    case D.AK_THROW:
      damageEstimate(o, u, t, w, true, true, 0, 0);
      v = est[EST_DAMAGE] - 0.5;
      break;
    case D.AK_MULTI: {
      const n = weaponRefs(o, u);
      let k = 0;
      for (let i = 0; i < n && i < 10; i++) if (mask & (1 << i)) k++;
      for (let i = 0; i < n && i < 10; i++) {
        if (!(mask & (1 << i))) continue;
        const wr = refBuf[i];
        const wd = o.cat.weapons[o.weaponOf(wr)];
        bestTargetValue(o, u, wr, wd.kind === RANGED, -(k - 1));
        v += est[EST_TARGET];
      }
      break;
    }
    case D.AK_FORM_SHOOT:
    case D.AK_FORM_MELEE: {
      let subs = 0, same = true;
      for (let x = 0; x < o.nUnits; x++) if (mask & (1 << x)) {
        subs++;
        if (o.size[x] !== o.size[u]) same = false;
      }
      // The sub-attackers keep their action: the formation costs only the main attacker's.
      splitValue(o, u, t, w, kind === D.AK_FORM_SHOOT, subs, same ? 2 : 1, 0, perPoint);
      v = est[EST_SPLIT] + 0.01 * subs;
      break;
    }
    case D.AK_CHARGE: {
      withCombination(o, u, w, t, false, perPoint);
      v = est[EST_SPLIT] - p.self_damage_cost;
      // Interception risk: the target's best ranged weapon at normal odds.
      if (t !== D.TARGET_HQ && o.enemiesInContact(t) === 0) {
        const n = weaponRefs(o, t);
        let worst = 0;
        for (let i = 0; i < n; i++) {
          const wd = o.cat.weapons[o.weaponOf(refBuf[i])];
          if (wd.kind !== RANGED) continue;
          const pHit = hitProbability(o.dfn[u] - o.atk[t]);
          worst = Math.max(worst, pHit * meanDamage(wd.damage));
        }
        v -= worst * 0.5;
      }
      break;
    }
  }
  est[EST_ATTACK] = v;
}

/** Best expected damage of weapon w of u over the targets it can reach now (for multi-attack estimates), into est[EST_TARGET]. */
function bestTargetValue(o: RsObservation, u: number, w: number, shooting: boolean, atkMod: number): void {
  const e = 1 - o.side[u];
  let best = 0;
  const wd = o.cat.weapons[o.weaponOf(w)];
  const inContact = o.enemiesInContact(u) > 0;
  for (let t = o.sideStart[e]; t < o.sideStart[e] + o.sideCount[e]; t++) {
    if (!o.onTable(t)) continue;
    let ok: boolean;
    if (!shooting) ok = o.inContact(u, t);
    else if (inContact) ok = o.inContact(u, t);
    else ok = o.dist(u, t) - o.rad[t] <= wd.range && (o.hover[u] === 1 || o.hover[t] === 1 || o.table.lineOfFire(o.x[u], o.y[u], o.x[t], o.y[t], o.rad[t]));
    if (!ok) continue;
    damageEstimate(o, u, t, w, shooting, false, atkMod, 0);
    if (est[EST_DAMAGE] > best) best = est[EST_DAMAGE];
  }
  est[EST_TARGET] = best;
}

// ───────────────────────── movement ─────────────────────────

/** Longest (or with `shortest`, shortest) ranged-weapon range of lead u; 0 when it has no ranged weapon. */
export function longestRange(o: RsObservation, u: number, shortest = false): number {
  const n = weaponRefs(o, u);
  let r = 0;
  for (let i = 0; i < n; i++) {
    const wd = o.cat.weapons[o.weaponOf(refBuf[i])];
    if (wd.kind === RANGED && (r === 0 || (shortest ? wd.range < r : wd.range > r))) r = wd.range;
  }
  return r;
}

function hasMelee(o: RsObservation, u: number): boolean {
  const n = weaponRefs(o, u);
  for (let i = 0; i < n; i++) if (o.cat.weapons[o.weaponOf(refBuf[i])].kind === MELEE) return true;
  return false;
}

/** What positionValue needs about the mover, computed once per movement decision. */
export interface MoverInfo {
  /** Longest ranged-weapon range (0: none). */
  range: number;
  /** Preferred edge distance from the nearest enemy. */
  pref: number;
  /** Thinks in melee terms (no ranged weapon, or a melee mindset). */
  melee: boolean;
}

/**
 * The MoverInfo of lead u, into `into` (a fresh object when omitted; chooseMove passes its own scratch
 * so a decision allocates nothing).
 */
export function moverInfo(o: RsObservation, u: number, p: Params, meleeMind: boolean, into?: MoverInfo): MoverInfo {
  const range = longestRange(o, u);
  const prefRange = p.range_basis >= 1 ? longestRange(o, u, true) : range;
  const melee = meleeMind || range === 0;
  const pref = melee ? (meleeMind && hasMelee(o, u) && p.charge_mind ? Math.max(0, o.mv[u] * 0.6) : 0) : prefRange * p.range_fraction;
  if (into === undefined) return { range, pref, melee };
  into.range = range;
  into.pref = pref;
  into.melee = melee;
  return into;
}

/** chooseMove's MoverInfo (policies run one decision at a time). */
const moveMover: MoverInfo = { range: 0, pref: 0, melee: false };

// What scanPosition found about a spot (module scratch: policies run one decision at a time). The
// doubles of the position scoring live in `num` (a typed array: storing a number there, unlike in a
// module variable or an argument of a call, boxes nothing).
const N_X = 0, N_Y = 1, N_NEAREST = 2, N_PREF = 3, N_OFF = 4, N_BAR = 5, N_VAL = 6, N_NEAR = 7;
const num = new Float64Array(8);
let scanThreats = 0, scanContacts = 0, scanFriend = 0;
/** 1: an enemy is in range with a line of fire for certain (hovering); 0: none needs one. */
let scanShot = 0;
/** Enemies in range whose line of fire decides `shot` (bits by unit), when scanShot is 0. */
let scanAsk = 0;

// The units scanPosition looks at, gathered once per movement decision by prepareScan: the enemies on
// the table (position, radius, reach = move + contact gap, hovering, unit) and u's friends on the
// table (position, contact limit = radii + gap + 1e-6, hovering).
const scanEX = new Float64Array(16), scanEY = new Float64Array(16), scanER = new Float64Array(16), scanEReach = new Float64Array(16);
const scanEHover = new Int32Array(16), scanEUnit = new Int32Array(16);
const scanFX = new Float64Array(16), scanFY = new Float64Array(16), scanFLim = new Float64Array(16);
const scanFHover = new Int32Array(16);
let scanNE = 0, scanNF = 0;

/** Gather what scanPosition needs about the units around mover u (the state stands still during a decision). */
function prepareScan(o: RsObservation, u: number): void {
  const e = 1 - o.side[u], r = o.rad[u], gap = o.table.gap;
  let k = 0;
  for (let v = o.sideStart[e]; v < o.sideStart[e] + o.sideCount[e]; v++) {
    if (!o.onTable(v)) continue;
    scanEX[k] = o.x[v];
    scanEY[k] = o.y[v];
    scanER[k] = o.rad[v];
    scanEReach[k] = o.mv[v] + gap;
    scanEHover[k] = o.hover[v] === 1 ? 1 : 0;
    scanEUnit[k] = v;
    k++;
  }
  scanNE = k;
  k = 0;
  const side = o.side[u];
  for (let f = o.sideStart[side]; f < o.sideStart[side] + o.sideCount[side]; f++) {
    if (f === u || !o.onTable(f)) continue;
    scanFX[k] = o.x[f];
    scanFY[k] = o.y[f];
    scanFLim[k] = r + o.rad[f] + gap + 1e-6;
    scanFHover[k] = o.hover[f] === 1 ? 1 : 0;
    k++;
  }
  scanNF = k;
}

/**
 * Everything positionValue needs about the spot (num[N_X], num[N_Y]) except the lines of fire (into the
 * scan* variables), over the units prepareScan gathered for mover u.
 */
function scanPosition(o: RsObservation, u: number, hover: boolean, mi: MoverInfo): void {
  const px = num[N_X], py = num[N_Y];
  const r = o.rad[u];
  const { range, melee } = mi;
  const hv = hover ? 1 : 0;
  let nearest = Infinity, threats = 0, contacts = 0, shot = 0, ask = 0;
  const gap = o.table.gap;
  for (let k = 0; k < scanNE; k++) {
    const dx = scanEX[k] - px, dy = scanEY[k] - py;
    const edge = Math.sqrt(dx * dx + dy * dy) - r - scanER[k];
    if (edge < nearest) nearest = edge;
    if (edge <= gap + 1e-6 && scanEHover[k] === hv) contacts++;
    if (edge <= scanEReach[k]) threats++;
    if (!melee && edge + r <= range) {
      if (hover || scanEHover[k] === 1) shot = 1;
      else ask |= 1 << scanEUnit[k];
    }
  }
  const friend = friendAt(hv);
  num[N_NEAREST] = nearest;
  num[N_PREF] = mi.pref;
  scanThreats = threats;
  scanContacts = contacts;
  scanFriend = friend;
  scanShot = shot;
  scanAsk = shot ? 0 : ask;
}

/** 1 when a friend prepareScan gathered, at height hv (1 hovering), touches the spot (num[N_X], num[N_Y]); else 0. */
function friendAt(hv: number): number {
  const px = num[N_X], py = num[N_Y];
  for (let k = 0; k < scanNF; k++) {
    if (scanFHover[k] !== hv) continue;
    const dx = scanFX[k] - px, dy = scanFY[k] - py;
    const lim = scanFLim[k];
    if (dx * dx + dy * dy <= lim * lim) return 1;
  }
  return 0;
}

/** The lines of fire scanPosition left open: 1 when one of those enemies can be shot from the spot. */
function scanLinesOfFire(o: RsObservation): number {
  for (let v = 0; scanAsk >> v; v++) {
    if (!(scanAsk & (1 << v))) continue;
    const seg = o.table.seg;
    seg[0] = num[N_X];
    seg[1] = num[N_Y];
    seg[2] = o.x[v];
    seg[3] = o.y[v];
    seg[4] = o.rad[v];
    if (o.table.lineOfFireSeg()) return 1;
  }
  return 0;
}

/** positionValue of the scanned spot with `shot` (0 or 1; the value grows with it: targets ≥ 0), into num[N_VAL]. */
function scannedValue(shot: number, tag: number, p: Params): void {
  const nearest = num[N_NEAREST];
  if (nearest === Infinity) {
    num[N_VAL] = 0;
    return;
  }
  let v = -p.advance * Math.abs(nearest - num[N_PREF]) / 10;
  v += p.targets * shot;
  if (tag === C_COVER) v += p.cover;
  v -= p.surround * Math.max(0, scanThreats - 1) * 0.5;
  if (scanContacts >= 2) v -= p.surround * (scanContacts - 1);
  // Contact with a friend (formations need it).
  if (scanFriend) v += p.cohesion;
  num[N_VAL] = v;
}

/**
 * Heuristic value of lead u standing at (px, py) (hovering or not): distance to
 * the nearest enemy against the preferred one, an enemy in range and line of
 * fire, cover, contact with a friend, and the enemies that could reach it.
 */
export function positionValue(o: RsObservation, u: number, px: number, py: number, hover: boolean, tag: number, p: Params, mi: MoverInfo): number {
  num[N_X] = px;
  num[N_Y] = py;
  prepareScan(o, u);
  scoreSpot(o, u, hover, tag, p, mi);
  return num[N_VAL];
}

/** positionValue of the spot (num[N_X], num[N_Y]) over the units prepareScan gathered for u, into num[N_VAL]. */
function scoreSpot(o: RsObservation, u: number, hover: boolean, tag: number, p: Params, mi: MoverInfo): void {
  scanPosition(o, u, hover, mi);
  scannedValue(scanShot || scanLinesOfFire(o), tag, p);
}

/**
 * For destination c: positionValue − num[N_OFF] if that beats num[N_BAR], else a value ≤ that bar,
 * into num[N_VAL]: the lines of fire are traced only when counting a shot (the upper bound) would beat it.
 */
function positionValueAbove(o: RsObservation, u: number, c: number, hover: boolean, p: Params, mi: MoverInfo): void {
  num[N_X] = o.candX[c];
  num[N_Y] = o.candY[c];
  const tag = o.candTag[c];
  scanPosition(o, u, hover, mi);
  if (!scanShot && scanAsk) {
    scannedValue(1, tag, p);
    if (!(num[N_VAL] - num[N_OFF] > num[N_BAR])) {
      num[N_VAL] -= num[N_OFF];
      return;
    }
  }
  scannedValue(scanShot || (scanAsk ? scanLinesOfFire(o) : 0), tag, p);
  num[N_VAL] -= num[N_OFF];
}

/** D_MOVER: the unit nearest to an enemy moves first; the others can then close up around it. */
function nearestMover(o: RsObservation, legal: Int32Array, n: number): number {
  let best = legal[0], bestD = Infinity;
  const e = 1 - o.me;
  for (let i = 0; i < n; i++) {
    const u = legal[i];
    let dn = Infinity;
    for (let v = o.sideStart[e]; v < o.sideStart[e] + o.sideCount[e]; v++) {
      if (!o.onTable(v)) continue;
      // o.dist(u, v), computed here: a double returned from a call is boxed when the call is not inlined.
      const dx = o.x[u] - o.x[v], dy = o.y[u] - o.y[v];
      dn = Math.min(dn, Math.sqrt(dx * dx + dy * dy));
    }
    if (dn < bestD) {
      bestD = dn;
      best = u;
    }
  }
  return best;
}

function hasLegal(legal: Int32Array, n: number, a: number): boolean {
  for (let i = 0; i < n; i++) if (legal[i] === a) return true;
  return false;
}

/** Build a policy from an attack rule list, parameters and a melee mindset (advance to contact / charge distance). */
export function scriptedPolicy(rules: readonly AttackRule[], p: Params, meleeMind = false): RsPolicy {
  const decideNow = (d: number, o: RsObservation, legal: Int32Array, n: number): number => {
    switch (d) {
      case D.D_REPAIR:
        return o.hp[o.actor] <= o.hpMax[o.actor] * p.repair_below ? D.A_YES : D.A_NO;
      case D.D_STEALTH:
        return p.stealth >= 1 ? D.A_YES : D.A_NO;
      case D.D_MOVER:
        return nearestMover(o, legal, n);
      case D.D_MOVE:
        legalList.action = legal;
        legalList.n = n;
        return chooseMove(o, legalList, p, meleeMind);
      case D.D_ATTACK: {
        for (let ri = 0; ri < rules.length; ri++) {
          const r = rules[ri];
          if (!r.when(o, p)) continue;
          const kinds = RULE_KINDS[r.kind];
          let best = -1, bestV = 0;
          for (let i = 0; i < n; i++) {
            const a = legal[i];
            if (!kinds.includes(D.atKind(a))) continue;
            attackEstimate(o, a, p);
            const v = est[EST_ATTACK];
            if (v > bestV + 1e-12) {
              bestV = v;
              best = a;
            }
          }
          if (best >= 0) return best;
        }
        return D.at(D.AK_END, 0);
      }
      case D.D_CONCENTRATE: {
        const a = o.action;
        if (p.concentrate_below <= 0 || a < 0) return D.A_NO;
        const u = D.atActor(a), t = D.atTarget(a);
        const def = t === D.TARGET_HQ ? (o.def.hq ? o.def.hq.defence : 99) : o.dfn[t];
        const kind = D.atKind(a);
        const shooting = kind === D.AK_SHOOT || kind === D.AK_FORM_SHOOT || kind === D.AK_THROW || kind === D.AK_MULTI;
        const pHit = hitProbability(def - o.atk[u] - situationalModifier(o, u, t === D.TARGET_HQ ? -1 : t, shooting, shooting && o.enemiesInContact(u) > 0, false));
        return pHit < p.concentrate_below ? D.A_YES : D.A_NO;
      }
      case D.D_SPLIT: {
        const a = o.action;
        if (a < 0) return legal[0];
        const u = D.atActor(a), kind = D.atKind(a);
        const t = D.atTarget(a);
        let w = D.atWeapon(a);
        if (kind === D.AK_PUNCH) w = D.WR_PUNCH;
        if (kind === D.AK_KICK) w = D.WR_KICK;
        if (kind === D.AK_MULTI) {
          // Per-action split before the targets are known: favour the attack roll (every weapon is at −(k−1)).
          return legal[n - 1];
        }
        const shooting = kind === D.AK_SHOOT || kind === D.AK_FORM_SHOOT || kind === D.AK_THROW;
        splitValue(o, u, t, w, shooting, o.splitUnits, o.splitEach, 0, perPointOf(o));
        return hasLegal(legal, n, splitAtk) ? splitAtk : legal[0];
      }
      case D.D_MULTI_TARGET: {
        const u = o.actor, w = o.weaponRef;
        const shooting = o.cat.weapons[o.weaponOf(w)].kind === RANGED;
        let best = legal[0], bestV = -Infinity;
        for (let i = 0; i < n; i++) {
          damageEstimate(o, u, legal[i], w, shooting, false, 0, 0);
          const v = est[EST_DAMAGE] / Math.max(1, targetHp(o, legal[i]));
          if (v > bestV) {
            bestV = v;
            best = legal[i];
          }
        }
        return best;
      }
      case D.D_CRITICAL: {
        const t = o.target, w = o.weaponRef;
        const expr = damageOf(o, w, false);
        let best = legal[0], bestV = -Infinity;
        for (let i = 0; i < n; i++) {
          const c = legal[i];
          let v: number;
          const mean = meanDamage(expr);
          if (c === D.CR_PLUS_ONE) v = damageAfterDefence(o, t, mean + 1, isEn(o, w));
          else if (c === D.CR_MAX_DICE) v = damageAfterDefence(o, t, meanDamage(expr, true), isEn(o, w));
          else {
            // Ignore one item: value without that item.
            const eq = o.eq[t];
            let d = mean;
            if (c !== D.CR_IGNORE_ANTI_EN && eq & EQ_ANTI_EN && isEn(o, w)) d = Math.max(0, d - o.cat.base.antiEnReduction);
            if (c !== D.CR_IGNORE_ARMOUR && eq & EQ_HEAVY_ARMOUR) d = Math.max(0, d - 2);
            if (c !== D.CR_IGNORE_CLONE && eq & EQ_CLONE) d *= 4 / 6;
            v = d;
          }
          if (v > bestV + 1e-12) {
            bestV = v;
            best = c;
          }
        }
        return best;
      }
      case D.D_INTERCEPT: {
        if (p.intercept < 1) return D.WR_NONE;
        let best = D.WR_NONE, bestV = 0;
        for (let i = 0; i < n; i++) {
          if (legal[i] === D.WR_NONE) continue;
          const v = meanDamage(o.cat.weapons[o.weaponOf(legal[i])].damage);
          if (v > bestV) {
            bestV = v;
            best = legal[i];
          }
        }
        return best;
      }
      case D.D_FREE_ATTACK: {
        const u = o.actor, t = o.target;
        let best = legal[0], bestV = -Infinity;
        for (let i = 0; i < n; i++) {
          const w = legal[i];
          const shooting = w !== D.WR_PUNCH && w !== D.WR_KICK && o.cat.weapons[o.weaponOf(w)].kind === RANGED;
          damageEstimate(o, u, t, w, shooting, false, 0, 0);
          const v = est[EST_DAMAGE] - (w === D.WR_KICK ? p.kick_penalty : 0);
          if (v > bestV) {
            bestV = v;
            best = w;
          }
        }
        return best;
      }
      case D.D_FREE_ATTACKER:
        return legal[0];
    }
    return legal[0];
  };
  // D_ATTACK looks only at the kinds of its rules.
  let kindBits = 1 << D.AK_END;
  for (const r of rules) for (const k of RULE_KINDS[r.kind]) kindBits |= 1 << k;
  // The families of destinations the engine builds for this policy's moves (RsPolicy.moveFamilies).
  const families = p.thorough >= 1 ? D.MF_ALL : (p.destinations & D.MF_ALL) || D.MF_ALL;
  return {
    // Nothing is kept between decisions (the memo lives within one decision).
    memoryless: true,
    attackKinds: (): number => kindBits,
    moveFamilies: (): number => families,
    chooseMove: (o: RsObservation, m: D.MoveMenu): number => chooseMove(o, m, p, meleeMind),
    // chooseMove skips every run while the nearest enemy is within run_distance.
    wantsRuns: (o: RsObservation): boolean => {
      nearestEdge(o, o.actor);
      return !(num[N_NEAR] <= p.run_distance);
    },
    decide(d: number, o: RsObservation, legal: Int32Array, n: number, _rng: Dice): number {
      // The state stands still during a decision: contacts and hit points are remembered meanwhile.
      memoBegin();
      try {
        return decideNow(d, o, legal, n);
      } finally {
        memoOn = false;
      }
    },
  };
}

/** The legal list of a D_MOVE decision as a move menu (every entry legal). */
class LegalList implements D.MoveMenu {
  n = 0;
  action: Int32Array = new Int32Array(0);
  legal(): boolean {
    return true;
  }
}
const legalList = new LegalList();

/** Score the movement actions in order and take the best legal one (ties: the first). */
function chooseMove(o: RsObservation, m: D.MoveMenu, p: Params, meleeMind: boolean): number {
  const u = o.actor;
  const mi = moverInfo(o, u, p, meleeMind, moveMover);
  const act = m.action;
  let best = act[0], bestV = -Infinity;
  nearestEdge(o, u);
  const nearest = num[N_NEAR];
  // An upper bound of positionValue at distance d from u, before the spot is scanned: every enemy's
  // edge distance moves by at most d, so |nearest − pref| ≥ |nearest now − pref| − d; the shot and cover
  // terms at most add their weights (no shot for a melee mind, nor where even the nearest enemy, d
  // closer, stays out of range), the surround terms only subtract (weights ≥ 0). The friend term first counts its weight too; a spot that bound leaves open is bounded again
  // with its friend contact found exactly (friendAt, as scanPosition finds it). A spot whose bound stays
  // below the best so far (with a margin far above rounding) cannot be taken.
  const canBound = nearest !== Infinity && p.advance >= 0 && p.surround >= 0;
  const gapNow = Math.abs(nearest - mi.pref);
  const shotUp = mi.melee ? 0 : Math.max(0, p.targets), cohesionUp = Math.max(0, p.cohesion);
  const coverUp = Math.max(0, p.cover);
  const x0 = o.x[u], y0 = o.y[u];
  prepareScan(o, u);
  for (let i = 0; i < m.n; i++) {
    const a = act[i];
    const kind = D.mvKind(a);
    const bar = bestV + 1e-9;
    let v: number;
    switch (kind) {
      case D.MK_STAY:
        num[N_X] = x0;
        num[N_Y] = y0;
        scoreSpot(o, u, o.hover[u] === 1, -1, p, mi);
        v = num[N_VAL] + 0.05;
        break;
      case D.MK_MOVE:
      case D.MK_HOVER:
      case D.MK_LAND:
      case D.MK_RUN: {
        if (kind === D.MK_RUN && nearest <= p.run_distance) continue;
        const c = D.mvCand(a);
        const hover = kind === D.MK_HOVER || (kind === D.MK_MOVE && o.hover[u] === 1);
        const off = kind === D.MK_MOVE ? 0 : kind === D.MK_RUN ? 0.5 : 0.2;
        if (canBound) {
          const px = o.candX[c], py = o.candY[c];
          const dx = px - x0, dy = py - y0;
          const d = Math.sqrt(dx * dx + dy * dy);
          const low = gapNow - d;
          const shot = nearest - d + o.rad[u] > mi.range + 1e-6 ? 0 : shotUp;
          const up = -p.advance * (low > 0 ? low : 0) / 10 + shot + (o.candTag[c] === C_COVER ? coverUp : 0) - off;
          if (up + cohesionUp < bar - 1e-6) continue;
          num[N_X] = px;
          num[N_Y] = py;
          if (friendAt(hover ? 1 : 0) === 0 && up < bar - 1e-6) continue;
        }
        num[N_OFF] = off;
        num[N_BAR] = bar;
        positionValueAbove(o, u, c, hover, p, mi);
        v = num[N_VAL];
        break;
      }
      case D.MK_COMBINE:
        v = p.combine >= 1 ? 50 + popcount(D.mvExtra(a)) : -Infinity;
        break;
      case D.MK_PICKUP:
        v = weaponRefs(o, u) <= 1 ? 5 : -Infinity;
        break;
      default:
        v = -Infinity;
    }
    if (v > bar && m.legal(i)) {
      bestV = v;
      best = a;
    }
  }
  return best;
}

/** Edge distance from lead u to the nearest enemy on the table (Infinity: none), into num[N_NEAR]. */
function nearestEdge(o: RsObservation, u: number): void {
  const e = 1 - o.me;
  let nearest = Infinity;
  for (let v = o.sideStart[e]; v < o.sideStart[e] + o.sideCount[e]; v++) {
    if (!o.onTable(v)) continue;
    const dx = o.x[u] - o.x[v], dy = o.y[u] - o.y[v];
    nearest = Math.min(nearest, Math.sqrt(dx * dx + dy * dy) - o.rad[u] - o.rad[v]);
  }
  num[N_NEAR] = nearest;
}

function popcount(x: number): number {
  let c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}
