/**
 * Charts of a sweep with the designer's audit measures (URBAN ASSAULT `operation.audit: true`; issue 41): the
 * trade-off of his magazine knob along the first swept parameter.
 *
 * - `sweep-tradeoff`: 作戦成功, 全滅 and じり貧 (0–1 magazines as the final event starts, share of all operations) as
 *   three lines, each with its 95% interval as a band (a campaign's じり貧 is a ratio of means: a line without a band).
 * - `sweep-final-magazines`: the magazines in hand as the final event starts (given it was reached), the median with
 *   the 10th–90th percentile as a band, read off the run's distribution of that count (bins 0 … 11, 12+); a
 *   campaign draws one line per lap (each lap's first attempt). A rule at 1 marks the じり貧 target.
 *
 * Both are absent from runs without a sweep or without the audit measures, so no other run's charts change.
 */
import { t } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';
import type { RunSummary, VariantSummary } from '../../sim/stats/summary.js';
import { CHART_CONFIG, VEGA_LITE_SCHEMA, type ChartSpec } from './common.js';
import { primaryRate, rateOf, valueOf } from '../lookup.js';

/** Bins of the magazines at the final: 0 … 11 and 12+ (audit-measures.ts FINAL_BINS). */
const BINS = 12;

interface Point { readonly x: number | string; readonly p: readonly (string | number | boolean)[]; readonly v: VariantSummary }

/** The sweep's points with their variants, and the x axis (numeric when every first value is a number). */
function points(summary: RunSummary): { pts: Point[]; numeric: boolean } | null {
  const sw = summary.sweep;
  if (!sw || summary.variants.length === 0 || !summary.variants[0].values.some((x) => x.id === 'audit_at_final')) return null;
  const numeric = sw.points.every((p) => typeof p.values[0] === 'number');
  const pts: Point[] = [];
  for (const p of sw.points) {
    const v = summary.variants.find((x) => x.name === p.variant);
    if (v) pts.push({ x: numeric ? (p.values[0] as number) : String(p.values[0]), p: p.values, v });
  }
  return { pts, numeric };
}

/** The x axis: the magazines issued when the swept path is a scenario's starting magazines, else the path. */
function xAxis(summary: RunSummary, numeric: boolean, lang: Lang) {
  const path = summary.sweep!.params[0];
  const title = /starting_magazines(\.|$)/.test(path) ? t('chart.planIssued', {}, lang) : path;
  return { field: 'x', type: numeric ? 'quantitative' : 'ordinal', title } as const;
}

/** The other swept parameters of a point, as its line's name ('' with one parameter). */
function others(summary: RunSummary, p: Point): string {
  return summary.sweep!.params.slice(1).map((k, i) => `${k.split('.').pop()}=${String(p.p[i + 1])}`).join(', ');
}

/** Build `sweep-tradeoff`, or null without a sweep or the audit measures. */
export function sweepTradeoffChart(summary: RunSummary, lang: Lang = getLang()): ChartSpec | null {
  const got = points(summary);
  if (!got) return null;
  const success = t('plan.success', {}, lang), wiped = t('plan.wiped', {}, lang), jiri = t('chart.planJiri', {}, lang);
  const values = got.pts.flatMap((pt) => {
    const series = others(summary, pt);
    const row = (metric: string, r: { estimate: number; lo: number; hi: number } | null) =>
      r === null || !Number.isFinite(r.estimate) ? [] : [{ x: pt.x, metric: series ? `${metric} (${series})` : metric, variant: pt.v.label, games: pt.v.games, rate: r.estimate, lo: r.lo, hi: r.hi }];
    const w = rateOf(pt.v, 'wiped') ?? rateOf(pt.v, 'wiped_any');
    const j = rateOf(pt.v, 'audit_jiri_all');
    // A campaign: finals reached with 0–1 magazines over its operations (a ratio of means, no interval).
    const ops = valueOf(pt.v, 'attempts')?.mean.estimate ?? NaN, fj = valueOf(pt.v, 'audit_finals_jiri')?.mean.estimate ?? NaN;
    const jc = j ? j.rate : ops > 0 ? { estimate: fj / ops, lo: NaN, hi: NaN } : null;
    return [...row(success, rateOf(pt.v, primaryRate(summary).id)?.rate ?? null), ...row(wiped, w?.rate ?? null), ...row(jiri, jc)];
  });
  const x = xAxis(summary, got.numeric, lang);
  const color = { field: 'metric', type: 'nominal', title: null, legend: { orient: 'bottom', labelLimit: 320 } } as const;
  return {
    name: 'sweep-tradeoff',
    spec: {
      $schema: VEGA_LITE_SCHEMA,
      title: { text: t('chart.planTradeoffTitle', {}, lang), subtitle: t('chart.planTradeoffSubtitle', { experiment: summary.experiment.name }, lang) },
      config: CHART_CONFIG,
      width: 480,
      height: 300,
      data: { values },
      layer: [
        { transform: [{ filter: 'isValid(datum.lo) && isFinite(datum.lo)' }], mark: { type: 'area', opacity: 0.2 }, encoding: { x, y: { field: 'lo', type: 'quantitative', title: t('chart.rateCi', undefined, lang), axis: { format: '.0%' }, scale: { domain: [0, 1] } }, y2: { field: 'hi' }, color } },
        { mark: { type: 'line', point: true }, encoding: {
          x, y: { field: 'rate', type: 'quantitative' }, color,
          tooltip: [
            { field: 'metric', type: 'nominal', title: t('chart.rate', undefined, lang) },
            { field: 'variant', type: 'nominal', title: t('chart.variant', undefined, lang) },
            { field: 'games', type: 'quantitative', title: t('chart.games', undefined, lang) },
            { field: 'rate', type: 'quantitative', title: t('chart.estimate', undefined, lang), format: '.1%' },
            { field: 'lo', type: 'quantitative', title: t('chart.ciLow', undefined, lang), format: '.1%' },
            { field: 'hi', type: 'quantitative', title: t('chart.ciHigh', undefined, lang), format: '.1%' },
          ],
        } },
      ],
    },
  };
}

