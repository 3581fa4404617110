/**
 * Does a baseline belong to this experiment? A different experiment name,
 * engine, set of variants or set of tracked metrics makes the comparison
 * meaningless (bad input, exit 2); a changed experiment file (hash) or
 * changed rulings are expected after an edit and are only reported.
 */
import type { Experiment } from '../sim/experiment/load.js';
import { InputError } from '../sim/input/input-error.js';
import type { MetricSpec, RulingChoice } from '../sim/core/types.js';
import type { Baseline } from './baseline.js';
import { t } from '../i18n/t.js';

/** Items of `a` not in `b`. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  return a.filter((x) => !b.includes(x));
}

/** "missing from the baseline: x, y; not in the experiment: z", or '' when the sets are equal. */
export function describeSetDifference(inExperiment: readonly string[], inBaseline: readonly string[]): string {
  const parts: string[] = [];
  const missing = minus(inExperiment, inBaseline);
  const extra = minus(inBaseline, inExperiment);
  if (missing.length > 0) parts.push(t('check.missingFromBaseline', { missing: missing.join(', ') }));
  if (extra.length > 0) parts.push(t('check.notExperiment', { extra: extra.join(', ') }));
  return parts.join('; ');
}

/** The experiment-level rule version (ruling `rules`, URBAN ASSAULT), or null for an engine without versions. */
function ruleVersion(rulings: readonly RulingChoice[]): string | null {
  return rulings.find((r) => r.id === 'rules')?.choice ?? null;
}

/** The baseline was made under another rule version than the experiment's (issue 24). */
function versionChanged(b: Baseline, now: readonly RulingChoice[]): boolean {
  const before = ruleVersion(b.rulings), after = ruleVersion(now);
  return before !== null && after !== null && before !== after;
}

/**
 * Why this baseline cannot be compared with `exp` at all, or null when it can:
 * the experiment name, the engine, the variants or the tracked metrics differ.
 * Tracked metrics that differ because the rule version changed (a version adds
 * 軍票 or 負傷 metrics) are not a mismatch: the shared ones are compared and
 * the notes name the added and removed ones.
 */
export function baselineMismatch(b: Baseline, exp: Experiment, metrics: MetricSpec): { path: string; problem: string } | null {
  if (b.experiment.name !== exp.name) {
    return { path: 'experiment.name', problem: t('check.baselineExperimentNot', { name: b.experiment.name, name2: exp.name }) };
  }
  if (b.experiment.engine !== exp.engine) {
    return { path: 'experiment.engine', problem: t('check.baselineEngineNot', { engine: b.experiment.engine, engine2: exp.engine }) };
  }
  const variants = describeSetDifference(exp.compiled.variants.map((v) => v.name), b.variants.map((v) => v.name));
  if (variants) return { path: 'variants', problem: t('check.baselineSVariantsDiffer', { variants }) };
  const ids = (m: { rates: readonly { id: string }[]; values: readonly { id: string }[] }) => [...m.rates, ...m.values].map((x) => x.id);
  const tracked = describeSetDifference(ids(metrics), ids(b.metrics));
  if (tracked && !versionChanged(b, exp.compiled.rulings)) return { path: 'metrics', problem: t('check.baselineSTrackedMetrics', { tracked }) };
  return null;
}

/** Throw the one InputError for a baseline that does not belong to `exp`. */
export function assertBaselineMatches(file: string, b: Baseline, exp: Experiment, metrics: MetricSpec, hint: string): void {
  const m = baselineMismatch(b, exp, metrics);
  if (m) throw new InputError(file, undefined, m.path, { id: 'check.baselineMismatch', params: { problem: m.problem, hint } });
}

/** `id: old → new` for every ruling whose choice differs ("(none)" when absent on one side). */
function rulingChanges(before: readonly RulingChoice[], now: readonly RulingChoice[]): string[] {
  const ids = [...new Set([...before.map((r) => r.id), ...now.map((r) => r.id)])];
  const choice = (list: readonly RulingChoice[], id: string) => list.find((r) => r.id === id)?.choice ?? '(none)';
  return ids.filter((id) => choice(before, id) !== choice(now, id)).map((id) => `${id}: ${choice(before, id)} → ${choice(now, id)}`);
}

/**
 * Differences worth reporting but not failing on: the experiment file changed
 * since the baseline (its sha256), the rulings in effect changed, or the
 * variants differ (only possible under `--update`).
 */
export function baselineNotes(b: Baseline, exp: Experiment, rulings: readonly RulingChoice[], metricIds: readonly string[] = []): string[] {
  const notes: string[] = [];
  if (versionChanged(b, rulings)) {
    const before = [...b.metrics.rates, ...b.metrics.values].map((x) => x.id);
    const added = minus(metricIds, before), removed = minus(before, metricIds);
    const changes = [
      ...(added.length > 0 ? [t('checkver.added', { ids: added.join(', ') })] : []),
      ...(removed.length > 0 ? [t('checkver.removed', { ids: removed.join(', ') })] : []),
    ];
    if (changes.length > 0) notes.push(t('checkver.metricsByVersion', { before: ruleVersion(b.rulings)!, now: ruleVersion(rulings)!, changes: changes.join('; ') }));
  }
  if (b.experiment.hash !== exp.hash) {
    notes.push(t('check.experimentChangedSinceBaseline', { hash: b.experiment.hash.slice(0, 12), hash2: exp.hash.slice(0, 12) }));
  }
  const changes = rulingChanges(b.rulings, rulings);
  if (changes.length > 0) notes.push(t('check.rulingsChangedSinceBaseline', { changes: changes.join('; ') }));
  const variants = describeSetDifference(exp.compiled.variants.map((v) => v.name), b.variants.map((v) => v.name));
  if (variants) notes.push(t('check.variantsChangedSinceBaseline', { variants }));
  return notes;
}
