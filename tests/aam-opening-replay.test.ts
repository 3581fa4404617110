// The A&A engine's opening replay (AamGame.movementPhases, opening.ts): turn 1's movement phases draw nothing, so a
// runner keeps their outcome per initiative outcome (both rolls, winner, first side) and puts it back in later games.
// A warm runner (one that has played other games before) must play every game exactly as a fresh runner does — the
// record, the attrition series and the final state — and must have asked fewer move decisions (the replay was used);
// with policies that do not say they are memoryless, nothing is replayed.
import { describe, expect, it } from 'vitest';
import { RngDice } from '../src/sim/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../src/sim/streams.js';
import { GameRecord } from '../src/sim/types.js';
import { loadExperiment } from '../src/sim/experiment.js';
import { aamMetrics } from '../src/rules/axis-allies-miniatures/engine.js';
import { AAM_POLICIES } from '../src/policies/axis-allies-miniatures/index.js';
import { AamGame } from '../src/rules/axis-allies-miniatures/game.js';
import * as D from '../src/rules/axis-allies-miniatures/decisions.js';
import type { AamGameDef, AamVariant, SideDef } from '../src/rules/axis-allies-miniatures/config.js';
import type { AamPolicy } from '../src/rules/axis-allies-miniatures/decisions.js';

/** Move decisions asked. */
let moveDecisions = 0;

function policyOf(side: SideDef, memoryless: boolean): AamPolicy {
  const inner = AAM_POLICIES.find((p) => p.id === side.policy)!.create(side.policyParams);
  return {
    memoryless: memoryless && inner.memoryless,
    decide(d, o, legal, n, rng) {
      if (d === D.D_MOVE) moveDecisions++;
      return inner.decide(d, o, legal, n, rng);
    },
  };
}

function runner(game: AamGameDef, v: AamVariant, memoryless: boolean): AamGame {
  return new AamGame(game, v, [policyOf(v.blue, memoryless), policyOf(v.red, memoryless)]);
}

/** Game i on `g`: its record and final state, as one string. */
function play(g: AamGame, game: AamGameDef, seed: number, i: number): string {
  const dice = new RngDice(), pdice = new RngDice();
  dice.resetStream(seed, i, STREAM_DICE);
  pdice.resetStream(seed, i, STREAM_POLICY);
  const rec = new GameRecord(aamMetrics(game));
  g.play(dice, pdice, rec, null);
  const s = g.s;
  return [rec.rates, rec.values, rec.series, s.pos.subarray(0, s.n), s.facing.subarray(0, s.n), s.alive.subarray(0, s.n),
    s.damaged.subarray(0, s.n), s.occupancy, dice.draws, pdice.draws].map((a) => Array.from(a as ArrayLike<number>).join(',')).join(' | ');
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
        moveDecisions = 0;
        const got: string[] = [];
        for (let i = 0; i < GAMES; i++) got.push(play(warm, game, exp.seed, i));
        const warmMoves = moveDecisions;
        moveDecisions = 0;
        for (let i = 0; i < GAMES; i++) expect(play(runner(game, params, true), game, exp.seed, i), `${v.name} game ${i}`).toBe(got[i]);
        const freshMoves = moveDecisions;
        expect(warmMoves).toBeLessThan(freshMoves);
        // Without memoryless policies a warm runner asks every decision.
        const plain = runner(game, params, false);
        for (let i = 1000; i < 1000 + 3 * GAMES; i++) play(plain, game, exp.seed, i);
        moveDecisions = 0;
        for (let i = 0; i < GAMES; i++) expect(play(plain, game, exp.seed, i)).toBe(got[i]);
        expect(moveDecisions).toBe(freshMoves);
      }
    });
  }
});
