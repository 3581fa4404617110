/**
 * The terminal summary table printed after a run.
 */
import { cvNote } from './cv-note.js';
import { luckShareNote } from './luck-share.js';
import type { Interval, RunSummary } from '../sim/stats/summary.js';
import type { ValueSpec } from '../sim/core/types.js';
import { costEffectiveness } from './cost-effectiveness.js';
import { isBaseline, namedReference, pairedOf, primaryRate, rateOf, usesPairedWith, valueOf } from './lookup.js';
import { describeStopRule } from './stop-rule.js';
import { renderTextTable, type TextColumn } from './text-table.js';
import { t } from '../i18n/t.js';
import { summaryInLang } from './summary-lang.js';
import { rulesLine } from './rule-version.js';

/** Placeholder for a cell with no value (baseline diff, zero cost delta, missing metric). */
export const NO_VALUE = '—';

/** The value shown in the table: `magazines_spent` when present, else the first value. */
export function tableValue(summary: RunSummary): ValueSpec | undefined {
  const values = summary.metrics.values;
  return values.find((v) => v.id === 'magazines_spent') ?? values[0];
}

/** Fixed-point with an explicit sign (`+4.1`, `-0.3`, `+0.0`). */
export function signed(x: number, digits: number): string {
  const s = x.toFixed(digits);
  const zero = Number(s) === 0;
  if (zero) return `+${(0).toFixed(digits)}`;
  return x > 0 ? `+${s}` : s;
}

/** A rate as `63.2% [62.2, 64.2]` (percent, one decimal). */
export function formatRate(i: Interval): string {
  const p = (x: number) => (x * 100).toFixed(1);
  return `${p(i.estimate)}% [${p(i.lo)}, ${p(i.hi)}]`;
}

/** A rate difference as `+4.1 pp [+3.2, +5.0]` (percentage points). */
export function formatDiffPp(i: Interval): string {
  const p = (x: number) => signed(x * 100, 1);
  return `${p(i.estimate)} pp [${p(i.lo)}, ${p(i.hi)}]`;
}

/** A mean as `12.34 [12.10, 12.58]`. */
export function formatMean(i: Interval): string {
  const p = (x: number) => x.toFixed(2);
  return `${p(i.estimate)} [${p(i.lo)}, ${p(i.hi)}]`;
}

function formatCost(x: number): string {
  return Number.isInteger(x) ? x.toLocaleString('en-US') : String(Number(x.toPrecision(4)));
}

/**
 * Format a run as an aligned plain-text table: the question above; one row
 * per variant with games, primary rate with 95% CI, paired difference vs the
 * baseline in pp with CI (`—` for the baseline), the magazines-spent mean (or
 * the first value) with CI, cost, and cost-effectiveness (pp of the primary
 * rate per unit of cost vs the baseline); seed, games per variant and
 * stopping rule below. CJK labels are padded by display width.
 */
export function formatTable(written: RunSummary): string {
  const summary = summaryInLang(written);
  const primary = primaryRate(summary);
  const value = tableValue(summary);
  const effect = new Map(costEffectiveness(summary).map((c) => [c.variant.name, c]));

  const columns: TextColumn[] = [
    { header: t('table.variant'), align: 'left' },
    { header: t('table.games'), align: 'right' },
    { header: t('table.withCi', { label: primary.label }), align: 'right' },
    { header: t('table.vsBaseline'), align: 'right' },
    ...(value ? [{ header: t('table.withCi', { label: value.label }), align: 'right' as const }] : []),
    { header: t('table.cost', { unit: summary.costUnit }), align: 'right' },
    { header: t('table.ppPerCost'), align: 'right' },
  ];

  const rows = summary.variants.map((v) => {
    const rate = rateOf(v, primary.id);
    const diff = isBaseline(summary, v) ? undefined : pairedOf(v, primary.id, 'rate');
    const ref = namedReference(summary, v);
    const mean = value ? valueOf(v, value.id) : undefined;
    const perCost = effect.get(v.name)?.perCost ?? null;
    return [
      v.label.trim() === '' ? v.name : v.label,
      v.games.toLocaleString('en-US'),
      rate ? formatRate(rate.rate) : NO_VALUE,
      diff ? formatDiffPp(diff.diff) + (ref ? ` ${t('pairref.vs', { ref: ref.name })}` : '') : NO_VALUE,
      ...(value ? [mean ? formatMean(mean.mean) : NO_VALUE] : []),
      formatCost(v.cost),
      perCost === null ? NO_VALUE : signed(perCost * 100, 2),
    ];
  });

  const question = summary.experiment.question.trim() || summary.experiment.name;
  const footer = t('table.footer', { seed: summary.seed, games: summary.gamesPerVariant.toLocaleString('en-US'), rule: describeStopRule(summary.stop) });
  const note = t('table.vsBaselinePairedDifference', { baseline: summary.baseline, costUnit: summary.costUnit });
  const cv = cvNote(summary);
  const luck = luckShareNote(summary);
  const refNote = usesPairedWith(summary) ? [t('pairref.tableNote')] : [];
  const rules = rulesLine(summary.rulings);
  return [question, ...(rules ? [rules] : []), '', renderTextTable(columns, rows), '', footer, note, ...(cv ? [cv] : []), ...(luck ? [luck] : []), ...refNote].join('\n') + '\n';
}
