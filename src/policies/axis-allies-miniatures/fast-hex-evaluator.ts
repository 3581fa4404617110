/**
 * Hex scores of the scripted Axis & Allies Miniatures policies (seed 002 §移動フェイズ and §突撃フェイズ: where a unit
 * moves), computed with less work than {@link HexEvaluator} (which the `thorough` policy keeps) and giving the very
 * same numbers: the same terms, the same operations in the same order, so every decision is the same.
 *
 * What is saved (issue 27):
 * - the enemy side's change counter ({@link AamObservation.changes}) tells in O(1) that the enemies still stand as
 *   cached; the enemies' six live arrays are compared only when it moved;
 * - the threat term of an enemy at a distance is a pure function of (our kind and defence roll needed, the enemy's
 *   type and penalty, the distance): it is kept in one table for the whole run ({@link threatAt}), not refilled per
 *   phase and class;
 * - each cache class builds its enemy rows once per snapshot; a decision's region lists row offsets, and a hex
 *   outside it reads every row without rebuilding them.
 *
 * Everything else (the enemy list, the slots, the fire cache, the nearest enemy, the score's last terms) is
 * {@link HexEvaluator}'s. Nothing is allocated per step.
 */
import { KIND_VEHICLE } from '../../rules/axis-allies-miniatures/config.js';
import { DIR_Q, DIR_R } from '../../rules/axis-allies-miniatures/hexmap.js';
import type { AamObservation } from '../../rules/axis-allies-miniatures/state.js';
import { HexEvaluator, MAXU, MAX_SLOTS } from './hex-evaluator.js';
import { RANGE_SLOTS, TAIL_MAX_DICE, TAIL_STRIDE, tailRow, penalty, type DiceTable, type Params } from './scoring.js';

/** Threat table: (our kind, defence roll needed) classes and (enemy type, penalty) classes it holds before it restarts. */
const MAX_OC = 16;
const MAX_EC = 64;
/** Penalties the success tails tell apart ({@link tailRow} counts up to 3). */
const PEN_CLASSES = 4;
/** Defence rolls needed that the threat table keys (a need above is scored without the table). */
const MAX_NEED = 63;

/**
 * An enemy's row in a slot: list index, hex × map size (its row of the map tables), axial q and r, reach for the
 * class, threat-table offset (−1 none), fire-cache offset, its kind's dice-table offset, 1 if a vehicle, facing as
 * (X, Y) of HexMap.inFrontArc.
 */
const ROW = 11;
const R_IDX = 0, R_POS = 1, R_Q = 2, R_R = 3, R_REACH = 4, R_TT = 5, R_FI = 6, R_KIND = 7, R_VEH = 8, R_FX = 9, R_FY = 10;

/** The scoring interface both evaluators offer to the scripted policies. */
export interface HexScorer {
  /** Prepare to score hexes for unit `u` of observation `o` under parameters `p`. */
  prepare(o: AamObservation, u: number, p: Params): void;
  /** Score of the prepared unit standing in hex `h` (higher is better). */
  score(h: number): number;
  /** The dice table of unit type index `type` under `o`'s type list and combat table. */
  table(o: AamObservation, type: number): DiceTable;
}

export class FastHexEvaluator extends HexEvaluator implements HexScorer {
  /** The enemy side's change counter when the snapshot was last confirmed. */
  private keyChanges = -1;
  /** Each listed enemy's threat-table class (type and penalty) at the last snapshot. */
  private readonly eClass = new Int32Array(MAXU);
  private successOn = 4;
  /**
   * threatTab[(oc × MAX_EC + ec) × RANGE_SLOTS + d]: the threat term (the enemy's chance to destroy us in one attack)
   * of an enemy of class `ec` at distance `d` for an acting unit of class `oc`; NaN until computed.
   */
  private readonly threatTab = new Float64Array(MAX_OC * MAX_EC * RANGE_SLOTS).fill(NaN);
  /** Class ids: ocId[kind × (MAX_NEED + 1) + need], ecId[type × PEN_CLASSES + penalty]; −1 none. */
  private readonly ocId = new Int32Array(3 * (MAX_NEED + 1)).fill(-1);
  private ecId = new Int32Array(0);
  private nOc = 0;
  private nEc = 0;
  /** Per slot: its enemy rows (live enemies either side can reach, in list order) and how many. */
  private readonly rows = new Int32Array(MAX_SLOTS * MAXU * ROW);
  private readonly nRows = new Int32Array(MAX_SLOTS);
  /** Row offsets (into {@link rows}) of the enemies in reach of the hexes within radius of centre, and of all rows. */
  private readonly activeOff = new Int32Array(MAXU);
  private nActiveOff = 0;
  private readonly everyOff = new Int32Array(MAXU);

