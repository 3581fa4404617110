/**
 * The run driver: hands out chunks of games by index to the platform's pool of workers (sim/core/platform.ts:
 * piscina threads on Node, Web Workers in a page), or runs them in-process with `workers: 0`, merges their accumulators strictly
 * in chunk-index order, applies the stopping rule after each merged chunk and
 * builds the {@link RunSummary}.
 *
 * Results depend only on the experiment (seed, stop rule, chunk size), never
 * on the number of workers or on timing: a chunk computed past the stopping
 * chunk is discarded, and wall-clock time only feeds the timing fields.
 */
import { Accumulator } from '../stats/accumulator.js';
import { baselineIndex, experimentLayout, experimentMetrics, runChunk, type ChunkResult } from './chunk.js';
import { referenceIndices } from '../experiment/paired-ref.js';
import type { Experiment } from '../experiment/load.js';
import type { ChunkExecutor } from '../core/chunk-executor.js';
import type { ChunkStore } from './ndjson-lines.js';
import { platform } from '../core/platform.js';
import { halfWidth, meanInterval, pairedInterval, pairedPValue, percentileFromHistogram, unpairedRateDiff, wilson } from '../stats/stats.js';
import type { PairedSummary, RunSummary, SeriesPoint, VariantSummary } from '../stats/summary.js';
import type { CompiledVariant, MetricSpec } from '../core/types.js';
import type { CvEstimate } from '../stats/control-variates.js';
import { cvPairedRate, cvPairedValue, cvRate, cvValue } from '../stats/cv-estimates.js';
import { t } from '../../i18n/t.js';
import { stopScope, type StopScope } from '../experiment/stop-scope.js';

/** Progress reported after each merged chunk. */
export interface Progress {
  /** Games merged so far, per variant. */
  readonly gamesDone: number;
  /** The `games` target, or the `max_games` cap under `target_error`. */
  readonly gamesPlanned: number;
  /** Games per second over all variants (timing only). */
  readonly gamesPerSecond: number;
  /** Current worst 95% CI half-width the stop waits for (the primary rates and/or their paired differences, {@link worstHalfWidth}); NaN before data. */
  readonly halfWidth: number;
  /** Wall-clock seconds since the start (timing only). */
  readonly elapsedSeconds: number;
}

/** Options of {@link runExperiment}. */
export interface RunOptions {
  /** Worker threads; 0 runs every chunk in-process (identical results). */
  workers: number;
  onProgress?: (p: Progress) => void;
  /**
   * A resume journal (journal.ts): chunks it holds are merged without being played again, and every chunk played
   * is recorded in it as soon as it is merged. Results are identical with or without it.
   */
  journal?: { readonly done: ChunkStore; append(m: number, r: ChunkResult): void };
  /** Play chunks elsewhere (a queue, queue.ts) instead of on local threads; `workers` then only labels the summary. */
  executor?: ChunkExecutor;
  /**
   * Timing measurements only (bench's time budget, bench/shipped.ts): once aborted, the run ends after the chunk being
   * merged, as if its stop rule had ended it there, and the summary covers the games merged so far. A run whose results
   * are kept never sets it (they would then depend on timing).
   */
  signal?: AbortSignal;
}

export type { ChunkExecutor } from '../core/chunk-executor.js';

/**
 * Worst 95% half-width over every variant's primary rate (Wilson) and every
 * variant's paired difference of the primary rate against its reference.
 * `refs` is each variant's reference index (referenceIndices: −1 = no paired
 * difference), or the baseline's index when every variant is compared with it.
 * With `scope` `differences` (the file's `target_of: differences`,
 * stop-scope.ts) the own rates are left out: only the paired differences count.
 * NaN while any of them is undefined (no games yet), so NaN never satisfies a
 * target.
 */
export function worstHalfWidth(accs: readonly Accumulator[], refs: number | ArrayLike<number>, scope: StopScope = 'all'): number {
  let worst = 0;
  const paired = (v: number): boolean => (typeof refs === 'number' ? v !== refs : refs[v] >= 0);
  for (let v = 0; v < accs.length; v++) {
    const a = accs[v];
    const n = a.games;
    if (n === 0 || a.layout.nRates === 0) return NaN;
    // With control_variates the adjusted intervals (the ones reported) decide; the raw ones where none exists yet.
    if (scope === 'all') {
      const own = a.layout.cv ? cvRate(a, 0) : null;
      worst = Math.max(worst, halfWidth(own ? own.interval : wilson(a.rateCount(0), n)));
    }
    if (paired(v)) {
      const d = a.pairedRate(0);
      const adj = a.layout.cv ? cvPairedRate(a, 0) : null;
      const hw = halfWidth(adj ? adj.interval : pairedInterval(d.sum, d.sumSq, n));
      if (Number.isNaN(hw)) return NaN;
      worst = Math.max(worst, hw);
    }
  }
  return worst;
}

