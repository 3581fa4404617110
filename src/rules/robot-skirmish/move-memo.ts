/**
 * A table of move phases by the state they began in (issue 27 speed; seed 000 2−2−2 移動フェイズ; no rule of its own). A
 * move phase that draws nothing (no disengagement, no fall check) is a function of the state it starts from when both
 * policies keep nothing between decisions (RsPolicy.memoryless): the same state gives the same moves. The games of
 * one variant meet the same states again and again in their first rounds (the deployment is fixed and the early fire
 * has few outcomes), so the engine (RsGame.movePhaseMemo) keeps the state each such phase ended in, by the state it
 * began in, and puts it back instead of playing the phase again. Only a speed device: every result stays the same.
 *
 * A state is every per-unit field of RsState for the runner's units, their carried weapons, movement modifiers and
 * pending fall checks, the turn bookkeeping and the headquarters, with no dropped weapon (a game with one is not
 * looked up). It is kept in two parts. The fixed part — what a move phase that draws nothing rarely changes: each
 * unit's form and combination, its derived values (move, radius, attack, defence, equipment, size, legs, maximum
 * hp), carried weapons and movement modifiers, and where the headquarters stand — is the same in (nearly) every
 * state of a runner: the table keeps it once (its template, taken from the first state it remembers) and takes only
 * states whose fixed part equals it, before and after the phase. The varying part (positions, hit points, the turn's
 * flags, concentration, the turn bookkeeping; the state after the phase also the current decision's fields) is kept
 * per slot, packed: positions as doubles, every other field exactly in 32-bit words (the 0–255 flags four to a
 * word). So a slot is ~0.5 KB and the table can be large.
 *
 * The current decision's destinations (nCand, cand*) are scratch that every move decision rebuilds: they are not
 * kept, and a lookup leaves the current decision's fields out (a phase writes each before it reads it). A phase
 * that changed the record's tallies is not remembered (one that draws nothing never does). A lookup first compares
 * a hash of positions and hit points with the slot's, so a miss costs little. The table has a fixed number of slots
 * in pairs (two ways: a state may stand in its hash's slot or the neighbouring one, slot ^ 1; of two taken slots the
 * entry with fewer hits less misses takes a miss, and an entry that keeps missing gives way), built at the first phase it would remember once the runner has looked up
 * BUILD_AFTER phases, and only while the worker thread's budget (bytesLeft) allows, so memory stays flat however
 * many games are played; nothing is allocated per game. The slots follow the policy of src/sim/core/memo-slots.ts
 * (MemoSlots: hash, hits less misses, an entry gives way after PATIENCE), written inline here for speed so that a
 * slot's record lies in one stretch of memory (8c1ba45).
 */
import { MAX_CARRY, type RsState } from './state.js';

/**
 * Rounds whose move phases are looked up. Measured on formation-vs-multi-attack (8,000 games per variant, move
 * decisions a game 18.4 with the former 1,024 slots and rounds 1–3): 16,384 slots and rounds 1–3 15.9, 1–5 13.3,
 * 1–8 12.3 (a table that small thrashed on later rounds' one-off states; this one keeps enough of them). Games of
 * longer limits leave their later rounds out: those states rarely come again.
 */
export const MEMO_ROUNDS = 8;
/**
 * Slots of a runner's table (a power of two): ~9 MB for six units (64 bytes a unit and ~140 more a slot). Move
 * decisions a game at rounds 1–8 (above): 8,192 slots 13.8, 16,384 12.3, 32,768 11.2. Two ways instead of one
 * (formation-vs-multi-attack, one thread, phases put back a game of 12.6 looked up): games 0–999 4.12 instead of 3.91,
 * 3,000–3,999 6.77 instead of 6.35 (32,768 slots one way: 7.31 at 5,000–5,999, two ways at 16,384: 6.97, one 6.59),
 * the same memory.
 */
const SLOTS = 16384;
/**
 * Bytes that tables may still take in this worker thread (module state: each piscina worker, like the main thread,
 * loads its own copy of this module and so has its own budget): runners beyond it play without one (only slower), so
 * a thread that builds many runners (a search) stays within it. A runner builds its table only once it has looked up
 * BUILD_AFTER early phases (about 15 games), so short-lived runners (a replay, a test's single game) take none.
 */
