/**
 * Scripted if-battle policies as ordered (action, condition) lists: in the
 * main action the first rule whose condition holds and that finds a legal
 * action is taken. The other decisions follow the parameters (recover the bug
 * with the most points, always counter, drop out below a life fraction). A
 * policy reads only the observation and the legal actions.
 */
import type { Dice } from '../../sim/dice.js';
import { distance, step } from '../../rules/if-battle/area-map.js';
import { B_DRAIN, M_ADDITIONAL, N_BUGS, isAttack, type MemoryDef } from '../../rules/if-battle/catalogue.js';
import { checkRank, successProbability, type CheckTable } from '../../rules/if-battle/checks.js';
import * as D from '../../rules/if-battle/decisions.js';
import { MAX_CHARS, type IfObservation } from '../../rules/if-battle/state.js';
import type { IfPolicy, IfPolicyInfo, ParamDef } from './policy.js';

export type Params = Readonly<Record<string, number>>;

/** Main-action rule kinds. */
export type RuleKind = 'close' | 'bug-attack' | 'boost' | 'attack' | 'retreat' | 'dash' | 'approach' | 'guard';

export interface MainRule {
  /** Readable name (for docs and `list`). */
  readonly action: string;
  readonly kind: RuleKind;
}

/** Parameters shared by the scripted policies. */
export const COMMON_PARAMS: Record<string, ParamDef> = {
  keep_range: { default: 0, min: 0, max: 40, doc: 'preferred distance (areas) to the nearest opponent; 0 = the longest reach of the own attacks (kiter) or the shortest (striker, bugger)' },
  recover: { default: 1, min: 0, max: 1, doc: 'make the turn-up recovery check (回復判定) on the bug with the most points (1 = yes)' },
  counter: { default: 1, min: 0, max: 1, doc: 'make counter checks (対抗判定) (1 = yes)' },
  surrender_below: { default: 0, min: 0, max: 1, doc: 'drop out (脱落) at the flag check when life / max life is at or below this (0 = never)' },
  guard_within: { default: 4, min: 0, max: 40, doc: 'use a guard memory with the cost left when an opponent is within this many areas' },
};

/** The rule steps the scripted characters are built from (each a readable action and its kind). */
const CLOSE: MainRule = { action: 'step towards the preferred distance while the cost left still pays an attack', kind: 'close' };
const BOOST: MainRule = { action: 'additional memory (boost) when an attack is in range and stays affordable', kind: 'boost' };
const ATTACK: MainRule = { action: 'attack with the best expected damage', kind: 'attack' };
const APPROACH: MainRule = { action: 'step towards the nearest opponent (keeping the cost of a movement memory when steps alone cannot reach)', kind: 'approach' };
const DASH: MainRule = { action: 'movement memory towards the opponent when steps alone cannot reach attack range', kind: 'dash' };
const GUARD: MainRule = { action: 'guard memory when an opponent is near', kind: 'guard' };

/** Close in to the shortest attack reach (keeping the cost of an attack), boost, attack with the best expected damage; dash or walk when out of reach. */
export const STRIKER_RULES: readonly MainRule[] = [CLOSE, BOOST, ATTACK, APPROACH, DASH, GUARD];

/** Keep range: back off to the preferred distance while an attack stays affordable, then attack; approach only when out of reach. */
export const KITER_RULES: readonly MainRule[] = [
  { action: 'step away when the nearest opponent is closer than the preferred distance (an attack stays affordable)', kind: 'retreat' },
  BOOST,
  ATTACK,
  { action: 'step towards the nearest opponent when out of reach', kind: 'approach' },
  GUARD,
];

/** Inflict bugs first (an attack whose bug the target does not carry), then attack like the striker. */
export const BUGGER_RULES: readonly MainRule[] = [
  { action: 'attack that inflicts a bug the target does not carry', kind: 'bug-attack' },
  ...STRIKER_RULES,
];

