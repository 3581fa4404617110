// Types of scripts/lib/same-games.mjs for the web worker bundle's check (tests/helpers/web-specialise-entry.ts).
import type { GameRecord, GameRunner, MetricSpec } from '../../src/sim/core/types.js';
import type { RngDice } from '../../src/sim/core/dice.js';

/** The engine's own record, dice and stream tags (each caller's copy of the modules). */
export interface SameGamesLib {
  readonly GameRecord: typeof GameRecord;
  readonly RngDice: typeof RngDice;
  readonly STREAM_DICE: number;
  readonly STREAM_POLICY: number;
}
/** Games 0…n−1 of two runners of one variant compared record by record: null when identical, else where they first differ. */
export declare function firstDifference(lib: SameGamesLib, seed: number, spec: MetricSpec, general: GameRunner, specialised: GameRunner, n: number): string | null;
