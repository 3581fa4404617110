/**
 * A table of move phases by the state they began in (issue 27 speed; no rule of its own). A move phase that draws
 * nothing (no disengagement, no fall check) is a function of the state it starts from when both policies keep
 * nothing between decisions (RsPolicy.memoryless): the same state gives the same moves. The games of one variant
 * meet the same states again and again in their first rounds (the deployment is fixed and the early fire has few
 * outcomes), so the engine (RsGame.movePhaseMemo) keeps the state each such phase ended in, by the state it began
 * in, and puts it back instead of playing the phase again. Only a speed device: every result stays the same.
 *
 * A state is a fixed-width vector: every per-unit field of RsState for the runner's units, their carried weapons,
 * movement modifiers and pending fall checks, the turn bookkeeping, the headquarters and up to MEMO_ITEMS dropped
 * weapons (a game with more is not looked up). The record's tallies are not part of a state: the phase's change to
 * them is kept and added. The current decision's destinations (nCand, cand*) are scratch that every move decision
 * rebuilds: they are not kept. A lookup first compares a hash of positions and hit points with the slot's, so a miss
 * costs little. The table has a fixed number of slots (an entry that keeps missing gives way), built on the first
 * phase it remembers, so memory stays flat however many games are played; nothing is allocated per game.
 */
import { MAX_CARRY, type RsState } from './state.js';

/**
 * Rounds whose move phases are looked up: later states rarely come again (measured on formation-vs-multi-attack:
 * ~85% of the repeats fall in rounds 1–3), and leaving them out keeps the table for the frequent ones.
 */
export const MEMO_ROUNDS = 3;
/** Dropped weapons a remembered state may have. */
export const MEMO_ITEMS = 4;
/** Slots of a runner's table (a power of two). */
const SLOTS = 1024;
/**
 * Tables a process may still build (each ~5–8 MB): runners beyond them play without one (only slower), so a process
 * that builds many runners (a search) stays within a few hundred MB. A runner builds its table only once it has
 * looked up BUILD_AFTER early phases (about 15 games), so short-lived runners (a replay, a test's single game) take none.
 */
let tablesLeft = 32;
const BUILD_AFTER = 100;
/** Misses beyond its hits after which an entry gives way. */
const PATIENCE = 2;
/** Scalars of a state after its units and items: see encode. */
const SCALARS = 24;

export class MoveMemo {
  private readonly f64: Float64Array[];
  private readonly i32: Int32Array[];
  private readonly u8: Uint8Array[];
  private readonly i8: Int8Array[];
  /** Width of an encoded state, and of a slot's outcome (the state after the phase, then the tallies' change). */
  private readonly width: number;
  private readonly outWidth: number;
  /** The state being remembered (encoded by lookUp when its slot may take it). */
  private readonly key: Float64Array;
  private readonly tally0: Float64Array;
  /** A double's two 32-bit words, for the hash. */
  private readonly bits = new Float64Array(1);
  private readonly bitWords = new Int32Array(this.bits.buffer);
  private keys: Float64Array | null = null;
  private outs: Float64Array | null = null;
  private readonly used = new Uint8Array(SLOTS);
  private readonly hashes = new Int32Array(SLOTS);
  private readonly hits = new Int32Array(SLOTS);
  private slot = 0;
  private hash = 0;
  /** The phase just looked up is to be remembered (end). */
  private storing = false;
  /** Phases put back so far (for tests and measurement), and phases looked up. */
  hitCount = 0;
  private lookUps = 0;

  /**
   * @param tallies the record's tallies a phase may add to (the engine copies its counters in before lookUp and
   * end, and out after a hit).
   */
  constructor(private readonly s: RsState, private readonly moveAdj: Float64Array, private readonly fallPending: Uint8Array, readonly tallies: Float64Array) {
    this.f64 = [s.x, s.y, s.mv, s.rad];
    this.i32 = [s.hp, s.hpMax, s.concTurn, s.atk, s.dfn, s.eq];
    this.u8 = [s.alive, s.transformed, s.hover, s.stealth, s.fallen, s.moved, s.acted, s.noAttack, s.sameSize, s.legs, this.fallPending];
    this.i8 = [s.group, s.form, s.size, s.nMembers];
    const perUnit = this.f64.length + this.i32.length + this.u8.length + this.i8.length + 2 * MAX_CARRY + 2;
    this.width = s.nUnits * perUnit + SCALARS + 3 * MEMO_ITEMS;
    this.outWidth = this.width + tallies.length;
    this.key = new Float64Array(this.width);
    this.tally0 = new Float64Array(tallies.length);
  }