let bytesLeft = 256 * 1024 * 1024;
const BUILD_AFTER = 100;
/** Misses beyond its hits after which an entry gives way. */
const PATIENCE = 2;
/** 32-bit words of the varying part after its units: the turn bookkeeping, the outcome and the headquarters' hp. */
const SCALARS = 11;
/** More words in a state after the phase: the current decision's fields. */
const SCRATCH = 8;

/** A runner's table of move phases by the state they began in (see above); one per RsGame with memoryless policies. */
export class MoveMemo {
  /** Per-unit fields of the fixed part, by type (the carried weapons are read as 32-bit words: `carryWords`). */
  private readonly fixF64: Float64Array[];
  private readonly fixI32: Int32Array[];
  private readonly fixI8: (Int8Array | Uint8Array)[];
  private readonly carryWords: Int32Array;
  /** Lengths of a state's parts: the varying doubles; the varying words before and after the phase. */
  private readonly fWidth: number;
  private readonly iWidth: number;
  private readonly oWidth: number;
  /** The fixed part every remembered state has, by type (in the order of fixF64 … then the movement modifiers, headquarters). */
  private readonly tplF64: Float64Array;
  private readonly tplI32: Int32Array;
  private readonly tplI8: Int8Array;
  /** The varying part of the state being remembered (encoded by lookUp when its slot may take it). */
  private readonly keyF: Float64Array;
  private readonly keyI: Int32Array;
  /** The tallies before the phase being remembered (the engine writes them, see storing). */
  readonly tally0: Float64Array;
  /** A double's two 32-bit words, for the hash. */
  private readonly bits = new Float64Array(1);
  private readonly bitWords = new Int32Array(this.bits.buffer);
  /**
   * The table (allocated with the template): one record of `stride` bytes a slot, so a lookup touches one stretch
   * of memory. In 32-bit words from the record's start: its hash, its hits less its misses, in use (1), a pad; then
   * from byte 16 the varying part before the phase (doubles, then words, padded to 8 bytes) and after it (the same).
   * Viewed as doubles (`tf`) and as words (`ti`).
   */
  private tf = new Float64Array(0);
  private ti = new Int32Array(0);
  /** Bytes of a record, and the byte offsets in it of the words before the phase, the doubles and words after it. */
  private readonly stride: number;
  private readonly keyIAt: number;
  private readonly outFAt: number;
  private readonly outIAt: number;
  /** The template is set (with the table). */
  private hasTemplate = false;
  /** The budget had no room for this runner's table: nothing is looked up. */
  private refused = false;
  private slot = 0;
  private hash = 0;
  /** The phase just looked up is to be remembered (end). */
  private store = false;
  /** Phases put back so far (for tests and measurement), and phases looked up. */
  hitCount = 0;
  private lookUps = 0;

  /**
   * @param tallies the record's tallies a phase may add to (see storing): a phase that changed them is not remembered.
   */
  constructor(private readonly s: RsState, private readonly moveAdj: Float64Array, private readonly fallPending: Uint8Array, readonly tallies: Float64Array) {
    this.fixF64 = [s.mv, s.rad];
    this.fixI32 = [s.hpMax, s.atk, s.dfn, s.eq];
    this.fixI8 = [s.group, s.form, s.size, s.nMembers, s.transformed, s.sameSize, s.legs];
    // Two 16-bit carry slots a word (MAX_CARRY is even): the same comparison, half the steps.
    this.carryWords = new Int32Array(s.carry.buffer, s.carry.byteOffset, s.carry.length >> 1);
    const n = s.nUnits;
    this.fWidth = 2 * n;
    this.iWidth = 4 * n + SCALARS;
    this.oWidth = this.iWidth + SCRATCH;
    this.tplF64 = new Float64Array(this.fixF64.length * n + 2 * n + 4);
    this.tplI32 = new Int32Array(this.fixI32.length * n + n * MAX_CARRY);
    this.tplI8 = new Int8Array(this.fixI8.length * n);
    const pad8 = (b: number): number => (b + 7) & ~7;
    this.keyIAt = 16 + 8 * this.fWidth;
    this.outFAt = pad8(this.keyIAt + 4 * this.iWidth);
    this.outIAt = this.outFAt + 8 * this.fWidth;
    this.stride = pad8(this.outIAt + 4 * this.oWidth);
    this.keyF = new Float64Array(this.fWidth);
    this.keyI = new Int32Array(this.iWidth);
    this.tally0 = new Float64Array(tallies.length);
  }

