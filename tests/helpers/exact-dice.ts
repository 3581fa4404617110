// Test helper: dice whose first d6 faces are scripted, then fall back to a
// seeded generator (so a game can always run to its end).
import { DiceBase, RngDice } from '../../src/sim/core/dice.js';
import { gameStream } from '../../src/sim/core/streams.js';

/**
 * Dice that return the scripted d6 faces first (in order), then draw from a
 * seeded {@link RngDice}. Only six-sided draws (`below(6)`, `d6`, `d3`, `nd(n, 6)`)
 * may consume a scripted face; any other draw while faces remain throws, so a
 * test notices when the engine rolls something it did not expect.
 */
export class ScriptedDice extends DiceBase {
  private readonly faces: number[];
  private readonly rest: RngDice;
  draws = 0;
  /** Scripted faces consumed so far. */
  used = 0;

  constructor(faces: readonly number[], fallbackSeed = 1) {
    super();
    for (const f of faces) if (!Number.isInteger(f) || f < 1 || f > 6) throw new Error(`scripted face ${f} is not 1..6`);
    this.faces = [...faces];
    this.rest = new RngDice(gameStream(fallbackSeed, 0));
  }

  below(n: number): number {
    this.draws++;
    if (this.used < this.faces.length) {
      if (n !== 6) throw new Error(`a scripted face was about to be used for a ${n}-sided draw`);
      return this.faces[this.used++] - 1;
    }
    return this.rest.below(n);
  }
}
