/**
 * Replaying turn 1's movement phases (seed 002 §移動フェイズ; engineering only, no rule changes): they draw no dice,
 * so with memoryless policies ({@link AamPolicy.memoryless}) they play the same in every game that reaches them in the
 * same state, and the deployment is the same in every game of a runner. The state entering them differs only in the
 * turn-1 initiative: both rolls, the winner and the side going first (the bonuses and counts follow from the same
 * deployment). So the positions, facings and occupancy after them are kept per such key, the first time a game plays
 * them without drawing from any stream, and put back in later games with the same key.
 *
 * Bounded: at most 11 × 11 rolls × 2 winners × 2 first sides keys, each saved once per runner.
 */
import type { AamState } from './state.js';

/** One saved outcome: the units' positions and facings, the occupancy, and the change counters' growth. */
interface Saved {
  readonly pos: Int16Array;
  readonly facing: Uint8Array;
  readonly occupancy: Uint8Array;
  readonly changes0: number;
  readonly changes1: number;
  readonly phase: number;
  readonly actingSide: number;
  readonly actor: number;
}

/** Rolls of 2d6 are 2 … 12: the key's factors. */
const ROLLS = 13;

export class OpeningReplay {
  private readonly saved: (Saved | undefined)[] = new Array<Saved | undefined>(ROLLS * ROLLS * 4).fill(undefined);
  private changes0 = 0;
  private changes1 = 0;

  /** The key of the state entering turn 1's movement phases (after the initiative), −1 when outside the table. */
  key(s: AamState): number {
    const b = s.initiativeRoll[0], r = s.initiativeRoll[1];
    if (s.turn !== 1 || b < 0 || b >= ROLLS || r < 0 || r >= ROLLS) return -1;
    return ((b * ROLLS + r) * 2 + s.initiativeWinner) * 2 + s.first;
  }

  /** Put back the outcome saved under `key` into `s`; false when none is saved. */
  restore(key: number, s: AamState): boolean {
    const v = this.saved[key];
    if (v === undefined) return false;
    s.pos.set(v.pos);
    s.facing.set(v.facing);
    s.occupancy.set(v.occupancy);
    s.changes[0] += v.changes0;
    s.changes[1] += v.changes1;
    s.phase = v.phase;
    s.actingSide = v.actingSide;
    s.actor = v.actor;
    return true;
  }

  /** Note the change counters before the phases are played. */
  begin(s: AamState): void {
    this.changes0 = s.changes[0];
    this.changes1 = s.changes[1];
  }

  /** Save the outcome of the phases just played under `key` (call only when they drew nothing). */
  save(key: number, s: AamState): void {
    this.saved[key] = {
      pos: s.pos.slice(0, s.n),
      facing: s.facing.slice(0, s.n),
      occupancy: s.occupancy.slice(),
      changes0: s.changes[0] - this.changes0,
      changes1: s.changes[1] - this.changes1,
      phase: s.phase,
      actingSide: s.actingSide,
      actor: s.actor,
    };
  }
}
