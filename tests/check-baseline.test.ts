// The baseline file: written from a run, read back identically, malformed
// files rejected with one InputError, and the committed flagship baseline
// belongs to the flagship experiment.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baselineFromSummary, baselineText, defaultBaselinePath } from '../src/check/baseline.js';
import { baselineMismatch, baselineNotes } from '../src/check/baseline-match.js';
import { parseBaseline, readBaseline } from '../src/check/baseline-read.js';
import { compareWithBaseline } from '../src/check/compare.js';
import { experimentMetrics } from '../src/sim/run/chunk.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { InputError } from '../src/sim/input/input-error.js';
import { runExperiment } from '../src/sim/run/run.js';
import { stubExperiment } from './helpers/sim-experiment.js';

const exp = stubExperiment('games: 300\nchunk: 100');
const summary = await runExperiment(exp, { workers: 0 });

function inputError(f: () => unknown): InputError {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).not.toContain('\n');
    return err as InputError;
  }
  throw new Error('expected an InputError');
}

describe('baseline file', () => {
  it('round-trips: counts, means, variances, games, seed, rulings and hash', () => {
    const b = baselineFromSummary(summary, '0.1.0');
    const text = baselineText(b);
    expect(parseBaseline('b.json', text)).toEqual(b);
    expect(text).toMatch(/"win": \{ "count": \d+, "games": 300, "rate": [\d.]+ \}/); // one metric per line
    expect(b.seed).toBe(12345);
    expect(b.experiment.hash).toBe(exp.hash);
    expect(b.rulings.length).toBeGreaterThan(0);
    const base = summary.variants.find((v) => v.name === 'base')!;
    expect(b.variants[1].rates.win.count).toBe(base.rates[0].count);
    expect(b.variants[1].values.magazines_spent.variance).toBeCloseTo(base.values[0].sd ** 2, 12);
    expect(defaultBaselinePath('x')).toMatch(/^results[/\\]baselines[/\\]x\.json$/);
  });

  it('compared with itself nothing moves', () => {
    const rows = compareWithBaseline(baselineFromSummary(summary, ''), summary, 0.05);
    expect(rows).toHaveLength(27);
    for (const r of rows) {
      expect(r.z === 0 || Number.isNaN(r.z)).toBe(true);
      expect(r.changed).toBe(false);
    }
  });

  it('malformed baselines: one InputError naming the file and what is wrong', () => {
    const good = JSON.parse(baselineText(baselineFromSummary(summary, ''))) as Record<string, any>;
    expect(inputError(() => parseBaseline('b.json', '{\n  "format": 1,\n  oops\n}')).message).toMatch(/^b\.json:3: malformed baseline: not valid JSON/);
    expect(inputError(() => parseBaseline('b.json', '[]')).message).toMatch(/malformed baseline: expected an object/);
    expect(inputError(() => parseBaseline('b.json', JSON.stringify({ ...good, format: 'x' }))).message).toMatch(/format: malformed baseline: unknown format/);
    const noCount = structuredClone(good);
    delete noCount.variants[0].rates.win.count;
    expect(inputError(() => parseBaseline('b.json', JSON.stringify(noCount))).message).toContain('variants[0].rates.win.count: malformed baseline: expected a finite number');
    const tooMany = structuredClone(good);
    tooMany.variants[2].rates.win.count = 301;
    expect(inputError(() => parseBaseline('b.json', JSON.stringify(tooMany))).message).toContain('count 301 exceeds games 300');
    expect(inputError(() => readBaseline('/nonexistent/b.json', 'CMD')).message).toBe('/nonexistent/b.json: cannot read the baseline (ENOENT); create it with: CMD');
  });

  it('a baseline for another experiment or other variants is refused, saying what differs', () => {
    const b = baselineFromSummary(summary, '');
    const m = experimentMetrics(exp);
    expect(baselineMismatch(b, exp, m)).toBeNull();
    expect(baselineMismatch({ ...b, experiment: { ...b.experiment, name: 'other' } }, exp, m)?.problem).toBe('the baseline is for experiment "other", not "stub-test"');
    const renamed = { ...b, variants: b.variants.map((v) => (v.name === 'minus1' ? { ...v, name: 'minus2' } : v)) };
    expect(baselineMismatch(renamed, exp, m)?.problem).toBe("the baseline's variants differ from the experiment's (missing from the baseline: minus1; not in the experiment: minus2)");
    const fewer = { ...b, metrics: { ...b.metrics, values: b.metrics.values.slice(1) } };
    expect(baselineMismatch(fewer, exp, m)?.problem).toMatch(/tracked metrics differ .*missing from the baseline: magazines_spent/);
    // An edited experiment or changed rulings are reported, not refused.
    // rulings[0] is the rule version (issue 24); rulings[1] is UA-R01.
    const rulings = [b.rulings[0], { ...b.rulings[1], choice: 'other' }, ...b.rulings.slice(3), { id: 'X', choice: 'y', summary: '' }];
    const edited = { ...b, experiment: { ...b.experiment, hash: 'f'.repeat(64) }, rulings };
    expect(baselineMismatch(edited, exp, m)).toBeNull();
    const notes = baselineNotes(edited, exp, summary.rulings).join('\n');
    expect(notes).toMatch(/^experiment changed since the baseline \(sha256 ffffffffffff… → /);
    expect(notes).toContain(`rulings changed since the baseline: UA-R01: other → two-per-round; X: y → (none); ${b.rulings[2].id}: (none) → ${b.rulings[2].choice}`);
  });

  it('the committed flagship baseline parses and belongs to the flagship experiment', () => {
    const flagship = loadExperiment('experiments/lmg-worth-8-magazines.yaml');
    const file = defaultBaselinePath(flagship.name);
    const b = readBaseline(file, 'CMD');
    expect(baselineMismatch(b, flagship, experimentMetrics(flagship))).toBeNull();
    expect(b.seed).toBe(flagship.seed);
    expect(readFileSync(file, 'utf8')).toBe(baselineText(b)); // written by this code, untouched
  });
});
