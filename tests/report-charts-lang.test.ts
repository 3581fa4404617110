/**
 * The run report's Vega-Lite charts speak the report's language (issue 26): every chart title, subtitle,
 * axis and legend title and tooltip title comes from the catalogue; metric labels are shown in the report's language
 * too (the engine's catalogue area, src/sim/core/metric-text.ts). Hermetic: inspects the generated specs.
 */
import { describe, expect, it } from 'vitest';
import { buildCharts } from '../src/report/charts/all.js';
import { en, ja } from '../src/i18n/index.js';
import { makeSummary } from './report-fixture.js';

/** Every `title` in a spec (chart titles and subtitles, axis, legend and tooltip titles), as text. */
function titles(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const x of node) titles(x, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'data') continue;
      if (k === 'title' && typeof v === 'string') out.push(v);
      else if (k === 'title' && v && typeof v === 'object') {
        const o = v as { text?: unknown; subtitle?: unknown };
        if (typeof o.text === 'string') out.push(o.text);
        if (typeof o.subtitle === 'string') out.push(o.subtitle);
      } else titles(v, out);
    }
  }
  return out;
}

const summary = makeSummary();
const primary = summary.metrics.rates[0].label;

describe('chart texts by report language', () => {
  it('are Japanese with ja and English with en, chart for chart, with the metric label translated too', () => {
    const chartsJa = buildCharts(summary, 'ja');
    const chartsEn = buildCharts(summary, 'en');
    expect(chartsJa.map((c) => c.name)).toEqual(chartsEn.map((c) => c.name));
    const japanese = /[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]/;
    const jaTexts = new Set(Object.values(ja));
    for (let i = 0; i < chartsEn.length; i++) {
      const tj = titles(chartsJa[i].spec), te = titles(chartsEn[i].spec);
      expect(tj.length, chartsEn[i].name).toBe(te.length);
      expect(tj.length, chartsEn[i].name).toBeGreaterThan(3);
      // Each English title that is a fixed catalogue text has its Japanese text in the Japanese chart.
      for (let k = 0; k < te.length; k++) {
        if (te[k] === tj[k]) continue; // a label from the data (a metric, the experiment, a parameter)
        expect(tj[k], `${chartsEn[i].name}: ${te[k]}`).toMatch(japanese);
      }
      expect(te).not.toContain('バリアント');
    }
    const win = titles(chartsJa.find((c) => c.name === 'win-rate')!.spec);
    expect(win).toContain('バリアント別のクリア率'); // the engine's "Clear rate" in Japanese
    expect(win).toContain('バリアント');
    expect(win).toContain('信頼区間の下限');
    expect(titles(chartsEn.find((c) => c.name === 'win-rate')!.spec)).toEqual(expect.arrayContaining([`${primary} by variant`, 'Variant', 'CI low', 'CI high', 'Games']));
    const att = titles(chartsJa.find((c) => c.name === 'attrition')!.spec);
    expect(att).toEqual(expect.arrayContaining(['段階（グループ · x）', 'その段階に達したゲーム数', '平均']));
    expect(jaTexts.has('バリアント')).toBe(true);
    expect((en as Record<string, string>)['chart.variant']).toBe('Variant');
  });

  it('legend entries from the chart itself (not from the data) are in the report language too (issue 42)', () => {
    const domains = (lang: 'ja' | 'en') => {
      const out: string[] = [];
      const walk = (n: unknown): void => {
        if (Array.isArray(n)) n.forEach(walk);
        else if (n && typeof n === 'object') for (const [k, v] of Object.entries(n)) if (k === 'domain' && Array.isArray(v)) out.push(...v.filter((x): x is string => typeof x === 'string')); else walk(v);
      };
      for (const c of buildCharts(summary, lang)) walk(c.spec);
      return out;
    };
    expect(domains('en')).toEqual(expect.arrayContaining(['baseline', 'variant']));
    expect(domains('ja')).toEqual(expect.arrayContaining(['基準', 'バリアント']));
    expect(domains('ja')).not.toContain('baseline');
  });
});