// ───────────────────────── estimates ─────────────────────────

let cachedTable: CheckTable | null = null;
let cachedP: Float64Array = new Float64Array(0);

/** Success probability of a check of rank r under table t (cached per table). */
export function pSuccess(t: CheckTable, r: number): number {
  if (cachedTable !== t) cacheTable(t);
  return cachedP[r];
}

/** Fill the cache for table t (kept out of pSuccess so that it stays small enough to inline: no boxed result). */
function cacheTable(t: CheckTable): void {
  cachedTable = t;
  cachedP = Float64Array.from(t.targets, (_, i) => successProbability(t, i));
}

const pay = (o: IfObservation, c: number, cost: number): number => (cost > 0 && o.bug(c, B_DRAIN) > 0 ? cost + 1 : cost);

/** Expected life loss of target t from attack memory m by c (hit × not countered × damage), plus 1 per bug point. */
export function attackValue(o: IfObservation, c: number, t: number, m: MemoryDef): number {
  const tab = o.def.check;
  const la = o.level(c, m.skill), lt = o.level(t, m.skill);
  const pHit = pSuccess(tab, checkRank(tab, la, 0));
  const pCounter = pSuccess(tab, checkRank(tab, lt, la > lt ? 1 : lt > la ? -1 : 0));
  let dmg = 0;
  if (m.damage > 0) {
    const atk = m.stat === 0 ? o.power[c] : o.force[c];
    const def = (m.stat === 0 ? o.guard[t] : o.resist[t]) + o.guardBuff[t];
    dmg = Math.max(o.def.damageMin, m.damage + o.boost[c] + atk - def - o.autoReduce[t]);
  }
  const bug = m.bug >= 0 && o.bug(t, m.bug) === 0 ? m.bugPoints : 0;
  return pHit * (1 - pCounter) * (dmg + bug);
}

/** Nearest opponent still in (−1 none) of character c. */
export function nearestOpponent(o: IfObservation, c: number): number {
  let best = -1, bd = 1 << 30;
  for (let t = 0; t < o.n; t++) {
    if (o.side[t] === o.side[c] || !o.isIn(t)) continue;
    const d = distance(o.area[c], o.area[t]);
    if (d < bd) {
      bd = d;
      best = t;
    }
  }
  return best;
}

/**
 * Each character's attack reach: shortest rangeMax, longest rangeMax, cheapest cost (0 when it has no attack). A
 * character's memories are fixed for its runner, so the reach is computed once per character of an observation.
 */
class Reach {
  readonly lo = new Int32Array(MAX_CHARS);
  readonly hi = new Int32Array(MAX_CHARS);
  readonly cheap = new Int32Array(MAX_CHARS);
  private readonly known = new Uint8Array(MAX_CHARS);
  private obs: IfObservation | null = null;

  /** Make sure c's reach is computed for observation o (recomputed when the policy sees another state). */
  of(o: IfObservation, c: number): void {
    if (this.obs !== o) {
      this.obs = o;
      this.known.fill(0);
    }
    if (this.known[c]) return;
    let lo = 1 << 30, hi = 0, cheap = 1 << 30;
    for (let k = 0; k < o.nMemories[c]; k++) {
      const m = o.memoryDef(c, k);
      if (!isAttack(m)) continue;
      if (m.rangeMax < lo) lo = m.rangeMax;
      if (m.rangeMax > hi) hi = m.rangeMax;
      if (m.cost < cheap) cheap = m.cost;
    }
    if (lo === 1 << 30) lo = hi = cheap = 0;
    this.lo[c] = lo;
    this.hi[c] = hi;
    this.cheap[c] = cheap;
    this.known[c] = 1;
  }
}

/** The preferred distance of this policy for character c. */
function preferred(o: IfObservation, c: number, p: Params, kite: boolean, r: Reach): number {
  if (p.keep_range > 0) return p.keep_range;
  r.of(o, c);
  return kite ? r.hi[c] : r.lo[c];
}

