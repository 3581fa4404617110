/**
 * One work unit: play games [start, start+count) of every variant and return
 * their accumulators. Game i of every variant uses the same two streams
 * (common random numbers), derived from (seed, i) only, so a chunk's result
 * does not depend on which thread ran it or what ran before. `shipped` (a run's
 * worker threads): the specialised classes its main thread generated.
 */
import { getEngine } from '../../registry.js';
import { Accumulator, AccLayout } from '../stats/accumulator.js';
import { RngDice } from '../core/dice.js';
import type { Experiment } from '../experiment/load.js';
import { STREAM_DICE, STREAM_POLICY } from '../core/streams.js';
import { referenceIndices } from '../experiment/paired-ref.js';
import { GameRecord, type GameRunner, type MetricSpec } from '../core/types.js';
import type { ChunkResult } from '../core/chunk-executor.js';
import type { PeShipment } from '../core/pe-shipment.js';

export type { ChunkResult } from '../core/chunk-executor.js';

/** Everything reusable for one experiment inside one thread. */
interface Prepared {
  readonly layout: AccLayout;
  readonly runners: readonly GameRunner[];
  readonly records: GameRecord[];
  readonly baseline: number;
  /** Each variant's reference (paired_with; default the baseline), −1 for none (referenceIndices). */
  readonly refs: Int32Array;
  readonly dice: RngDice;
  readonly pdice: RngDice;
}

const MAX_CACHED = 8;
const cache = new Map<string, Prepared>();

/** The metric spec of an experiment's games. */
export function experimentMetrics(exp: Experiment): MetricSpec {
  return getEngine(exp.engine).metrics(exp.compiled.game);
}

/** The accumulator layout of an experiment's runs (with the control-variate sums when `control_variates: true`). */
export function experimentLayout(exp: Experiment, spec: MetricSpec = experimentMetrics(exp)): AccLayout {
  return new AccLayout(spec, exp.controlVariates === true);
}

/** Index of the baseline variant (the loader guarantees exactly one). */
export function baselineIndex(exp: Experiment): number {
  const i = exp.compiled.variants.findIndex((v) => v.baseline);
  if (i < 0) throw new Error(`experiment "${exp.name}" has no baseline variant`);
  return i;
}

/**
 * The variants' runners: the engine's specialised ones (issue 44, byte-identical, derived from the same rules) unless
 * the run asks for the general engine (`--no-specialise`) or the engine has none. Where the platform forbids generating
 * code (a page whose Content-Security-Policy refuses eval: an EvalError), the general runners play.
 */
function createRunners(engine: ReturnType<typeof getEngine>, exp: Experiment, shipped: PeShipment | null): readonly GameRunner[] {
  const params = exp.compiled.variants.map((v) => v.params);
  if (exp.general !== true && engine.createSpecialisedRunners) {
    try {
      return engine.createSpecialisedRunners(exp.compiled.game, params, shipped);
    } catch (e) {
      if (!(e instanceof EvalError)) throw e;
    }
  }
  return params.map((v) => engine.createRunner(exp.compiled.game, v));
}

/**
 * The specialised classes of an experiment's runners as plain data, generated once by a run's main thread and sent with
 * its chunks to the worker threads of its own pool (src/sim/core/pe-shipment.ts); null when the run plays the general
 * engine, the engine has no specialiser, or this thread cannot specialise (generated code forbidden, names not intact).
 * Never throws: whatever went wrong here, the threads specialise for themselves and report it from there.
 */
export function specialisedShipment(exp: Experiment): PeShipment | null {
  const engine = getEngine(exp.engine);
  if (exp.general === true || !engine.specialisedShipment) return null;
  try {
    return engine.specialisedShipment(exp.compiled.game, exp.compiled.variants.map((v) => v.params));
  } catch {
    return null;
  }
}

function prepare(exp: Experiment, shipped: PeShipment | null): Prepared {
  const key = `${exp.engine}\u0000${exp.hash}${exp.controlVariates === true ? '\u0000cv' : ''}${exp.general === true ? '\u0000general' : ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const engine = getEngine(exp.engine);
  const spec = engine.metrics(exp.compiled.game);
  const p: Prepared = {
    layout: experimentLayout(exp, spec),
    runners: createRunners(engine, exp, shipped),
    // Without control_variates the records take no controls, so an engine skips its luck terms (they would be unused).
    records: exp.compiled.variants.map(() => new GameRecord(exp.controlVariates === true ? spec : { ...spec, controls: [] })),
    baseline: baselineIndex(exp),
    refs: referenceIndices(exp.compiled.variants),
    dice: new RngDice(),
    pdice: new RngDice(),
  };
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, p);
  return p;
}

/**
 * Play games [start, start+count) of every variant of `exp`. Every variant of
 * game i is played first (the baseline first, then the others in file order),
 * then each accumulator adds its record with its reference's record of that
 * same game (the baseline, or the variant `paired_with` names; none for the
 * baseline and `paired_with: none`). Each accumulator still receives its games
 * in order, so the result is the same as adding each game as it is played.
 */
export function runChunk(exp: Experiment, start: number, count: number, shipped: PeShipment | null = null): ChunkResult {
  const p = prepare(exp, shipped);
  const nv = p.runners.length;
  const accs = Array.from({ length: nv }, () => new Accumulator(p.layout));
  const refs = p.refs;
  let draws = 0, policyDraws = 0;
  for (let i = start; i < start + count; i++) {
    // Game i's two streams, shared by every variant (common random numbers); each is derived on its first draw
    // and once per game index (RngDice keeps the last derived state).
    for (let k = 0; k < nv; k++) {
      // Baseline first (k = 0 ↦ baseline), then the others in file order.
      const v = k === 0 ? p.baseline : k <= p.baseline ? k - 1 : k;
      const rec = p.records[v];
      p.dice.resetStream(exp.seed, i, STREAM_DICE);
      p.pdice.resetStream(exp.seed, i, STREAM_POLICY);
      rec.clear();
      p.runners[v].play(p.dice, p.pdice, rec, null);
      draws += p.dice.draws;
      policyDraws += p.pdice.draws;
    }
    for (let v = 0; v < nv; v++) accs[v].add(p.records[v], refs[v] < 0 ? null : p.records[refs[v]]);
  }
  return { start, count, data: accs.map((a) => a.data), draws, policyDraws };
}
