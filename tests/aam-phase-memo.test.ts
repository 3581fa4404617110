// The A&A engine's table of phases by the units' state (AamGame.stretch, phase-memo.ts): on the first turns a stretch
// of phases that drew nothing is kept under the units' state it began in and put back in later games; a fire stretch
// that draws follows the answers given before along the same path (answer-trie.ts). A warm runner
// (one that has played other games before) must play every game exactly as a fresh runner does — the record, the
// attrition series, the luck controls and the final state — and must have put stretches back and asked fewer move
// decisions than with turn 1's opening replay alone; with policies that do not say they read only the units
// (AamPolicy.unitsOnly), there is no table.
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import type { AamGameDef, AamVariant } from '../src/rules/axis-allies-miniatures/config.js';
import type { AamGame } from '../src/rules/axis-allies-miniatures/game.js';
import { counted, playSummary as play, warmRunner } from './helpers/aam-warm-runner.js';

/** A runner whose memoryless policies say they read only the units (or not). */
function runner(game: AamGameDef, v: AamVariant, unitsOnly: boolean): AamGame {
  return warmRunner(game, v, { memoryless: true, unitsOnly });
}

const GAMES = 12;

describe('A&A phase memo', () => {
  for (const file of ['aam-initiative-choice', 'aam-points-value']) {
    it(`${file}: a warm runner plays games 0-${GAMES - 1} as fresh runners do, puts stretches back and asks fewer move decisions`, () => {
      const exp = loadExperiment(`experiments/${file}.yaml`, { games: GAMES });
      const game = exp.compiled.game as AamGameDef;
      for (const v of exp.compiled.variants.slice(0, 2)) {
        const params = v.params as AamVariant;
        const warm = runner(game, params, true);
        expect(warm.phaseMemo).not.toBeNull();
        // Games played before, so the table holds stretches (other game indices: other dice too).
        for (let i = 1000; i < 1000 + 4 * GAMES; i++) play(warm, game, exp.seed, i);
        const hitsBefore = warm.phaseMemo!.hitCount, trieBefore = warm.trieHits;
        counted.moves = 0;
        const got: string[] = [];
        for (let i = 0; i < GAMES; i++) got.push(play(warm, game, exp.seed, i));
        const warmMoves = counted.moves;
        expect(warm.phaseMemo!.hitCount).toBeGreaterThan(hitsBefore);
        // The fire stretches' answers were followed along their paths (answer-trie.ts).
        expect(warm.trieHits).toBeGreaterThan(trieBefore);
        counted.moves = 0;
        for (let i = 0; i < GAMES; i++) expect(play(runner(game, params, true), game, exp.seed, i), `${v.name} game ${i}`).toBe(got[i]);
        const freshMoves = counted.moves;
        expect(warmMoves).toBeLessThan(freshMoves);
        // Without policies that read only the units there is no table (turn 1's opening replay still runs): the same
        // games, with more move decisions asked than with the table.
        const plain = runner(game, params, false);
        expect(plain.phaseMemo).toBeNull();
        for (let i = 1000; i < 1000 + 4 * GAMES; i++) play(plain, game, exp.seed, i);
        counted.moves = 0;
        for (let i = 0; i < GAMES; i++) expect(play(plain, game, exp.seed, i)).toBe(got[i]);
        expect(counted.moves).toBeGreaterThan(warmMoves);
      }
    });
  }
});
