/**
 * The top of the report: the question in large type and a headline answer in
 * plain words (best variant, and how many variants beat the baseline).
 */
import type { RunSummary, VariantSummary } from '../../sim/stats/summary.js';
import { displayName, variantDisplayNames } from '../charts/common.js';
import { pClause, pct, pp, rateCi } from './format.js';
import { text } from './table.js';
import { verdictOf } from './verdict.js';
import { baselineVariant, isBaseline, namedReference, pairedOf, primaryRate, rateOf } from '../lookup.js';
import { t } from '../../i18n/t.js';
import { summaryInLang } from '../summary-lang.js';
import { rulesLine } from '../rule-version.js';

/** Build the `<header>`: experiment name, question, headline answer and the verdict counts. */
export function headlineHtml(written: RunSummary): string {
  const summary = summaryInLang(written);
  const primary = primaryRate(summary);
  const names = variantDisplayNames(summary);
  const name = (v: VariantSummary) => `<strong>${text(displayName(names, v))}</strong>`;
  const question = summary.experiment.question.trim() || summary.experiment.name;
  const base = baselineVariant(summary);
  const rate = (v: VariantSummary) => rateOf(v, primary.id)?.rate;
  const ranked = summary.variants.filter((v) => Number.isFinite(rate(v)?.estimate)).sort((a, b) => rate(b)!.estimate - rate(a)!.estimate);
  const lines: string[] = [];

  const best = ranked[0];
  if (best) {
    const r = rate(best)!;
    const at = `${text(pct(r.estimate))} <span class="ci">${text(rateCi(r))}</span>`;
    if (isBaseline(summary, best)) {
      lines.push(t('report.highestBaseline', { metric: text(primary.label), name: name(best), at }));
    } else {
      const d = pairedOf(best, primary.id, 'rate');
      const ref = namedReference(summary, best) ?? base;
      const vs = ref ? t('report.vsName', { name: name(ref) }) : '';
      const p = pClause(d?.p);
      const diff = d ? `, ${text(pp(d.diff.estimate))}${vs}${p ? ` (${text(p)})` : ''}` : '';
      lines.push(t('report.highest', { metric: text(primary.label), name: name(best), at, diff }));
    }
  }

  if (base) {
    const counts = { better: 0, worse: 0, unclear: 0 };
    // Only the variants compared with the baseline (not those whose paired_with names another variant or none).
    for (const v of summary.variants) if (!isBaseline(summary, v) && v.pairedWith === undefined) counts[verdictOf(pairedOf(v, primary.id, 'rate')).kind]++;
    const r = rate(base);
    lines.push(t('report.againstBaseline', { name: name(base), rate: text(pct(r?.estimate)), better: counts.better, worse: counts.worse, unclear: counts.unclear }));
  }

  const rules = rulesLine(summary.rulings);
  return [
    '<header class="hero">',
    `<p class="eyebrow">${text(t('report.eyebrow'))} · <span class="mono">${text(summary.experiment.name)}</span></p>`,
    `<h1>${text(question)}</h1>`,
    ...(rules ? [`<p class="rules">${text(rules)}</p>`] : []),
    ...lines.map((l) => `<p class="answer">${l}</p>`),
    '</header>',
  ].join('\n');
}
