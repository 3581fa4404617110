/**
 * The scripted policies' estimates (seed 001, メインアクション: the attack
 * memories' 命中判定 and 対抗判定): the exact success probability of a check
 * rank, an attack's expected life loss, and a per-observation table of the
 * attack data the best-attack rule reads of each memory slot (typed arrays;
 * the hit × not-countered factor of each attacker, slot and target computed
 * once).
 */
import type { MemoryDef } from '../../rules/if-battle/catalogue.js';
import { checkRank, successProbability, type CheckTable } from '../../rules/if-battle/checks.js';
import { MAX_CHARS as MAX_CHARS_, MAX_SLOTS as MAX_SLOTS_, type IfObservation } from '../../rules/if-battle/state.js';

/** Module-local copies: V8 (Node 20) reloads and hole-checks an imported binding at every use; a local const folds. */
const MAX_CHARS = MAX_CHARS_, MAX_SLOTS = MAX_SLOTS_;

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

/** P(hit) × (1 − P(counter)) of attack memory m by c on t: the factor {@link attackValue} multiplies the damage by. */
function hitFactor(o: IfObservation, c: number, t: number, m: MemoryDef): number {
  const tab = o.def.check;
  const la = o.level(c, m.skill), lt = o.level(t, m.skill);
  const pHit = pSuccess(tab, checkRank(tab, la, 0));
  const pCounter = pSuccess(tab, checkRank(tab, lt, la > lt ? 1 : lt > la ? -1 : 0));
  return pHit * (1 - pCounter);
}

/** Expected life loss of target t from attack memory m by c (hit × not countered × damage), plus 1 per bug point. */
export function attackValue(o: IfObservation, c: number, t: number, m: MemoryDef): number {
  let dmg = 0;
  if (m.damage > 0) {
    const atk = m.stat === 0 ? o.power[c] : o.force[c];
    const def = (m.stat === 0 ? o.guard[t] : o.resist[t]) + o.guardBuff[t];
    dmg = Math.max(o.def.damageMin, m.damage + o.boost[c] + atk - def - o.autoReduce[t]);
  }
  const bug = m.bug >= 0 && o.bug(t, m.bug) === 0 ? m.bugPoints : 0;
  return hitFactor(o, c, t, m) * (dmg + bug);
}

/**
 * The attack data the best-attack rule reads of each memory slot (char × MAX_SLOTS), for one observation: damage,
 * stat, bug and points, and the cost divisor `1 + 0.1 × cost`; per (slot, target) the hit × not-countered factor. A
 * character's memories, skill levels and the check table are fixed for a state's lifetime, so a slot is filled once
 * (again only if its memory changes) and a factor once per target.
 */
export class MemoryTable {
  private readonly damage = new Int32Array(MAX_CHARS * MAX_SLOTS);
  private readonly stat = new Int8Array(MAX_CHARS * MAX_SLOTS);
  readonly bug = new Int8Array(MAX_CHARS * MAX_SLOTS);
  private readonly bugPoints = new Int32Array(MAX_CHARS * MAX_SLOTS);
  private readonly divisor = new Float64Array(MAX_CHARS * MAX_SLOTS);
  /** Catalogue index the slot was filled for (−2 not yet). */
  private readonly filledFor = new Int16Array(MAX_CHARS * MAX_SLOTS).fill(-2);
  /** (slot × MAX_CHARS + target): the hit × not-countered factor, NaN until computed. */
  private readonly factor = new Float64Array(MAX_CHARS * MAX_SLOTS * MAX_CHARS).fill(NaN);
  private obs: IfObservation | null = null;

  /** Make sure slot i (c × MAX_SLOTS + k) of character c is filled for observation o. */
  slot(o: IfObservation, c: number, i: number): void {
    if (this.obs !== o) this.reset(o);
    if (this.filledFor[i] !== o.memory[i]) this.fill(o, c, i);
  }

  private reset(o: IfObservation): void {
    this.obs = o;
    this.filledFor.fill(-2);
  }

  private fill(o: IfObservation, c: number, i: number): void {
    const m = o.memoryDef(c, i - c * MAX_SLOTS);
    this.filledFor[i] = o.memory[i];
    this.damage[i] = m.damage;
    this.stat[i] = m.stat;
    this.bug[i] = m.bug;
    this.bugPoints[i] = m.bugPoints;
    this.divisor[i] = 1 + 0.1 * m.cost;
    this.factor.fill(NaN, i * MAX_CHARS, i * MAX_CHARS + MAX_CHARS);
  }

  /** The hit × not-countered factor of slot i (filled, an attack) of character c on t. */
  private hit(o: IfObservation, c: number, i: number, t: number): number {
    const j = i * MAX_CHARS + t;
    const f = this.factor[j];
    return f === f ? f : this.computeFactor(o, c, i, t, j);
  }

  private computeFactor(o: IfObservation, c: number, i: number, t: number, j: number): number {
    const f = hitFactor(o, c, t, o.memoryDef(c, i - c * MAX_SLOTS));
    this.factor[j] = f;
    return f;
  }

  /**
   * The best-attack rule's score of slot i (filled by {@link slot}, an attack) of c on t: {@link attackValue} ÷
   * (1 + 0.1 × cost), by the same floating-point operations in the same order (the factor, times the integer damage +
   * bug points, divided).
   */
  score(o: IfObservation, c: number, i: number, t: number): number {
    let dmg = 0;
    const d = this.damage[i];
    if (d > 0) {
      const power = this.stat[i] === 0;
      const raw = d + o.boost[c] + (power ? o.power[c] : o.force[c]) - ((power ? o.guard[t] : o.resist[t]) + o.guardBuff[t]) - o.autoReduce[t];
      const min = o.def.damageMin;
      dmg = raw > min ? raw : min;
    }
    const b = this.bug[i];
    const bug = b >= 0 && o.bug(t, b) === 0 ? this.bugPoints[i] : 0;
    return (this.hit(o, c, i, t) * (dmg + bug)) / this.divisor[i];
  }
}
