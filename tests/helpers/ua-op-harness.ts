// Test helper for the URBAN ASSAULT operation tests: build an operation from a
// small inline scenario (YAML-shaped object), play one operation with scripted
// dice and a scripted policy, and return the final state, record and narration.
import { stringify } from 'yaml';
import { Source } from '../../src/sim/input/schema.js';
import { compileExperiment } from '../../src/sim/experiment/load.js';
import { GameRecord, type MetricSpec } from '../../src/sim/core/types.js';
import { createUaRunner, uaInvariants, uaMetrics } from '../../src/rules/urban-assault/engine.js';
import { UA_POLICIES } from '../../src/policies/urban-assault/index.js';
import { RngDice } from '../../src/sim/core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../../src/sim/core/streams.js';
import type { GauntletDef, UaVariant } from '../../src/rules/urban-assault/config.js';
import type { UaOperation } from '../../src/rules/urban-assault/operation/operation.js';
import { ScriptedDice } from './scripted-dice.js';
import { N_ROLES } from '../../src/rules/urban-assault/catalogue/catalogue.js';
import { scriptedPolicy, type Answers, type ScriptedPolicy } from './ua-harness.js';
import { restockBuy } from '../../src/policies/urban-assault/scripted.js';

/** Scripted faces for d33 map code `tu`: a d3 face f reads ⌈f/2⌉, so (2t−1, 2u−1), e.g. 11 → [1, 1], 21 → [3, 1]. */
export const code = (c: number): number[] => [2 * Math.floor(c / 10) - 1, 2 * (c % 10) - 1];
/** Faces for several d33 codes in turn. */
export const codes = (...cs: number[]): number[] => cs.flatMap(code);

/** A tile where nothing happens but a trace: +`n` scrip (so tests can see which tile was resolved). */
export const trace = (name: string, n: number, location = 'indoor'): Record<string, unknown> => ({ name, location, supply: { effects: [{ scrip: n }] } });

/** Nine trace tiles for a d33 map: tile `tu` gives scrip t*10+u. */
export function d33Traces(over: Record<number, Record<string, unknown>> = {}): Record<number, Record<string, unknown>> {
  const tiles: Record<number, Record<string, unknown>> = {};
  for (let t = 1; t <= 3; t++) for (let u = 1; u <= 3; u++) tiles[t * 10 + u] = over[t * 10 + u] ?? trace(`tile ${t * 10 + u}`, t * 10 + u);
  return tiles;
}

/** A one-soldier level-`level` fight to the end (ends in one round with max_rounds 1 if nobody wins). */
export const oneEnemy = (name: string, level = 4, location = 'indoor'): Record<string, unknown> => ({
  name, location, encounter: { enemies: [{ name: 'guard', count: 1, level }], reaction: 'fight_to_the_end' },
});

export interface OpSpec {
  /** Scenario document (YAML-shaped); `progression`, `rules`, `tiles`, `mid`, `final` … */
  readonly scenario: Record<string, unknown>;
  /** Other `operation:` keys (difficulty defaults to NORMAL). */
  readonly operation?: Record<string, unknown>;
  /** Variant keys (leader, members, buy …). */
  readonly squad: Record<string, unknown>;
  readonly rulings?: Record<string, string>;
  /** Rule version (`rules:`). */
  readonly rules?: string;
}

export function opYaml(spec: OpSpec): string {
  const doc: Record<string, unknown> = { name: 'ua-op', game: 'urban-assault', seed: 1, stop: { games: 1 } };
  if (spec.rulings) doc.rulings = spec.rulings;
  if (spec.rules) doc.rules = spec.rules;
  doc.operation = { difficulty: 'NORMAL', max_rounds: 1, ...spec.operation, scenario: spec.scenario };
  doc.variants = [{ name: 'v', baseline: true, ...spec.squad }];
  return stringify(doc);
}

