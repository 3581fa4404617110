// Issue 42 item 8: an experiment's question and variant labels may be written in both languages
// (`question: { ja: …, en: … }`, `label: { ja: …, en: … }`). Displays (the run table, report.html, the charts, the
// designer's tables) show the reader's language and fall back to the other; the CSVs, run.json's labels and baselines
// keep one stable text (the English one, else the only one), so results do not depend on the reader's language.
// A bad shape is one error naming the file and line, in the reader's language. Every shipped experiment carries its
// question and labels in Japanese too.
import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { runExperiment } from '../src/sim/run/run.js';
import { setLang } from '../src/i18n/lang.js';
import { formatTable } from '../src/report/format-table.js';
import { summaryCsv } from '../src/report/files/summary-csv.js';
import { toCsv } from '../src/report/files/csv.js';
import { buildCharts } from '../src/report/charts/all.js';
import { InputError } from '../src/sim/input/input-error.js';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;


const TEXT = `name: both-languages
game: chojin-locke
question:
  ja: 長門だけで戦うとどうなるか
  en: How does each character fare alone?
seed: 3
stop: { games: 200 }
enemies:
  - { character: locke, policy: auto-enemy }
variants:
  - name: solo
    label: { ja: 長門, en: alone }
    baseline: true
    party: [{ character: nagato, policy: solo }]
  - name: only-ja
    label: { ja: 日本語だけ }
    party: [{ character: francis, policy: solo }]
  - name: plain
    label: plain text
    party: [{ character: yamaki2, policy: solo }]
`;

function compile(text: string) {
  return compileExperiment(Source.parse('both.yaml', text));
}

/** The error compiling `text` throws (an InputError, or the test fails). */
function failure(text: string): InputError {
  let thrown: unknown;
  try { compile(text); } catch (e) { thrown = e; }
  expect(thrown).toBeInstanceOf(InputError);
  return thrown as InputError;
}

afterEach(() => setLang('en'));

describe('experiment text in both languages', () => {
  it('compiles: the stable text is the English one (else the only one); the mapping is kept for displays', () => {
    const exp = compile(TEXT);
    expect(exp.question).toBe('How does each character fare alone?');
    expect(exp.questionText).toEqual({ ja: '長門だけで戦うとどうなるか', en: 'How does each character fare alone?' });
    expect(exp.compiled.variants.map((v) => v.label)).toEqual(['alone', '日本語だけ', 'plain text']);
    expect(exp.compiled.variants[2].labelText).toBeUndefined();
  });

  it('the run table shows the reader\'s language; the CSV keeps the stable label in both', async () => {
    const exp = compile(TEXT);
    const summary = await runExperiment(exp, { workers: 0 });
    setLang('ja');
    const ja = formatTable(summary);
    expect(ja.split('\n')[0]).toBe('長門だけで戦うとどうなるか');
    expect(ja).toContain('長門');
    expect(ja).toContain('日本語だけ');
    expect(ja).not.toContain('alone');
    const csvJa = toCsv(summaryCsv(summary), false);
    setLang('en');
    const en = formatTable(summary);
    expect(en.split('\n')[0]).toBe('How does each character fare alone?');
    expect(en).toContain('alone');
    expect(en).toContain('日本語だけ'); // no English given: the Japanese is shown
    expect(toCsv(summaryCsv(summary), false)).toBe(csvJa);
    expect(csvJa).toContain(',alone,');
    // The charts name the variants in the reader's language too.
    const charts = JSON.stringify(buildCharts(summary, 'ja').map((c) => c.spec));
    expect(charts).toContain('長門');
    expect(charts).not.toContain('"alone"');
  });

  it('refuses a bad shape with the file and line, in the reader\'s language', () => {
    const unknown = failure(TEXT.replace('label: { ja: 長門, en: alone }', 'label: { ja: 長門, fr: seul }'));
    expect(unknown.line).toBe(12);
    expect(unknown.message).toContain('both.yaml:12');
    expect(unknown.message).toContain('"fr"');
    expect(unknown.message).toContain('ja, en');
    const empty = failure(TEXT.replace('label: { ja: 長門, en: alone }', 'label: {}'));
    expect(empty.message).toContain('both.yaml:12');
    expect(empty.message).toContain('ja: or en:');
    const list = failure(TEXT.replace('  ja: 長門だけで戦うとどうなるか\n  en: How does each character fare alone?', '  - 長門'));
    expect(list.message).toContain('both.yaml:4');
    expect(list.message).toContain('expected a text or a mapping of languages');
    setLang('ja');
    const ja = failure(TEXT.replace('label: { ja: 長門, en: alone }', 'label: { ja: 長門, en: [a] }'));
    expect(ja.message).toContain('both.yaml:12');
    expect(ja.message).toContain('文字列が必要');
    expect(failure(TEXT.replace('label: { ja: 長門, en: alone }', 'label: {}')).message).toContain('ja: か en:');
  });

  it('every shipped experiment has its question and every written label in Japanese too', () => {
    const missing: string[] = [];
    for (const f of readdirSync('experiments').filter((x) => x.endsWith('.yaml'))) {
      const doc = parse(readFileSync(`experiments/${f}`, 'utf8')) as { question?: unknown; variants?: { name: string; label?: unknown }[] };
      // Both languages, or one text with no English words (rule and scenario names such as Black Sun stay).
      // A name the same in both languages (LMG, AT4) needs no mapping.
      const ja = (x: unknown) => typeof x === 'string' && (JAPANESE.test(x) || !/\b[a-z]{3,}\b/.test(x));
      const hasJa = (x: unknown) => typeof x === 'string' ? ja(x)
        : typeof x === 'object' && x !== null && ja((x as { ja?: unknown }).ja) && typeof (x as { en?: unknown }).en === 'string';
      if (!hasJa(doc.question)) missing.push(`${f}: question`);
      for (const v of doc.variants ?? []) if (v.label !== undefined && !hasJa(v.label)) missing.push(`${f}: ${v.name}`);
      for (const [i, c] of ((doc as { compare?: { label?: unknown }[] }).compare ?? []).entries()) if (c.label !== undefined && !hasJa(c.label)) missing.push(`${f}: compare[${i}]`);
    }
    expect(missing).toEqual([]);
  });
});
