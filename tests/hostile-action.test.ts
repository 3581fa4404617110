// Issue 39 items 2 and 17: nothing from an input file reaches a workflow command, an annotation, GITHUB_OUTPUT or
// the job summary unescaped — one escaping function per sink (src/action/escape.ts), each tested with newlines,
// `%0A`, `::` lines, v1 `##[` commands, pipes, backticks and HTML; and the Action end to end (in-process) with a
// hostile label and question is in hostile-action-run.test.ts.
import { describe, expect, it } from 'vitest';
import { commandData, commandProperty, looksLikeCommand, markdownCell, markdownText, outputEntry, plainOutput } from '../src/action/escape.js';
import { buildSummary } from '../src/action/summary.js';
import type { ExperimentRecord } from '../src/action/record.js';
import { setLang } from '../src/i18n/lang.js';
import { commandLines } from './helpers/workflow-commands.js';

const HOSTILE = ['a\nb', 'x%0Ay', '::error::boom', '  ::add-mask::s', 'ok ##[set-output name=x;]y', 'a|b', 'co`de`', '<img src=x onerror=alert(1)>', 'a\r::warning::w', '[l](javascript:1)', '*b* _i_ ~s~', '# h', '- item', '1. one', '&lt;'];



describe('one escaping function per sink', () => {
  it('workflow-command data and properties keep every value on one line, % first', () => {
    for (const s of HOSTILE) {
      expect(commandData(s)).not.toMatch(/[\r\n]/);
      expect(commandProperty(s)).not.toMatch(/[\r\n:,]/);
    }
    expect(commandData('x%0Ay')).toBe('x%250Ay');
    expect(commandData('a\r\nb')).toBe('a%0D%0Ab');
  });

  it('plain stdout text: a text with a command line goes between stop-commands and its token; plain text is unchanged', () => {
    expect(plainOutput('plain text\nsecond line')).toBe('plain text\nsecond line');
    for (const s of HOSTILE.filter(looksLikeCommand)) {
      const out = plainOutput(`head\n${s}\ntail`, 'tok123');
      expect(out.startsWith('::stop-commands::tok123\n')).toBe(true);
      expect(out.endsWith('\n::tok123::')).toBe(true);
      expect(commandLines(out)).toEqual([]);
    }
    expect(plainOutput('x', 'never').length).toBe(1);
    // A fresh random token each time: a text cannot name it in advance.
    expect(plainOutput('::error::x')).not.toBe(plainOutput('::error::x'));
  });

  it('GITHUB_OUTPUT: a value with a line break uses a random delimiter absent from it', () => {
    expect(outputEntry('verdict', 'pass')).toBe('verdict=pass\n');
    const e = outputEntry('results', '/w/a\nverdict=pass');
    const m = /^results<<(ghadelimiter_[0-9a-f]{32})\n\/w\/a\nverdict=pass\n\1\n$/.exec(e);
    expect(m).not.toBeNull();
  });

  it('job summary text: Markdown and HTML specials backslash-escaped, one line, no raw tag, pipe or backtick', () => {
    for (const s of HOSTILE) {
      for (const md of [markdownText(s), markdownCell(s)]) {
        expect(md).not.toMatch(/[\r\n]/);
        expect(md).not.toMatch(/(?<!\\)[|`<>&]|\](?!\\)\(|(?<!\\)!\[/);
      }
      expect(markdownText(s)).not.toMatch(/^\s*([-+*#=]|\d+[.)])/);
    }
  });

  it('the summary escapes a run\'s question, labels and names (were raw Markdown, issue 39 item 17)', () => {
    setLang('en');
    const rec: ExperimentRecord = {
      name: 'x', file: 'experiments/x.yaml', status: 'ran', moved: [], bandFailures: 0, question: 'is <b>it</b> | `fine`?', primary: 'win', targets: [],
      answer: [{ variant: 'v', label: '[click](https://evil.example) <img src=x>', estimate: 0.5, lo: 0.4, hi: 0.6, diff: null, pairedWith: undefined }] as unknown as ExperimentRecord['answer'],
      report: 'x/report.html',
    };
    const md = buildSummary([rec], { mode: 'run', pagesUrl: null, runUrl: null });
    expect(md).not.toMatch(/(?<!\\)<b>/);
    expect(md).not.toMatch(/(?<!\\)<img/);
    expect(md).not.toContain('[click](');
    expect(md).not.toMatch(/(?<!\\)`fine/);
    expect(md).toContain('is \\<b\\>it\\</b\\> \\| \\`fine\\`?');
  });
});
