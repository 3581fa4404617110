/**
 * `solve:` — an experiment's inverse question (issue 15): which value of one experiment setting makes a metric hit a
 * target (break-even: a paired difference of 0; calibration: a rate of 50%).
 *
 * ```yaml
 * solve:
 *   value: catalogue.weapons.lmg.cost      # a dotted path in the experiment document (a variant by its name:
 *                                          # variants.lmg.magazines); created when missing, validated by the engine
 *   range: [0, 8]                          # numbers; integers with the default step 1
 *   step: 1
 *   target: { difference: 0 }              # or { rate: 0.5 } or { mean: 12 } — on `metric` of `variant`
 *   metric: win                            # default: the primary rate
 *   variant: lmg                           # default: the only non-baseline variant (difference), else required
 *   confidence: 0.95                       # every decision together
 *   games: { start: 2000, max: 64000 }     # per variant at one value: the first look and the cap
 * ```
 *
 * Each candidate value is the same experiment with that value set (same seed: common random numbers across values).
 * Games already played at a value are kept when more are needed (the run driver's journal).
 */
import { isReservedKey } from '../input/yaml-data.js';
import { experimentMetrics, type ChunkResult } from '../run/chunk.js';
import type { Experiment } from '../experiment/load.js';
import type { RunFn } from '../run/run-fn.js';
import { Source, type Cursor } from '../input/schema.js';
import { solve, type Estimate, type SolveAnswer } from './solve-core.js';
import { wilson } from '../stats/stats.js';
import { readCalibration, type CalSection } from './calibrate.js';
import { candidateAt, type ValueSpec } from './candidate.js';
import { pairedVariants } from '../experiment/paired-ref.js';
import type { RunSummary } from '../stats/summary.js';

/** One `solve:` question: the value it varies (path, range, step, line) and the target it seeks. */
export interface SolveSection extends ValueSpec {
  readonly kind: 'difference' | 'rate' | 'mean';
  readonly target: number;
  readonly metric: string;
  readonly variant: string;
  readonly confidence: number;
  readonly startGames: number;
  readonly maxGames: number;
}

const Z95 = 1.959963984540054;

/** Read and check `solve:` of a compiled experiment's source: one question, or a list answered in turn. */
export function readSolve(src: Source, exp: Experiment): Question[] {
  const root = src.root();
  const c = root.key('solve');
  if (c.missing) root.fail({ id: 'solve.noSolveSection' }, { id: 'solve.solveSeeDocs' });
  return Array.isArray(c.value) ? c.list({ min: 1 }).map((q) => readQuestion(q, exp)) : [readQuestion(c, exp)];
}

/** One question: a root-finding one (`value` + `target`) or a calibration (`values` + `targets`, calibrate.ts). */
export type Question = { readonly mode: 'solve'; readonly s: SolveSection } | { readonly mode: 'calibrate'; readonly c: CalSection };

function readQuestion(c: Cursor, exp: Experiment): Question {
  if (!c.key('values').missing || !c.key('targets').missing) return { mode: 'calibrate', c: readCalibration(c, exp, (v) => { v.object(['value', 'range', 'step'], ['value', 'range']); return readValue(v, exp); }) };
  return { mode: 'solve', s: readOne(c, exp) };
}