export function compileOp(spec: OpSpec): { game: GauntletDef; variant: UaVariant } {
  const exp = compileExperiment(Source.parse('ua-op.yaml', opYaml(spec)));
  return { game: exp.compiled.game as GauntletDef, variant: exp.compiled.variants[0].params as UaVariant };
}

export interface OpRun {
  readonly game: UaOperation;
  readonly record: GameRecord;
  readonly lines: string[];
  readonly dice: ScriptedDice;
  readonly policy: ScriptedPolicy;
  /** Rate by id and value by id from the record. */
  rate(id: string): number;
  value(id: string): number;
}

/** Compile the spec and play one operation (or campaign) with the scripted dice faces and answers. */
export function playOp(spec: OpSpec, faces: readonly number[], answers: Answers): OpRun {
  return playOpWith(spec, faces, answers);
}

/**
 * playOp with hooks: `members` appends scenario-member counts to the squad (squad.members[N_ROLES + i],
 * the engine's contract for scenario members) and `setup` runs on the runner before the game (e.g. to
 * mark codes used in earlier operations).
 */
export function playOpWith(spec: OpSpec, faces: readonly number[], answers: Answers, opts: { members?: readonly number[]; setup?: (g: UaOperation) => void } = {}): OpRun {
  const { game: g, variant: v0 } = compileOp(spec);
  // `members`: counts of the scenario's member types, placed after the catalogue roles (N_ROLES + i).
  const withSc = (m: readonly number[]) => { const out = m.slice(0, N_ROLES); opts.members!.forEach((n, i) => { out[N_ROLES + i] = n; }); return out; };
  const variant: UaVariant = opts.members ? { ...v0, squad: { ...v0.squad, members: withSc(v0.squad.members) } } : v0;
  // Campaigns ask `buy` before every operation after the first: unless a test scripts it, the default
  // policy's restocking of the variant's loadout answers (campaign tests rely on it).
  const policy = scriptedPolicy({ buy: (legal, o) => restockBuy(o, legal, legal.length), ...answers });
  const game = createUaRunner(g, variant, policy) as UaOperation;
  opts.setup?.(game);
  const metrics = uaMetrics(g);
  const record = new GameRecord(metrics);
  record.clear();
  const lines: string[] = [];
  const dice = new ScriptedDice(faces, 'rules');
  game.play(dice, new ScriptedDice([], 'policy'), record, { line: (t) => lines.push(t) });
  return {
    game, record, lines, dice, policy,
    rate: (id) => record.rates[metrics.rates.findIndex((r) => r.id === id)],
    value: (id) => record.values[metrics.values.findIndex((r) => r.id === id)],
  };
}

/**
 * Play `n` games of an experiment's first variant (YAML text, named `experiments/t.yaml`) with its own policy on the
 * seeded random streams (seed 1, game i), checking the engine's invariants at each end; `each` sees every game.
 */
export function seededGames(yaml: string, n: number, each: (s: UaOperation['s'], record: GameRecord, metrics: MetricSpec) => void): void {
  const exp = compileExperiment(Source.parse('experiments/t.yaml', yaml));
  const g = exp.compiled.game as GauntletDef, v = exp.compiled.variants[0].params as UaVariant;
  const runner = createUaRunner(g, v, UA_POLICIES.find((p) => p.id === v.squad.policy)!.create(v.squad.policyParams));
  const metrics = uaMetrics(g), rec = new GameRecord(metrics);
  const dice = new RngDice(), pdice = new RngDice();
  for (let i = 0; i < n; i++) {
    dice.resetStream(1, i, STREAM_DICE);
    pdice.resetStream(1, i, STREAM_POLICY);
    rec.clear();
    runner.play(dice, pdice, rec, null);
    const bad = uaInvariants(g, runner.s, true);
    if (bad.length > 0) throw new Error(`game ${i}: ${bad.join('; ')}`);
    each(runner.s, rec, metrics);
  }
}