/**
 * Run an experiment to its stopping rule and summarise it.
 *
 * - `games`: exactly that many games per variant (the last chunk is shorter).
 * - `target_error`: after each merged chunk, once games ≥ minGames, stop when
 *   {@link worstHalfWidth} (of the rule's scope: every interval, or with
 *   `target_of: differences` the paired differences only) ≤ target; otherwise
 *   stop at maxGames.
 *
 * About 2× `workers` chunks are kept in flight; results are merged in chunk
 * order, so the summary (apart from timing and `workers`) is identical for any
 * worker count.
 */
export async function runExperiment(exp: Experiment, opts: RunOptions): Promise<RunSummary> {
  const workers = opts.workers;
  if (!Number.isInteger(workers) || workers < 0) throw new Error(t('internal.workersNotCount', { workers }));
  const spec = experimentMetrics(exp);
  if (exp.stop.kind === 'target_error' && spec.rates.length === 0) throw new Error(t('internal.targetErrorNoRate', { engine: exp.engine }));
  const layout = experimentLayout(exp, spec);
  const accs = exp.compiled.variants.map(() => new Accumulator(layout));
  const refs = referenceIndices(exp.compiled.variants);
  const stop = exp.stop;
  const scope = stopScope(stop);
  const cap = stop.kind === 'games' ? stop.games : stop.maxGames;
  const size = exp.chunk;
  const nChunks = Math.ceil(cap / size);
  const host = platform();
  const t0 = host.now(); // timing only
  const elapsed = (): number => (host.now() - t0) / 1000; // timing only

  // No more threads than chunks: a thread with no chunk to play would only load its modules, on a core another needs.
  const executor = opts.executor ?? (workers > 0 ? host.chunkPool(exp, Math.min(workers, nChunks)) : null);
  const pending = new Map<number, Promise<ChunkResult>>();
  const journaled = opts.journal?.done;
  const submit = (i: number): void => {
    const recorded = journaled?.get(i);
    if (recorded) {
      pending.set(i, Promise.resolve(recorded));
      return;
    }
    const start = i * size;
    const count = Math.min(size, cap - start);
    const p = executor ? executor.run(i, start, count) : Promise.resolve().then(() => runChunk(exp, start, count));
    p.catch(() => undefined); // observed when merged; silences chunks discarded (or cancelled) after the stop
    pending.set(i, p);
  };

  let games = 0;
  try {
    let next = 0;
    for (let m = 0; m < nChunks; m++) {
      // A queue's fleet can grow during the run: its in-flight count is read again before each merge.
      const inFlight = executor ? executor.inFlight : 1;
      while (next < nChunks && next - m < inFlight) submit(next++);
      if (m === 2) await host.hold('two-chunks-merged'); // tests only: chunks 0 and 1 merged and journaled
      const res = await pending.get(m)!;
      pending.delete(m);
      if (res.start !== m * size || res.data.length !== accs.length) throw new Error(t('internal.chunkMalformed', { chunk: m }));
      res.data.forEach((d, v) => accs[v].merge(new Accumulator(layout, d)));
      games += res.count;
      if (opts.journal && !journaled?.has(m)) opts.journal.append(m, res);
      const hw = worstHalfWidth(accs, refs, scope);
      if (opts.onProgress) {
        const s = elapsed();
        opts.onProgress({ gamesDone: games, gamesPlanned: cap, gamesPerSecond: s > 0 ? (games * accs.length) / s : 0, halfWidth: hw, elapsedSeconds: s });
      }
      if (stop.kind === 'target_error' && games >= stop.minGames && hw <= stop.target) break;
      if (opts.signal?.aborted) break;
    }
  } finally {
    // The local pool cancels its chunks still in flight (they would be discarded) and tears its threads down.
    // A queue's chunks still in flight are left to the workers (their results stay in Redis until the run is closed).
    await executor?.cancelInFlight?.();
  }
  const s = elapsed();
  return buildSummary(exp, spec, accs, { workers, elapsedSeconds: s, gamesPerSecond: s > 0 ? (games * accs.length) / s : 0 });
}

/**
 * Assemble a {@link RunSummary} from merged accumulators (one per variant, in
 * `exp.compiled.variants` order). Series points are listed step-major for the
 * steps at least one game reached (n > 0).
 */
