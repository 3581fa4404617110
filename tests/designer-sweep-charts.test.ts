// The designer's knob as charts (issue 41 item 4): along the magazines issued, 作戦成功, 全滅 and じり貧 (sweep-tradeoff)
// and the magazines as the final event starts (sweep-final-magazines: median and 10th–90th percentile from the run's
// distribution), for an operation and for a campaign (a line per lap); both render; a sweep without the audit
// measures gains no chart.
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runExperiment } from '../src/sim/run/run.js';
import { buildCharts } from '../src/report/charts/all.js';
import { binQuantile } from '../src/report/charts/sweep-designer.js';
import { renderSvg } from '../src/report/charts/render.js';
import { rateOf } from '../src/report/lookup.js';
import type { TopLevelSpec } from 'vega-lite';

type Row = Record<string, number | string>;
const rows = (c: { spec: TopLevelSpec }, layer = 1): Row[] => {
  const s = c.spec as unknown as { data?: { values: Row[] }; layer: { data?: { values: Row[] } }[] };
  return (s.data ?? s.layer[layer].data)!.values;
};

describe('the knob\'s sweep charts', () => {
  it('binQuantile reads the least count whose cumulative share reaches q', () => {
    const sh = [0.1, 0.3, 0.2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.4]; // 0: 10%, 1: 30%, 2: 20%, 12+: 40%
    expect(binQuantile(sh, 0.1)).toBe(0);
    expect(binQuantile(sh, 0.4)).toBe(1);
    expect(binQuantile(sh, 0.5)).toBe(2);
    expect(binQuantile(sh, 0.6)).toBe(2);
    expect(binQuantile(sh, 0.9)).toBe(12);
    expect(binQuantile(sh.map(() => 0), 0.5)).toBeNaN();
  });

  it('Tactical Drill 01 (an operation): three rates per point, as the run reports them; the final\'s magazines grow with the issue', async () => {
    const s = await runExperiment(loadExperiment('experiments/plan-td1-knob.yaml', { games: 400 }), { workers: 0 });
    const charts = buildCharts(s, 'ja');
    const names = charts.map((c) => c.name);
    expect(names).toContain('sweep');
    const trade = charts.find((c) => c.name === 'sweep-tradeoff')!;
    const data = rows(trade);
    expect(data.length).toBe(3 * s.sweep!.points.length);
    expect(new Set(data.map((r) => r.metric))).toEqual(new Set(['作戦成功', '全滅', 'じり貧（最終時0〜1）']));
    const at5 = s.variants.find((v) => v.name === s.sweep!.points[0].variant)!;
    const jiri5 = data.find((r) => r.x === 5 && r.metric === 'じり貧（最終時0〜1）')!;
    expect(jiri5.rate).toBe(rateOf(at5, 'audit_jiri_all')!.rate.estimate);
    expect(data.find((r) => r.x === 5 && r.metric === '全滅')!.rate).toBe(rateOf(at5, 'wiped')!.rate.estimate);
    expect((trade.spec as { title: { text: string } }).title.text).toBe('作戦成功・全滅・じり貧');
    const fin = rows(charts.find((c) => c.name === 'sweep-final-magazines')!);
    expect(fin.length).toBe(s.sweep!.points.length);
    for (const r of fin) expect((r.p10 as number) <= (r.median as number) && (r.median as number) <= (r.p90 as number)).toBe(true);
    expect(fin[fin.length - 1].median as number).toBeGreaterThan(fin[0].median as number);
    for (const c of charts.filter((x) => x.name.startsWith('sweep-'))) expect(await renderSvg(c.spec)).toContain('<svg');
  });

  it('Black Sun (a campaign): じり貧 as finals at 0–1 over operations, and a line per lap at the final', async () => {
    const s = await runExperiment(loadExperiment('experiments/plan-blacksun-knob.yaml', { games: 60 }), { workers: 0 });
    const charts = buildCharts(s, 'en');
    const data = rows(charts.find((c) => c.name === 'sweep-tradeoff')!);
    const jiri = data.filter((r) => r.metric === 'じり貧 (0–1 at the final)');
    expect(jiri.length).toBe(s.sweep!.points.length);
    const v = s.variants.find((x) => x.name === s.sweep!.points[0].variant)!;
    const mean = (id: string) => v.values.find((x) => x.id === id)!.mean.estimate;
    expect(jiri[0].rate).toBeCloseTo(mean('audit_finals_jiri') / mean('attempts'), 12);
    const fin = rows(charts.find((c) => c.name === 'sweep-final-magazines')!);
    expect(new Set(fin.map((r) => r.series))).toEqual(new Set(['lap 1', 'lap 2', 'lap 3']));
    for (const c of charts.filter((x) => x.name.startsWith('sweep-'))) expect(await renderSvg(c.spec)).toContain('<svg');
  });

  it('a sweep without the audit measures has no designer chart', async () => {
    const s = await runExperiment(loadExperiment('experiments/plan-td1-knob.yaml', { games: 50 }), { workers: 0 });
    const plain = { ...s, variants: s.variants.map((v) => ({ ...v, values: v.values.filter((x) => !x.id.startsWith('audit_')) })) };
    expect(buildCharts(plain, 'en').map((c) => c.name).filter((n) => n.startsWith('sweep-'))).toEqual([]);
  });
});
