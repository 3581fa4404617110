/**
 * Hex scores for the scripted Axis & Allies Miniatures policies (seed 002
 * §移動フェイズ and §突撃フェイズ: where a unit moves; the attack arithmetic of
 * scoring.ts): firepower from a hex, the threat of the enemies that see it,
 * cover, the approach to the stand-off range and the objective's pull.
 *
 * Enemies never move, die or turn in the acting side's phase, and only their
 * face-down counters change (when the acting side attacks), so everything a
 * score reads is fixed for a run of decisions. The evaluator therefore caches,
 * per phase and per class of acting unit (its type and its penalty, which is
 * all a score reads of it): the contribution of each enemy at each distance
 * (and front/rear arc), and each hex's whole score. Every cached number is the
 * very number the uncached formula gives (same operations, same order), and
 * a change to any enemy's live state drops the caches. Nothing is allocated
 * per step: typed arrays, stamped by generation instead of cleared.
 */
import { KIND_AIRCRAFT, KIND_VEHICLE } from '../../rules/axis-allies-miniatures/config.js';
import { DIR_Q, DIR_R } from '../../rules/axis-allies-miniatures/hexmap.js';
import type { AamObservation } from '../../rules/axis-allies-miniatures/state.js';
import { RANGE_SLOTS, TAIL_MAX_DICE, TAIL_STRIDE, attackScoreInto, tailRow, diceTable, penalty, urgency, type DiceTable, type Params } from './scoring.js';

/** Most enemies the evaluator tracks. */
export const MAXU = 64;
/** Classes of acting unit cached at once per phase. */
export const MAX_SLOTS = 8;
/** Stamps restart (all cleared) before the generation counter grows past this. */
export const MAX_GEN = 1 << 30;

/**
 * Row of an enemy in the evaluator's enemy lists: index, hex × map size (its row of the map tables), axial q and r, reach for the slot, the slot's
 * threat-cache offset, its kind's dice-table offset, 1 if a vehicle, and its facing as (X, Y) of
 * {@link HexMap.inFrontArc}.
 */
const ROW = 10;
const R_IDX = 0, R_POS = 1, R_Q = 2, R_R = 3, R_REACH = 4, R_TI = 5, R_KIND = 6, R_VEH = 7, R_FX = 8, R_FY = 9;

export class HexEvaluator {
  protected o!: AamObservation;
  protected p!: Params;
  protected u = -1;
  protected ne = 0;
  /** The enemy list is rebuilt only when the (state object, game serial, turn, phase, acting side) changes: enemies do not move in our phase. */
  protected keyObs: AamObservation | null = null;
  protected keyTurn = -1;
  protected keyPhase = -1;
  protected keySide = -1;
  protected keySerial = -1;
  protected readonly ePos = new Int32Array(MAXU);
  /** Axial coordinates of each enemy's hex. */
  protected readonly eQ = new Int32Array(MAXU);
  protected readonly eR = new Int32Array(MAXU);
  protected readonly eUnit = new Int32Array(MAXU);
  protected readonly eKind = new Int32Array(MAXU);
  protected readonly eType = new Int32Array(MAXU);
  protected readonly eTable: DiceTable[] = [];
  /** Each enemy's success-tail row ({@link tailRow} of its penalty) at the last snapshot (penalties change only with it). */
  protected readonly eTail: Float64Array[] = [];
  /** The enemies' live state the caches were computed from (alive, position, facing, counters, disrupted, damaged). */
  protected readonly snap = new Int32Array(MAXU * 6);
  /** Dice tables by unit type index, for the type list {@link tablesOf} under the combat table {@link tablesCombat}. */
  protected tables: DiceTable[] = [];
  protected tablesOf: unknown = null;
  protected tablesCombat: unknown = null;
  /** pairReach[ours × types + theirs]: the reach of {@link useSlot} for two unit types (−2 not yet computed). */
  protected pairReach = new Int8Array(0);
  protected ours!: DiceTable;
  protected ourKind = 0;
  protected ourNeed = 0;
  /** [0] the best fire term and [1] the summed threat of the hex being scored (slots, not boxed doubles). */
  protected readonly ft = new Float64Array(2);
  /** [0]: the objective's pull this turn ({@link urgency}; a typed-array slot, not a boxed field). */
  protected readonly urg = new Float64Array(1);

