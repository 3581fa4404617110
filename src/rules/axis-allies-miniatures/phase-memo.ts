/**
 * A table of a turn's phases by the units' state they began in (issue 27 speed; seed 002 §移動フェイズ, §飛行フェイズ,
 * §航空攻撃フェイズ, §突撃フェイズ; no rule of its own). Two stretches of a turn are looked up: both movement phases,
 * and the flight, airstrike and assault phases of both sides. A stretch that draws nothing (no attack: movement never
 * draws; an assault stretch where nobody fires) is a function of the state it begins in when both policies say
 * {@link AamPolicy.unitsOnly}: their answers read only the units, the turn, the phase and the actor, and the rules
 * of those phases read nothing else (the initiative decided only which side acts first, part of the key). The games
 * of one variant meet the same states again and again in their first turns (a fixed deployment, few outcomes of the
 * early fire), so the engine (AamGame.phases) keeps, per such state, the state the stretch ended in and puts it back
 * instead of playing it again. A fire stretch that drew is kept too, by the state it began in only: the engine then
 * follows the answers given along the same path (answer-trie.ts; {@link trieSlot}, {@link rootOf}). Only a speed
 * device: every result stays the same.
 *
 * A state is a fixed-width vector of 32-bit words: the turn, the stretch and the side going first, then per unit its
 * position, facing and counters, and its alive, disrupted and damaged flags (every field exactly). An outcome is each
 * unit's position and facing after the stretch, the change counters' growth, and the phase, acting side and actor the
 * stretch left; the occupancy follows from the positions. A lookup compares a hash first; an exact comparison of the
 * whole vector decides. The table has a fixed number of slots (an entry that keeps missing gives way); its keys and
 * outcomes (~3.3 MB for 24 units) are built once a runner has looked up {@link BUILD_AFTER} stretches, and only while
 * the worker thread's cap (tablesLeft) allows, so memory stays flat however many games are played; nothing is
 * allocated per game. Every runner, short-lived or not, takes the per-slot bookkeeping at construction (its MemoSlots
 * and replayable, roots, rootEpochs: ~147 KB with 8,192 slots).
 */
import { MemoSlots } from '../../sim/memo-slots.js';
import { KIND_AIRCRAFT } from './config.js';
import type { AamState } from './state.js';

/**
 * Turns whose stretches are looked up. Measured share of movement stretches put back (6,000 games per variant of
 * aam-initiative-choice; 3,000 of aam-points-value): turn 2 99% / 99%, turn 3 83% / 92%, turn 4 37% / 79%, turn 5 5% /
 * 64%, turn 7 0.4% / 39%. The fire stretches come back whole only when nobody fired (turn 1 0% / 12%); they are looked
 * up on turns ≤ TRIE_TURNS (answer-trie.ts) only.
 */
export const MEMO_TURNS = 7;
/** The two stretches of a turn. */
export const STRETCH_MOVEMENT = 0, STRETCH_FIRE = 1;
/** Slots of a runner's table (a power of two). */
const SLOTS = 1 << 13;
/**
 * Stretches a runner looks up before it builds its table's keys and outcomes (short-lived runners — a replay, a test's
 * game — never build them and keep only the ~147 KB of per-slot bookkeeping made at construction).
 */
const BUILD_AFTER = 64;
/**
 * Tables this worker thread may still build (module state: each piscina worker, like the main thread, loads its own
 * copy of this module and so has its own cap; each table SLOTS × (1 + 4 × units + 5) words, ~3.3 MB for 24 units, and
 * with it the runner's answer trie, ~3.8 MB): runners beyond them play without one (only slower), so a thread that
 * builds many runners (a search) stays within ~230 MB for them.
 */
let tablesLeft = 32;
/** Misses beyond its hits after which an entry gives way. */
const PATIENCE = 2;
/** Words of a state before its units, and of an outcome after them. */
const HEAD = 1, TAIL = 5;

/** A runner's table of stretches by the units' state they began in (above); one per AamGame of unitsOnly policies. */
export class PhaseMemo {
  /** Width of a state (the head and two words per unit) and of an outcome (two words per unit and the tail). */
  private readonly width: number;
  private readonly outWidth: number;
  /** The state being looked up. */
  private readonly key: Int32Array;
  private keys: Int32Array | null = null;
  private outs: Int32Array | null = null;
  /** Which slots hold an entry, and which slot the stretch just looked up is to be remembered in (end). */
  private readonly slots = new MemoSlots(SLOTS, PATIENCE);
  private changes0 = 0;
  private changes1 = 0;
  /** Per slot: 1 when its outcome can be put back (the stretch drew nothing); else only its answer trie's root. */
  private readonly replayable = new Uint8Array(SLOTS);
  /** Per slot: the root of its fire stretch's answers in an {@link AnswerTrie} (−1 none) and that trie's epoch then. */
  private readonly roots = new Int32Array(SLOTS).fill(-1);
  private readonly rootEpochs = new Int32Array(SLOTS);
  /**
   * After a fire stretch's lookUp that put nothing back: the slot whose entry is (or at {@link end} will be) that
   * stretch's state, so its answers can be followed from its root; −1 none (no table yet, or the slot is taken).
   */
  trieSlot = -1;
  /** Stretches put back so far (for tests and measurement), and stretches looked up. */
  hitCount = 0;
  private lookUps = 0;