/** The legal step that best brings the distance to `t` towards `want` (−1 if none improves it). */
function bestStep(o: IfObservation, c: number, t: number, want: number, legal: Int32Array, n: number): number {
  const now = Math.abs(distance(o.area[c], o.area[t]) - want);
  let best = -1, bv = now;
  for (let i = 0; i < n; i++) {
    if (!D.isMove(legal[i])) continue;
    const a = step(o.area[c], D.dirOf(legal[i]));
    const v = Math.abs(distance(a, o.area[t]) - want);
    if (v < bv) {
      bv = v;
      best = legal[i];
    }
  }
  return best;
}

/** Best legal attack of c (by value); `bugOnly` keeps attacks inflicting a bug the target lacks. Returns the action or −1. */
function bestAttack(o: IfObservation, c: number, legal: Int32Array, n: number, bugOnly: boolean): number {
  let best = -1, bv = 0;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if (!D.isMem(a)) continue;
    const m = o.memoryDef(c, D.memSlot(a));
    if (!isAttack(m)) continue;
    const t = D.memTarget(a);
    if (bugOnly && (m.bug < 0 || o.bug(t, m.bug) > 0)) continue;
    const v = attackValue(o, c, t, m) / (1 + 0.1 * m.cost);
    if (v > bv) {
      bv = v;
      best = a;
    }
  }
  return best;
}

/** First legal self-targeted memory matching `pick` (−1 none). */
function selfMemory(o: IfObservation, c: number, legal: Int32Array, n: number, pick: (m: MemoryDef) => boolean): number {
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if (!D.isMem(a) || D.memTarget(a) !== c) continue;
    if (pick(o.memoryDef(c, D.memSlot(a)))) return a;
  }
  return -1;
}

/** Kinds of self-targeted memory the rules look for. */
const isBoost = (m: MemoryDef): boolean => m.type === M_ADDITIONAL && m.boost > 0;
const isMovement = (m: MemoryDef): boolean => m.move > 0;
const isGuard = (m: MemoryDef): boolean => m.guard > 0;

/** Cheapest cost of a legal attack (−1 none). */
function cheapestLegalAttack(o: IfObservation, c: number, legal: Int32Array, n: number): number {
  let best = -1;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if (!D.isMem(a)) continue;
    const m = o.memoryDef(c, D.memSlot(a));
    if (isAttack(m) && (best < 0 || m.cost < best)) best = pay(o, c, m.cost);
  }
  return best;
}

/** The action of one main-action rule for c (nearest opponent e at `dist`, preferred distance `want`), or −1. */
function mainRule(kind: RuleKind, o: IfObservation, c: number, legal: Int32Array, n: number, p: Params, e: number, dist: number, want: number, r: Reach): number {
  switch (kind) {
    case 'bug-attack': return bestAttack(o, c, legal, n, true);
    case 'attack': return bestAttack(o, c, legal, n, false);
    case 'boost': {
      const b = selfMemory(o, c, legal, n, isBoost);
      if (b < 0) return -1;
      const need = cheapestLegalAttack(o, c, legal, n);
      return need >= 0 && o.cost[c] - pay(o, c, o.memoryDef(c, D.memSlot(b)).cost) >= need ? b : -1;
    }
    case 'retreat': {
      if (dist >= want) return -1;
      const s = bestStep(o, c, e, want, legal, n);
      if (s < 0) return -1;
      r.of(o, c);
      return o.cost[c] - pay(o, c, 1) >= pay(o, c, r.cheap[c]) ? s : -1;
    }
    case 'close': {
      if (dist <= want) return -1;
      r.of(o, c);
      if (o.cost[c] - pay(o, c, 1) < pay(o, c, r.cheap[c])) return -1;
      return bestStep(o, c, e, want, legal, n);
    }
    case 'approach': {
      if (dist <= want) return -1;
      // Keep the cost of a movement memory when steps alone cannot close the distance.
      const d = selfMemory(o, c, legal, n, isMovement);
      if (d >= 0 && dist - want > Math.floor(o.cost[c] / pay(o, c, 1)) && o.cost[c] - pay(o, c, 1) < pay(o, c, o.memoryDef(c, D.memSlot(d)).cost)) return -1;
      return bestStep(o, c, e, want, legal, n);
    }
    case 'dash': {
      if (dist <= want) return -1;
      const d = selfMemory(o, c, legal, n, isMovement);
      if (d < 0) return -1;
      const steps = Math.floor(o.cost[c] / pay(o, c, 1));
      return dist - want > steps ? d : -1;
    }
    case 'guard': {
      if (dist > p.guard_within) return -1;
      return selfMemory(o, c, legal, n, isGuard);
    }
  }
}

