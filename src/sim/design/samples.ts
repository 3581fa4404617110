/**
 * Sample games of a variant (issue 43, item 4): the first game it wins, the first it loses and the first whose main
 * outcome differs from its reference's on the same dice (a flipped pair), found by playing games 0, 1, … in-process
 * without narration until all three are found or `limit` games were played. Game i of the run is game i here (the
 * same streams), so each can be replayed and checked against the run's records.
 */
import { getEngine } from '../../registry.js';
import { RngDice } from '../core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../core/streams.js';
import { GameRecord } from '../core/types.js';
import type { Experiment } from '../experiment/load.js';

/** A variant's sample games (null: none in the games looked at). */
export interface SampleGames {
  readonly variant: string;
  /** The variant it is paired with (its paired_with, else the baseline); null for the baseline itself. */
  readonly reference: string | null;
  readonly won: number | null;
  readonly lost: number | null;
  readonly flipped: number | null;
  /** Games looked at. */
  readonly looked: number;
}

/** The reference of variant `v`: its paired_with, else the baseline; null when `v` is the baseline or pairs with none. */
export function referenceOf(exp: Experiment, v: number): number | null {
  const vs = exp.compiled.variants;
  if (vs[v].pairedWith === null) return null;
  const name = vs[v].pairedWith ?? vs.find((x) => x.baseline)?.name;
  const r = vs.findIndex((x) => x.name === name);
  return r < 0 || r === v ? null : r;
}

/** The first won, lost and flipped game of variant `v` among games [0, limit). */
export function sampleGames(exp: Experiment, v: number, limit = 2000): SampleGames {
  const engine = getEngine(exp.engine);
  const metrics = engine.metrics(exp.compiled.game);
  const vs = exp.compiled.variants;
  const r = referenceOf(exp, v);
  const mine = engine.createRunner(exp.compiled.game, vs[v].params);
  const theirs = r === null ? null : engine.createRunner(exp.compiled.game, vs[r].params);
  const rec = new GameRecord({ ...metrics, controls: [] });
  const dice = new RngDice(), pdice = new RngDice();
  const play = (runner: typeof mine, i: number): number => {
    dice.resetStream(exp.seed, i, STREAM_DICE);
    pdice.resetStream(exp.seed, i, STREAM_POLICY);
    rec.clear();
    runner.play(dice, pdice, rec, null);
    return rec.rates[0];
  };
  let won: number | null = null, lost: number | null = null, flipped: number | null = null, i = 0;
  for (; i < limit && (won === null || lost === null || (theirs !== null && flipped === null)); i++) {
    const o = play(mine, i);
    if (o && won === null) won = i;
    if (!o && lost === null) lost = i;
    if (theirs !== null && flipped === null && play(theirs, i) !== o) flipped = i;
  }
  return { variant: vs[v].name, reference: r === null ? null : vs[r].name, won, lost, flipped, looked: i };
}
