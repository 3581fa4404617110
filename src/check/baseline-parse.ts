/**
 * Parsing a baseline's text: JSON syntax and shape are checked, and every problem becomes one {@link InputError}
 * naming the file (and line or path), so the CLI prints one line and exits 2. No file access here, so the web app's
 * 検査 reads the committed baseline with the same code (drift.ts); reading the file is baseline-read.ts.
 */
import { InputError } from '../sim/input/input-error.js';
import { render, t, type Msg } from '../i18n/t.js';
import type { StopRule } from '../sim/stats/summary.js';
import { BASELINE_FORMAT, type Baseline, type BaselineMean, type BaselineMetric, type BaselineRate, type BaselineVariant } from './baseline.js';

type Json = unknown;

/** A typed reader over parsed JSON that fails with the file and the path. */
class Reader {
  constructor(readonly file: string) {}
  fail(path: string, problem: Msg, allowed?: string): never {
    throw new InputError(this.file, undefined, path, { id: 'check.malformedBaseline', params: { problem: render(problem) } }, allowed);
  }
  obj(v: Json, path: string): Record<string, Json> {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) this.fail(path, { id: 'check.expectedObject' });
    return v as Record<string, Json>;
  }
  arr(v: Json, path: string): Json[] {
    if (!Array.isArray(v)) this.fail(path, { id: 'check.expectedList' });
    return v;
  }
  str(v: Json, path: string): string {
    if (typeof v !== 'string') this.fail(path, { id: 'check.expectedString' });
    return v;
  }
  num(v: Json, path: string, opts: { int?: boolean; min?: number } = {}): number {
    if (typeof v !== 'number' || !Number.isFinite(v)) this.fail(path, { id: 'check.expectedFiniteNumber' });
    if (opts.int && !Number.isInteger(v)) this.fail(path, { id: 'check.expectedInteger', params: { v } });
    if (opts.min !== undefined && v < opts.min) this.fail(path, { id: 'check.below', params: { v, min: opts.min } });
    return v;
  }
  bool(v: Json, path: string): boolean {
    if (typeof v !== 'boolean') this.fail(path, { id: 'check.expectedTrueFalse' });
    return v;
  }
}

function readStop(r: Reader, v: Json): StopRule {
  const o = r.obj(v, 'stop');
  if (o.kind === 'games') return { kind: 'games', games: r.num(o.games, 'stop.games', { int: true, min: 1 }) };
  if (o.kind === 'target_error') {
    return {
      kind: 'target_error',
      target: r.num(o.target, 'stop.target', { min: 0 }),
      maxGames: r.num(o.maxGames, 'stop.maxGames', { int: true, min: 1 }),
      minGames: r.num(o.minGames, 'stop.minGames', { int: true, min: 1 }),
      // `target_of: differences` (stop-scope.ts); absent for every other run.
      ...(o.targetOf === undefined ? {} : { targetOf: r.str(o.targetOf, 'stop.targetOf') === 'differences' ? ('differences' as const) : r.fail('stop.targetOf', { id: 'check.unknownStoppingRule', params: { kind: JSON.stringify(o.targetOf) } }, 'differences') }),
    };
  }
  return r.fail('stop.kind', { id: 'check.unknownStoppingRule', params: { kind: JSON.stringify(o.kind) } }, 'games, target_error');
}

function readMetrics(r: Reader, v: Json, path: string): BaselineMetric[] {
  return r.arr(v, path).map((m, i) => {
    const o = r.obj(m, `${path}[${i}]`);
    return { id: r.str(o.id, `${path}[${i}].id`), label: r.str(o.label, `${path}[${i}].label`) };
  });
}

