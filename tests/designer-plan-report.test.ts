// The designer's eight measures where he reads them (issue 41 item 5): the job summary (a table of at most 4 columns,
// in Japanese by default), report.html (a section of cards, readable at 390 px) and the plan's tables — from a short
// real run of the shipped plan experiment; and an experiment without `audit: true` shows nothing new.
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runExperiment } from '../src/sim/run/run.js';
import { buildSummary } from '../src/action/summary.js';
import type { ExperimentRecord } from '../src/action/record.js';
import { designerHtml } from '../src/report/html/designer.js';
import { designerSummaryLines, knobTables, mainVariants, measuresTable } from '../src/report/designer-plan.js';

const record = (name: string, designer: readonly string[]): ExperimentRecord => ({
  name, file: `experiments/${name}.yaml`, status: 'ran', moved: [], bandFailures: 0, question: '', answer: [], primary: 'win', targets: [], designer,
});

describe('his eight measures in the job summary, the report and the plan page', () => {
  it('plan-td1: the baseline and the v1.01 column, every row in at most 4 columns, Japanese by default', async () => {
    const s = await runExperiment(loadExperiment('experiments/plan-td1.yaml', { games: 300 }), { workers: 0 });
    expect(mainVariants(s)).toEqual(['dev', 'v101']);
    const lines = designerSummaryLines(s, 'ja');
    expect(lines[0]).toBe('#### 設計者の8つの確認項目');
    const rows = lines.filter((l) => l.startsWith('|'));
    expect(rows.length).toBe(2 + 21);
    for (const r of rows) expect(r.split(' | ').length).toBeLessThanOrEqual(4);
    expect(rows.some((r) => r.startsWith('| じり貧（最終時0〜1、全作戦） |'))).toBe(true);
    const md = buildSummary([record('plan-td1', lines)], { mode: 'run', pagesUrl: null, runUrl: null });
    expect(md).toContain('| 項目 | 2026-05-09 版 | v1.01 版（Tactical Drill 01 v1.01） |');
    expect(designerSummaryLines(s, 'en')[0]).toBe("#### His eight measures");
    const html = designerHtml(s);
    expect(html).toContain('<section id="designer">');
    expect(html).toContain('class="cards"');
    expect(measuresTable(s, ['dev'], 'en').join('\n')).toContain('| じり貧 (0–1 at the final, of all) |');
    // The plan's page: success, 全滅 and じり貧 with their 95% intervals, as the run reports them.
    const win = s.variants[0].rates.find((r) => r.id === 'win')!.rate;
    const withCi = measuresTable(s, ['dev'], 'en', true).join('\n');
    expect(withCi).toContain(`| 作戦成功 | ${(100 * win.estimate).toFixed(1)}% [${(100 * win.lo).toFixed(1)}, ${(100 * win.hi).toFixed(1)}] |`);
    expect(withCi).toMatch(/\| じり貧 \(0–1 at the final, of all\) \| \d+\.\d% \[\d+\.\d, \d+\.\d\] \|/);
  });

  it('an experiment without audit: true has no designer lines and no report section', async () => {
    const s = await runExperiment(loadExperiment('experiments/tutorial-01-difficulty.yaml', { games: 50 }), { workers: 0 });
    expect(designerSummaryLines(s, 'ja')).toEqual([]);
    expect(designerHtml(s)).toBe('');
  });

  it('the knob names the value with the most じり貧 and says plainly when success is outside 60–80%', () => {
    const v = (name: string, win: number, jiri: number) => ({ name, label: name, games: 1, rates: [{ id: 'win', rate: { estimate: win, lo: win, hi: win } }, { id: 'wiped', rate: { estimate: 0.1, lo: 0, hi: 0 } }, { id: 'audit_jiri', rate: { estimate: jiri, lo: 0, hi: 0 } }, { id: 'audit_jiri_all', rate: { estimate: jiri, lo: 0, hi: 0 } }, { id: 'audit_reached_final', rate: { estimate: 1, lo: 1, hi: 1 } }], values: [] });
    const s = { variants: [v('a', 0.4, 0.3), v('b', 0.7, 0.1)], sweep: { params: ['m'], points: [{ variant: 'a', values: [5] }, { variant: 'b', values: [17] }] } };
    const out = knobTables(s, { NORMAL: 17 }, 'en').join('\n');
    expect(out).toContain('じり貧 is most frequent at 5 magazines (30.0% of operations); success there 40.0%: outside 60–80%.');
    expect(out).toContain('No value meets both targets');
    expect(out).toContain('The current issue (NORMAL 17) gives success 70.0% and じり貧 10.0%.');
  });
});
