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
 * A state is the units' key (units-key.ts: every per-unit field exactly, one word a unit) under a head word of the
 * turn, the stretch and the side going first. An outcome is each unit's position and facing after the stretch (one
 * word a unit), the change counters' growth, and the phase, acting side and actor the stretch left; the occupancy
 * follows from the positions. A lookup compares a hash first; an exact comparison of the whole key decides. The table
 * has a fixed number of slots in buckets of two (memo-slots.ts: an entry that keeps missing gives way, the weaker of
 * two first), and a turn whose states seldom come back is looked up only now and then (memo-gate.ts), so the states of
 * later turns, met once, do not push out the first turns'. Its keys and outcomes (~3.5 MB for 24 units) are built
 * once a runner has looked up {@link BUILD_AFTER} stretches, with its answer trie's share of the thread's budget
 * (memo-budget.ts), so memory stays flat however many games are played; nothing is allocated per game. A short-lived
 * runner (a replay, a test's game) builds nothing.
 */
import { MemoGate } from '../../sim/core/memo-gate.js';
import { MemoSlots } from '../../sim/core/memo-slots.js';
import { TRIE_BYTES } from './answer-trie.js';
import { KIND_AIRCRAFT } from './config.js';
import { takeMemoBytes } from './memo-budget.js';
import type { AamState } from './state.js';
import { KEY_HEAD, UnitsKey } from './units-key.js';

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
const SLOTS = 1 << 14;
/** Stretches a runner looks up before it builds its table (short-lived runners never build one). */
const BUILD_AFTER = 64;
/** Misses beyond its hits after which an entry gives way. */
const PATIENCE = 2;
/** Words of an outcome after its units. */
const TAIL = 5;
/** Gate classes: stretch × 16 + turn. */
const CLASSES = 32;

/** A runner's table of stretches by the units' state they began in (above); one per AamGame of unitsOnly policies. */
export class PhaseMemo {
  /** Width of an outcome (one word per unit and the tail). */
  private readonly outWidth: number;
  /** The state being looked up. */
  private readonly key: UnitsKey;
  private keys: Int32Array | null = null;
  private outs: Int32Array | null = null;
  /** Which slots hold an entry, and which slot the stretch just looked up is to be remembered in (end); per slot: */
  private slots: MemoSlots | null = null;
  /** 1 when its outcome can be put back (the stretch drew nothing); else only its answer trie's root. */
  private replayable = new Uint8Array(0);
  /** The root of its fire stretch's answers in an {@link AnswerTrie} (−1 none) and that trie's epoch then. */
  private roots = new Int32Array(0);
  private rootEpochs = new Int32Array(0);
  private readonly gate = new MemoGate(CLASSES);
  /** No table: the thread's budget was spent when this runner would have built one. */
  private refused = false;
  /** The stretch last looked up is to be remembered at {@link end}. */
  private storing = false;
  private changes0 = 0;
  private changes1 = 0;
  /**
   * After a fire stretch's lookUp that put nothing back: the slot whose entry is (or at {@link end} will be) that
   * stretch's state, so its answers can be followed from its root; −1 none (no table yet, or the slot is taken).
   */
  trieSlot = -1;
  /** Stretches put back so far (for tests and measurement), and stretches looked up. */
  hitCount = 0;
  private lookUps = 0;

  constructor(readonly nUnits: number) {
    this.outWidth = nUnits + TAIL;
    this.key = new UnitsKey(nUnits);
  }

  /** Build the table (and reserve its answer trie's bytes) once enough stretches were looked up and the budget allows. */
  private build(): boolean {
    if (this.refused || this.lookUps < BUILD_AFTER) return false;
    const width = KEY_HEAD + this.nUnits;
    if (!takeMemoBytes(SLOTS * (4 * (width + this.outWidth) + 18) + TRIE_BYTES)) {
      this.refused = true;
      return false;
    }
    this.keys = new Int32Array(SLOTS * width);
    this.outs = new Int32Array(SLOTS * this.outWidth);
    this.slots = new MemoSlots(SLOTS, PATIENCE);
    this.replayable = new Uint8Array(SLOTS);
    this.roots = new Int32Array(SLOTS).fill(-1);
    this.rootEpochs = new Int32Array(SLOTS);
    return true;
  }

  /**
   * Look up the state before `stretch` of the current turn (call only on turns ≤ {@link MEMO_TURNS}): true when its
   * outcome is known and has been put back into `s`. False: play the stretch, then call {@link end} (the movement
   * stretch only when it drew nothing).
   */
  lookUp(s: AamState, stretch: number): boolean {
    this.lookUps++;
    this.trieSlot = -1;
    this.storing = false;
    if (this.keys === null && !this.build()) return false;
    const c = stretch * 16 + Math.min(s.turn, 15), gate = this.gate;
    if (!gate.open(c)) return false;
    const key = this.key;
    if (!key.fill(s, stretch | (s.first << 1) | (s.turn << 2))) return false;
    const sl = this.slots!;
    if (sl.select(key.hash) && key.same(this.keys!, sl.slot * key.words.length)) {
      const slot = sl.slot;
      sl.hit();
      gate.count(c, true);
      if (this.replayable[slot] === 1) {
        this.hitCount++;
        this.restore(s, slot * this.outWidth);
        return true;
      }
      this.trieSlot = slot;
      return false;
    }
    gate.count(c, false);
    // The bucket has room, or its weaker entry gives way: remember this stretch (its outcome if it draws nothing).
    if (!sl.miss()) return false;
    this.storing = true;
    if (stretch === STRETCH_FIRE) {
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
    for (let u = 0, k = ob; u < n; u++, k++) {
      const w = outs[k], h = (w << 16) >> 16, was = s.pos[u];
      if (h !== was) {
        if (s.kind[u] !== KIND_AIRCRAFT) {
          if (was >= 0) occ[was * 2 + s.side[u]]--;
          if (h >= 0) occ[h * 2 + s.side[u]]++;
        }
        s.pos[u] = h;
      }
      s.facing[u] = w >>> 16;
    }
    const t = ob + n;
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
    if (!this.storing) return;
    this.storing = false;
    const sl = this.slots!, slot = sl.slot, n = this.nUnits, outs = this.outs!, key = this.key.words;
    this.keys!.set(key, slot * key.length);
    if ((key[0] & 1) !== STRETCH_FIRE) this.roots[slot] = -1;
    this.replayable[slot] = replayable ? 1 : 0;
    sl.take();
    if (!replayable) return;
    let k = slot * this.outWidth;
    for (let u = 0; u < n; u++) outs[k++] = (s.pos[u] & 0xffff) | (s.facing[u] << 16);
    outs[k++] = s.changes[0] - this.changes0;
    outs[k++] = s.changes[1] - this.changes1;
    outs[k++] = s.phase;
    outs[k++] = s.actingSide;
    outs[k] = s.actor;
  }
}
