// Test helper: play the first games of every variant of a shipped A&A experiment with given policies, on the
// experiment's own dice and policy streams (as a run does).
import { loadExperiment } from '../../src/sim/experiment/load.js';
import { axisAlliesMiniaturesEngine } from '../../src/rules/axis-allies-miniatures/engine.js';
import type { AamPolicyInfo } from '../../src/rules/axis-allies-miniatures/decisions.js';
import type { AamGameDef, AamVariant } from '../../src/rules/axis-allies-miniatures/config.js';
import { GameRecord } from '../../src/sim/core/types.js';
import { RngDice } from '../../src/sim/core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../../src/sim/core/streams.js';
import type { Dice } from '../../src/sim/core/dice.js';
import type { AamObservation } from '../../src/rules/axis-allies-miniatures/state.js';
import { AAM_POLICIES } from '../../src/policies/axis-allies-miniatures/index.js';
import type { Params } from '../../src/policies/axis-allies-miniatures/scoring.js';

/** Play games 0 … `games` − 1 of every variant of `experiments/<file>.yaml` with `policies`. */
export function playShipped(file: string, policies: AamPolicyInfo[], games: number): void {
  const exp = loadExperiment(`experiments/${file}.yaml`, { games });
  const engine = axisAlliesMiniaturesEngine(policies);
  for (const v of exp.compiled.variants) {
    const runner = engine.createRunner(exp.compiled.game as AamGameDef, v.params as AamVariant);
    const rec = new GameRecord(engine.metrics(exp.compiled.game as AamGameDef));
    const dice = new RngDice(), policyDice = new RngDice();
    for (let i = 0; i < games; i++) {
      dice.resetStream(exp.seed, i, STREAM_DICE);
      policyDice.resetStream(exp.seed, i, STREAM_POLICY);
      rec.clear();
      runner.play(dice, policyDice, rec, null);
    }
  }
}

/** A look at one decision of policy `id` (parameters `p`): the decision, the observation and the legal list. */
export type DecisionWatch = (id: string, p: Params, d: number, o: AamObservation, legal: Int32Array, n: number) => void;

/** Every A&A policy, with `watch` called at each decision: before it is answered, or after when `after` is true. */
export function watchedPolicies(watch: DecisionWatch, after = false): AamPolicyInfo[] {
  return AAM_POLICIES.map((info) => ({
    ...info,
    create(p: Params) {
      const inner = info.create(p);
      return {
        decide(d: number, o: AamObservation, legal: Int32Array, n: number, rng: Dice) {
          if (!after) watch(info.id, p, d, o, legal, n);
          const a = inner.decide(d, o, legal, n, rng);
          if (after) watch(info.id, p, d, o, legal, n);
          return a;
        },
      };
    },
  }));
}
