/**
 * `tune:` — play each variant at its best policy parameters too (issue 15 item 4), so a reader sees whether a
 * comparison survives good play:
 *
 * ```yaml
 * tune:
 *   params:                          # policy parameters → values tried (every combination, per variant)
 *     retreat_life: [0, 1, 2, 3]
 *     member_reserve: [0, 2, 4]
 *   objective: { metric: win }       # maximised (minimise: true for a value such as magazines_spent)
 *   games: { start: 1000, max: 16000 }
 *   confidence: 0.95
 * ```
 *
 * For each variant the combinations (merged into its `policy_params`) are raced on common random numbers
 * (search-core.ts); the best survivor is the variant's tuned parameters. `run` then plays the experiment as written
 * (scripted) and again with every variant at its tuned parameters, and reports both.
 */
import { compileExperiment, type Experiment } from '../experiment/load.js';
import { experimentMetrics } from '../run/chunk.js';
import type { RunFn } from '../run/run-fn.js';
import { Source } from '../input/schema.js';
import { race } from './search-core.js';
import { roundEvidence } from './search.js';

export interface TuneSection {
  readonly params: readonly { readonly key: string; readonly values: readonly (number | string | boolean)[] }[];
  readonly metric: string;
  readonly isRate: boolean;
  readonly minimise: boolean;
  readonly confidence: number;
  readonly startGames: number;
  readonly maxGames: number;
}

/** One variant's tuning: the parameters chosen and the evidence. */
export interface TuneResult {
  readonly variant: string;
  readonly chosen: Readonly<Record<string, number | string | boolean>>;
  readonly candidates: number;
  readonly survivors: number;
  readonly gamesSpent: number;
  readonly gamesExhaustive: number;
}

/** Read `tune:` (null when the file has none). */
export function readTune(src: Source, exp: Experiment): TuneSection | null {
  const c = src.root().key('tune');
  if (c.missing) return null;
  c.object(['params', 'objective', 'games', 'confidence'], ['params']);
  const params = c.key('params').entries().map(([key, v]) => {
    const values = v.list({ min: 1 }).map((x) => {
      if (typeof x.value !== 'number' && typeof x.value !== 'string' && typeof x.value !== 'boolean') x.fail({ id: 'solve.parameterValueNumberString' });
      return x.value as number | string | boolean;
    });
    return { key, values };
  });
  if (params.length === 0) c.key('params').fail({ id: 'solve.noParameterTune' }, { id: 'solve.eGRetreatLife' });
  const combos = params.reduce((n, p) => n * p.values.length, 1);
  if (combos > 500) c.key('params').fail({ id: 'solve.combinationsPerVariant', params: { combos } }, { id: 'solve.most500' });
  const o = c.key('objective');
  const spec = experimentMetrics(exp);
  const metric = o.missing ? spec.rates[0].id : (o.object(['metric', 'minimise'], ['metric']), o.key('metric').str());
  const isRate = spec.rates.some((x) => x.id === metric);
  if (!isRate && !spec.values.some((x) => x.id === metric)) o.key('metric').fail({ id: 'solve.unknownMetric', params: { metric } }, [...spec.rates.map((x) => x.id), ...spec.values.map((x) => x.id)].join(', '));
  const g = c.key('games');
  g.missing || g.object(['start', 'max']);
  // Every value of every parameter must be accepted by every variant's policy (checked now, before any game).
  const docs = variantDocs(src);
  for (const p of params) {
    for (const val of p.values) {
      try {
        compileExperiment(Source.parse(src.file, textWith(src, docs.map((v) => ({ ...v, policy_params: { ...((v.policy_params as object | undefined) ?? {}), [p.key]: val } })))));
      } catch (e) {
        c.key('params').key(p.key).fail({ id: 'solve.notAccepted', params: { key: p.key, val: String(val), message: (e as Error).message } }, { id: 'solve.parameterValuesEveryVariant' });
      }
    }
  }
  return {
    params, metric, isRate, minimise: o.missing ? false : o.key('minimise').bool({ default: false }),
    confidence: c.key('confidence').num({ default: 0.95, min: 0.5, max: 0.9999 }),
    startGames: g.key('start').num({ default: 1000, min: 100, max: 10_000_000, int: true }),
    maxGames: g.key('max').num({ default: 16_000, min: 100, max: 100_000_000, int: true }),
  };
}

/** The experiment document with these variants and no tune/solve/search/sweep/checks (as text). */
function textWith(src: Source, variants: readonly Record<string, unknown>[]): string {
  const s = Source.parse(src.file, src.text);
  for (const k of ['tune', 'solve', 'search', 'sweep', 'checks']) s.doc.delete(k);
  s.doc.set('variants', s.doc.createNode(variants));
  return s.doc.toString();
}

/** The experiment's variants as written (after a sweep's expansion), as plain mappings. */
function variantDocs(src: Source): Record<string, unknown>[] {
  const e = Source.parse(src.file, src.text);
  compileExperiment(e); // expands a sweep into the document
  return e.root().key('variants').value as Record<string, unknown>[];
}

/** Tune every variant; returns the tuned experiment's text and each variant's result. */
export async function tuneExperiment(src: Source, exp: Experiment, t: TuneSection, run: RunFn, log?: (line: string) => void): Promise<{ text: string; results: TuneResult[] }> {
  const combos: Record<string, number | string | boolean>[] = [{}];
  for (const p of t.params) combos.splice(0, combos.length, ...combos.flatMap((c) => p.values.map((v) => ({ ...c, [p.key]: v }))));
  const sign = t.minimise ? -1 : 1;
  const docs = variantDocs(src);
  const tuned: Record<string, unknown>[] = [];
  const results: TuneResult[] = [];
  for (const v of docs) {
    const base = { ...v };
    // paired_with names another variant of the file: each variant's race pairs its candidates with its leader instead
    // (the tuned file written below keeps every variant's paired_with).
    delete base.name; delete base.label; delete base.baseline; delete base.paired_with;
    const cand = combos.map((c) => ({ ...base, policy_params: { ...((base.policy_params as object | undefined) ?? {}), ...c } }));
    const r = await race({ candidates: cand.length, top: 1, confidence: t.confidence, startGames: t.startGames, maxGames: t.maxGames }, async (alive, leader, games, z) => {
      const order = [leader, ...alive.filter((c) => c !== leader)];
      const text = textWith(src, order.map((c, i) => ({ name: `t${c + 1}`, ...(i === 0 ? { baseline: true } : {}), ...cand[c] })));
      const e = compileExperiment(Source.parse(src.file, text), {}, Infinity); // the race's candidates: bounded by the tune's own limit
      const summary = await run({ ...e, seed: exp.seed, stop: { kind: 'games', games } }, text);
      return roundEvidence(summary, alive, leader, (c) => `t${c + 1}`, t.metric, t.isRate, sign, z);
    });
    const best = r.survivors[0];
    log?.(`tuned ${String(v.name)}: ${JSON.stringify(combos[best])} (${r.survivors.length} of ${cand.length} survived; ${r.gamesSpent.toLocaleString('en-US')} games vs ${r.gamesExhaustive.toLocaleString('en-US')} exhaustive)`);
    results.push({ variant: String(v.name), chosen: combos[best], candidates: cand.length, survivors: r.survivors.length, gamesSpent: r.gamesSpent, gamesExhaustive: r.gamesExhaustive });
    tuned.push({ ...v, label: `${String(v.label ?? v.name)} (tuned)`, policy_params: cand[best].policy_params });
  }
  return { text: textWith(src, tuned), results };
}
