// chojin-locke: uniformly random legal play of the bench combat reaches every
// decision point (jammer, special, normal, synchronisation, minions, response,
// block, block synchronisation, residual synchronisation, continuation) while
// every invariant holds and every combat ends.
import { describe, expect, it } from 'vitest';
import { RngDice } from '../src/sim/core/dice.js';
import { gameStream, STREAM_DICE, STREAM_POLICY } from '../src/sim/core/streams.js';
import { GameRecord } from '../src/sim/core/types.js';
import { lkInvariants } from '../src/rules/chojin-locke/engine.js';
import { chojinLocke } from '../src/registry.js';
import { DECISION_NAMES } from '../src/rules/chojin-locke/decisions.js';
import { LkGame } from '../src/rules/chojin-locke/game.js';
import type { LkPolicy } from '../src/rules/chojin-locke/decisions.js';

describe('chojin-locke random play', () => {
  it('3,000 bench combats: every decision point is reached, invariants hold, combats end', () => {
    const bc = chojinLocke.benchCase();
    const seen = new Array<number>(DECISION_NAMES.length).fill(0);
    const problems: string[] = [];
    let game: LkGame | null = null;
    const random: LkPolicy = {
      decide(d, _v, legal, n, rng) {
        seen[d]++;
        for (const p of lkInvariants(bc.game, game!.s, false)) if (problems.length < 10) problems.push(p);
        return legal[rng.below(n)];
      },
    };
    const n = bc.variant.party.length + bc.variant.enemies.length;
    game = new LkGame(bc.game, bc.variant, new Array(n).fill(random));
    const rec = new GameRecord(chojinLocke.metrics(bc.game));
    const dice = new RngDice(gameStream(5, 0, STREAM_DICE)), pd = new RngDice(gameStream(5, 0, STREAM_POLICY));
    let maxRounds = 0;
    for (let i = 0; i < 3000; i++) {
      dice.reset(gameStream(5, i, STREAM_DICE));
      pd.reset(gameStream(5, i, STREAM_POLICY));
      rec.clear();
      game.play(dice, pd, rec, null);
      expect(game.s.over).toBe(true);
      maxRounds = Math.max(maxRounds, game.s.round);
      for (const p of lkInvariants(bc.game, game.s, true)) if (problems.length < 10) problems.push(p);
    }
    expect(problems).toEqual([]);
    const missing = DECISION_NAMES.filter((_, d) => seen[d] === 0);
    expect(missing).toEqual([]);
    expect(maxRounds).toBeLessThanOrEqual(bc.game.maxRounds);
  });
});
