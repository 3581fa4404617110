/**
 * One pass over a メインアクション legal list (seed 001, メインアクション: move,
 * use a memory, 待機) for the scripted rules: the first legal self-targeted
 * boost, movement and guard memory, the cheapest legal attack's payment, and
 * the legal attacks (action, slot, target) in legal order, so that each rule
 * reads these instead of rescanning the list.
 */
import * as D from '../../rules/if-battle/decisions.js';
import { MAX_CHARS, MAX_SLOTS as MAX_SLOTS_, MF_ATTACK as MF_ATTACK_, MF_BOOST as MF_BOOST_, MF_GUARD as MF_GUARD_, MF_MOVE as MF_MOVE_, type IfObservation } from '../../rules/if-battle/state.js';
import type { MemoryTable } from './estimates.js';

/** Module-local copies: V8 (Node 20) reloads and hole-checks an imported binding at every use; a local const folds. */
const MAX_SLOTS = MAX_SLOTS_, MF_ATTACK = MF_ATTACK_, MF_BOOST = MF_BOOST_, MF_GUARD = MF_GUARD_, MF_MOVE = MF_MOVE_;

/** Most attacks a legal list can hold (every slot on every character). */
const MAX_ATTACKS = MAX_CHARS * MAX_SLOTS_ * MAX_CHARS;

/** The scan of one main-action legal list (filled by {@link MainScan.scan}, reused across decisions). */
export class MainScan {
  /** First legal self-targeted memory of each kind (−1 none). */
  boost = -1;
  movement = -1;
  guard = -1;
  /**
   * Payment of the cheapest legal attack (−1 none), exactly as the rule's scan defines it: an attack replaces the
   * best when its listed cost is below the best payment so far.
   */
  cheapest = -1;
  nAttacks = 0;
  private readonly attackAction = new Int32Array(MAX_ATTACKS);
  private readonly attackSlot = new Int32Array(MAX_ATTACKS);
  private readonly attackTarget = new Int32Array(MAX_ATTACKS);

  /** Scan the n legal actions of character c's main action; `drain`: c carries 脱気 (a payment of at least 1 costs 1 more). */
  scan(o: IfObservation, c: number, legal: Int32Array, n: number, drain: boolean): void {
    let boost = -1, movement = -1, guard = -1, cheapest = -1, na = 0;
    const flags = o.memFlags, costs = o.memCost, base = c * MAX_SLOTS;
    for (let j = 0; j < n; j++) {
      const a = legal[j];
      if (!D.isMem(a)) continue;
      const i = base + D.memSlot(a), t = D.memTarget(a), f = flags[i];
      if (t === c) {
        if (boost < 0 && f & MF_BOOST) boost = a;
        if (movement < 0 && f & MF_MOVE) movement = a;
        if (guard < 0 && f & MF_GUARD) guard = a;
      }
      if (f & MF_ATTACK) {
        const cost = costs[i];
        if (cheapest < 0 || cost < cheapest) cheapest = cost > 0 && drain ? cost + 1 : cost;
        if (na < MAX_ATTACKS) {
          this.attackAction[na] = a;
          this.attackSlot[na] = i;
          this.attackTarget[na++] = t;
        }
      }
    }
    this.boost = boost;
    this.movement = movement;
    this.guard = guard;
    this.cheapest = cheapest;
    this.nAttacks = na;
  }

  /** Best scanned attack of c by {@link MemoryTable.score} (first of equal scores); `bugOnly` keeps attacks inflicting a bug the target lacks. −1 none. */
  bestAttack(o: IfObservation, c: number, mt: MemoryTable, bugOnly: boolean): number {
    let best = -1, bv = 0;
    for (let j = 0; j < this.nAttacks; j++) {
      const i = this.attackSlot[j], t = this.attackTarget[j];
      mt.slot(o, c, i);
      if (bugOnly) {
        const b = mt.bug[i];
        if (b < 0 || o.bug(t, b) > 0) continue;
      }
      const v = mt.score(o, c, i, t);
      if (v > bv) {
        bv = v;
        best = this.attackAction[j];
      }
    }
    return best;
  }
}