  /** Cache slots: the class (type, penalty, parameters) each holds and its generation. */
  protected nSlots = 0;
  protected slot = 0;
  protected gen = 0;
  protected readonly slotType = new Int32Array(MAX_SLOTS);
  protected readonly slotPen = new Int32Array(MAX_SLOTS);
  protected readonly slotParams: (Params | null)[] = new Array<Params | null>(MAX_SLOTS).fill(null);
  protected readonly slotGen = new Int32Array(MAX_SLOTS);
  /** Per slot and enemy: the farthest distance (< RANGE_SLOTS) at which either side has dice against the other, −1 none. */
  protected readonly reach = new Int32Array(MAX_SLOTS * MAXU);
  /** Per slot, enemy and distance: the threat term; ×2 for the arc (rear = 1): the fire term. Valid where the stamp is the slot's generation. */
  protected readonly threatVal = new Float64Array(MAX_SLOTS * MAXU * RANGE_SLOTS);
  protected readonly threatStamp = new Int32Array(MAX_SLOTS * MAXU * RANGE_SLOTS);
  protected readonly fireVal = new Float64Array(MAX_SLOTS * MAXU * RANGE_SLOTS * 2);
  protected readonly fireStamp = new Int32Array(MAX_SLOTS * MAXU * RANGE_SLOTS * 2);
  /** Per slot and hex: the whole score. */
  protected hexVal = new Float64Array(0);
  protected hexStamp = new Int32Array(0);
  protected mapN = 0;
  /** Per hex: the nearest enemy (first in list order at the least distance) and its distance, valid where the stamp is {@link nearGen}. */
  protected nearIdx = new Int32Array(0);
  protected nearDist = new Int32Array(0);
  protected nearStamp = new Int32Array(0);
  protected nearGen = 0;
  /** The live enemies at the last snapshot, in list order: their list index and hex × map size (row of the map tables). */
  protected readonly liveIdx = new Int32Array(MAXU);
  protected readonly liveRow = new Int32Array(MAXU);
  protected nLive = 0;
  /** Distance to the enemy the last {@link nearest} call returned. */
  protected nd = 0;
  /**
   * The enemies that can reach or be reached from some hex within `radius` of `centre` (the acting unit's hex and
   * speed): for those hexes the others add nothing but to the nearest distance. `radius` −1: no such region.
   */
  protected readonly active = new Int32Array(MAXU * ROW);
  protected nActive = 0;
  /** Scratch: every live enemy, for hexes outside the region (same rows as {@link active}). */
  protected readonly every = new Int32Array(MAXU * ROW);
  /** 1 when an attacker in the same hex attacks a vehicle's rear (ruling AAM-R03), for the prepared observation. */
  protected sameHexRear = 0;
  /**
   * The numbers a score reads, copied from the parameters {@link pvOf} and the acting unit's type (a Params record
   * may be a dictionary, each read a lookup): fire, threat, cover, approach, objective and focus weights, then the
   * unit's cost. The same numbers, so the same arithmetic.
   */
  protected readonly pv = new Float64Array(7);
  protected pvOf: Params | null = null;
  /**
   * Per terrain: the chance a cover roll holds for the prepared unit ({@link coverChance}'s number), 0 when cover does
   * not count for it (cover and threat unweighed, cover rolls off, or an aircraft).
   */
  protected covT = new Float64Array(0);
  /** The cover table and (kind, on) {@link covT} was filled for. */
  protected covOf: unknown = null;
  protected covKey = -1;
  protected centre = -1;
  protected radius = -1;