  /** Is the current state looked up (an early round, no dropped weapon; a table, or room for one)? */
  fits(): boolean {
    return this.s.round <= MEMO_ROUNDS && this.s.nItems === 0 && !this.refused;
  }

  /** Hash of the phase's side, the round and the units' positions and hit points. */
  private hashState(side: number): number {
    const s = this.s, b = this.bits, w = this.bitWords;
    let h = Math.imul(side + 1, 0x9e3779b1) ^ s.round;
    for (let u = 0; u < s.nUnits; u++) {
      b[0] = s.x[u];
      h = Math.imul(h ^ w[0], 0x85ebca6b) ^ w[1];
      b[0] = s.y[u];
      h = Math.imul(h ^ w[0], 0xc2b2ae35) ^ w[1];
      h = Math.imul(h ^ s.hp[u], 0x27d4eb2f);
      h ^= h >>> 15;
    }
    return h;
  }

  /** Is the current state's fixed part the template's? (True while there is no template.) */
  private onTemplate(): boolean {
    if (!this.hasTemplate) return true;
    const s = this.s, n = s.nUnits, f = this.tplF64, w = this.tplI32, b = this.tplI8, fp = this.fixF64, ip = this.fixI32, bp = this.fixI8;
    let k = 0;
    for (let j = 0; j < fp.length; j++) for (let u = 0, a = fp[j]; u < n; u++) if (a[u] !== f[k++]) return false;
    for (let i = 0, a = this.moveAdj; i < 2 * n; i++) if (a[i] !== f[k++]) return false;
    if (s.hqX[0] !== f[k] || s.hqY[0] !== f[k + 1] || s.hqX[1] !== f[k + 2] || s.hqY[1] !== f[k + 3]) return false;
    k = 0;
    for (let j = 0; j < ip.length; j++) for (let u = 0, a = ip[j]; u < n; u++) if (a[u] !== w[k++]) return false;
    for (let i = 0, a = this.carryWords; i < n * MAX_CARRY; i++) if (a[i] !== w[k++]) return false;
    k = 0;
    for (let j = 0; j < bp.length; j++) for (let u = 0, a = bp[j]; u < n; u++) if (a[u] !== b[k++]) return false;
    return true;
  }

  /** Make the current state's fixed part the template (see onTemplate). */
  private takeTemplate(): void {
    const s = this.s, n = s.nUnits, f = this.tplF64, w = this.tplI32, b = this.tplI8, fp = this.fixF64, ip = this.fixI32, bp = this.fixI8;
    let k = 0;
    for (let j = 0; j < fp.length; j++) for (let u = 0, a = fp[j]; u < n; u++) f[k++] = a[u];
    for (let i = 0, a = this.moveAdj; i < 2 * n; i++) f[k++] = a[i];
    f[k] = s.hqX[0];
    f[k + 1] = s.hqY[0];
    f[k + 2] = s.hqX[1];
    f[k + 3] = s.hqY[1];
    k = 0;
    for (let j = 0; j < ip.length; j++) for (let u = 0, a = ip[j]; u < n; u++) w[k++] = a[u];
    for (let i = 0, a = this.carryWords; i < n * MAX_CARRY; i++) w[k++] = a[i];
    k = 0;
    for (let j = 0; j < bp.length; j++) for (let u = 0, a = bp[j]; u < n; u++) b[k++] = a[u];
  }