  /** Same key: the enemies are compared only when their side's change counter moved. */
  protected override sameKey(o: AamObservation, side: number): void {
    const ch = o.changes[1 - side];
    if (ch === this.keyChanges) return;
    this.keyChanges = ch;
    if (!this.snapshotHolds()) this.takeSnapshot();
  }

  protected override takeSnapshot(): void {
    super.takeSnapshot();
    this.keyChanges = this.o.changes[1 - this.keySide];
    this.classifyEnemies();
  }

  /** Dice tables per type, and a fresh threat table (its numbers depend on the types and the success number). */
  protected override rebuildTables(o: AamObservation): void {
    super.rebuildTables(o);
    this.ecId = new Int32Array(o.types.length * PEN_CLASSES);
    this.successOn = o.bf.combat.successOn;
    this.resetClasses();
    this.keyObs = null; // the enemies are listed and classed again at the next prepare
  }

  /** Empty the threat table and its class ids. */
  private resetClasses(): void {
    this.threatTab.fill(NaN);
    this.ocId.fill(-1);
    this.ecId.fill(-1);
    this.nOc = 0;
    this.nEc = 0;
  }

  /** Assign every listed enemy its class; a full table is emptied and the slots dropped (MAXU ≤ MAX_EC classes fit). */
  private classifyEnemies(): void {
    const o = this.o;
    for (let i = 0; i < this.ne; i++) {
      const k = this.eType[i] * PEN_CLASSES + Math.min(PEN_CLASSES - 1, Math.max(0, penalty(o, this.eUnit[i])));
      let id = this.ecId[k];
      if (id < 0) {
        if (this.nEc === MAX_EC) {
          this.resetClasses();
          this.nSlots = 0;
          this.classifyEnemies();
          return;
        }
        this.ecId[k] = id = this.nEc++;
      }
      this.eClass[i] = id;
    }
  }

  /** The threat table's class of the acting unit (kind, defence roll needed), −1 beyond the table; empties a full table. */
  private ourClass(): number {
    if (this.ourNeed > MAX_NEED) return -1;
    const k = this.ourKind * (MAX_NEED + 1) + this.ourNeed;
    let id = this.ocId[k];
    if (id < 0) {
      if (this.nOc === MAX_OC) {
        this.resetClasses();
        this.nSlots = 0;
        this.classifyEnemies();
      }
      this.ocId[k] = id = this.nOc++;
    }
    return id;
  }

  /** Select the class's slot, or start one with its enemy rows (live enemies some side can reach). */
  protected override useSlot(type: number, pen: number, p: Params): void {
    if (this.findSlot(type, pen, p)) return;
    const oc = this.ourClass();
    const s = this.newSlot(type, pen, p);
    const o = this.o, m = o.map, rows = this.rows;
    let n = 0;
    for (let i = 0; i < this.ne; i++) {
      const e = this.eUnit[i], r = this.reachOf(i, type);
      if (r < 0 || !o.alive[e]) continue;
      const b = (s * MAXU + n) * ROW, dir = o.facing[e], h = this.ePos[i];
      this.everyOff[n++] = b;
      rows[b + R_IDX] = i;
      rows[b + R_POS] = h * m.n;
      rows[b + R_Q] = m.q[h];
      rows[b + R_R] = m.r[h];
      rows[b + R_REACH] = r;
      rows[b + R_TT] = oc < 0 ? -1 : (oc * MAX_EC + this.eClass[i]) * RANGE_SLOTS;
      rows[b + R_FI] = (s * MAXU + i) * RANGE_SLOTS;
      rows[b + R_KIND] = this.eKind[i] * RANGE_SLOTS;
      rows[b + R_VEH] = this.eKind[i] === KIND_VEHICLE ? 1 : 0;
      rows[b + R_FX] = DIR_Q[dir];
      rows[b + R_FY] = 2 * DIR_R[dir] + DIR_Q[dir];
    }
    this.nRows[s] = n;
  }