  prepare(o: AamObservation, u: number, p: Params): void {
    this.o = o;
    this.p = p;
    this.u = u;
    this.ensureTables(o);
    const side = o.side[u], U = o.types[o.type[u]];
    this.ours = this.tables[o.type[u]];
    this.ourKind = o.kind[u];
    const pen = penalty(o, u);
    this.ourNeed = Math.max(1, U.defFront - pen) + Math.max(1, U.superiorArmor);
    this.urg[0] = urgency(o, p);
    if (this.keyObs === o && this.keyTurn === o.turn && this.keyPhase === o.phase && this.keySide === side && this.keySerial === o.serial) {
      this.sameKey(o, side);
    } else {
      this.keyObs = o;
      this.keyTurn = o.turn;
      this.keyPhase = o.phase;
      this.keySide = side;
      this.keySerial = o.serial;
      let ne = 0;
      for (let e = 0; e < o.n; e++) {
        if (!o.alive[e] || o.side[e] === side || o.kind[e] === KIND_AIRCRAFT || o.pos[e] < 0) continue;
        this.eUnit[ne] = e;
        this.ePos[ne] = o.pos[e];
        this.eQ[ne] = o.map.q[o.pos[e]];
        this.eR[ne] = o.map.r[o.pos[e]];
        this.eKind[ne] = o.kind[e];
        this.eType[ne] = o.type[e];
        this.eTable[ne] = this.tables[o.type[e]];
        ne++;
      }
      this.ne = ne;
      if (o.map.n > this.mapN) {
        this.mapN = o.map.n;
        this.hexVal = new Float64Array(MAX_SLOTS * this.mapN);
        this.hexStamp = new Int32Array(MAX_SLOTS * this.mapN);
        this.nearIdx = new Int32Array(this.mapN);
        this.nearDist = new Int32Array(this.mapN);
        this.nearStamp = new Int32Array(this.mapN);
      }
      this.takeSnapshot();
    }
    this.sameHexRear = o.rulings.same_hex_defense === 'rear' ? 1 : 0;
    const pv = this.pv;
    if (this.pvOf !== p) {
      pv[0] = p.fire;
      pv[1] = p.threat;
      pv[2] = p.cover;
      pv[3] = p.approach;
      pv[4] = p.objective;
      pv[5] = p.focus;
      this.pvOf = p;
    }
    pv[6] = U.cost;
    this.coverTable(o, (p.cover > 0 || p.threat > 0) && o.rulings.cover_rolls === 'on' && this.ourKind !== KIND_AIRCRAFT);
    this.useSlot(o.type[u], pen, p);
    this.findActive(o.pos[u], Math.max(1, U.speed));
  }

  /** The enemies' key (game, turn, phase, side) is unchanged: drop the caches if an enemy's live state changed. */
  protected sameKey(_o: AamObservation, _side: number): void {
    if (!this.snapshotHolds()) this.takeSnapshot();
  }

  /** Fill {@link covT} for the prepared unit's kind (all 0 when `on` is false), unless it already holds that. */
  protected coverTable(o: AamObservation, on: boolean): void {
    const cover = o.bf.cover, ki = this.ourKind === KIND_VEHICLE ? 1 : 0, key = ki * 2 + (on ? 1 : 0);
    if (this.covOf === cover && this.covKey === key) return;
    this.covOf = cover;
    this.covKey = key;
    if (this.covT.length !== cover.length) this.covT = new Float64Array(cover.length);
    for (let t = 0; t < cover.length; t++) {
      const need = cover[t][ki];
      this.covT[t] = on && need > 0 ? Math.max(0, 7 - need) / 6 : 0;
    }
  }

  /** Rebuild the per-type dice tables when the observation's type list or combat table changed. */
  protected ensureTables(o: AamObservation): void {
    if (this.tablesOf !== o.types || this.tablesCombat !== o.bf.combat) this.rebuildTables(o);
  }

