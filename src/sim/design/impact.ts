/**
 * Ruling impact (issue 43): every switchable reading's alternatives played against the reference variant on common
 * random numbers, raced (impact-race.ts) so that an alternative whose effect is clearly below the threshold stops
 * early, then every metric's paired difference. The experiment's `ruling_impact:` section (optional) holds the
 * settings; `balance-lab impact` reads it and its options override it:
 *
 * ```yaml
 * ruling_impact:
 *   variant: baseline          # the reference (default: the baseline)
 *   metric: success            # the race metric (default: the primary rate)
 *   threshold: 0.01            # 1 pp: effects clearly below it stop early
 *   confidence: 0.95
 *   games: { start: 2000, max: 32000 }
 * ```
 *
 * Which switches count: those the engine lists for the reference variant (its `switches`, built from the rule
 * version and scenario it plays), minus those whose alternative the engine refuses to compile for it. Each look plays
 * only the games not yet played, for the alternatives still in the race: game i of every alternative uses the dice
 * of game i of the reference, whatever the look.
 */
import { getEngine } from '../../registry.js';
import { Accumulator } from '../stats/accumulator.js';
import { experimentLayout, experimentMetrics, runChunk, type ChunkResult } from '../run/chunk.js';
import { LocalPool } from '../run/local-pool.js';
import { workerFile } from '../run/worker-file.js';
import { compileExperiment, type Experiment } from '../experiment/load.js';
import { InputError } from '../input/input-error.js';
import { Source } from '../input/schema.js';
import { pairedInterval, wilson } from '../stats/stats.js';
import type { Interval } from '../stats/summary.js';
import type { SwitchAlternative, SwitchDef } from '../core/switch-def.js';
import { impactLooks, raceImpact, type AltStats, type ImpactRace } from './impact-race.js';

/** The settings of one ruling-impact run. */
export interface ImpactSettings {
  readonly variant: string;
  readonly metric: string;
  readonly isRate: boolean;
  readonly threshold: number;
  readonly confidence: number;
  readonly startGames: number;
  readonly maxGames: number;
}

/** Command-line values that override the section. */
export interface ImpactOverrides {
  readonly variant?: string;
  readonly threshold?: number;
  readonly startGames?: number;
  readonly maxGames?: number;
}

/** Read `ruling_impact:` (all optional) with the command line's overrides. */
export function readImpact(src: Source, exp: Experiment, o: ImpactOverrides = {}): ImpactSettings {
  const c = src.root().key('ruling_impact');
  if (!c.missing) c.object(['variant', 'metric', 'threshold', 'confidence', 'games']);
  const names = exp.compiled.variants.map((v) => v.name);
  const variant = o.variant ?? c.key('variant').str({ default: exp.compiled.variants.find((v) => v.baseline)!.name, oneOf: names });
  if (!names.includes(variant)) throw new InputError(exp.file, undefined, '--variant', { id: 'exp.unknownVariant', params: { variantName: variant } }, names.join(', '));
  const spec = experimentMetrics(exp);
  if (spec.rates.length === 0 && spec.values.length === 0) c.fail({ id: 'impact.noMetric' });
  const metric = c.key('metric').str({ default: spec.rates[0]?.id ?? spec.values[0].id });
  const isRate = spec.rates.some((r) => r.id === metric && r.given === undefined);
  if (!isRate && !spec.values.some((v) => v.id === metric)) {
    c.key('metric').fail({ id: 'solve.unknownMetric', params: { metric } }, [...spec.rates.filter((r) => !r.given).map((r) => r.id), ...spec.values.map((v) => v.id)].join(', '));
  }
  const g = c.key('games');
  if (!g.missing) g.object(['start', 'max']);
  const startGames = o.startGames ?? g.key('start').num({ default: 2000, min: 100, max: 10_000_000, int: true });
  const maxGames = o.maxGames ?? g.key('max').num({ default: 32_000, min: 100, max: 100_000_000, int: true });
  return {
    variant, metric, isRate,
    threshold: o.threshold ?? c.key('threshold').num({ default: isRate ? 0.01 : 0.1, min: 0, max: 1e6 }),
    confidence: c.key('confidence').num({ default: 0.95, min: 0.5, max: 0.9999 }),
    startGames: Math.min(startGames, maxGames), maxGames,
  };
}