/** A setting to vary: `value` (a dotted path), `range` and `step`. */
export function readValue(c: Cursor, exp: Experiment): ValueSpec {
  const pathText = c.key('value').str();
  if (!/^[A-Za-z_][\w]*(\.[\w\-]+)*$/.test(pathText)) c.key('value').fail({ id: 'solve.notDottedPath', params: { pathText } }, { id: 'solve.eGCatalogueWeapons' });
  const reserved = pathText.split('.').find(isReservedKey);
  if (reserved !== undefined) c.key('value').fail({ id: 'security.reservedKey', params: { key: reserved } });
  const variants = exp.compiled.variants.map((v) => v.name);
  // A path part after `variants` may name a variant; it becomes its index in the list.
  const parts: (string | number)[] = pathText.split('.').map((p, i, all) => (i > 0 && all[i - 1] === 'variants' && variants.includes(p) ? variants.indexOf(p) : /^\d+$/.test(p) ? Number(p) : p));
  if (['solve', 'seed', 'stop', 'name', 'game', 'search', 'tune'].includes(String(parts[0]))) c.key('value').fail({ id: 'solve.cannotSolved', params: { key: String(parts[0]) } }, { id: 'solve.settingGameCatalogueOperation' });
  const r = c.key('range');
  const rl = r.list({ min: 2 });
  if (rl.length !== 2) r.fail({ id: 'solve.rangeTwoNumbers' }, { id: 'solve.lowHighEG' });
  const lo = rl[0].num(), hi = rl[1].num();
  if (!(lo < hi)) r.fail({ id: 'solve.notBelow', params: { lo, hi } }, { id: 'solve.lowHighLowHigh' });
  const ints = Number.isInteger(lo) && Number.isInteger(hi);
  const step = c.key('step').missing ? (ints ? 1 : r.fail({ id: 'solve.rangeNonIntegersNeeds' }, { id: 'solve.step05Integer' })) : c.key('step').num({ min: 1e-9 });
  if (step > hi - lo) c.key('step').fail({ id: 'solve.stepWiderThanRange', params: { step } }, { id: 'solve.most', params: { value: hi - lo } });
  if ((hi - lo) / step > 4096) c.key('step').fail({ id: 'solve.values', params: { round: Math.round((hi - lo) / step) } }, { id: 'solve.most4096ValuesRange' });
  return { path: parts, pathText, lo, hi, step, cursor: c.key('value') };
}

function readOne(c: Cursor, exp: Experiment): SolveSection {
  c.object(['value', 'range', 'step', 'target', 'metric', 'variant', 'confidence', 'games'], ['value', 'range', 'target']);
  const { path: parts, pathText, lo, hi, step } = readValue(c, exp);
  const variants = exp.compiled.variants.map((v) => v.name);
  const t = c.key('target');
  t.object(['difference', 'rate', 'mean']);
  const given = (['difference', 'rate', 'mean'] as const).filter((k) => !t.key(k).missing);
  if (given.length !== 1) t.fail({ id: 'solve.targetOneDifferenceRate' }, { id: 'solve.targetExamples' });
  const kind = given[0];
  const target = kind === 'rate' ? t.key(kind).num({ min: 0, max: 1 }) : t.key(kind).num();
  const spec = getSpec(exp);
  const metric = c.key('metric').str({ default: spec.rates[0]?.id ?? '' });
  const isRate = spec.rates.some((x) => x.id === metric), isValue = spec.values.some((x) => x.id === metric);
  if (!isRate && !isValue) c.key('metric').fail({ id: 'solve.unknownMetric', params: { metric } }, [...spec.rates.map((x) => x.id), ...spec.values.map((x) => x.id)].join(', '));
  if (kind === 'rate' && !isRate) c.key('metric').fail({ id: 'solve.valueNotRate', params: { metric } }, { id: 'solve.targetValue' });
  if (kind === 'mean' && !isValue) c.key('metric').fail({ id: 'solve.rateNotValue', params: { metric } }, { id: 'solve.targetRate' });
  const others = pairedVariants(exp.compiled.variants); // a difference is vs each one's reference (paired_with)
  const variant = c.key('variant').missing
    ? (kind === 'difference' ? (others.length === 1 ? others[0] : c.fail({ id: 'solve.moreThanOneVariant' }, { id: 'solve.variantOne', params: { others: others.join(', ') } })) : (variants.length === 1 ? variants[0] : c.fail({ id: 'solve.whichVariantTargetAbout' }, { id: 'solve.variantOne2', params: { variants: variants.join(', ') } })))
    : c.key('variant').str({ oneOf: kind === 'difference' ? others : variants });
  const g = c.key('games');
  g.missing || g.object(['start', 'max']);
  const startGames = g.key('start').num({ default: 2000, min: 100, max: 10_000_000, int: true });
  const maxGames = g.key('max').num({ default: 64_000, min: startGames, max: 100_000_000, int: true });
  return {
    path: parts, pathText, lo, hi, step, kind, target, metric, variant,
    confidence: c.key('confidence').num({ default: 0.95, min: 0.5, max: 0.9999 }),
    startGames, maxGames, cursor: c.key('value'),
  };
}

