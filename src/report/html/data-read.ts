/**
 * Read and check summary.json (see {@link ReportData}). Every problem is an
 * InputError naming the file and the JSON path, so `balance-lab report` prints
 * one line and exits with code 2.
 */
import type { SampleLinks } from './samples.js';
import type { RunSummary, StopRule } from '../../sim/stats/summary.js';
import type { MetricSpec } from '../../sim/core/types.js';
import type { TargetSpec } from '../../sim/input/targets-spec.js';
import { InputError } from '../../sim/input/input-error.js';
import type { Msg } from '../../i18n/t.js';
import { REPORT_DATA_FORMAT, REPORT_DATA_VERSION, type ReportData, type ReportRunMeta } from './data.js';
import type { LocalText } from '../../sim/input/local-text.js';
import { LANGS, type Lang } from '../../i18n/lang.js';

/** A checker: returns the checked value or throws through `fail`. */
type Check<T> = (v: unknown, path: string, fail: Fail) => T;
type Fail = (path: string, problem: Msg, allowed?: string) => never;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const str: Check<string> = (v, p, fail) => (typeof v === 'string' ? v : fail(p, { id: 'reportData.expectedString' }));
const bool: Check<boolean> = (v, p, fail) => (typeof v === 'boolean' ? v : fail(p, { id: 'reportData.expectedBoolean' }));
/** A finite number. */
const num: Check<number> = (v, p, fail) => (typeof v === 'number' && Number.isFinite(v) ? v : fail(p, { id: 'reportData.expectedNumber' }));
/** A statistic: a number, or null for a value that was NaN when saved. */
const stat: Check<number> = (v, p, fail) => (v === null ? NaN : num(v, p, fail));
const nullable = <T>(c: Check<T>): Check<T | null> => (v, p, fail) => (v === null ? null : c(v, p, fail));
const arr = <T>(c: Check<T>): Check<T[]> => (v, p, fail) =>
  Array.isArray(v) ? v.map((x, i) => c(x, `${p}[${i}]`, fail)) : fail(p, { id: 'reportData.expectedList' });
/** An object with exactly the keys of `shape` (extra keys are dropped). */
const obj = <T>(shape: { [K in keyof T]: Check<T[K]> }): Check<T> => (v, p, fail) => {
  if (!isObj(v)) return fail(p, { id: 'reportData.expectedObject' });
  const out = {} as T;
  for (const k of Object.keys(shape) as (keyof T & string)[]) {
    if (!(k in v)) fail(`${p}.${k}`, { id: 'reportData.missing' });
    out[k] = shape[k](v[k], `${p}.${k}`, fail);
  }
  return out;
};

/** `base`, plus one key that may be absent (checked and kept when present). */
const withOptional = <T, K extends string, X>(base: Check<T>, key: K, check: Check<X>): Check<T & { [k in K]?: X }> => (v, p, fail) => {
  const out = base(v, p, fail) as T & { [k in K]?: X };
  const src = v as Record<string, unknown>;
  if (src[key] !== undefined) (out as Record<string, unknown>)[key] = check(src[key], `${p}.${key}`, fail);
  return out;
};
/** A swept value: a number, a string or a boolean. */
const scalar: Check<number | string | boolean> = (v, p, fail) => (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : fail(p, { id: 'reportData.expectedScalar' }));

const interval = obj({ estimate: stat, lo: stat, hi: stat });
/** A text in one language or both (`{ ja?, en? }`, src/sim/input/local-text.ts). */
const localText: Check<LocalText> = (v, p, fail) => {
  if (!isObj(v)) return fail(p, { id: 'reportData.expectedObject' });
  const out: { [L in Lang]?: string } = {};
  for (const l of LANGS) if (v[l] !== undefined) out[l] = str(v[l], `${p}.${l}`, fail);
  return out;
};
/** A rate spec; `given` marks a conditional rate. */
const metric = withOptional(obj({ id: str, label: str }), 'given', str);
const valueSpec = obj({ id: str, label: str, max: num });
/** The fields `control_variates: true` adds beside an adjusted figure (the raw one and the variance ratio). */
const withRaw = <T,>(base: Check<T>) => withOptional(withOptional(base, 'raw', interval), 'varianceRatio', stat);
const paired = withOptional(withRaw(obj({ id: str, label: str, diff: interval, p: stat })), 'rawP', stat);

const stop: Check<StopRule> = (v, p, fail) => {
  if (isObj(v) && v.kind === 'games') return obj({ kind: () => 'games' as const, games: num })(v, p, fail);
  if (isObj(v) && v.kind === 'target_error') {
    const rule = obj({ kind: () => 'target_error' as const, target: num, maxGames: num, minGames: num });
    // `target_of: differences` (stop-scope.ts): kept when present, absent for every other run.
    return withOptional(rule, 'targetOf', (x, q, f) => (x === 'differences' ? ('differences' as const) : f(q, { id: 'reportData.unknownStopRule' }, 'differences')))(v, p, fail);
  }
  return fail(`${p}.kind`, { id: 'reportData.unknownStopRule' }, 'games, target_error');
};

