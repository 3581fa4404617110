// Shared by the A&A replay tests (aam-opening-replay, aam-phase-memo): a scripted policy whose contract flags can be
// withheld and whose move decisions are counted, and one game played on a runner summed up as a string (record,
// attrition series, luck controls, final state and draws), to compare a warm runner with fresh ones.
import { RngDice } from '../../src/sim/core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../../src/sim/core/streams.js';
import { GameRecord } from '../../src/sim/core/types.js';
import { aamMetrics } from '../../src/rules/axis-allies-miniatures/engine.js';
import { AAM_POLICIES } from '../../src/policies/axis-allies-miniatures/index.js';
import { AamGame } from '../../src/rules/axis-allies-miniatures/game.js';
import * as D from '../../src/rules/axis-allies-miniatures/decisions.js';
import type { AamGameDef, AamVariant, SideDef } from '../../src/rules/axis-allies-miniatures/config.js';
import type { AamPolicy } from '../../src/rules/axis-allies-miniatures/decisions.js';

/** Move decisions asked of the policies built by {@link warmRunner} (reset it freely). */
export const counted = { moves: 0 };

/** Which of the policy's contract flags to pass on (a flag withheld is absent, as for a policy that does not say it). */
export interface Flags {
  readonly memoryless: boolean;
  readonly unitsOnly: boolean;
}

function policyOf(side: SideDef, flags: Flags): AamPolicy {
  const inner = AAM_POLICIES.find((p) => p.id === side.policy)!.create(side.policyParams);
  return {
    memoryless: flags.memoryless && inner.memoryless,
    unitsOnly: flags.unitsOnly && inner.unitsOnly,
    decide(d, o, legal, n, rng) {
      if (d === D.D_MOVE) counted.moves++;
      return inner.decide(d, o, legal, n, rng);
    },
  };
}

/** A runner of variant `v` whose policies pass on only the given flags and count their move decisions. */
export function warmRunner(game: AamGameDef, v: AamVariant, flags: Flags): AamGame {
  return new AamGame(game, v, [policyOf(v.blue, flags), policyOf(v.red, flags)]);
}

/** Game i on `g` (with the luck controls): its record and final state, as one string. */
export function playSummary(g: AamGame, game: AamGameDef, seed: number, i: number): string {
  const dice = new RngDice(), pdice = new RngDice();
  dice.resetStream(seed, i, STREAM_DICE);
  pdice.resetStream(seed, i, STREAM_POLICY);
  const rec = new GameRecord(aamMetrics(game));
  g.play(dice, pdice, rec, null);
  const s = g.s;
  return [rec.rates, rec.values, rec.series, rec.controls, s.pos.subarray(0, s.n), s.facing.subarray(0, s.n), s.alive.subarray(0, s.n),
    s.damaged.subarray(0, s.n), s.occupancy, dice.draws, pdice.draws].map((a) => Array.from(a as ArrayLike<number>).join(',')).join(' | ');
}
