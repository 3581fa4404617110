import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { attritionChart, stepLabels } from '../src/report/charts/attrition.js';
import { buildCharts } from '../src/report/charts/all.js';
import { renderSvg } from '../src/report/charts/render.js';
import { fixtureMetrics, makeSummary } from './report-fixture.js';

/** Compile exactly as a reader of the .vl.json file would, then render headlessly. */
async function compileAndRender(spec: TopLevelSpec): Promise<string> {
  const compiled = compile(JSON.parse(JSON.stringify(spec)) as TopLevelSpec);
  const view = new vega.View(vega.parse(compiled.spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

const count = (svg: string, tag: string) => svg.split(`<${tag}`).length - 1;

describe('charts', () => {
  const summary = makeSummary();
  const charts = buildCharts(summary);

  it('builds the four charts in order', () => {
    expect(charts.map((c) => c.name)).toEqual(['win-rate', 'paired-diff', 'attrition', 'cost-vs-win']);
    for (const c of charts) expect(c.spec.$schema).toBe('https://vega.github.io/schema/vega-lite/v6.json');
  });

  it.each(['win-rate', 'paired-diff', 'attrition', 'cost-vs-win'])('%s compiles with vega-lite and renders marks', async (name) => {
    const chart = charts.find((c) => c.name === name)!;
    const svg = await compileAndRender(chart.spec);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(count(svg, 'path') + count(svg, 'line')).toBeGreaterThan(0);
    expect(await renderSvg(chart.spec)).toBe(svg);
  });

  it('win-rate: one point and one CI rule per variant, English labels from the metric spec', async () => {
    const svg = await renderSvg(charts[0].spec);
    expect(svg).toContain('Clear rate by variant');
    expect(svg).toContain('Clear rate (95% CI)');
    for (const label of ['標準装備', 'LMG 軽機関銃', 'Grenades ×2', 'Flank first']) expect(svg).toContain(label);
    const points = svg.match(/<g class="mark-symbol role-mark[^"]*"[^>]*>(.*?)<\/g>/)?.[1] ?? '';
    expect(count(points, 'path')).toBe(4);
    const rules = svg.match(/<g class="mark-rule role-mark[^"]*"[^>]*>(.*?)<\/g>/)?.[1] ?? '';
    expect(count(rules, 'line')).toBe(4);
  });

  it('paired-diff: baseline excluded, zero rule present', async () => {
    const spec = JSON.stringify(charts[1].spec);
    expect(spec).not.toContain('"variant":"標準装備"');
    expect(spec).toContain('"zero":0');
    const svg = await renderSvg(charts[1].spec);
    expect(svg).toContain('vs 標準装備');
    expect(svg).toContain('(pp)');
  });

  it('attrition: one facet row per series var, steps ordered as in the spec', async () => {
    const svg = await renderSvg(charts[2].spec);
    expect(svg).toContain('Leader life');
    expect(svg).toContain('Members alive');
    expect(svg.indexOf('Entrance · 2')).toBeLessThan(svg.indexOf('Stairwell · 0'));
    expect(count(svg, 'path')).toBeGreaterThan(8);
    expect(stepLabels(fixtureMetrics.series!.steps)).toEqual(['Entrance · 0', 'Entrance · 1', 'Entrance · 2', 'Stairwell · 0', 'Stairwell · 1']);
    expect(stepLabels([{ id: 'a', group: 'g', x: 0 }, { id: 'b', group: 'g', x: 0 }])).toEqual(['a', 'b']);
  });

  it('attrition is skipped without a series', () => {
    const noSeries = makeSummary({ metrics: { ...fixtureMetrics, series: null } });
    expect(attritionChart(noSeries)).toBeNull();
    expect(buildCharts(noSeries).map((c) => c.name)).toEqual(['win-rate', 'paired-diff', 'cost-vs-win']);
  });

  it('cost-vs-win: cost axis in the cost unit, labelled points', async () => {
    const svg = await renderSvg(charts[3].spec);
    expect(svg).toContain('Cost (magazines)');
    expect(svg).toContain('Flank first');
  });

  it('renders a baseline-only run (empty paired data) without failing', async () => {
    const base = makeSummary();
    const only = makeSummary({ variants: [base.variants[0]] });
    for (const c of buildCharts(only)) expect((await compileAndRender(c.spec)).startsWith('<svg')).toBe(true);
  });

  it('disambiguates duplicate labels so variants never merge', () => {
    const base = makeSummary();
    const variants = base.variants.map((v) => ({ ...v, label: 'Same' }));
    const spec = JSON.stringify(buildCharts(makeSummary({ variants }))[0].spec);
    expect(spec).toContain('Same (lmg)');
    expect(spec).toContain('Same (standard)');
  });
});