/** The q-quantile of a distribution over 0 … BINS (the last bin is BINS or more): the least k whose cumulative share reaches q. */
export function binQuantile(shares: readonly number[], q: number): number {
  const total = shares.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return NaN;
  let cum = 0;
  for (let k = 0; k < shares.length; k++) {
    cum += shares[k] / total;
    if (cum >= q - 1e-12) return k;
  }
  return shares.length - 1;
}

/** The distribution of the magazines at the final under `prefix` (audit_ or lapN_), or null when absent. */
function finalShares(v: VariantSummary, prefix: string): number[] | null {
  const out: number[] = [];
  for (let k = 0; k <= BINS; k++) {
    const r = rateOf(v, k === BINS ? `${prefix}final_mags_${BINS}plus` : `${prefix}final_mags_${k}`);
    if (!r) return null;
    out.push(r.rate.estimate);
  }
  return out;
}

/** Build `sweep-final-magazines`, or null without a sweep or the audit measures. */
export function sweepFinalMagazinesChart(summary: RunSummary, lang: Lang = getLang()): ChartSpec | null {
  const got = points(summary);
  if (!got) return null;
  const prefixes: { prefix: string; name: string }[] = [];
  if (finalShares(got.pts[0]?.v ?? summary.variants[0], 'audit_')) prefixes.push({ prefix: 'audit_', name: t('chart.planAllOps', {}, lang) });
  for (let l = 1; summary.variants[0].rates.some((r) => r.id === `lap${l}_final_mags_0`); l++) prefixes.push({ prefix: `lap${l}_`, name: t('plan.lap', { n: l }, lang) });
  const values = got.pts.flatMap((pt) => prefixes.flatMap(({ prefix, name }) => {
    const sh = finalShares(pt.v, prefix);
    if (!sh) return [];
    const series = others(summary, pt);
    return [{ x: pt.x, series: series ? `${name} (${series})` : name, variant: pt.v.label, median: binQuantile(sh, 0.5), p10: binQuantile(sh, 0.1), p90: binQuantile(sh, 0.9) }];
  }));
  const x = xAxis(summary, got.numeric, lang);
  const color = { field: 'series', type: 'nominal', title: null, legend: { orient: 'bottom', labelLimit: 320 } } as const;
  const yTitle = t('chart.planFinalAxis', {}, lang);
  return {
    name: 'sweep-final-magazines',
    spec: {
      $schema: VEGA_LITE_SCHEMA,
      title: { text: t('chart.planFinalTitle', {}, lang), subtitle: t('chart.planFinalSubtitle', { experiment: summary.experiment.name }, lang) },
      config: CHART_CONFIG,
      width: 480,
      height: 300,
      layer: [
        { data: { values }, mark: { type: 'area', opacity: 0.2 }, encoding: { x, y: { field: 'p10', type: 'quantitative', title: yTitle, scale: { domainMin: 0 } }, y2: { field: 'p90' }, color } },
        { data: { values }, mark: { type: 'line', point: true }, encoding: {
          x, y: { field: 'median', type: 'quantitative' }, color,
          tooltip: [
            { field: 'series', type: 'nominal', title: t('chart.rate', undefined, lang) },
            { field: 'variant', type: 'nominal', title: t('chart.variant', undefined, lang) },
            { field: 'median', type: 'quantitative', title: t('chart.planMedian', undefined, lang) },
            { field: 'p10', type: 'quantitative', title: t('chart.planP10', undefined, lang) },
            { field: 'p90', type: 'quantitative', title: t('chart.planP90', undefined, lang) },
          ],
        } },
        { data: { values: [{ y: 1 }] }, mark: { type: 'rule', strokeDash: [4, 4], color: '#888' }, encoding: { y: { field: 'y', type: 'quantitative' } } },
      ],
    },
  };
}