/** One alternative raced: its switch and option, and the variant entry that plays it. */
export interface ImpactCandidate {
  readonly sw: SwitchDef;
  readonly alt: SwitchAlternative;
  readonly name: string;
  readonly doc: Record<string, unknown>;
}

/** A metric's paired difference (alternative − reference) over the games played, with the games that moved each way. */
export interface ImpactDiff {
  readonly id: string;
  readonly label: string;
  readonly isRate: boolean;
  readonly diff: Interval;
  /** Rates: games where the alternative had it and the reference not (up), and the reverse (down). */
  readonly up?: number;
  readonly down?: number;
}

/** Everything a ruling-impact run found. */
export interface ImpactResult {
  readonly settings: ImpactSettings;
  readonly reference: { readonly name: string; readonly label: string; readonly rate: Interval | null };
  readonly switches: readonly SwitchDef[];
  readonly candidates: readonly ImpactCandidate[];
  /** Alternatives the engine refused for this variant (cannot be set here), with the reason. */
  readonly refused: readonly { readonly sw: SwitchDef; readonly alt: SwitchAlternative; readonly reason: string }[];
  readonly race: ImpactRace;
  /** Per candidate, every metric's paired difference. */
  readonly diffs: readonly (readonly ImpactDiff[])[];
}

/** Deep merge of mappings (lists and scalars of `b` replace). */
export function mergeDoc(a: Record<string, unknown>, b: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const cur = out[k];
    const isMap = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
    out[k] = isMap(cur) && isMap(v) ? mergeDoc(cur, v) : structuredClone(v);
  }
  return out;
}

/** The experiment's text with these variants (the first the baseline) and none of the question sections. */
export function withVariants(src: Source, variants: readonly Record<string, unknown>[]): string {
  const s = Source.parse(src.file, src.text);
  for (const k of ['search', 'solve', 'sweep', 'checks', 'tune', 'targets', 'ruling_impact']) s.doc.delete(k);
  s.doc.set('variants', s.doc.createNode(variants));
  return s.doc.toString();
}

function compileText(src: Source, text: string): Experiment {
  return compileExperiment(Source.parse(src.file, text), {}, Infinity);
}

/** Play games [from, to) of every variant of `exp` on `workers` threads (0: in-process), merged in chunk order. */
export async function playRange(exp: Experiment, from: number, to: number, workers: number): Promise<Accumulator[]> {
  const layout = experimentLayout(exp);
  const accs = exp.compiled.variants.map(() => new Accumulator(layout));
  const size = exp.chunk;
  const first = Math.floor(from / size), end = Math.ceil(to / size);
  const pool = workers > 0 && end - first > 1 ? new LocalPool(exp, workers, workerFile()) : null;
  const pending = new Map<number, Promise<ChunkResult>>();
  const submit = (m: number): void => {
    const start = m * size, count = Math.min(size, to - start);
    const p = pool ? pool.run(m, start, count) : Promise.resolve().then(() => runChunk(exp, start, count));
    p.catch(() => undefined);
    pending.set(m, p);
  };
  try {
    let next = first;
    for (let m = first; m < end; m++) {
      while (next < end && next - m < (pool ? pool.inFlight : 1)) submit(next++);
      const r = await pending.get(m)!;
      pending.delete(m);
      r.data.forEach((d, v) => accs[v].merge(new Accumulator(layout, d)));
    }
  } finally {
    await pool?.cancelInFlight();
  }
  return accs;
}

/** Whether `a` (an alternative paired with the reference) differs from it in no game in any metric. */
function inert(a: Accumulator): boolean {
  const L = a.layout;
  for (let r = 0; r < L.nRates; r++) if (a.pairedRate(r).sumSq !== 0) return false;
  for (let j = 0; j < L.nValues; j++) if (a.pairedValue(j).sumSq !== 0) return false;
  return true;
}

/**
 * Run the ruling impact of `exp` (whose source is `src`): enumerate, refuse what the engine refuses, race, and
 * measure every metric's paired difference.
 */