  /** Build the dice tables (out of line and without a closure: a captured `o` would cost a context per check). */
  protected rebuildTables(o: AamObservation): void {
    const tables: DiceTable[] = [];
    for (let i = 0; i < o.types.length; i++) tables.push(diceTable(o.types[i], o.bf.combat));
    this.tables = tables;
    this.pairReach = new Int8Array(o.types.length * o.types.length).fill(-2);
    this.tablesOf = o.types;
    this.tablesCombat = o.bf.combat;
  }

  /** The dice table ({@link diceTable}) of unit type index `type` under `o`'s type list and combat table. */
  table(o: AamObservation, type: number): DiceTable {
    this.ensureTables(o);
    return this.tables[type];
  }

  /** The enemies in reach of the hexes within `radius` of `centre`, in list order (see {@link aIdx}). */
  protected findActive(centre: number, radius: number): void {
    if (centre < 0) {
      this.radius = -1;
      return;
    }
    this.centre = centre;
    this.radius = radius;
    this.nActive = this.listEnemies(this.active, centre, radius);
  }

  /**
   * Write the live enemies as {@link ROW} rows in list order, those within `radius` + their reach of `centre` only
   * (`centre` −1: all of them). Returns how many.
   */
  protected listEnemies(out: Int32Array, centre: number, radius: number): number {
    const o = this.o, m = o.map, base = this.slot * MAXU;
    let k = 0;
    for (let i = 0; i < this.ne; i++) {
      const re = this.reach[base + i], e = this.eUnit[i];
      if (!o.alive[e] || (centre >= 0 && (re < 0 || m.distance[this.ePos[i] * m.n + centre] > radius + re))) continue;
      const b = k++ * ROW, dir = o.facing[e];
      out[b + R_IDX] = i;
      out[b + R_POS] = this.ePos[i] * m.n;
      out[b + R_Q] = this.eQ[i];
      out[b + R_R] = this.eR[i];
      out[b + R_REACH] = re;
      out[b + R_TI] = (base + i) * RANGE_SLOTS;
      out[b + R_KIND] = this.eKind[i] * RANGE_SLOTS;
      out[b + R_VEH] = this.eKind[i] === KIND_VEHICLE ? 1 : 0;
      out[b + R_FX] = DIR_Q[dir];
      out[b + R_FY] = 2 * DIR_R[dir] + DIR_Q[dir];
    }
    return k;
  }

  /** Does every tracked enemy still show the live state the caches were computed from? */
  protected snapshotHolds(): boolean {
    const o = this.o, s = this.snap;
    for (let i = 0; i < this.ne; i++) {
      const e = this.eUnit[i], b = i * 6;
      if (s[b] !== o.alive[e] || s[b + 1] !== o.pos[e] || s[b + 2] !== o.facing[e] || s[b + 3] !== o.counters[e] || s[b + 4] !== o.disrupted[e] || s[b + 5] !== o.damaged[e]) return false;
    }
    return true;
  }

  /** Record the enemies' live state and drop every cached class. */
  protected takeSnapshot(): void {
    const o = this.o, s = this.snap, mn = o.map.n;
    let k = 0;
    for (let i = 0; i < this.ne; i++) {
      const e = this.eUnit[i], b = i * 6;
      if (o.alive[e]) {
        this.liveIdx[k] = i;
        this.liveRow[k++] = this.ePos[i] * mn;
      }
      this.eTail[i] = tailRow(penalty(o, e), o.bf.combat.successOn);
      s[b] = o.alive[e];
      s[b + 1] = o.pos[e];
      s[b + 2] = o.facing[e];
      s[b + 3] = o.counters[e];
      s[b + 4] = o.disrupted[e];
      s[b + 5] = o.damaged[e];
    }
    this.nLive = k;
    this.nSlots = 0;
    this.nearGen++;
  }

