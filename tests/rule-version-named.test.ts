// Every output names the rule version it played (issue 42): the CLI's run table and check text, the job summary
// (tests/action-workflows.test.ts) and report.html's headline, which the web app shows too. The version is the
// URBAN ASSAULT ruling `rules` of the run's record; a variant's own version is named beside it.
import { describe, expect, it } from 'vitest';
import { makeSummary } from './report-fixture.js';
import { formatTable } from '../src/report/format-table.js';
import { headlineHtml } from '../src/report/html/headline.js';
import { rulesLine, rulesPlayed } from '../src/report/rule-version.js';
import { setLang } from '../src/i18n/lang.js';
import type { RulingChoice } from '../src/sim/core/ruling-def.js';

const rules = (version: string, variant?: string): RulingChoice => variant === undefined
  ? { id: 'rules', choice: version, summary: `rule version ${version}: t`, msg: { id: 'uaver.summary', params: { version, title: 't' } } }
  : { id: 'rules', choice: `${version} (variant ${variant} only)`, summary: 'x', msg: { id: 'uaver.summaryVariant', params: { version, variant, title: 't' } } };

describe('the rule version, named', () => {
  it('the experiment\'s version, then each variant\'s own; nothing for an engine without versions', () => {
    setLang('en');
    expect(rulesPlayed([rules('dev-2026-05-09')])).toBe('dev-2026-05-09');
    expect(rulesPlayed([rules('dev-2026-05-09'), rules('seed-2026-02-28', 'old'), { id: 'UA-R01', choice: 'x', summary: 'y' }])).toBe('dev-2026-05-09, seed-2026-02-28 (variant old)');
    expect(rulesPlayed([{ id: 'RS-R01', choice: 'x', summary: 'y' }])).toBeNull();
    setLang('ja');
    expect(rulesLine([rules('dev-2026-05-09'), rules('seed-2026-02-28', 'old')])).toBe('ルール: dev-2026-05-09, seed-2026-02-28（バリアント old）');
    setLang('en');
  });

  it('the CLI table names it under the question; report.html (and the app) in the headline', () => {
    setLang('en');
    const s = makeSummary({ rulings: [rules('public-2026-03-23')] });
    const lines = formatTable(s).split('\n');
    expect(lines[1]).toBe('Rules: public-2026-03-23');
    expect(headlineHtml(s)).toContain('<p class="rules">Rules: public-2026-03-23</p>');
    const other = makeSummary();
    expect(formatTable(other)).not.toContain('Rules:');
    expect(headlineHtml(other)).not.toContain('class="rules"');
  });
});
