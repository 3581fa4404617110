/**
 * The designer's balance targets against a run (issue 25 item 5): each target (read and resolved when the experiment
 * is loaded, src/sim/input/targets-spec.ts) is met (the 95% interval lies inside the band), missed (the interval
 * lies outside it) or undecided (the interval straddles an edge: more games decide), and worded for `run`, `check`
 * and the Action's job summary. Targets inform; they never fail a check (bands under `checks:` do that).
 */
import type { RunSummary, VariantSummary } from '../sim/stats/summary.js';
import { t } from '../i18n/t.js';
import { RATIO_METRIC, type TargetSpec } from '../sim/input/targets-spec.js';

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

/**
 * The verdict word of a target row in the current language: met, undecided, or — when missed — below or above the
 * band (未達 / 超過: a value above the band is not 未達).
 */
export function verdictWord(r: Pick<TargetRow, 'verdict' | 'lo' | 'target'>): string {
  if (r.verdict === 'met') return t('targets.met');
  if (r.verdict === 'undecided') return t('targets.undecided');
  return t(r.lo > r.target.hi ? 'targets.above' : 'targets.below');
}

/** `57.3 [51.7–62.8]`: an estimate and its interval in one short cell (a rate in %, the unit in the target's band). */
export function compactCi(scale: number, estimate: number, lo: number, hi: number): string {
  const f = (x: number) => (Number.isFinite(x) ? (scale * x).toFixed(1) : '∞');
  return `${f(estimate)} [${f(lo)}–${f(hi)}]`;
}

/** The head of a targets table (4 columns): target and band | variant | now [95% CI] | verdict. */
export function targetColumns(): string[] {
  return [t('action.colTarget'), t('action.colVariant'), t('action.colNowCi'), t('action.colVerdict')];
}

/** The rows of a targets table as plain text, in the order of {@link targetColumns} (job summary, report, web app). */
export function targetCells(rows: readonly TargetRow[]): string[][] {
  return rows.map((x) => [`${targetName(x.target.metric)} ${targetBand(x.target)}`, x.variant, compactCi(x.target.kind === 'rate' ? 100 : 1, x.estimate, x.lo, x.hi), verdictWord(x)]);
}

/** Text lines for `run` and `check`: one line per target and variant, then a note on skipped framework metrics. */
export function formatTargets(rows: readonly TargetRow[], skipped: readonly string[]): string {
  if (rows.length === 0 && skipped.length === 0) return '';
  const lines = [t('targets.heading')];
  for (const r of rows) {
    const who = r.target.framework ? t('targets.hisNumbers', { map: r.target.framework }) : r.target.where;
    lines.push(t('targets.line', {
      verdict: verdictWord(r), name: targetName(r.target.metric), band: targetBand(r.target), variant: r.variant,
      estimate: targetNumber(r.target.kind, r.estimate), lo: targetNumber(r.target.kind, r.lo), hi: targetNumber(r.target.kind, r.hi), who,
    }) + (r.beside ? t('targets.beside', { name: targetName('leader_down'), estimate: targetNumber('rate', r.beside.estimate), lo: targetNumber('rate', r.beside.lo), hi: targetNumber('rate', r.beside.hi) }) : ''));
  }
  if (skipped.length > 0) lines.push(t('targets.skipped', { metrics: skipped.join(', ') }));
  return `${lines.join('\n')}\n`;
}
