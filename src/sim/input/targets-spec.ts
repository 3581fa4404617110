/**
 * The designer's balance targets (issue 25 item 5): an experiment (`targets:`) or its scenario (a `targets:` key in
 * the scenario file or Markdown block) declares bands a metric should lie in, and `run`, `check` and the Action's
 * job summary say for each whether it is met (the 95% interval lies inside the band), missed (the interval lies
 * outside it) or undecided (the interval straddles an edge: more games decide). Targets inform; they never fail a
 * check (bands under `checks:` do that).
 *
 * ```yaml
 * targets:
 *   - { framework: d33 }                                  # the framework's d33 targets (his numbers, below)
 *   - { metric: win, within: [0.6, 0.8], variant: normal }
 *   - { metric: magazines_per_combat, within: [1, 3] }     # derived: combat_magazines ÷ combats
 * ```
 *
 * This file reads and resolves targets when an experiment or scenario is loaded (the input layer);
 * src/report/targets.ts evaluates them against a run's summary and words the verdicts.
 */
import { InputError } from './input-error.js';
import { Cursor } from './schema.js';
import type { MetricSpec } from '../core/types.js';
import type { RawTarget } from '../core/raw-target.js';
import type { Msg } from '../../i18n/t.js';

/** The derived metric: magazines spent in combats per combat (a ratio of two means). */
export const RATIO_METRIC = 'magazines_per_combat';

/** A target as written (src/sim/core/raw-target.ts, re-exported here for the compilers that read `targets:`). */
export type { RawTarget };

/** One target, resolved against the experiment's variants and metrics. */
export interface TargetSpec {
  readonly metric: string;
  readonly kind: 'rate' | 'mean' | 'ratio';
  readonly lo: number;
  readonly hi: number;
  /** The variant it applies to; null: every variant. */
  readonly variant: string | null;
  /** The framework's map type when the target is the designer's own number (design-framework.md), else null. */
  readonly framework: 'd33' | 'd66' | null;
  /** `file:line` where it was declared. */
  readonly where: string;
}

/**
 * The designer's own targets (design-framework.md, バランス設計指標, 2026-03-19): 成功率 60〜80%, 全滅率 10〜20%,
 * 戦闘密度 d33 2〜4 / d66 5〜10, 弾倉消費 全体 d33 5〜10 / d66 10〜20, 1戦闘 1〜3. 全滅 is read as the whole squad
 * wiped (`wiped`; the leader's death is shown beside it), ruling UA-F01 in docs/rules/urban-assault.md.
 */
export const FRAMEWORK_TARGETS: Readonly<Record<'d33' | 'd66', readonly { metric: string; lo: number; hi: number }[]>> = {
  d33: frameworkSet([2, 4], [5, 10]),
  d66: frameworkSet([5, 10], [10, 20]),
};

/** The framework's targets of one map type: its 戦闘密度 and 弾倉消費 (全体), the rest shared by both. */
function frameworkSet(combats: readonly [number, number], magazines: readonly [number, number]): { metric: string; lo: number; hi: number }[] {
  return [
    { metric: 'win', lo: 0.6, hi: 0.8 },
    { metric: 'wiped', lo: 0.1, hi: 0.2 },
    { metric: 'combats', lo: combats[0], hi: combats[1] },
    { metric: 'combat_magazines', lo: magazines[0], hi: magazines[1] },
    { metric: RATIO_METRIC, lo: 1, hi: 3 },
  ];
}

/** Read a `targets:` list for its shape (a missing key is no targets). */
export function readTargetItems(c: Cursor): RawTarget[] {
  return c.list().map((item) => {
    const place = { file: item.source.file, line: item.source.lineOf(item.parts), path: item.path };
    if (!item.key('framework').missing) {
      item.object(['framework']);
      return { ...place, framework: item.key('framework').str({ oneOf: ['d33', 'd66'] }) as 'd33' | 'd66' };
    }
    item.object(['metric', 'within', 'variant'], ['metric', 'within']);
    const w = item.key('within');
    if (!Array.isArray(w.value) || w.value.length !== 2) w.fail({ id: 'targets.expectedBand' }, '[lo, hi]');
    const [loC, hiC] = w.list();
    const lo = loC.num(), hi = hiC.num();
    if (!(lo < hi)) w.fail({ id: 'targets.bandEmpty', params: { lo, hi } }, '[lo, hi] with lo < hi');
    return { ...place, metric: item.key('metric').str(), lo, hi, ...(item.key('variant').missing ? {} : { variant: item.key('variant').str() }) };
  });
}

function fail(r: RawTarget, msg: Msg, allowed: string): never {
  throw new InputError(r.file, r.line, r.path, msg, allowed);
}

/**
 * Resolve written targets: framework entries expand to the designer's numbers (a metric the experiment does not
 * report, e.g. `wiped` of a campaign, is left out and named in `skipped`); every other metric must be a rate, a value
 * or {@link RATIO_METRIC}, a rate's band within [0, 1], and a named variant must exist.
 */
export function resolveTargets(raw: readonly RawTarget[], variants: readonly string[], metrics: MetricSpec): { targets: TargetSpec[]; skipped: string[] } {
  const rates = metrics.rates.map((r) => r.id), values = metrics.values.map((v) => v.id);
  const ratioOk = values.includes('combats') && values.includes('combat_magazines');
  const kindOf = (m: string): TargetSpec['kind'] | null => (rates.includes(m) ? 'rate' : values.includes(m) ? 'mean' : m === RATIO_METRIC && ratioOk ? 'ratio' : null);
  const targets: TargetSpec[] = [], skipped: string[] = [];
  for (const r of raw) {
    const where = r.line !== undefined ? `${r.file}:${r.line}` : r.file;
    if (r.framework) {
      for (const f of FRAMEWORK_TARGETS[r.framework]) {
        const kind = kindOf(f.metric);
        if (kind === null) skipped.push(f.metric);
        else targets.push({ metric: f.metric, kind, lo: f.lo, hi: f.hi, variant: null, framework: r.framework, where });
      }
      continue;
    }
    const kind = kindOf(r.metric!);
    if (kind === null) fail(r, { id: 'targets.unknownMetric', params: { metric: r.metric! } }, [...rates, ...values, ...(ratioOk ? [RATIO_METRIC] : [])].join(', '));
    if (kind === 'rate' && (r.lo! < 0 || r.hi! > 1)) fail(r, { id: 'targets.rateBand' }, '[lo, hi] with 0 ≤ lo < hi ≤ 1');
    if (r.variant !== undefined && !variants.includes(r.variant)) fail(r, { id: 'targets.unknownVariant', params: { variant: r.variant } }, variants.join(', '));
    targets.push({ metric: r.metric!, kind, lo: r.lo!, hi: r.hi!, variant: r.variant ?? null, framework: null, where });
  }
  // The same band declared twice (the scenario's framework targets and the experiment's) is evaluated once.
  const seen = new Set<string>();
  const unique = targets.filter((x) => {
    const key = `${x.metric}|${x.lo}|${x.hi}|${x.variant ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { targets: unique, skipped: [...new Set(skipped)] };
}

/** A scenario's `targets:` read and taken out of the document the scenario compiler sees. */
export function splitTargets(root: Cursor): { root: Cursor; targets: RawTarget[] } {
  const tc = root.key('targets');
  if (tc.missing) return { root, targets: [] };
  const targets = readTargetItems(tc);
  const rest = { ...(root.value as Record<string, unknown>) };
  delete rest.targets;
  return { root: new Cursor(root.source, root.parts, rest), targets };
}