  constructor(readonly nUnits: number) {
    this.width = HEAD + 2 * nUnits;
    this.outWidth = 2 * nUnits + TAIL;
    this.key = new Int32Array(this.width);
  }

  /**
   * Look up the state before `stretch` of the current turn (call only on turns ≤ {@link MEMO_TURNS}): true when its
   * outcome is known and has been put back into `s`. False: play the stretch, then call {@link end} (the movement
   * stretch only when it drew nothing).
   */
  lookUp(s: AamState, stretch: number): boolean {
    this.lookUps++;
    const key = this.key, n = this.nUnits;
    let w = stretch | (s.first << 1) | (s.turn << 2);
    key[0] = w;
    let h = Math.imul(w ^ 0x2545f491, 0x9e3779b1);
    const pos = s.pos, facing = s.facing, counters = s.counters, alive = s.alive, disrupted = s.disrupted, damaged = s.damaged;
    for (let u = 0, k = HEAD; u < n; u++, k += 2) {
      w = (pos[u] & 0xffff) | (facing[u] << 16) | (counters[u] << 24);
      key[k] = w;
      h = Math.imul(h ^ w, 0x85ebca6b);
      h ^= h >>> 13;
      w = alive[u] | (disrupted[u] << 8) | (damaged[u] << 16);
      key[k + 1] = w;
      h = Math.imul(h ^ w, 0xc2b2ae35);
      h ^= h >>> 16;
    }
    const sl = this.slots;
    if (sl.select(h)) {
      const keys = this.keys!, width = this.width, slot = sl.slot, base = slot * width;
      let same = true;
      for (let i = 0; i < width && same; i++) same = keys[base + i] === key[i];
      if (same) {
        sl.hit();
        if (this.replayable[slot] === 1) {
          this.hitCount++;
          this.restore(s, slot * this.outWidth);
          return true;
        }
        this.trieSlot = slot;
        return false;
      }
    }
    // The slot is free, or its entry gives way: remember this stretch (its outcome if it draws nothing).
    this.trieSlot = -1;
    if (!sl.miss()) return false;
    if (stretch === STRETCH_FIRE && this.keys !== null) {
      this.trieSlot = sl.slot;
      this.roots[sl.slot] = -1;
    }
    this.changes0 = s.changes[0];
    this.changes1 = s.changes[1];
    return false;
  }

  /** Put the outcome at `ob` back: positions (moving the occupancy as AamGame.place does), facings, counters, phase. */
  private restore(s: AamState, ob: number): void {
    const outs = this.outs!, n = this.nUnits, occ = s.occupancy;
    for (let u = 0, k = ob; u < n; u++, k += 2) {
      const h = outs[k], was = s.pos[u];
      if (h !== was) {
        if (s.kind[u] !== KIND_AIRCRAFT) {
          if (was >= 0) occ[was * 2 + s.side[u]]--;
          if (h >= 0) occ[h * 2 + s.side[u]]++;
        }
        s.pos[u] = h;
      }
      s.facing[u] = outs[k + 1];
    }
    const t = ob + 2 * n;
    s.changes[0] += outs[t];
    s.changes[1] += outs[t + 1];
    s.phase = outs[t + 2];
    s.actingSide = outs[t + 3];
    s.actor = outs[t + 4];
  }

  /** The root of slot `slot`'s answers in a trie now at epoch `epoch`, or −1. */
  rootOf(slot: number, epoch: number): number {
    return this.rootEpochs[slot] === epoch ? this.roots[slot] : -1;
  }

  /** Slot `slot`'s answers begin at node `node` of a trie at epoch `epoch`. */
  setRoot(slot: number, node: number, epoch: number): void {
    this.roots[slot] = node;
    this.rootEpochs[slot] = epoch;
  }

  /**
   * After a stretch that followed a missed lookUp: remember the state it began in, and (`replayable`: it drew nothing)
   * the state it ended in.
   */
  end(s: AamState, replayable: boolean): void {
    const sl = this.slots;
    if (!sl.storing) return;
    if (this.keys === null) {
      if (this.lookUps < BUILD_AFTER || tablesLeft === 0) {
        sl.storing = false;
        return;
      }
      tablesLeft--;
      this.keys = new Int32Array(SLOTS * this.width);
      this.outs = new Int32Array(SLOTS * this.outWidth);
    }
    const slot = sl.slot, n = this.nUnits, outs = this.outs!;
    this.keys.set(this.key, slot * this.width);
    if ((this.key[0] & 1) !== STRETCH_FIRE) this.roots[slot] = -1;
    this.replayable[slot] = replayable ? 1 : 0;
    sl.take();
    if (!replayable) return;
    let k = slot * this.outWidth;
    for (let u = 0; u < n; u++) {
      outs[k++] = s.pos[u];
      outs[k++] = s.facing[u];
    }
    outs[k++] = s.changes[0] - this.changes0;
    outs[k++] = s.changes[1] - this.changes1;
    outs[k++] = s.phase;
    outs[k++] = s.actingSide;
    outs[k] = s.actor;
  }
}
