// AamPolicy.activatesInOrder: a policy that promises the first legal unit at every activation decision lets the engine
// take that unit without asking (game.ts nextUnit). For every shipped policy that makes the promise, each variant of
// aam-initiative-choice plays a few games exactly as with the promise withheld (the engine asks): the same record,
// attrition series, luck controls, final state and draws, and the same narrated replay. Policies that may choose
// another unit (random; activation = 1) must not make the promise.
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { GameRecord, type GameLog } from '../src/sim/core/types.js';
import { aamMetrics } from '../src/rules/axis-allies-miniatures/engine.js';
import { RngDice } from '../src/sim/core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../src/sim/core/streams.js';
import { AAM_POLICIES } from '../src/policies/axis-allies-miniatures/index.js';
import { AamGame } from '../src/rules/axis-allies-miniatures/game.js';
import type { AamGameDef, AamVariant, SideDef } from '../src/rules/axis-allies-miniatures/config.js';
import type { AamPolicy } from '../src/rules/axis-allies-miniatures/decisions.js';
import { playSummary } from './helpers/aam-warm-runner.js';

const GAMES = 3;

/** The side's policy as shipped, or with the activation promise withheld (the engine then asks every time). */
function policyOf(side: SideDef, promise: boolean): AamPolicy {
  const inner = AAM_POLICIES.find((p) => p.id === side.policy)!.create(side.policyParams);
  return promise ? inner : { ...inner, activatesInOrder: false };
}

function runner(game: AamGameDef, v: AamVariant, promise: boolean): AamGame {
  return new AamGame(game, v, [policyOf(v.blue, promise), policyOf(v.red, promise)]);
}

/** Game i narrated (the replay's lines). */
function narrated(g: AamGame, game: AamGameDef, seed: number, i: number): string {
  const dice = new RngDice(), pdice = new RngDice();
  dice.resetStream(seed, i, STREAM_DICE);
  pdice.resetStream(seed, i, STREAM_POLICY);
  const lines: string[] = [];
  const log: GameLog = { line: (text) => lines.push(text) };
  g.play(dice, pdice, new GameRecord(aamMetrics(game)), log);
  return lines.join('\n');
}

describe('A&A activatesInOrder', () => {
  it('is promised by the scripted policies with activation < 1 only, never by random', () => {
    for (const info of AAM_POLICIES) {
      const params = Object.fromEntries(Object.entries(info.defaults).map(([k, d]) => [k, d.default]));
      const p = info.create(params);
      if (info.id === 'random') expect(p.activatesInOrder).toBeFalsy();
      if ('activation' in params) {
        expect(p.activatesInOrder, info.id).toBe(params.activation < 1);
        expect(info.create({ ...params, activation: 1 }).activatesInOrder, info.id).toBeFalsy();
      }
    }
  });

  it('aam-initiative-choice: every variant plays the same games with the shortcut as when the policy is asked', () => {
    const exp = loadExperiment('experiments/aam-initiative-choice.yaml', { games: GAMES });
    const game = exp.compiled.game as AamGameDef;
    let promised = 0;
    for (const v of exp.compiled.variants) {
      const params = v.params as AamVariant;
      const fast = runner(game, params, true), asked = runner(game, params, false);
      if (fast.policies.some((p) => p.activatesInOrder)) promised++;
      for (let i = 0; i < GAMES; i++) {
        expect(playSummary(fast, game, exp.seed, i), `${v.name} game ${i}`).toBe(playSummary(asked, game, exp.seed, i));
        expect(narrated(fast, game, exp.seed, i), `${v.name} replay ${i}`).toBe(narrated(asked, game, exp.seed, i));
      }
    }
    expect(promised).toBe(exp.compiled.variants.length);
  });
});