  /**
   * Encode the varying part of the current state into `f` and `w` from `fo` and `wo`; `scratch`: the current
   * decision's fields too (the state after a phase).
   */
  private encode(f: Float64Array, fo: number, w: Int32Array, wo: number, scratch: boolean): void {
    const s = this.s, n = s.nUnits, fp = this.fallPending;
    for (let u = 0; u < n; u++) {
      f[fo++] = s.x[u];
      f[fo++] = s.y[u];
      w[wo++] = s.hp[u];
      w[wo++] = s.concTurn[u];
      w[wo++] = s.alive[u] | (s.moved[u] << 8) | (s.acted[u] << 16) | (s.noAttack[u] << 24);
      w[wo++] = s.stealth[u] | (s.hover[u] << 8) | (s.fallen[u] << 16) | (fp[u] << 24);
    }
    w[wo++] = s.round;
    w[wo++] = s.turnSide;
    w[wo++] = s.turnNo[0];
    w[wo++] = s.turnNo[1];
    w[wo++] = s.firstSide;
    w[wo++] = s.phase;
    w[wo++] = s.over ? 1 : 0;
    w[wo++] = s.winner;
    w[wo++] = s.endReason;
    w[wo++] = s.hqHp[0];
    w[wo++] = s.hqHp[1];
    if (!scratch) return;
    w[wo++] = s.me;
    w[wo++] = s.actor;
    w[wo++] = s.target;
    w[wo++] = s.weaponRef;
    w[wo++] = s.splitUnits;
    w[wo++] = s.splitEach;
    w[wo++] = s.splitKind;
    w[wo++] = s.action;
  }

  /** Put the state after a phase, encoded in `f` and `w` from `fo` and `wo`, back (see encode). */
  private decode(f: Float64Array, fo: number, w: Int32Array, wo: number): void {
    const s = this.s, n = s.nUnits, fp = this.fallPending;
    for (let u = 0; u < n; u++) {
      s.x[u] = f[fo++];
      s.y[u] = f[fo++];
      s.hp[u] = w[wo++];
      s.concTurn[u] = w[wo++];
      const a = w[wo++], b = w[wo++];
      s.alive[u] = a & 255;
      s.moved[u] = (a >>> 8) & 255;
      s.acted[u] = (a >>> 16) & 255;
      s.noAttack[u] = a >>> 24;
      s.stealth[u] = b & 255;
      s.hover[u] = (b >>> 8) & 255;
      s.fallen[u] = (b >>> 16) & 255;
      fp[u] = b >>> 24;
    }
    s.round = w[wo++];
    s.turnSide = w[wo++];
    s.turnNo[0] = w[wo++];
    s.turnNo[1] = w[wo++];
    s.firstSide = w[wo++];
    s.phase = w[wo++];
    s.over = w[wo++] === 1;
    s.winner = w[wo++];
    s.endReason = w[wo++];
    s.hqHp[0] = w[wo++];
    s.hqHp[1] = w[wo++];
    s.me = w[wo++];
    s.actor = w[wo++];
    s.target = w[wo++];
    s.weaponRef = w[wo++];
    s.splitUnits = w[wo++];
    s.splitEach = w[wo++];
    s.splitKind = w[wo++];
    s.action = w[wo++];
  }

  /** Is the current state's varying part the one slot `slot` began in? (The same fields as encode, compared in place.) */
  private sameAsSlot(slot: number): boolean {
    const s = this.s, n = s.nUnits, fp = this.fallPending, kf = this.tf, ki = this.ti, at = slot * this.stride;
    let fo = (at + 16) >> 3, wo = (at + this.keyIAt) >> 2;
    for (let u = 0; u < n; u++) {
      if (kf[fo++] !== s.x[u] || kf[fo++] !== s.y[u] || ki[wo++] !== s.hp[u] || ki[wo++] !== s.concTurn[u]) return false;
      if (ki[wo++] !== (s.alive[u] | (s.moved[u] << 8) | (s.acted[u] << 16) | (s.noAttack[u] << 24))) return false;
      if (ki[wo++] !== (s.stealth[u] | (s.hover[u] << 8) | (s.fallen[u] << 16) | (fp[u] << 24))) return false;
    }
    return ki[wo] === s.round && ki[wo + 1] === s.turnSide && ki[wo + 2] === s.turnNo[0] && ki[wo + 3] === s.turnNo[1]
      && ki[wo + 4] === s.firstSide && ki[wo + 5] === s.phase && ki[wo + 6] === (s.over ? 1 : 0) && ki[wo + 7] === s.winner
      && ki[wo + 8] === s.endReason && ki[wo + 9] === s.hqHp[0] && ki[wo + 10] === s.hqHp[1];
  }

