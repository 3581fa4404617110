/**
 * Scripted if-battle policies as ordered (action, condition) lists: in the
 * main action the first rule whose condition holds and that finds a legal
 * action is taken. The other decisions follow the parameters (recover the bug
 * with the most points, always counter, drop out below a life fraction). A
 * policy reads only the observation and the legal actions.
 */
import type { Dice } from '../../sim/core/dice.js';
import { distance, step } from '../../rules/if-battle/area-map.js';
import { B_DRAIN as B_DRAIN_, N_BUGS as N_BUGS_, isAttack } from '../../rules/if-battle/catalogue.js';
import * as D from '../../rules/if-battle/decisions.js';
import { MAX_CHARS, MAX_SLOTS as MAX_SLOTS_, type IfObservation } from '../../rules/if-battle/state.js';
import { MemoryTable } from './estimates.js';
import { MainScan } from './main-scan.js';
import type { IfPolicy, IfPolicyInfo } from '../../rules/if-battle/decisions.js';
import type { ParamDef } from '../../sim/core/policy-list.js';

export { attackValue, pSuccess } from './estimates.js';

export type Params = Readonly<Record<string, number>>;

/** Module-local copies of the codes the decisions compare with: V8 (Node 20) reloads and hole-checks an imported binding at every use; a local const folds. */
const D_RECOVER = D.D_RECOVER, D_MAIN = D.D_MAIN, D_MEMORY_MOVE = D.D_MEMORY_MOVE, D_COUNTER = D.D_COUNTER, D_FLAG = D.D_FLAG;
const A_WAIT = D.A_WAIT, A_NONE = D.A_NONE, A_YES = D.A_YES, A_NO = D.A_NO, FL_DROP = D.FL_DROP, FL_CONTINUE = D.FL_CONTINUE;
const B_DRAIN = B_DRAIN_, N_BUGS = N_BUGS_, MAX_SLOTS = MAX_SLOTS_;

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