/** A scripted policy from its main-action rules and parameters. */
export function scriptedPolicy(rules: readonly MainRule[], p: Params, kite: boolean): IfPolicy {
  const r = new Reach();
  return {
    decide(decision: number, o: IfObservation, legal: Int32Array, n: number, _rng: Dice): number {
      const c = o.actor;
      switch (decision) {
        case D.D_RECOVER: {
          if (!p.recover) return D.A_NONE;
          let best: number = D.A_NONE, bp = 0;
          for (let i = 0; i < n; i++) {
            const b = legal[i];
            if (b < N_BUGS && o.bug(c, b) > bp) {
              bp = o.bug(c, b);
              best = b;
            }
          }
          return best;
        }
        case D.D_MAIN: {
          const e = nearestOpponent(o, c);
          if (e < 0) return D.A_WAIT;
          const dist = distance(o.area[c], o.area[e]);
          const want = preferred(o, c, p, kite, r);
          for (let i = 0; i < rules.length; i++) {
            const a = mainRule(rules[i].kind, o, c, legal, n, p, e, dist, want, r);
            if (a >= 0) return a;
          }
          return D.A_WAIT;
        }
        case D.D_MEMORY_MOVE: {
          const e = nearestOpponent(o, c);
          if (e < 0) return D.A_WAIT;
          const s = bestStep(o, c, e, preferred(o, c, p, kite, r), legal, n);
          return s >= 0 ? s : D.A_WAIT;
        }
        case D.D_COUNTER: return p.counter ? D.A_YES : D.A_NO;
        case D.D_FLAG: return o.life[c] <= p.surrender_below * o.lifeMax[c] ? D.FL_DROP : D.FL_CONTINUE;
        default: return legal[0];
      }
    },
  };
}

export const strikerPolicy: IfPolicyInfo = {
  id: 'striker',
  summary: 'closes in to its shortest reach while an attack stays affordable, boosts, attacks with the best expected damage; dashes when far; guards with the cost left',
  defaults: COMMON_PARAMS,
  create: (p: Params) => scriptedPolicy(STRIKER_RULES, p, false),
};

export const kiterPolicy: IfPolicyInfo = {
  id: 'kiter',
  summary: 'keeps the preferred distance (its longest attack reach): steps back while an attack stays affordable, then attacks',
  defaults: COMMON_PARAMS,
  create: (p: Params) => scriptedPolicy(KITER_RULES, p, true),
};

export const buggerPolicy: IfPolicyInfo = {
  id: 'bugger',
  summary: 'inflicts bugs first (an attack whose bug the target does not carry yet), then attacks like the striker',
  defaults: COMMON_PARAMS,
  create: (p: Params) => scriptedPolicy(BUGGER_RULES, p, false),
};

export const randomPolicy: IfPolicyInfo = {
  id: 'random',
  summary: 'uniform over the legal actions at every decision, from the policy stream (for invariant tests)',
  defaults: {},
  create: () => ({ decide: (_d: number, _o: IfObservation, legal: Int32Array, n: number, rng: Dice) => legal[rng.below(n)] }),
};