  /**
   * Look the current state up before the move phase of `side` (only when fits()): true when its outcome is known —
   * the state after the phase is then put back (the record's tallies stay). False: play the phase, then call end()
   * if it drew nothing.
   */
  lookUp(side: number): boolean {
    this.lookUps++;
    const h = (this.hash = this.hashState(side));
    const s0 = h & (SLOTS - 1), s1 = s0 ^ 1;
    this.store = false;
    if (this.hasTemplate) {
      // Two ways: the state may stand in its slot or in that slot's neighbour (slot ^ 1).
      if (this.hitIn(s0, h) || this.hitIn(s1, h)) return true;
      const ti = this.ti, w0 = (s0 * this.stride) >> 2, w1 = (s1 * this.stride) >> 2;
      if (ti[w0 + 2] !== 1) this.slot = s0;
      else if (ti[w1 + 2] !== 1) this.slot = s1;
      else {
        // Both taken: the entry with fewer hits less misses takes this miss, and gives way after PATIENCE of them.
        const v = ti[w1 + 1] < ti[w0 + 1] ? w1 : w0;
        if (--ti[v + 1] >= -PATIENCE) return false;
        this.slot = v === w0 ? s0 : s1;
      }
    } else this.slot = s0;
    // The slot is free, or its entry gives way: remember this phase if it draws nothing (and keeps to the template;
    // before there is one, the first state remembered gives it).
    if (!this.onTemplate()) return false;
    if (!this.hasTemplate) this.takeTemplate();
    this.store = true;
    this.encode(this.keyF, 0, this.keyI, 0, false);
    return false;
  }

  /** Does slot `slot` hold the current state (hash h)? Then it is put back (a hit). */
  private hitIn(slot: number, h: number): boolean {
    const ti = this.ti, at = slot * this.stride, w = at >> 2;
    if (ti[w + 2] !== 1 || ti[w] !== h || !this.sameAsSlot(slot) || !this.onTemplate()) return false;
    if (ti[w + 1] < 0x3fffffff) ti[w + 1]++; // capped as MemoSlots caps its hits
    this.hitCount++;
    this.decode(this.tf, (at + this.outFAt) >> 3, ti, (at + this.outIAt) >> 2);
    return true;
  }

  /**
   * The phase about to be played may be remembered (lookUp missed and the slot may take it): the engine copies the
   * record's tallies into `tally0` now, and into `tallies` after the phase and calls end() if it drew nothing.
   */
  get storing(): boolean {
    return this.store;
  }

  /** After a phase that followed a storing lookUp and drew nothing (the engine has copied the tallies in again). */
  end(): void {
    if (!this.store) return;
    const slot = this.slot;
    for (let t = 0; t < this.tallies.length; t++) if (this.tallies[t] !== this.tally0[t]) return;
    if (this.s.nItems !== 0) return;
    if (this.tf.length === 0) {
      if (this.lookUps < BUILD_AFTER) return;
      const bytes = SLOTS * this.stride;
      if (bytes > bytesLeft) {
        this.refused = true;
        return;
      }
      // The fixed part of the state this phase began in (taken by lookUp) is the template; the state after it must
      // keep to it as well.
      this.hasTemplate = true;
      if (!this.onTemplate()) {
        this.hasTemplate = false;
        return;
      }
      bytesLeft -= bytes;
      const buf = new ArrayBuffer(bytes);
      this.tf = new Float64Array(buf);
      this.ti = new Int32Array(buf);
    } else if (!this.onTemplate()) return;
    const tf = this.tf, ti = this.ti, at = slot * this.stride, kf = this.keyF, ki = this.keyI;
    for (let i = 0, o = (at + 16) >> 3; i < this.fWidth; i++) tf[o + i] = kf[i];
    for (let i = 0, o = (at + this.keyIAt) >> 2; i < this.iWidth; i++) ti[o + i] = ki[i];
    this.encode(tf, (at + this.outFAt) >> 3, ti, (at + this.outIAt) >> 2, true);
    const w = at >> 2;
    ti[w] = this.hash;
    ti[w + 1] = 0;
    ti[w + 2] = 1;
  }
}