function getSpec(exp: Experiment) {
  // The metric ids of the experiment (the engine's metrics of its compiled game).
  return experimentMetrics(exp);
}

/** The experiment with the solved setting at `x` (same seed and file: common random numbers across values). */
export function candidate(src: Source, s: SolveSection, x: number, base: Experiment): Experiment {
  return candidateText(src, s, x, base).exp;
}

/**
 * The candidate and its document's text. Each value is its own experiment file in memory: its hash (of that text)
 * differs from every other value's (runners are cached by experiment hash), and a cluster worker recompiles it from
 * the text.
 */
export function candidateText(src: Source, s: SolveSection, x: number, base: Experiment): { exp: Experiment; text: string } {
  const r = candidateAt(src, [s], [x], base);
  return { exp: { ...r.exp, stop: { kind: 'games', games: s.maxGames } }, text: r.text };
}

export { candidateAt } from './candidate.js';

/** The metric of `s` in a run's summary, with its interval at `z`. */
export function estimateOf(summary: RunSummary, s: SolveSection, z: number): Estimate {
  const v = summary.variants.find((x) => x.name === s.variant)!;
  if (s.kind === 'rate') {
    const r = v.rates.find((x) => x.id === s.metric)!;
    const n = r.n ?? v.games;
    const w = wilson(r.count, n, z);
    return { estimate: n > 0 ? r.count / n : NaN, lo: w.lo, hi: w.hi, games: v.games };
  }
  // Differences and means: normal intervals, rescaled from the summary's 95% one.
  const i = s.kind === 'difference'
    ? [...v.pairedRates, ...v.pairedValues].find((x) => x.id === s.metric)!.diff
    : v.values.find((x) => x.id === s.metric)!.mean;
  const se = (i.hi - i.lo) / (2 * Z95);
  const mid = i.estimate;
  return { estimate: mid, lo: mid - z * se, hi: mid + z * se, games: v.games };
}

/** Solve one question of the experiment on `workers` threads; `onLook` reports each look as it ends. */
export async function solveQuestion(src: Source, exp: Experiment, s: SolveSection, run: RunFn, onLook?: (x: number, e: Estimate) => void): Promise<{ section: SolveSection; answer: SolveAnswer }> {
  const played = new Map<number, Map<number, ChunkResult>>();
  const compiled = new Map<number, { exp: Experiment; text: string }>();
  const evaluate = async (x: number, games: number, z: number): Promise<Estimate> => {
    let ce = compiled.get(x);
    if (!ce) {
      ce = candidateText(src, s, x, exp);
      compiled.set(x, ce);
    }
    const e = ce.exp;
    const done = played.get(x) ?? new Map<number, ChunkResult>();
    played.set(x, done);
    // Whole chunks are kept for the next look (a last, shorter chunk is played again at its full size then).
    const size = e.chunk;
    const summary = await run({ ...e, stop: { kind: 'games', games } }, ce.text, { done: new Map([...done].filter(([, r]) => r.count === size)), append: (m, r) => { if (r.count === size) done.set(m, r); } });
    const est = estimateOf(summary, s, z);
    onLook?.(x, est);
    return est;
  };
  const answer = await solve({ lo: s.lo, hi: s.hi, step: s.step, target: s.target, confidence: s.confidence, startGames: s.startGames, maxGames: s.maxGames }, evaluate);
  return { section: s, answer };
}
