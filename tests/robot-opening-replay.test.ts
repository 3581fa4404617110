// The robot engine's opening replay (RsGame.openingOrMovePhase: the first side's first move phase draws nothing,
// so a runner saves the game after it once per first side and puts it back in later games) and its table of move
// phases (move-memo.ts: a move phase that drew nothing, remembered by the state it began in). A warm runner (one
// that has played other games before) must play every game exactly as a fresh runner does — the record, the
// attrition series, the controls and the final state — and must have asked fewer move decisions (the replays were
// used); with a policy that does not say it is memoryless, nothing is replayed.
import { describe, expect, it } from 'vitest';
import { RngDice } from '../src/sim/core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../src/sim/core/streams.js';
import { GameRecord } from '../src/sim/core/types.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { getEngine } from '../src/registry.js';
import { RS_POLICIES } from '../src/policies/robot-skirmish/index.js';
import { RsGame } from '../src/rules/robot-skirmish/game.js';
import * as D from '../src/rules/robot-skirmish/decisions.js';
import type { RsGameDef, RsVariant, SideDef } from '../src/rules/robot-skirmish/config.js';
import type { RsPolicy } from '../src/rules/robot-skirmish/decisions.js';

/** Move decisions asked (D_MOVE through decide or chooseMove). */
let moveDecisions = 0;

function policyOf(side: SideDef, memoryless: boolean): RsPolicy {
  const info = RS_POLICIES.find((p) => p.id === side.policy)!;
  const inner = info.create(side.policyParams);
  const counted: RsPolicy = {
    ...inner,
    memoryless: memoryless && inner.memoryless,
    decide(d, o, legal, n, rng) {
      if (d === D.D_MOVE) moveDecisions++;
      return inner.decide(d, o, legal, n, rng);
    },
  };
  if (inner.chooseMove !== undefined) {
    counted.chooseMove = (o, m) => {
      moveDecisions++;
      return inner.chooseMove!(o, m);
    };
  }
  return counted;
}

function runner(game: RsGameDef, v: RsVariant, memoryless: boolean): RsGame {
  return new RsGame(game, v, [policyOf(v.subject, memoryless), policyOf(v.reference, memoryless)]);
}

/** Game i on `g`: its record and final state, as one string. */
function play(g: RsGame, game: RsGameDef, seed: number, i: number): string {
  const dice = new RngDice(), pdice = new RngDice();
  dice.resetStream(seed, i, STREAM_DICE);
  pdice.resetStream(seed, i, STREAM_POLICY);
  const rec = new GameRecord(getEngine('robot-skirmish').metrics(game));
  g.play(dice, pdice, rec, null);
  const s = g.s;
  return JSON.stringify([Array.from(rec.rates), Array.from(rec.values), Array.from(rec.series), Array.from(rec.controls),
    Array.from(s.x.subarray(0, s.nUnits)), Array.from(s.y.subarray(0, s.nUnits)), Array.from(s.hp.subarray(0, s.nUnits)), s.round, s.winner, dice.draws, pdice.draws]);
}

describe('robot opening replay', () => {
  for (const streams of ['keyed', 'sequential'] as const) {
    it(`a warm runner plays every game as a fresh one (${streams} dice), and replays the opening`, () => {
      const exp = loadExperiment('experiments/formation-vs-multi-attack.yaml', {});
      const game: RsGameDef = { ...(exp.compiled.game as RsGameDef), diceStreams: streams };
      for (const name of ['ff-mixed-rifle', 'form-same-pod', 'multi-mixed-pod', 'charge-cannon-sword']) {
        const v = exp.compiled.variants.find((x) => x.name === name)!.params as RsVariant;
        const warm = runner(game, v, true);
        let warmMoves = 0, freshMoves = 0;
        for (let i = 0; i < 60; i++) {
          moveDecisions = 0;
          const a = play(warm, game, exp.seed, i);
          warmMoves += moveDecisions;
          moveDecisions = 0;
          const b = play(runner(game, v, true), game, exp.seed, i);
          freshMoves += moveDecisions;
          expect(a, `${name} game ${i}`).toBe(b);
        }
        // Two fresh games (one per first side at most) play the opening; every other warm game replays it, and
        // some later move phases come from the table.
        expect(warmMoves, name).toBeLessThan(freshMoves);
        expect(warm.memoHits, name).toBeGreaterThan(0);
        // Without memoryless policies nothing is replayed.
        const plain = runner(game, v, false);
        moveDecisions = 0;
        for (let i = 0; i < 60; i++) play(plain, game, exp.seed, i);
        expect(moveDecisions, name).toBe(freshMoves);
      }
    });
  }
});

describe('robot table of move phases, states off its template', () => {
  it('a warm runner plays as a fresh one when units combine and separate (the fixed part of a state changes)', () => {
    // combine: 1 makes formation-first combine (合体) with every unmoved friend in contact, so a unit's group,
    // member count and derived values (the fixed part move-memo.ts keeps once, as its template) change during play.
    const exp = loadExperiment('experiments/formation-vs-multi-attack.yaml', {});
    const game = exp.compiled.game as RsGameDef;
    const base = exp.compiled.variants.find((x) => x.name === 'form-same-rifle')!.params as RsVariant;
    const combining = (side: SideDef): SideDef => ({ ...side, policyParams: { ...side.policyParams, combine: 1, cohesion: 4 } });
    const v: RsVariant = { ...base, subject: combining(base.subject), reference: combining({ ...base.reference, policy: 'formation-first' }) };
    const warm = runner(game, v, true);
    let combined = 0;
    for (let i = 0; i < 150; i++) {
      const a = play(warm, game, exp.seed, i);
      for (let u = 0; u < warm.s.nUnits; u++) if (warm.s.alive[u] && warm.s.group[u] !== u) combined++;
      expect(a, `game ${i}`).toBe(play(runner(game, v, true), game, exp.seed, i));
    }
    expect(combined).toBeGreaterThan(0);
    expect(warm.memoHits).toBeGreaterThan(0);
  });
});
