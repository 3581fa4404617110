// The A&A engine's opening replay (AamGame.movementPhases, opening.ts): turn 1's movement phases draw nothing, so a
// runner keeps their outcome per initiative outcome (both rolls, winner, first side) and puts it back in later games.
// A warm runner (one that has played other games before) must play every game exactly as a fresh runner does — the
// record, the attrition series and the final state — and must have asked fewer move decisions (the replay was used);
// with policies that do not say they are memoryless, nothing is replayed.
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import type { AamGameDef, AamVariant } from '../src/rules/axis-allies-miniatures/config.js';
import type { AamGame } from '../src/rules/axis-allies-miniatures/game.js';
import { counted, playSummary as play, warmRunner } from './helpers/aam-warm-runner.js';

/** A runner whose policies say memoryless (or not) and never unitsOnly: the opening replay alone, no phase table. */
function runner(game: AamGameDef, v: AamVariant, memoryless: boolean): AamGame {
  return warmRunner(game, v, { memoryless, unitsOnly: false });
}

const GAMES = 16;

describe('A&A opening replay', () => {
  for (const file of ['aam-initiative-choice', 'aam-points-value']) {
    it(`${file}: a warm runner plays games 0-${GAMES - 1} as fresh runners do, and asks fewer move decisions`, () => {
      const exp = loadExperiment(`experiments/${file}.yaml`, { games: GAMES });
      const game = exp.compiled.game as AamGameDef;
      for (const v of exp.compiled.variants.slice(0, 3)) {
        const params = v.params as AamVariant;
        const warm = runner(game, params, true);
        // Games played before, so the replay has outcomes saved (other game indices: other initiative rolls too).
        for (let i = 1000; i < 1000 + 3 * GAMES; i++) play(warm, game, exp.seed, i);
        counted.moves = 0;
        const got: string[] = [];
        for (let i = 0; i < GAMES; i++) got.push(play(warm, game, exp.seed, i));
        const warmMoves = counted.moves;
        counted.moves = 0;
        for (let i = 0; i < GAMES; i++) expect(play(runner(game, params, true), game, exp.seed, i), `${v.name} game ${i}`).toBe(got[i]);
        const freshMoves = counted.moves;
        expect(warmMoves).toBeLessThan(freshMoves);
        // Without memoryless policies a warm runner asks every decision.
        const plain = runner(game, params, false);
        for (let i = 1000; i < 1000 + 3 * GAMES; i++) play(plain, game, exp.seed, i);
        counted.moves = 0;
        for (let i = 0; i < GAMES; i++) expect(play(plain, game, exp.seed, i)).toBe(got[i]);
        expect(counted.moves).toBe(freshMoves);
      }
    });
  }
});
