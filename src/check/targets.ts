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
 */
import { InputError } from '../sim/input-error.js';
import { Cursor } from '../sim/schema.js';
import type { MetricSpec } from '../sim/types.js';
import type { RawTarget } from '../sim/raw-target.js';
import type { RunSummary, VariantSummary } from '../sim/summary.js';
import { t, type Msg } from '../i18n/t.js';

/** The derived metric: magazines spent in combats per combat (a ratio of two means). */
export const RATIO_METRIC = 'magazines_per_combat';

/** A target as written (src/sim/raw-target.ts, re-exported here for the compilers that read `targets:`). */
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

/** met: the interval inside the band; missed: outside it; undecided: across an edge. */
export type TargetVerdict = 'met' | 'missed' | 'undecided';

/** One target for one variant. */
export interface TargetRow {
  readonly target: TargetSpec;
  readonly variant: string;
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  readonly verdict: TargetVerdict;
  /** Beside a wipe rate: the leader's death rate in the same games (`leader_down`), with its interval. */
  readonly beside?: { readonly estimate: number; readonly lo: number; readonly hi: number };
}

/** z of a two-sided 97.5% interval: each mean of the ratio at 97.5%, so both hold together with ≥ 95% (Bonferroni). */
const Z_9875 = 2.241402727604947;

/** The estimate and 95% interval of a target's metric in one variant. */
export function targetInterval(v: VariantSummary, t: TargetSpec): { estimate: number; lo: number; hi: number } | null {
  if (t.kind === 'rate') {
    const r = v.rates.find((x) => x.id === t.metric);
    return r ? { estimate: r.rate.estimate, lo: r.rate.lo, hi: r.rate.hi } : null;
  }
  if (t.kind === 'mean') {
    const m = v.values.find((x) => x.id === t.metric);
    return m ? { estimate: m.mean.estimate, lo: m.mean.lo, hi: m.mean.hi } : null;
  }
  const x = v.values.find((q) => q.id === 'combat_magazines'), y = v.values.find((q) => q.id === 'combats');
  if (!x || !y || v.games === 0) return null;
  // Ratio of the two means; a conservative interval from each mean's 97.5% interval (no covariance needed).
  const half = (s: number) => (Z_9875 * s) / Math.sqrt(v.games);
  const xl = Math.max(0, x.mean.estimate - half(x.sd)), xh = x.mean.estimate + half(x.sd);
  const yl = y.mean.estimate - half(y.sd), yh = y.mean.estimate + half(y.sd);
  if (y.mean.estimate <= 0) return null;
  return { estimate: x.mean.estimate / y.mean.estimate, lo: xl / yh, hi: yl > 0 ? xh / yl : Number.POSITIVE_INFINITY };
}

/** Each target against each variant it applies to. */
export function evaluateTargets(targets: readonly TargetSpec[], summary: RunSummary): TargetRow[] {
  const rows: TargetRow[] = [];
  for (const target of targets) {
    for (const v of summary.variants) {
      if (target.variant !== null && target.variant !== v.name) continue;
      const iv = targetInterval(v, target);
      if (!iv) continue;
      const verdict: TargetVerdict = iv.lo >= target.lo && iv.hi <= target.hi ? 'met' : iv.hi < target.lo || iv.lo > target.hi ? 'missed' : 'undecided';
      const down = target.metric === 'wiped' ? v.rates.find((x) => x.id === 'leader_down') : undefined;
      rows.push({ target, variant: v.name, ...iv, verdict, ...(down ? { beside: { estimate: down.rate.estimate, lo: down.rate.lo, hi: down.rate.hi } } : {}) });
    }
  }
  return rows;
}

/** A number of a target in its unit: a rate as a percentage, a mean with up to 2 decimals. */
export function targetNumber(kind: TargetSpec['kind'], x: number): string {
  if (!Number.isFinite(x)) return '∞';
  return kind === 'rate' ? `${(100 * x).toFixed(1)}%` : x.toFixed(2).replace(/\.?0+$/, '') || '0';
}

/** The band as written: `60–80%`, `2–4`. */
export function targetBand(t: TargetSpec): string {
  return t.kind === 'rate' ? `${+(100 * t.lo).toFixed(1)}–${+(100 * t.hi).toFixed(1)}%` : `${t.lo}–${t.hi}`;
}

/** The short name of a target's metric in the current language (the framework's term where it has one). */
export function targetName(metric: string): string {
  const known: Record<string, Parameters<typeof t>[0]> = {
    win: 'targets.nameWin', wiped: 'targets.nameWiped', combats: 'targets.nameCombats',
    combat_magazines: 'targets.nameCombatMagazines', [RATIO_METRIC]: 'targets.namePerCombat', leader_down: 'targets.nameLeaderDown',
  };
  return known[metric] ? t(known[metric]) : metric;
}

/** The verdict word in the current language. */
export function verdictWord(v: TargetVerdict): string {
  return t(v === 'met' ? 'targets.met' : v === 'missed' ? 'targets.missed' : 'targets.undecided');
}

/** Text lines for `run` and `check`: one line per target and variant, then a note on skipped framework metrics. */
export function formatTargets(rows: readonly TargetRow[], skipped: readonly string[]): string {
  if (rows.length === 0 && skipped.length === 0) return '';
  const lines = [t('targets.heading')];
  for (const r of rows) {
    const who = r.target.framework ? t('targets.hisNumbers', { map: r.target.framework }) : r.target.where;
    lines.push(t('targets.line', {
      verdict: verdictWord(r.verdict), name: targetName(r.target.metric), band: targetBand(r.target), variant: r.variant,
      estimate: targetNumber(r.target.kind, r.estimate), lo: targetNumber(r.target.kind, r.lo), hi: targetNumber(r.target.kind, r.hi), who,
    }) + (r.beside ? t('targets.beside', { name: targetName('leader_down'), estimate: targetNumber('rate', r.beside.estimate), lo: targetNumber('rate', r.beside.lo), hi: targetNumber('rate', r.beside.hi) }) : ''));
  }
  if (skipped.length > 0) lines.push(t('targets.skipped', { metrics: skipped.join(', ') }));
  return `${lines.join('\n')}\n`;
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
