/**
 * A run summary as the reader sees it (issue 26): every metric label (rates, values, paired differences, the
 * series, its variables and step groups) and the engine's cost unit put into `lang` by the engine's catalogue area
 * (src/sim/core/metric-text.ts); the experiment's question and variant labels in `lang` where the file wrote them in
 * both languages (`{ ja, en }`, src/sim/input/local-text.ts; their stable text is the English one, issue 42).
 * Only displays use it (report.html, charts, the run table, the web app); run.json, the CSVs and baselines keep the
 * engine's English labels. In English the summary itself is returned, so English output cannot change.
 */
import { getLang, type Lang } from '../i18n/lang.js';
import { metricLabel } from '../sim/core/metric-text.js';
import type { MetricSpec } from '../sim/core/types.js';
import type { RunSummary } from '../sim/stats/summary.js';
import { pickText } from '../sim/input/local-text.js';

/** Summaries already in a reader's language (so a display that passes one on does not translate it twice). */
const shown = new WeakSet<RunSummary>();

/** The metric spec with its labels in `lang`. */
export function metricsInLang(engine: string, m: MetricSpec, lang: Lang = getLang()): MetricSpec {
  if (lang === 'en') return m;
  const l = (label: string) => metricLabel(engine, label, lang);
  return {
    ...m,
    rates: m.rates.map((r) => ({ ...r, label: l(r.label) })),
    values: m.values.map((v) => ({ ...v, label: l(v.label) })),
    series: m.series && {
      ...m.series,
      label: l(m.series.label),
      steps: m.series.steps.map((s) => ({ ...s, group: l(s.group) })),
      vars: m.series.vars.map((v) => ({ ...v, label: l(v.label) })),
    },
  };
}

/** The summary with every metric label in `lang` (the summary itself in English or when already translated). */
export function summaryInLang(summary: RunSummary, lang: Lang = getLang()): RunSummary {
  if (lang === 'en' || shown.has(summary)) return summary;
  const engine = summary.experiment.engine;
  const l = (label: string) => metricLabel(engine, label, lang);
  const out: RunSummary = {
    ...summary,
    experiment: { ...summary.experiment, question: pickText(summary.experiment.question, summary.experiment.questionText, lang) },
    metrics: metricsInLang(engine, summary.metrics, lang),
    costUnit: l(summary.costUnit),
    variants: summary.variants.map((v) => ({
      ...v,
      label: pickText(v.label, v.labelText, lang),
      rates: v.rates.map((r) => ({ ...r, label: l(r.label) })),
      values: v.values.map((x) => ({ ...x, label: l(x.label) })),
      pairedRates: v.pairedRates.map((p) => ({ ...p, label: l(p.label) })),
      pairedValues: v.pairedValues.map((p) => ({ ...p, label: l(p.label) })),
    })),
  };
  shown.add(out);
  return out;
}