export async function rulingImpact(src: Source, exp: Experiment, s: ImpactSettings, workers: number, log?: (line: string) => void): Promise<ImpactResult> {
  const engine = getEngine(exp.engine);
  const refVariant = exp.compiled.variants.find((v) => v.name === s.variant)!;
  const written = src.root().key('variants').value;
  const refDoc0 = Array.isArray(written) ? (written as Record<string, unknown>[]).find((v) => v && v.name === s.variant) : undefined;
  if (!refDoc0) throw new InputError(exp.file, undefined, 'variants', { id: 'impact.variantNotWritten', params: { variant: s.variant } });
  const refDoc: Record<string, unknown> = { ...refDoc0, name: 'reference', label: refVariant.label, baseline: true };
  delete refDoc.paired_with;
  const switches = engine.switches ? engine.switches(exp.compiled.game, refVariant.params) : [];
  const candidates: ImpactCandidate[] = [];
  const refused: { sw: SwitchDef; alt: SwitchAlternative; reason: string }[] = [];
  for (const sw of switches) {
    for (const alt of sw.alternatives) {
      const name = `${sw.id}.${alt.option}`.replace(/[^A-Za-z0-9._-]/g, '_');
      const { baseline: _b, ...rest } = refDoc;
      const doc = { ...mergeDoc(rest, alt.patch), name, label: `${sw.id} ${alt.option}` };
      try {
        compileText(src, withVariants(src, [refDoc, doc]));
        candidates.push({ sw, alt, name, doc });
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        refused.push({ sw, alt, reason: e.message });
      }
    }
  }
  const expOf = (alive: readonly number[]): Experiment => compileText(src, withVariants(src, [refDoc, ...alive.map((i) => candidates[i].doc)]));
  const accs = new Map<string, Accumulator>();
  const all = expOf(candidates.map((_, i) => i));
  const layoutSize = experimentLayout(all).size;
  let played = 0;
  const race = await raceImpact(
    { alternatives: candidates.length, threshold: s.threshold, confidence: s.confidence, looks: impactLooks(s.startGames, s.maxGames, exp.chunk) },
    async (alive, games) => {
      // A smaller variant set can lay out the outputs differently (URBAN ASSAULT scenarios): then play them all.
      let e = expOf(alive);
      let names = ['reference', ...alive.map((i) => candidates[i].name)];
      if (experimentLayout(e).size !== layoutSize) {
        e = all;
        names = ['reference', ...candidates.map((c) => c.name)];
      }
      const fresh = await playRange({ ...e, seed: exp.seed }, played, games, workers);
      fresh.forEach((a, v) => {
        const had = accs.get(names[v]);
        if (had) had.merge(a);
        else accs.set(names[v], a);
      });
      played = games;
      log?.(`look at ${games.toLocaleString('en-US')} games: ${alive.length} alternative(s) in the race`);
      const stats: AltStats[] = alive.map((i) => {
        const a = accs.get(candidates[i].name)!;
        const d = s.isRate ? a.pairedRate(metricIndex(e, s)) : a.pairedValue(metricIndex(e, s));
        return { n: a.games, sum: d.sum, sumSq: d.sumSq, inert: inert(a) };
      });
      return stats;
    },
  );
  const spec = experimentMetrics(all);
  const diffs = candidates.map((c) => {
    const a = accs.get(c.name)!;
    const n = a.games;
    return [
      ...spec.rates.map((r, i): ImpactDiff => {
        const d = a.pairedRate(i);
        return { id: r.id, label: r.label, isRate: true, diff: pairedInterval(d.sum, d.sumSq, n), up: (d.sumSq + d.sum) / 2, down: (d.sumSq - d.sum) / 2 };
      }).filter((_, i) => spec.rates[i].given === undefined),
      ...spec.values.map((v, j): ImpactDiff => {
        const d = a.pairedValue(j);
        return { id: v.id, label: v.label, isRate: false, diff: pairedInterval(d.sum, d.sumSq, n) };
      }),
    ];
  });
  const ref = accs.get('reference');
  const ri = s.isRate ? spec.rates.findIndex((r) => r.id === s.metric) : -1;
  const rate = ri >= 0 && ref ? wilson(ref.rateCount(ri), ref.games) : null;
  return { settings: s, reference: { name: s.variant, label: refVariant.label, rate }, switches, candidates, refused, race, diffs };
}

function metricIndex(e: Experiment, s: ImpactSettings): number {
  const spec = experimentMetrics(e);
  return s.isRate ? spec.rates.findIndex((r) => r.id === s.metric) : spec.values.findIndex((v) => v.id === s.metric);
}