  /** The rows of the enemies in reach of the hexes within `radius` of `centre`. */
  protected override findActive(centre: number, radius: number): void {
    if (centre < 0) {
      this.radius = -1;
      return;
    }
    this.centre = centre;
    this.radius = radius;
    const dist = this.o.map.distance, rows = this.rows, nr = this.nRows[this.slot];
    let k = 0;
    for (let j = 0, b = this.slot * MAXU * ROW; j < nr; j++, b += ROW) {
      if (dist[rows[b + R_POS] + centre] <= radius + rows[b + R_REACH]) this.activeOff[k++] = b;
    }
    this.nActiveOff = k;
  }

  /**
   * Write the threat term of the enemy of row `b` at distance `d` for the prepared unit, as the thorough evaluator
   * reads it, to `out[at]` (written, not returned: a double returned from a call that is not inlined is boxed).
   */
  private threatInto(out: Float64Array, at: number, b: number, d: number): void {
    const i = this.rows[b + R_IDX];
    const tn = this.tables[this.eType[i]].dice[this.ourKind * RANGE_SLOTS + d];
    const nn = tn > TAIL_MAX_DICE ? TAIL_MAX_DICE : tn, need = this.ourNeed;
    out[at] = tn > 0 ? (need > nn ? 0 : tailRow(penalty(this.o, this.eUnit[i]), this.successOn)[nn * TAIL_STRIDE + need]) : 0;
  }

  /** Score hex `h` into hexVal[`hi`]: fire and threat from the slot's rows, the rest as the thorough evaluator. */
  protected override compute(h: number, hi: number): void {
    const m = this.o.map, ours = this.ours, rows = this.rows;
    const g = this.slotGen[this.slot], seen = m.seen;
    const tt = this.threatTab, fStamp = this.fireStamp, fVal = this.fireVal, oursDice = ours.dice;
    const hq = m.q[h], hr = m.r[h];
    let offs = this.activeOff, count = this.nActiveOff;
    if (!(this.radius >= 0 && m.distance[this.centre * m.n + h] <= this.radius)) {
      offs = this.everyOff;
      count = this.nRows[this.slot];
    }
    let fire = 0, threat = 0;
    for (let j = 0; j < count; j++) {
      const b = offs[j];
      const d = seen[rows[b + R_POS] + h];
      if (d > rows[b + R_REACH]) continue;
      const tb = rows[b + R_TT];
      if (tb < 0) {
        this.threatInto(this.ft, 1, b, d);
        threat += this.ft[1];
      } else {
        if (tt[tb + d] !== tt[tb + d]) this.threatInto(tt, tb + d, b, d);
        threat += tt[tb + d];
      }
      const ds = rows[b + R_KIND] + d;
      const on = oursDice[ds];
      if (on > 0) {
        let fi = (rows[b + R_FI] + d) * 2;
        if (rows[b + R_VEH] === 1) fi += this.rearArc(hq - rows[b + R_Q], hr - rows[b + R_R], rows[b + R_FX], rows[b + R_FY], d);
        if (fStamp[fi] !== g) this.fillFire(fi, this.eUnit[rows[b + R_IDX]], h, d, on, ours.closeAssault[ds] === 1);
        const v = fVal[fi];
        if (v > fire) fire = v;
      }
    }
    this.ft[0] = fire;
    this.ft[1] = threat;
    this.finish(h, hi);
  }
}
