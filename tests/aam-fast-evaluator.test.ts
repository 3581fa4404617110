// Axis & Allies Miniatures (issue 27): the scripted policies' fast hex evaluator makes the very decisions of the
// evaluator it replaced (kept for the `thorough` policy). Every shipped A&A experiment, every variant, a few games:
// all scripted policies with FastHexEvaluator and all with HexEvaluator must ask the same questions, answer them
// the same way and end with the same record.
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { axisAlliesMiniaturesEngine } from '../src/rules/axis-allies-miniatures/engine.js';
import type { AamPolicyInfo } from '../src/rules/axis-allies-miniatures/decisions.js';
import type { AamGameDef, AamVariant } from '../src/rules/axis-allies-miniatures/config.js';
import { AAM_POLICIES } from '../src/policies/axis-allies-miniatures/index.js';
import { FastHexEvaluator, HexEvaluator, scriptedPolicy, type HexScorer, type RuleSet } from '../src/policies/axis-allies-miniatures/scripted.js';
import { DEFAULT_RULES } from '../src/policies/axis-allies-miniatures/default.js';
import { AGGRESSIVE_RULES } from '../src/policies/axis-allies-miniatures/aggressive.js';
import { CAUTIOUS_RULES } from '../src/policies/axis-allies-miniatures/cautious.js';
import { HOLD_RULES } from '../src/policies/axis-allies-miniatures/hold.js';
import * as D from '../src/rules/axis-allies-miniatures/decisions.js';
import { GameRecord } from '../src/sim/core/types.js';
import { RngDice } from '../src/sim/core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../src/sim/core/streams.js';
import { playShipped, watchedPolicies } from './helpers/aam-play.js';

const RULES: Record<string, RuleSet> = { default: DEFAULT_RULES, aggressive: AGGRESSIVE_RULES, cautious: CAUTIOUS_RULES, hold: HOLD_RULES, thorough: DEFAULT_RULES };
const FILES = ['aam-initiative-choice', 'aam-points-value', 'aam-best-army', 'policy-strength-aam'];
const GAMES = 6;

/** Every scripted policy on evaluator `ev`, each decision appended to `trace`. */
function engineWith(ev: HexScorer, trace: number[]) {
  const policies: AamPolicyInfo[] = AAM_POLICIES.map((info) => ({
    ...info,
    create(p) {
      const inner = RULES[info.id] ? scriptedPolicy(RULES[info.id], p, ev) : info.create(p);
      return { decide(d, o, legal, n, rng) { const a = inner.decide(d, o, legal, n, rng); trace.push(d, o.actor, a); return a; } };
    },
  }));
  return axisAlliesMiniaturesEngine(policies);
}

/** Per game: the decisions taken and the record (rates and values). */
function play(file: string, ev: HexScorer): string[] {
  const exp = loadExperiment(`experiments/${file}.yaml`, { games: GAMES });
  const trace: number[] = [];
  const engine = engineWith(ev, trace);
  const out: string[] = [];
  for (const v of exp.compiled.variants) {
    const runner = engine.createRunner(exp.compiled.game as AamGameDef, v.params as AamVariant);
    const rec = new GameRecord(engine.metrics(exp.compiled.game as AamGameDef));
    const dice = new RngDice(), policyDice = new RngDice();
    for (let i = 0; i < GAMES; i++) {
      trace.length = 0;
      dice.resetStream(exp.seed, i, STREAM_DICE);
      policyDice.resetStream(exp.seed, i, STREAM_POLICY);
      rec.clear();
      runner.play(dice, policyDice, rec, null);
      out.push(`${v.name} ${i}: ${trace.join(',')} | ${rec.rates.join(',')} | ${rec.values.join(',')}`);
    }
  }
  return out;
}

describe('A&A fast hex evaluator', () => {
  for (const file of FILES) {
    it(`${file}: every variant plays the same games with the fast and the thorough evaluator`, () => {
      const fast = play(file, new FastHexEvaluator()), thorough = play(file, new HexEvaluator());
      expect(fast.length).toBeGreaterThan(0);
      for (let i = 0; i < fast.length; i++) expect(fast[i], fast[i].slice(0, 40)).toBe(thorough[i]);
    });
  }


  it('scores every legal hex as the thorough evaluator does, at every move and assault decision (also after attacks in the phase)', () => {
    const fast = new FastHexEvaluator(), thorough = new HexEvaluator();
    let compared = 0, differ = 0;
    const policies = watchedPolicies((id, p, d, o, legal, n) => {
      if ((d !== D.D_MOVE && d !== D.D_ASSAULT) || o.actor < 0 || !RULES[id]) return;
      fast.prepare(o, o.actor, p);
      thorough.prepare(o, o.actor, p);
      for (let i = 0; i < n; i++) {
        const h = D.kindOf(legal[i]) === D.K_MOVE ? D.argOf(legal[i]) : o.pos[o.actor];
        compared++;
        if (fast.score(h) !== thorough.score(h)) differ++;
      }
    });
    playShipped('aam-initiative-choice', policies, GAMES);
    expect(compared).toBeGreaterThan(1000);
    expect(differ).toBe(0);
  });
});