const metrics: Check<MetricSpec> = obj({
  rates: (v, p, fail) => {
    const rates = arr(metric)(v, p, fail);
    return rates.length > 0 ? rates : fail(p, { id: 'reportData.noRates' });
  },
  values: arr(valueSpec),
  series: nullable(obj({ id: str, label: str, steps: arr(obj({ id: str, group: str, x: num })), vars: arr(valueSpec) })),
});

/** A ruling summary's catalogue message: an id and optional parameters (strings or numbers). */
const rulingMsg: Check<{ id: string; params?: Record<string, string | number> }> = (v, p, fail) => {
  if (!isObj(v)) return fail(p, { id: 'reportData.expectedObject' });
  const out: { id: string; params?: Record<string, string | number> } = { id: str(v.id, `${p}.id`, fail) };
  if (v.params !== undefined) {
    if (!isObj(v.params)) return fail(`${p}.params`, { id: 'reportData.expectedObject' });
    const params: Record<string, string | number> = {};
    for (const [k, x] of Object.entries(v.params)) params[k] = typeof x === 'number' ? x : str(x, `${p}.params.${k}`, fail);
    out.params = params;
  }
  return out;
};

const targetSpec: Check<TargetSpec> = obj({
  metric: str,
  kind: (v, p, fail) => (v === 'rate' || v === 'mean' || v === 'ratio' ? v : fail(p, { id: 'reportData.expectedString' }, 'rate, mean, ratio')),
  lo: stat,
  hi: (v, p, fail) => (v === null ? Infinity : num(v, p, fail)),
  variant: nullable(str),
  framework: (v, p, fail) => (v === null || v === 'd33' || v === 'd66' ? v : fail(p, { id: 'reportData.expectedString' }, 'd33, d66, null')),
  where: str,
});

const summaryCore: Check<Omit<RunSummary, 'sweep' | 'controlVariates' | 'targets'>> = obj({
  experiment: withOptional(obj({ name: str, question: str, file: str, hash: str, engine: str }), 'questionText', localText),
  seed: num,
  stop,
  gamesPerVariant: num,
  workers: num,
  elapsedSeconds: stat,
  gamesPerSecond: stat,
  rulings: arr(withOptional(obj({ id: str, choice: str, summary: str }), 'msg', rulingMsg)),
  costUnit: str,
  metrics,
  baseline: str,
  variants: arr(withOptional(withOptional(obj({
    name: str,
    label: str,
    baseline: bool,
    cost: num,
    games: num,
    rates: arr(withRaw(withOptional(obj({ id: str, label: str, count: num, rate: interval }), 'n', num))),
    values: arr(withRaw(obj({ id: str, label: str, mean: interval, sd: stat, p10: stat, p50: stat, p90: stat }))),
    pairedRates: arr(paired),
    pairedValues: arr(paired),
    series: arr(obj({ step: num, var: num, n: num, mean: stat, p10: stat, p50: stat, p90: stat })),
  }), 'pairedWith', nullable(str)), 'labelText', localText)),
});
const summary: Check<RunSummary> = withOptional(withOptional(withOptional(summaryCore, 'controlVariates', obj({ ids: arr(str) })), 'sweep', obj({ params: arr(str), points: arr(obj({ variant: str, values: arr(scalar) })) })), 'targets', arr(targetSpec));

const runMeta: Check<ReportRunMeta> = obj({ packageVersion: str, gitCommit: nullable(str), nodeVersion: str, replay: str });
const sampleLinks: Check<SampleLinks> = obj({ app: str, work: str });

/**
 * Parse and check the text of a summary.json (`file` names it in errors).
 * Returns the data with NaN restored where `null` was saved and unknown keys
 * dropped.
 */
export function parseReportData(text: string, file: string): ReportData {
  const fail: Fail = (path, problem, allowed) => {
    throw new InputError(file, undefined, path, problem, allowed);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return fail('', { id: 'reportData.notJson', params: { error: (err as Error).message } });
  }
  if (!isObj(raw) || raw.format !== REPORT_DATA_FORMAT) {
    return fail('format', { id: 'reportData.notSummary', params: { format: REPORT_DATA_FORMAT } });
  }
  if (raw.formatVersion !== REPORT_DATA_VERSION) {
    return fail('formatVersion', { id: 'reportData.unsupportedVersion', params: { version: String(JSON.stringify(raw.formatVersion)) } }, String(REPORT_DATA_VERSION));
  }
  const s = summary(raw.summary, 'summary', fail);
  const meta = runMeta(raw.run, 'run', fail);
  const writtenAt = str(raw.writtenAt, 'writtenAt', fail);
  if (!s.variants.some((v) => v.name === s.baseline || v.baseline)) fail('summary.baseline', { id: 'reportData.noBaseline', params: { baseline: s.baseline } });
  const samples = raw.samples === undefined ? undefined : sampleLinks(raw.samples, 'samples', fail);
  return { format: REPORT_DATA_FORMAT, formatVersion: REPORT_DATA_VERSION, writtenAt, run: meta, summary: s, ...(samples ? { samples } : {}) };
}
