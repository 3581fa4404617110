/**
 * The one-line answer `run` ends with (issue 42 item 8), as `check` ends with its verdict: the experiment's question
 * answered on its primary rate (clear / win rate, higher is better) from the paired differences against the baseline —
 * the clearly better variant with the largest gain and that gain with its 95% CI, the baseline when every variant is
 * clearly worse, or "no clear difference". In the reader's language (labels too, summary-lang.ts).
 */
import type { RunSummary, VariantSummary } from '../sim/stats/summary.js';
import { getLang, type Lang } from '../i18n/lang.js';
import { t } from '../i18n/t.js';
import { summaryInLang } from './summary-lang.js';
import { baselineVariant, isBaseline, pairedOf, primaryRate, rateOf } from './lookup.js';
import { displayName, variantDisplayNames } from './charts/common.js';
import { pct, pp, ppCi, rateCi } from './html/format.js';
import { verdictOf } from './html/verdict.js';

/** The answer line (no newline). */
export function answerLine(written: RunSummary, lang: Lang = getLang()): string {
  const summary = summaryInLang(written, lang);
  const primary = primaryRate(summary);
  const names = variantDisplayNames(summary);
  const name = (v: VariantSummary) => displayName(names, v);
  const rate = (v: VariantSummary) => rateOf(v, primary.id)?.rate;
  const at = (v: VariantSummary) => ({ rate: pct(rate(v)?.estimate), ci: rateCi(rate(v)) });
  const metric = primary.label;
  const base = baselineVariant(summary);
  // The variants whose paired difference is taken against the baseline (not another variant, not none).
  const compared = base ? summary.variants.filter((v) => !isBaseline(summary, v) && v.pairedWith === undefined) : [];
  const diff = (v: VariantSummary) => pairedOf(v, primary.id, 'rate');
  const kinds = compared.map((v) => ({ v, kind: verdictOf(diff(v)).kind }));
  const better = kinds.filter((k) => k.kind === 'better').map((k) => k.v).sort((a, b) => diff(b)!.diff.estimate - diff(a)!.diff.estimate);
  if (base && better.length > 0) {
    const b = better[0], d = diff(b)!.diff;
    return t('run.answerBest', { name: name(b), metric, ...at(b), diff: pp(d.estimate), diffCi: ppCi(d), base: name(base) }, lang);
  }
  if (base && compared.length > 0) {
    const worse = kinds.filter((k) => k.kind === 'worse').length;
    if (worse === compared.length) return t('run.answerBaseline', { base: name(base), metric, ...at(base) }, lang);
    return t('run.answerUnclear', { base: name(base), metric, ...at(base), worse, unclear: compared.length - worse }, lang);
  }
  const ranked = summary.variants.filter((v) => Number.isFinite(rate(v)?.estimate)).sort((a, b) => rate(b)!.estimate - rate(a)!.estimate);
  return ranked[0] ? t('run.answerHighest', { name: name(ranked[0]), metric, ...at(ranked[0]) }, lang) : t('run.answerNone', { metric }, lang);
}
