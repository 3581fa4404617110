/**
 * A calibration question under `solve:` (issue 15 item 2): 1–3 settings over grids, several targets at once.
 *
 * ```yaml
 * solve:
 *   values:                                           # 1–3 settings (dotted paths, as a solve question's `value`)
 *     - { value: operation.scenario_patch.rules.starting_magazines.NORMAL, range: [10, 20], step: 2 }
 *     - { value: operation.reorg.magazines, range: [0, 6], step: 2 }
 *   targets:                                          # every one must hold in a feasible cell
 *     - { metric: cleared_within_1, rate: { at_most: 0.4 } }
 *     - { metric: cleared_within_3, rate: { at_least: 0.9 } }
 *   games: { start: 1000, max: 16000 }
 * ```
 */
import type { ChunkResult } from '../run/chunk.js';
import { experimentMetrics } from '../run/chunk.js';
import type { Experiment } from '../experiment/load.js';
import { calibrate, type CalOutcome } from './calibrate-core.js';
import type { RunFn } from '../run/run-fn.js';
import { type Cursor, Source } from '../input/schema.js';
import { gridOf } from './solve-core.js';
import { candidateAt, type ValueSpec } from './candidate.js';
import { wilson } from '../stats/stats.js';
import { pairedVariants } from '../experiment/paired-ref.js';

const Z95 = 1.959963984540054;

export interface CalTargetDef {
  readonly metric: string;
  readonly variant: string;
  readonly kind: 'rate' | 'mean' | 'difference';
  readonly atLeast: number | null;
  readonly atMost: number | null;
}

export interface CalSection {
  readonly values: readonly ValueSpec[];
  readonly targets: readonly CalTargetDef[];
  readonly confidence: number;
  readonly startGames: number;
  readonly maxGames: number;
}

/** Read a calibration question (`values` + `targets`). */
export function readCalibration(c: Cursor, exp: Experiment, readValue: (v: Cursor) => CalSection['values'][number]): CalSection {
  c.object(['values', 'targets', 'confidence', 'games'], ['values', 'targets']);
  const values = c.key('values').list({ min: 1 }).map(readValue);
  if (values.length > 3) c.key('values').fail({ id: 'solve.settings', params: { valuesCount: values.length } }, { id: 'solve.oneThreeSettings' });
  const cells = values.reduce((n, v) => n * gridOf(v.lo, v.hi, v.step).length, 1);
  if (cells > 400) c.key('values').fail({ id: 'solve.cells', params: { cells } }, { id: 'solve.most400CellsCoarser' });
  const spec = experimentMetrics(exp);
  const variants = exp.compiled.variants.map((v) => v.name);
  const others = pairedVariants(exp.compiled.variants); // a difference is vs each one's reference (paired_with)
  const targets = c.key('targets').list({ min: 1 }).map((t): CalTargetDef => {
    t.object(['metric', 'variant', 'rate', 'mean', 'difference'], ['metric']);
    const metric = t.key('metric').str();
    const isRate = spec.rates.some((x) => x.id === metric);
    if (!isRate && !spec.values.some((x) => x.id === metric)) t.key('metric').fail({ id: 'solve.unknownMetric', params: { metric } }, [...spec.rates.map((x) => x.id), ...spec.values.map((x) => x.id)].join(', '));
    const given = (['rate', 'mean', 'difference'] as const).filter((k) => !t.key(k).missing);
    if (given.length !== 1) t.fail({ id: 'solve.targetOneRateMean' }, '{ rate: { at_least: 0.9 } }');
    const kind = given[0];
    if (kind === 'rate' && !isRate) t.key('metric').fail({ id: 'solve.valueNotRate', params: { metric } }, 'mean: { … }');
    if (kind === 'mean' && isRate) t.key('metric').fail({ id: 'solve.rateNotValue', params: { metric } }, 'rate: { … }');
    const b = t.key(kind);
    b.object(['at_least', 'at_most']);
    const atLeast = b.key('at_least').missing ? null : b.key('at_least').num();
    const atMost = b.key('at_most').missing ? null : b.key('at_most').num();
    if (atLeast === null && atMost === null) b.fail({ id: 'solve.targetNeedsBound' }, 'at_least, at_most');
    const variant = t.key('variant').missing
      ? (kind === 'difference' ? (others.length === 1 ? others[0] : t.fail({ id: 'solve.whichVariant' }, others.join(', '))) : variants.length === 1 ? variants[0] : t.fail({ id: 'solve.whichVariant' }, variants.join(', ')))
      : t.key('variant').str({ oneOf: kind === 'difference' ? others : variants });
    return { metric, variant, kind, atLeast, atMost };
  });
  const g = c.key('games');
  g.missing || g.object(['start', 'max']);
  const startGames = g.key('start').num({ default: 1000, min: 100, max: 10_000_000, int: true });
  return {
    values, targets,
    confidence: c.key('confidence').num({ default: 0.95, min: 0.5, max: 0.9999 }),
    startGames, maxGames: g.key('max').num({ default: 16_000, min: startGames, max: 100_000_000, int: true }),
  };
}

/** Every cell of the grid (the first setting varies slowest). */
export function cellsOf(q: CalSection): number[][] {
  let out: number[][] = [[]];
  for (const v of q.values) out = out.flatMap((c) => gridOf(v.lo, v.hi, v.step).map((x) => [...c, x]));
  return out;
}

/** Calibrate on `run`; `onCell` reports each cell's verdict. */
export async function calibrateQuestion(src: Source, exp: Experiment, q: CalSection, run: RunFn): Promise<CalOutcome> {
  const played = new Map<string, Map<number, ChunkResult>>();
  return calibrate(cellsOf(q), q.targets, q, async (cell, games, z) => {
    const { exp: e, text } = candidateAt(src, q.values, cell, exp);
    const key = cell.join(',');
    const done = played.get(key) ?? new Map<number, ChunkResult>();
    played.set(key, done);
    const size = e.chunk;
    const summary = await run({ ...e, stop: { kind: 'games', games } }, text, { done: new Map([...done].filter(([, r]) => r.count === size)), append: (m, r) => { if (r.count === size) done.set(m, r); } });
    return q.targets.map((t) => {
      const v = summary.variants.find((x) => x.name === t.variant)!;
      if (t.kind === 'rate') {
        const r = v.rates.find((x) => x.id === t.metric)!;
        const n = r.n ?? v.games;
        const w = wilson(r.count, n, z);
        return { estimate: n > 0 ? r.count / n : NaN, lo: w.lo, hi: w.hi };
      }
      const i = t.kind === 'difference' ? [...v.pairedRates, ...v.pairedValues].find((x) => x.id === t.metric)!.diff : v.values.find((x) => x.id === t.metric)!.mean;
      const se = (i.hi - i.lo) / (2 * Z95);
      return { estimate: i.estimate, lo: i.estimate - z * se, hi: i.estimate + z * se };
    });
  });
}