function readVariant(r: Reader, v: Json, i: number, metrics: Baseline['metrics']): BaselineVariant {
  const at = `variants[${i}]`;
  const o = r.obj(v, at);
  const name = r.str(o.name, `${at}.name`);
  const games = r.num(o.games, `${at}.games`, { int: true, min: 2 });
  const ratesO = r.obj(o.rates, `${at}.rates`);
  const valuesO = r.obj(o.values, `${at}.values`);
  const rates: Record<string, BaselineRate> = {};
  for (const { id } of metrics.rates) {
    const p = `${at}.rates.${id}`;
    const m = r.obj(ratesO[id] ?? null, p);
    const n = r.num(m.games, `${p}.games`, { int: true, min: 2 });
    const count = r.num(m.count, `${p}.count`, { int: true, min: 0 });
    if (count > n) r.fail(`${p}.count`, { id: 'check.countExceedsGames', params: { count, n } });
    rates[id] = { count, games: n, rate: count / n };
  }
  const values: Record<string, BaselineMean> = {};
  for (const { id } of metrics.values) {
    const p = `${at}.values.${id}`;
    const m = r.obj(valuesO[id] ?? null, p);
    values[id] = { mean: r.num(m.mean, `${p}.mean`), variance: r.num(m.variance, `${p}.variance`, { min: 0 }), games: r.num(m.games, `${p}.games`, { int: true, min: 2 }) };
  }
  return { name, label: r.str(o.label, `${at}.label`), baseline: r.bool(o.baseline, `${at}.baseline`), games, rates, values };
}

/** 1-based line of a character offset. */
function lineAt(text: string, pos: number): number {
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Parse and validate baseline text (`file` names it in errors). */
export function parseBaseline(file: string, text: string): Baseline {
  let doc: Json;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    // V8 quotes the offending text (possibly over several lines): keep only the reason.
    const msg = (err as Error).message.replace(/,\s*(\.\.\.)?"[\s\S]*" is not valid JSON$/, '').replace(/\s*\n\s*/g, ' ');
    const pos = /position (\d+)/.exec(msg);
    const line = pos ? lineAt(text, Number(pos[1])) : /end of JSON input/i.test(msg) ? lineAt(text, text.length) : undefined;
    throw new InputError(file, line, '', { id: 'check.malformedBaselineNotValid', params: { msg } });
  }
  const r = new Reader(file);
  const o = r.obj(doc, '');
  if (o.format !== BASELINE_FORMAT) r.fail('format', { id: 'check.unknownFormat', params: { format: JSON.stringify(o.format) } }, BASELINE_FORMAT);
  const e = r.obj(o.experiment, 'experiment');
  const m = r.obj(o.metrics, 'metrics');
  const metrics = { rates: readMetrics(r, m.rates, 'metrics.rates'), values: readMetrics(r, m.values, 'metrics.values') };
  const variants = r.arr(o.variants, 'variants').map((v, i) => readVariant(r, v, i, metrics));
  if (variants.length === 0) r.fail('variants', { id: 'check.noVariants' });
  return {
    format: BASELINE_FORMAT,
    experiment: {
      name: r.str(e.name, 'experiment.name'),
      file: r.str(e.file, 'experiment.file'),
      hash: r.str(e.hash, 'experiment.hash'),
      engine: r.str(e.engine, 'experiment.engine'),
      question: r.str(e.question, 'experiment.question'),
    },
    seed: r.num(o.seed, 'seed', { int: true, min: 0 }),
    stop: readStop(r, o.stop),
    gamesPerVariant: r.num(o.gamesPerVariant, 'gamesPerVariant', { int: true, min: 2 }),
    rulings: r.arr(o.rulings, 'rulings').map((x, i) => {
      const q = r.obj(x, `rulings[${i}]`);
      return { id: r.str(q.id, `rulings[${i}].id`), choice: r.str(q.choice, `rulings[${i}].choice`), summary: r.str(q.summary, `rulings[${i}].summary`) };
    }),
    metrics,
    variants,
    packageVersion: typeof o.packageVersion === 'string' ? o.packageVersion : '',
  };
}
