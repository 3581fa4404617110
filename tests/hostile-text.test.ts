// Issue 39 items 3 and 11: a label, name or question is one line of printable text, validated once when the file is
// read (file:line, exit 2 before anything is played), so no output — CSV, Vega-Lite, SVG, HTML, the console — can
// receive a line break, a separator or a direction override, and a label can never crash a run after simulating.
// Quotes and backslashes stay allowed and reach every output. A CSV text cell a spreadsheet would read as a formula
// gets a leading ' (OWASP), numbers written as text do not.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { InputError } from '../src/sim/input/input-error.js';
import { runExperiment } from '../src/sim/run/run.js';
import { writeResults } from '../src/report/files/write-results.js';
import { neutraliseFormula, toCsv } from '../src/report/files/csv.js';
import { setLang } from '../src/i18n/lang.js';
import { tinyUa } from './helpers/tiny-ua.js';

const FILE = '/tmp/hostile-text.yaml';
const withLabel = (label: string): string => tinyUa('text', 'q', 10, '1d3+1', `  - { name: other, label: ${JSON.stringify(label)} }\n`);

describe('labels, names and questions are one line of printable text (issue 39 item 3)', () => {
  it('a label with LF, CR, U+2028, U+2029, a tab, ESC or a bidi override is refused at its line, naming the character', () => {
    setLang('en');
    for (const [ch, code] of [['\n', 'U+000A'], ['\r', 'U+000D'], ['\u2028', 'U+2028'], ['\u2029', 'U+2029'], ['\t', 'U+0009'], ['\u001b[2J', 'U+001B'], ['\u202e', 'U+202E']]) {
      let err: unknown = null;
      try {
        compileExperiment(Source.parse(FILE, withLabel(`LMG ${ch}x`)));
      } catch (e) {
        err = e;
      }
      expect(err, JSON.stringify(ch)).toBeInstanceOf(InputError);
      expect((err as InputError).line).toBe(18);
      expect((err as InputError).message).toContain(code);
    }
  });

  it('a multi-line question is refused at its line; a catalogue id with a control character too', () => {
    setLang('en');
    expect(() => compileExperiment(Source.parse(FILE, tinyUa('text', '"ok\\n::error::x"', 10, '1d3+1', '')))).toThrow(/U\+000A/);
    expect(() => compileExperiment(Source.parse(FILE, tinyUa('text', 'q', 10, '1d3+1', 'catalogue:\n  weapons:\n    "A\\u2028B": { cost: 1 }\n')))).toThrow(/U\+2028/);
  });

  const out = mkdtempSync(join(tmpdir(), 'balance-lab-hostile-text-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('quotes, backslashes and a formula prefix run to the end: CSVs, charts, report (was a crash in the chart step)', async () => {
    setLang('en');
    const label = '=HYPERLINK("x") \\"q\\" <b>&';
    const exp = compileExperiment(Source.parse(FILE, withLabel(label).replace('games: 1000, chunk: 500', 'games: 100, chunk: 100')));
    const summary = await runExperiment(exp, { workers: 0 });
    await writeResults(summary, join(out, 'r'), { gitCommit: null, packageVersion: '0.0.0', nodeVersion: process.version });
    const files = readdirSync(join(out, 'r'), { recursive: true }) as string[];
    expect(files.some((f) => f.endsWith('.svg'))).toBe(true);
    const csv = readFileSync(join(out, 'r', 'summary.csv'), 'utf8');
    expect(csv).toContain(`"'=HYPERLINK(""x"") \\""q\\"" <b>&"`);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const html = readFileSync(join(out, 'r', 'report.html'), 'utf8');
    expect(html).not.toContain('<b>&');
  }, 300_000);
});

describe('CSV formula neutralisation (issue 39 item 11)', () => {
  it('text starting with = + - @ TAB CR gets a leading \'; numbers as text and other text do not', () => {
    for (const s of ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\t=x', '\r=x']) expect(neutraliseFormula(s)).toBe(`'${s}`);
    for (const s of ['-0.5', '+3', '12%', '-1e-3', 'LMG', '', 'a=b']) expect(neutraliseFormula(s)).toBe(s);
    expect(toCsv({ header: ['label', 'x'], rows: [['=cmd|x', -0.25]] })).toBe("label,x\n'=cmd|x,-0.25\n");
  });
});