  /** Is the current state looked up (an early round, few enough dropped weapons)? */
  fits(): boolean {
    return this.s.round <= MEMO_ROUNDS && this.s.nItems <= MEMO_ITEMS;
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

  /**
   * Encode the current state into `out` from `off`; `scratch` false: the current decision's fields (actor, action…)
   * as 0 — a phase writes each before it reads it, so a lookup leaves them out, and an outcome keeps them.
   */
  private encode(out: Float64Array, off: number, scratch: boolean): void {
    const s = this.s, n = s.nUnits;
    let k = off;
    for (let j = 0; j < this.f64.length; j++) for (let u = 0, a = this.f64[j]; u < n; u++) out[k++] = a[u];
    for (let j = 0; j < this.i32.length; j++) for (let u = 0, a = this.i32[j]; u < n; u++) out[k++] = a[u];
    for (let j = 0; j < this.u8.length; j++) for (let u = 0, a = this.u8[j]; u < n; u++) out[k++] = a[u];
    for (let j = 0; j < this.i8.length; j++) for (let u = 0, a = this.i8[j]; u < n; u++) out[k++] = a[u];
    for (let i = 0; i < n * 2 * MAX_CARRY; i++) out[k++] = s.carry[i];
    for (let i = 0; i < n * 2; i++) out[k++] = this.moveAdj[i];
    out[k++] = s.round;
    out[k++] = s.turnSide;
    out[k++] = s.turnNo[0];
    out[k++] = s.turnNo[1];
    out[k++] = s.firstSide;
    out[k++] = s.phase;
    out[k++] = s.over ? 1 : 0;
    out[k++] = s.winner;
    out[k++] = s.endReason;
    out[k++] = s.hqHp[0];
    out[k++] = s.hqHp[1];
    out[k++] = s.hqX[0];
    out[k++] = s.hqY[0];
    out[k++] = s.hqX[1];
    out[k++] = s.hqY[1];
    out[k++] = scratch ? s.me : 0;
    out[k++] = scratch ? s.actor : 0;
    out[k++] = scratch ? s.target : 0;
    out[k++] = scratch ? s.weaponRef : 0;
    out[k++] = scratch ? s.splitUnits : 0;
    out[k++] = scratch ? s.splitEach : 0;
    out[k++] = scratch ? s.splitKind : 0;
    out[k++] = scratch ? s.action : 0;
    out[k++] = s.nItems;
    for (let i = 0; i < MEMO_ITEMS; i++) {
      const inUse = i < s.nItems;
      out[k++] = inUse ? s.itemW[i] : 0;
      out[k++] = inUse ? s.itemX[i] : 0;
      out[k++] = inUse ? s.itemY[i] : 0;
    }
  }

  /** Put the state encoded in `src` from `off` back (see encode). */
  private decode(src: Float64Array, off: number): void {
    const s = this.s, n = s.nUnits;
    let k = off;
    for (let j = 0; j < this.f64.length; j++) for (let u = 0, a = this.f64[j]; u < n; u++) a[u] = src[k++];
    for (let j = 0; j < this.i32.length; j++) for (let u = 0, a = this.i32[j]; u < n; u++) a[u] = src[k++];
    for (let j = 0; j < this.u8.length; j++) for (let u = 0, a = this.u8[j]; u < n; u++) a[u] = src[k++];
    for (let j = 0; j < this.i8.length; j++) for (let u = 0, a = this.i8[j]; u < n; u++) a[u] = src[k++];
    for (let i = 0; i < n * 2 * MAX_CARRY; i++) s.carry[i] = src[k++];
    for (let i = 0; i < n * 2; i++) this.moveAdj[i] = src[k++];
    s.round = src[k++];
    s.turnSide = src[k++];
    s.turnNo[0] = src[k++];
    s.turnNo[1] = src[k++];
    s.firstSide = src[k++];
    s.phase = src[k++];
    s.over = src[k++] === 1;
    s.winner = src[k++];
    s.endReason = src[k++];
    s.hqHp[0] = src[k++];
    s.hqHp[1] = src[k++];
    s.hqX[0] = src[k++];
    s.hqY[0] = src[k++];
    s.hqX[1] = src[k++];
    s.hqY[1] = src[k++];
    s.me = src[k++];
    s.actor = src[k++];
    s.target = src[k++];
    s.weaponRef = src[k++];
    s.splitUnits = src[k++];
    s.splitEach = src[k++];
    s.splitKind = src[k++];
    s.action = src[k++];
    s.nItems = src[k++];
    for (let i = 0; i < MEMO_ITEMS; i++, k += 3) {
      if (i >= s.nItems) continue;
      s.itemW[i] = src[k];
      s.itemX[i] = src[k + 1];
      s.itemY[i] = src[k + 2];
    }
  }

  /**
   * Look the current state up before the move phase of `side` (only when fits()): true when its outcome is known —
   * the state after the phase is then put back and the tallies' change added to `tallies`. False: play the phase,
   * then call end() if it drew nothing.
   */
  lookUp(side: number): boolean {
    this.lookUps++;
    const h = (this.hash = this.hashState(side));
    const slot = (this.slot = h & (SLOTS - 1));
    this.storing = false;
    if (this.used[slot] === 1) {
      if (this.hashes[slot] === h) {
        const key = this.key, w = this.width, keys = this.keys!, base = slot * w;
        this.encode(key, 0, false);
        let same = true;
        for (let i = 0; i < w && same; i++) same = keys[base + i] === key[i];
        if (same) {
          this.hits[slot]++;
          this.hitCount++;
          const outs = this.outs!, ob = slot * this.outWidth;
          this.decode(outs, ob);
          for (let t = 0; t < this.tallies.length; t++) this.tallies[t] += outs[ob + w + t];
          return true;
        }
      }
      if (--this.hits[slot] >= -PATIENCE) return false;
    }
    // The slot is free, or its entry gives way: remember this phase if it draws nothing.
    this.storing = true;
    this.encode(this.key, 0, false);
    this.tally0.set(this.tallies);
    return false;
  }

  /** After a phase that followed a missed lookUp and drew nothing (the engine has copied the tallies in). */
  end(): void {
    if (!this.storing) return;
    const slot = this.slot, w = this.width;
    if (this.keys === null) {
      if (this.lookUps < BUILD_AFTER || tablesLeft === 0) return;
      tablesLeft--;
      this.keys = new Float64Array(SLOTS * w);
      this.outs = new Float64Array(SLOTS * this.outWidth);
    }
    this.keys.set(this.key, slot * w);
    const outs = this.outs!, ob = slot * this.outWidth;
    this.encode(outs, ob, true);
    for (let t = 0; t < this.tallies.length; t++) outs[ob + w + t] = this.tallies[t] - this.tally0[t];
    this.used[slot] = 1;
    this.hashes[slot] = this.hash;
    this.hits[slot] = 0;
  }
}