export function buildSummary(
  exp: Experiment,
  spec: MetricSpec,
  accs: readonly Accumulator[],
  timing: { workers: number; elapsedSeconds: number; gamesPerSecond: number },
): RunSummary {
  const b = baselineIndex(exp);
  const refs = referenceIndices(exp.compiled.variants);
  return {
    experiment: { name: exp.name, question: exp.question, ...(exp.questionText ? { questionText: exp.questionText } : {}), file: exp.file, hash: exp.hash, engine: exp.engine },
    seed: exp.seed,
    stop: exp.stop,
    gamesPerVariant: accs[b].games,
    workers: timing.workers,
    elapsedSeconds: timing.elapsedSeconds,
    gamesPerSecond: timing.gamesPerSecond,
    rulings: exp.compiled.rulings,
    costUnit: exp.compiled.costUnit,
    // An engine's controls are listed only when they are used: a run without the key keeps its summary as before.
    metrics: accs[b].layout.cv || spec.controls === undefined ? spec : withoutControls(spec),
    baseline: exp.compiled.variants[b].name,
    variants: exp.compiled.variants.map((v, i) => summarizeVariant(v, accs[i], spec, refs[i] < 0 ? null : accs[refs[i]])),
    ...(exp.sweep ? { sweep: exp.sweep } : {}),
    ...(accs[b].layout.cv ? { controlVariates: { ids: (spec.controls ?? []).map((c) => c.id) } } : {}),
    // Targets travel with the summary so report.html and the web app show them (a run without any keeps its summary).
    ...(exp.targets && exp.targets.length > 0 ? { targets: exp.targets } : {}),
  };
}

function withoutControls(spec: MetricSpec): MetricSpec {
  const { controls: _controls, ...rest } = spec;
  return rest;
}

/** A paired summary with the adjusted difference in place of the raw one (kept as `raw`), or as it is when `cv` is null. */
function withCv(s: PairedSummary, cv: CvEstimate | null): PairedSummary {
  return cv ? { ...s, diff: cv.interval, p: cv.p, raw: s.diff, rawP: s.p, varianceRatio: cv.ratio } : s;
}

/** One variant's summary; `base` is its reference's accumulator (null: the baseline itself or paired_with: none). */
function summarizeVariant(v: CompiledVariant, a: Accumulator, spec: MetricSpec, base: Accumulator | null): VariantSummary {
  const n = a.games;
  const givenIndex = spec.rates.map((r) => (r.given ? spec.rates.findIndex((x) => x.id === r.given) : -1));
  const rateN = (acc: Accumulator, i: number) => (givenIndex[i] >= 0 ? acc.rateCount(givenIndex[i]) : acc.games);
  const rateDiff = (r: { id: string; label: string }, i: number): PairedSummary => {
    if (givenIndex[i] < 0 || base === null) return withCv(paired(r.id, r.label, a.pairedRate(i)), cvPairedRate(a, i));
    const d = unpairedRateDiff(a.rateCount(i), rateN(a, i), base.rateCount(i), rateN(base, i));
    return { id: r.id, label: r.label, diff: d.diff, p: d.p };
  };
  const paired = (id: string, label: string, d: { sum: number; sumSq: number }): PairedSummary => ({
    id, label, diff: pairedInterval(d.sum, d.sumSq, n), p: pairedPValue(d.sum, d.sumSq, n),
  });
  const series: SeriesPoint[] = [];
  if (spec.series) {
    for (let s = 0; s < spec.series.steps.length; s++) {
      for (let k = 0; k < spec.series.vars.length; k++) {
        const h = a.seriesHist(s, k);
        let reached = 0;
        for (let x = 0; x < h.length; x++) reached += h[x];
        if (reached === 0) continue;
        series.push({
          step: s, var: k, n: reached, mean: a.seriesSum(s, k) / reached,
          p10: percentileFromHistogram(h, 0.1), p50: percentileFromHistogram(h, 0.5), p90: percentileFromHistogram(h, 0.9),
        });
      }
    }
  }
  return {
    name: v.name,
    label: v.label,
    ...(v.labelText ? { labelText: v.labelText } : {}),
    baseline: v.baseline,
    ...(v.pairedWith !== undefined ? { pairedWith: v.pairedWith } : {}),
    cost: v.cost,
    games: n,
    rates: spec.rates.map((r, i) => {
      const raw = wilson(a.rateCount(i), rateN(a, i));
      const cv = cvRate(a, i);
      return { id: r.id, label: r.label, count: a.rateCount(i), rate: cv ? cv.interval : raw, ...(r.given ? { n: rateN(a, i) } : {}), ...(cv ? { raw, varianceRatio: cv.ratio } : {}) };
    }),
    values: spec.values.map((val, j) => {
      const { sum, sumSq } = a.valueSums(j);
      const { interval, sd } = meanInterval(sum, sumSq, n);
      const h = a.valueHist(j);
      const cv = cvValue(a, j);
      return {
        id: val.id, label: val.label, mean: cv ? cv.interval : interval, sd, p10: percentileFromHistogram(h, 0.1), p50: percentileFromHistogram(h, 0.5), p90: percentileFromHistogram(h, 0.9),
        ...(cv ? { raw: interval, varianceRatio: cv.ratio } : {}),
      };
    }),
    pairedRates: base === null ? [] : spec.rates.map((r, i) => rateDiff(r, i)),
    pairedValues: base === null ? [] : spec.values.map((val, j) => withCv(paired(val.id, val.label, a.pairedValue(j)), cvPairedValue(a, j))),
    series,
  };
}