  /** Select the cache slot of the acting unit's class, starting a fresh one if it has none. */
  protected useSlot(type: number, pen: number, p: Params): void {
    if (this.findSlot(type, pen, p)) return;
    const s = this.newSlot(type, pen, p);
    for (let i = 0; i < this.ne; i++) this.reach[s * MAXU + i] = this.reachOf(i, type);
  }

  /** Select the slot already holding the class (type, penalty, parameters); false if none does. */
  protected findSlot(type: number, pen: number, p: Params): boolean {
    for (let s = 0; s < this.nSlots; s++) {
      if (this.slotType[s] === type && this.slotPen[s] === pen && this.slotParams[s] === p) {
        this.slot = s;
        return true;
      }
    }
    return false;
  }

  /** Start a fresh slot for the class (the oldest is reused when all are taken) and select it; returns it. */
  protected newSlot(type: number, pen: number, p: Params): number {
    if (this.nSlots === MAX_SLOTS) this.nSlots = 0;
    if (this.gen >= MAX_GEN || this.nearGen >= MAX_GEN) {
      this.gen = 0;
      this.nearGen = 1;
      this.threatStamp.fill(0);
      this.fireStamp.fill(0);
      this.hexStamp.fill(0);
      this.nearStamp.fill(0);
    }
    const s = this.nSlots++;
    this.slot = s;
    this.slotType[s] = type;
    this.slotPen[s] = pen;
    this.slotParams[s] = p;
    this.slotGen[s] = ++this.gen;
    return s;
  }

  /** The farthest distance (< RANGE_SLOTS) at which our `type` or listed enemy `i` has dice against the other, −1 none. */
  protected reachOf(i: number, type: number): number {
    const pi = type * this.tables.length + this.eType[i];
    let r = this.pairReach[pi];
    if (r === -2) {
      const theirs = this.eTable[i].dice, ek = this.eKind[i] * RANGE_SLOTS, ours = this.ours.dice, k = this.ourKind;
      r = RANGE_SLOTS - 1;
      while (r >= 0 && theirs[k * RANGE_SLOTS + r] <= 0 && ours[ek + r] <= 0) r--;
      this.pairReach[pi] = r;
    }
    return r;
  }

  /** Score of the prepared unit standing in hex `h` (higher is better). */
  score(h: number): number {
    const hi = this.slot * this.mapN + h, g = this.slotGen[this.slot];
    if (this.hexStamp[hi] !== g) {
      this.compute(h, hi);
      this.hexStamp[hi] = g;
    }
    return this.hexVal[hi];
  }

  /** The nearest live enemy to `h` (first in list order at the least distance), cached per hex; its distance in {@link nd}. */
  protected nearest(h: number): number {
    if (this.nearStamp[h] === this.nearGen) {
      this.nd = this.nearDist[h];
      return this.nearIdx[h];
    }
    // The live enemies (alive changes only with the snapshot), read from their rows of the distance table.
    const dist = this.o.map.distance, row = this.liveRow;
    let nearest = -1, nd = 1e9;
    for (let j = 0; j < this.nLive; j++) {
      const d = dist[row[j] + h];
      if (d < nd) {
        nd = d;
        nearest = this.liveIdx[j];
      }
    }
    this.nearIdx[h] = nearest;
    this.nearDist[h] = nd;
    this.nearStamp[h] = this.nearGen;
    this.nd = nd;
    return nearest;
  }


