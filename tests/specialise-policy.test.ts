// Issue 44: the scripted leader's rule list as straight-line code (straightLeaderChoice, the specialised path's policy)
// chooses what the rule-list loop chooses — asked at every leader decision of real games, the loop's policy playing, on
// experiments with the default, conservative and aggressive leaders and with withheld items.
import { describe, expect, it } from 'vitest';
import type { Dice } from '../src/sim/core/dice.js';
import { RngDice } from '../src/sim/core/dice.js';
import { GameRecord } from '../src/sim/core/types.js';
import { STREAM_DICE, STREAM_POLICY } from '../src/sim/core/streams.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { getEngine } from '../src/registry.js';
import * as D from '../src/rules/urban-assault/decisions.js';
import type { UaObservation } from '../src/rules/urban-assault/combat/state.js';
import { createUaRunner } from '../src/rules/urban-assault/engine.js';
import type { GauntletDef, UaVariant } from '../src/rules/urban-assault/config.js';
import { UA_POLICIES } from '../src/policies/urban-assault/index.js';
import { straightLeaderChoice, W_AT4, W_FRAG, withheldKinds } from '../src/policies/urban-assault/scripted.js';
import { DEFAULT_RULES } from '../src/policies/urban-assault/default.js';

const FILES = ['experiments/lmg-worth-8-magazines.yaml', 'experiments/plan-blacksun.yaml', 'experiments/blacksun-campaign.yaml', 'experiments/relay-station-target.yaml'];

describe('the leader rule list as straight-line code (issue 44)', () => {
  for (const file of FILES) {
    it(`chooses what the loop chooses at every leader decision: ${file}`, () => {
      const exp = loadExperiment(file);
      const game = exp.compiled.game as GauntletDef;
      const spec = getEngine('urban-assault').metrics(game);
      let asked = 0, differ = 0;
      for (const v of exp.compiled.variants) {
        const params = v.params as UaVariant;
        const info = UA_POLICIES.find((p) => p.id === params.squad.policy)!;
        const loop = info.create(params.squad.policyParams);
        if (!loop.specialised) continue;
        const straight = loop.specialised();
        const checking: D.UaPolicy = {
          decide(d: number, o: UaObservation, legal: Int32Array, n: number, rng: Dice): number {
            const a = loop.decide(d, o, legal, n, rng);
            if (d === D.D_LEADER || d === D.D_ROUND0) {
              asked++;
              if (straight.decide(d, o, legal, n, rng) !== a) differ++;
            }
            return a;
          },
        };
        const runner = createUaRunner(game, params, checking);
        const rec = new GameRecord(spec);
        const dice = new RngDice(), pdice = new RngDice();
        for (let i = 0; i < (game.operation ? 15 : 150); i++) {
          dice.resetStream(exp.seed, i, STREAM_DICE);
          pdice.resetStream(exp.seed, i, STREAM_POLICY);
          rec.clear();
          runner.play(dice, pdice, rec, null);
        }
      }
      expect(asked).toBeGreaterThan(500);
      expect(differ).toBe(0);
    });
  }

  it('drops withheld kinds and writes only numbers and its parameter names into the code', () => {
    const p = Object.fromEntries(Object.entries(UA_POLICIES.find((x) => x.id === 'default')!.defaults).map(([k, d]) => [k, d.default]));
    const f = straightLeaderChoice(DEFAULT_RULES, p, withheldKinds(W_AT4 | W_FRAG));
    const src = String(f);
    expect(src).not.toMatch(/["'`]/);
    expect(src.match(/w\[\d+\]/g)!.length).toBe(DEFAULT_RULES.length - DEFAULT_RULES.filter((r) => r.kind === D.K_AT4 || r.kind === D.K_FRAG || r.kind === D.K_R0_USE).length);
  });
});