/** Nearest opponent still in (−1 none) of character c. */
export function nearestOpponent(o: IfObservation, c: number): number {
  let best = -1, bd = 1 << 30;
  const side = o.side[c], from = o.area[c];
  for (let t = 0; t < o.n; t++) {
    if (o.side[t] === side || !o.isIn(t)) continue;
    const d = distance(from, o.area[t]);
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
    if (!this.known[c]) this.compute(o, c);
  }

  private compute(o: IfObservation, c: number): void {
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

/** The legal step that best brings the distance to `t` towards `want` (−1 if none improves it). */
function bestStep(o: IfObservation, c: number, t: number, want: number, legal: Int32Array, n: number): number {
  const from = o.area[c], to = o.area[t];
  const now = Math.abs(distance(from, to) - want);
  let best = -1, bv = now;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if (!D.isMove(a)) continue;
    const v = Math.abs(distance(step(from, D.dirOf(a)), to) - want);
    if (v < bv) {
      bv = v;
      best = a;
    }
  }
  return best;
}

/** Payment of `cost` when the payer carries 脱気 (`drain`): 1 more for a payment of at least 1. */
const pay = (drain: boolean, cost: number): number => (cost > 0 && drain ? cost + 1 : cost);

/** Rule kinds as the integers the policy dispatches on. */
const K_CLOSE = 0, K_BUG_ATTACK = 1, K_BOOST = 2, K_ATTACK = 3, K_RETREAT = 4, K_DASH = 5, K_APPROACH = 6, K_GUARD = 7;
const KIND_CODE: Readonly<Record<RuleKind, number>> = {
  close: K_CLOSE, 'bug-attack': K_BUG_ATTACK, boost: K_BOOST, attack: K_ATTACK, retreat: K_RETREAT, dash: K_DASH, approach: K_APPROACH, guard: K_GUARD,
};

/**
 * A scripted policy: its rule list (as kind codes), its parameters, and the scratch it reuses across decisions. In the
 * main action, `c` is the actor, `e` its nearest opponent at `dist` areas, `want` the preferred distance and `drain`
 * whether c carries 脱気; the legal list's scan is made when a rule first needs it.
 */
class ScriptedPolicy implements IfPolicy {
  private readonly kinds: Int8Array;
  private readonly keepRange: number;
  private readonly recover: boolean;
  private readonly counter: boolean;
  private readonly surrenderBelow: number;
  private readonly guardWithin: number;
  private readonly reach = new Reach();
  private readonly mt = new MemoryTable();
  private readonly ms = new MainScan();
  /** Whether {@link ms} holds the scan of the current main-action decision. */
  private scanned = false;

  constructor(rules: readonly MainRule[], p: Params, private readonly kite: boolean) {
    this.kinds = Int8Array.from(rules, (r) => KIND_CODE[r.kind]);
    this.keepRange = p.keep_range;
    this.recover = !!p.recover;
    this.counter = !!p.counter;
    this.surrenderBelow = p.surrender_below;
    this.guardWithin = p.guard_within;
  }

  decide(decision: number, o: IfObservation, legal: Int32Array, n: number, _rng: Dice): number {
    const c = o.actor;
    switch (decision) {
      case D_MAIN: return this.mainAction(o, c, legal, n);
      case D_FLAG: return o.life[c] <= this.surrenderBelow * o.lifeMax[c] ? FL_DROP : FL_CONTINUE;
      case D_COUNTER: return this.counter ? A_YES : A_NO;
      case D_RECOVER: return this.recover ? mostPoints(o, c, legal, n) : A_NONE;
      case D_MEMORY_MOVE: {
        const e = nearestOpponent(o, c);
        if (e < 0) return A_WAIT;
        const s = bestStep(o, c, e, this.preferred(o, c), legal, n);
        return s >= 0 ? s : A_WAIT;
      }
      default: return legal[0];
    }
  }

  /** The preferred distance of this policy for character c. */
  private preferred(o: IfObservation, c: number): number {
    if (this.keepRange > 0) return this.keepRange;
    this.reach.of(o, c);
    return this.kite ? this.reach.hi[c] : this.reach.lo[c];
  }

  /** The first rule (in order) that finds a legal action, else 待機. */
  private mainAction(o: IfObservation, c: number, legal: Int32Array, n: number): number {
    const e = nearestOpponent(o, c);
    if (e < 0) return A_WAIT;
    const dist = distance(o.area[c], o.area[e]);
    const want = this.preferred(o, c);
    const drain = o.bug(c, B_DRAIN) > 0;
    this.scanned = false;
    const kinds = this.kinds;
    for (let i = 0; i < kinds.length; i++) {
      const a = this.rule(kinds[i], o, c, legal, n, e, dist, want, drain);
      if (a >= 0) return a;
    }
    return A_WAIT;
  }

  /** The action of one main-action rule, or −1. */
  private rule(kind: number, o: IfObservation, c: number, legal: Int32Array, n: number, e: number, dist: number, want: number, drain: boolean): number {
    switch (kind) {
      case K_CLOSE: return this.close(o, c, legal, n, e, dist, want, drain);
      case K_BOOST: return this.boost(o, c, legal, n, drain);
      case K_ATTACK: return this.scan(o, c, legal, n, drain).bestAttack(o, c, this.mt, false);
      case K_BUG_ATTACK: return this.scan(o, c, legal, n, drain).bestAttack(o, c, this.mt, true);
      case K_APPROACH: return this.approach(o, c, legal, n, e, dist, want, drain);
      case K_RETREAT: return this.retreat(o, c, legal, n, e, dist, want, drain);
      case K_DASH: return this.dash(o, c, legal, n, dist, want, drain);
      case K_GUARD: return dist > this.guardWithin ? -1 : this.scan(o, c, legal, n, drain).guard;
      default: return -1;
    }
  }

  /** The scan of this main-action decision's legal list (made on first use). */
  private scan(o: IfObservation, c: number, legal: Int32Array, n: number, drain: boolean): MainScan {
    if (!this.scanned) {
      this.ms.scan(o, c, legal, n, drain);
      this.scanned = true;
    }
    return this.ms;
  }

  /** Step towards the preferred distance while the cost left after the step still pays the cheapest attack. */
  private close(o: IfObservation, c: number, legal: Int32Array, n: number, e: number, dist: number, want: number, drain: boolean): number {
    if (dist <= want) return -1;
    this.reach.of(o, c);
    if (o.cost[c] - pay(drain, 1) < pay(drain, this.reach.cheap[c])) return -1;
    return bestStep(o, c, e, want, legal, n);
  }

  /** Step away while closer than the preferred distance and the cost left still pays the cheapest attack. */
  private retreat(o: IfObservation, c: number, legal: Int32Array, n: number, e: number, dist: number, want: number, drain: boolean): number {
    if (dist >= want) return -1;
    const s = bestStep(o, c, e, want, legal, n);
    if (s < 0) return -1;
    this.reach.of(o, c);
    return o.cost[c] - pay(drain, 1) >= pay(drain, this.reach.cheap[c]) ? s : -1;
  }

  /** The first legal boost when the cost left after it still pays the cheapest legal attack. */
  private boost(o: IfObservation, c: number, legal: Int32Array, n: number, drain: boolean): number {
    const ms = this.scan(o, c, legal, n, drain), b = ms.boost;
    if (b < 0) return -1;
    const need = ms.cheapest;
    return need >= 0 && o.cost[c] - pay(drain, slotCost(o, c, b)) >= need ? b : -1;
  }

  /** Step towards the preferred distance, keeping the cost of a movement memory when steps alone cannot close it. */
  private approach(o: IfObservation, c: number, legal: Int32Array, n: number, e: number, dist: number, want: number, drain: boolean): number {
    if (dist <= want) return -1;
    const d = this.scan(o, c, legal, n, drain).movement;
    if (d >= 0 && dist - want > Math.floor(o.cost[c] / pay(drain, 1)) && o.cost[c] - pay(drain, 1) < pay(drain, slotCost(o, c, d))) return -1;
    return bestStep(o, c, e, want, legal, n);
  }

  /** The first legal movement memory when steps alone cannot close the distance. */
  private dash(o: IfObservation, c: number, legal: Int32Array, n: number, dist: number, want: number, drain: boolean): number {
    if (dist <= want) return -1;
    const d = this.scan(o, c, legal, n, drain).movement;
    if (d < 0) return -1;
    const steps = Math.floor(o.cost[c] / pay(drain, 1));
    return dist - want > steps ? d : -1;
  }
}

/** Listed cost of the memory of c's memory action a. */
const slotCost = (o: IfObservation, c: number, a: number): number => o.memCost[c * MAX_SLOTS + D.memSlot(a)];

/** The legal bug (not A_NONE) c carries the most points of (first of equal), else A_NONE. */
function mostPoints(o: IfObservation, c: number, legal: Int32Array, n: number): number {
  let best: number = A_NONE, bp = 0;
  for (let i = 0; i < n; i++) {
    const b = legal[i];
    if (b < N_BUGS && o.bug(c, b) > bp) {
      bp = o.bug(c, b);
      best = b;
    }
  }
  return best;
}

/** A scripted policy from its main-action rules and parameters. */
export function scriptedPolicy(rules: readonly MainRule[], p: Params, kite: boolean): IfPolicy {
  return new ScriptedPolicy(rules, p, kite);
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
