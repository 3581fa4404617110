// The designer's targets in report.html and the web app (issue 42 item 2): a run keeps its experiment's targets in
// its summary, summary.json carries them (so `balance-lab report` rebuilds the same page), and the page shows them
// in the job summary's four columns as cards, in the reader's language. A run without targets keeps its summary.
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runExperiment } from '../src/sim/run/run.js';
import { reportData, reportDataJson } from '../src/report/html/data.js';
import { parseReportData } from '../src/report/html/data-read.js';
import { buildReportHtml } from '../src/report/html/report.js';
import { targetsHtml } from '../src/report/html/targets.js';
import { runJson } from '../src/report/files/run-json.js';
import { setLang } from '../src/i18n/lang.js';
import { makeSummary } from './report-fixture.js';

const ENV = { packageVersion: '0.1.0', nodeVersion: 'v20.11.0', gitCommit: null };

describe('targets in report.html', () => {
  it('a run of an experiment with targets shows them, and summary.json rebuilds the same page', async () => {
    const exp = loadExperiment('tests/fixtures/markdown/experiment.yaml', { games: 200 });
    expect(exp.targets!.length).toBeGreaterThan(0);
    const summary = await runExperiment(exp, { workers: 0 });
    expect(summary.targets).toEqual(exp.targets);
    const data = reportData(summary, runJson(summary, ENV), new Date('2026-12-02T00:00:00Z'));
    setLang('ja');
    try {
      const html = buildReportHtml(data);
      const section = html.slice(html.indexOf('<section id="targets">'), html.indexOf('</section>', html.indexOf('<section id="targets">')));
      expect(section).toContain('<h2>目標</h2>');
      expect(section).toContain('<table class="cards">');
      expect(section).toContain('data-label="判定"');
      expect(section).toMatch(/<th scope="row">成功率 60–80%<\/th><td data-label="バリアント">normal<\/td><td data-label="今回 \[95%CI\]">\d+\.\d \[\d+\.\d–\d+\.\d\]<\/td><td data-label="判定">(達成|未達|超過|未確定)<\/td>/);
      expect(section).toMatch(/リーダー生存|leader_survived/);
      expect(html.indexOf('href="#targets"')).toBeGreaterThan(0);
      const back = parseReportData(reportDataJson(data), 'summary.json');
      expect(back.summary.targets).toEqual(summary.targets);
      expect(buildReportHtml(back)).toBe(html);
    } finally {
      setLang('en');
    }
  }, 60_000);

  it('a run without targets has no section and no targets key', () => {
    const s = makeSummary();
    expect(s.targets).toBeUndefined();
    expect(targetsHtml(s)).toBe('');
    expect(buildReportHtml(reportData(s, runJson(s, ENV), new Date()))).not.toContain('id="targets"');
  });
});