  /** Score hex `h` into {@link hexVal}[`hi`] (written, not returned: a returned double would be boxed per call). */
  protected compute(h: number, hi: number): void {
    const o = this.o, pv = this.pv, m = o.map, mn = m.n, ours = this.ours, k = this.ourKind;
    const slot = this.slot, g = this.slotGen[slot], dist = m.distance, seen = m.seen;
    const tStamp = this.threatStamp, tVal = this.threatVal, fStamp = this.fireStamp, fVal = this.fireVal, oursDice = ours.dice;
    // Within the region only the active enemies can add fire or threat; elsewhere every live enemy is checked.
    const hq = m.q[h], hr = m.r[h];
    let rows = this.active, count = this.nActive;
    if (!(this.radius >= 0 && dist[this.centre * mn + h] <= this.radius)) {
      rows = this.every;
      count = this.listEnemies(rows, -1, 0);
    }
    let fire = 0, threat = 0;
    for (let j = 0, b = 0; j < count; j++, b += ROW) {
      // The distance where an attack can be traced, else NOT_SEEN (read from the enemy's row: the few enemy rows stay
      // in cache while the hexes vary); beyond both sides' dice (always < RANGE_SLOTS, so below NOT_SEEN) neither term
      // can be non-zero.
      const d = seen[rows[b + R_POS] + h];
      if (d > rows[b + R_REACH]) continue;
      const ti = rows[b + R_TI] + d;
      if (tStamp[ti] !== g) {
        const i = rows[b + R_IDX];
        const tn = this.eTable[i].dice[k * RANGE_SLOTS + d];
        // atLeast(tn, ourNeed, penalty, successOn) read from its table here (ourNeed ≥ 2), so no double is returned.
        const nn = tn > TAIL_MAX_DICE ? TAIL_MAX_DICE : tn, need = this.ourNeed;
        tVal[ti] = tn > 0 ? (need > nn ? 0 : this.eTail[i][nn * TAIL_STRIDE + need]) : 0;
        tStamp[ti] = g;
      }
      threat += tVal[ti];
      const ds = rows[b + R_KIND] + d;
      const on = oursDice[ds];
      if (on > 0) {
        let fi = ti * 2;
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

  /**
   * 1 when a hex at axial offset (`dq`, `dr`) from a vehicle facing (`fx`, `fy`) lies in its rear arc
   * (HexMap.inFrontArc by the same integers; in its own hex, `d` 0, as ruling AAM-R03 reads the same-hex defence).
   */
  protected rearArc(dq: number, dr: number, fx: number, fy: number, d: number): number {
    if (d === 0) return this.sameHexRear === 1 ? 1 : 0;
    return 3 * dq * fx + (2 * dr + dq) * fy >= 0 ? 0 : 1;
  }

  /**
   * Fire-cache entry `fi`: the score of the prepared unit attacking enemy unit `t` from hex `h` at distance `d` with
   * `on` dice (Close Assault or not), × (1 + focus) when `t` already carries counters; stamped with the slot's
   * generation.
   */
  protected fillFire(fi: number, t: number, h: number, d: number, on: number, closeAssault: boolean): void {
    const o = this.o, fVal = this.fireVal;
    attackScoreInto(fVal, fi, o, this.u, t, h, d, on, closeAssault);
    if (o.counters[t] > 0) fVal[fi] *= 1 + this.pv[5];
    this.fireStamp[fi] = this.slotGen[this.slot];
  }

  /**
   * The score of hex `h` from its best fire term and summed threat ({@link ft}), with cover, the approach to the
   * nearest enemy and the objective's pull, into {@link hexVal}[`hi`].
   */
  protected finish(h: number, hi: number): void {
    const pv = this.pv, m = this.o.map, fire = this.ft[0];
    const threat = this.ft[1] * pv[6];
    // coverChance(o, h, k), read from its per-terrain table (a double returned from a call that is not inlined is boxed).
    const cov = this.covT[m.terrain[h]];
    let score = pv[0] * fire - pv[1] * threat * (1 - cov * 0.5) + pv[2] * cov * (threat > 0 ? threat + 1 : 1);
    if (fire === 0) {
      const nearest = this.nearest(h);
      if (nearest >= 0) score -= pv[3] * Math.abs(this.nd - this.ours.optimal[this.eKind[nearest]]);
    }
    const urg = this.urg[0];
    if (urg > 0) {
      const dc = m.distance[h * m.n + m.centre];
      score += pv[4] * urg * (dc <= 1 ? 10 : 10 - dc);
    }
    this.hexVal[hi] = score;
  }
}
