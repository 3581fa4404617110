// `paired_with:` (src/sim/experiment/paired-ref.ts): a variant's paired difference taken against a variant other than the
// baseline. A real engine (the IF mirror duel of experiments/if-bug-values.yaml, shortened) plays it: the paired sums
// of C paired with B must be exactly those of an experiment where B is the baseline, for any worker count and chunk
// size; bad references are refused at their line in English and Japanese; the stop rule waits for the reference's
// difference, not the cross-fight one.
import { describe, expect, it } from 'vitest';
import { Accumulator, AccLayout } from '../src/sim/stats/accumulator.js';
import { experimentMetrics, runChunk } from '../src/sim/run/chunk.js';
import { compileExperiment, type Experiment } from '../src/sim/experiment/load.js';
import { InputError } from '../src/sim/input/input-error.js';
import { referenceIndices } from '../src/sim/experiment/paired-ref.js';
import { runExperiment, worstHalfWidth } from '../src/sim/run/run.js';
import { Source } from '../src/sim/input/schema.js';
import { halfWidth } from '../src/sim/stats/stats.js';
import type { RunSummary } from '../src/sim/stats/summary.js';
import { setLang } from '../src/i18n/lang.js';
import { summaryCsv } from '../src/report/files/summary-csv.js';
import { formatTable } from '../src/report/format-table.js';
import { summaryTableHtml } from '../src/report/html/summary-table.js';
import { pairedHtml } from '../src/report/html/paired.js';
import { costHtml } from '../src/report/html/cost.js';
import { pairedDiffChart } from '../src/report/charts/paired-diff.js';
import { costEffectivenessCsv } from '../src/report/cost-effectiveness.js';
import { sweepCsv } from '../src/report/files/sweep-csv.js';
import { tinyUa } from './helpers/tiny-ua.js';

const HEAD = `name: paired
game: if-battle
seed: 20261123
process: raid
field: plain
turn_limit: 30
recovery_check: true
characters:
  duelist:
    speed: 5
    life: 20
    cost: 4
    power: 1
    force: 1
    battery: 3
    skills: { impact: 2, flame: 2, running: 1, offset: 1, freeze: 1, barrier: 1, healing: 1, wave: 1, aim: 1, mimic: 1, word: 1 }
    memories: [strike, flame_shot, charge_up]
reference: { characters: [duelist], policy: striker }
subject: { characters: [duelist], policy: striker }
`;
const MIRROR = `  - { name: mirror, baseline: true }\n`;
const B = `  - { name: miasma, inflict: { bug: miasma, points: 2 } }\n`;
const C = `  - { name: miasma-norec, inflict: { bug: miasma, points: 2 }, recovery_check: false`;
const D = `  - { name: burn, inflict: { bug: burn, points: 2 }`;

function exp(stop: string, variants: string): Experiment {
  return compileExperiment(Source.parse('paired.yaml', `${HEAD}stop: { ${stop} }\nvariants:\n${variants}`));
}

/** C paired with B, D with nothing; and the same games with B as the baseline. */
const withKey = (stop: string) => exp(stop, `${MIRROR}${B}${C}, paired_with: miasma }\n${D}, paired_with: none }\n`);
const bAsBaseline = (stop: string) => exp(stop, `  - { name: miasma, baseline: true, inflict: { bug: miasma, points: 2 } }\n${C} }\n`);

function stable(s: RunSummary): string {
  const { elapsedSeconds: _e, gamesPerSecond: _g, workers: _w, ...rest } = s;
  return JSON.stringify({ ...rest, experiment: { ...rest.experiment, hash: '' }, stop: null });
}

describe('paired_with: the paired difference against a named variant', () => {
  it('C paired with B has exactly the paired sums of C with B as the baseline', () => {
    const a = withKey('games: 300'), b = bAsBaseline('games: 300');
    expect(Array.from(referenceIndices(a.compiled.variants))).toEqual([-1, 0, 1, -1]);
    const ra = runChunk(a, 0, 300), rb = runChunk(b, 0, 300);
    // The whole accumulator of C (own statistics and paired sums) is the same array, byte for byte.
    expect(Buffer.from(ra.data[2].buffer).equals(Buffer.from(rb.data[1].buffer))).toBe(true);
    // B's own statistics do not depend on whether it is the baseline.
    const layout = new AccLayout(experimentMetrics(a));
    const ab = new Accumulator(layout, ra.data[1]), bb = new Accumulator(layout, rb.data[0]);
    expect(ab.games).toBe(300);
    expect(ab.rateCount(0)).toBe(bb.rateCount(0));
    // D (paired_with: none) keeps no paired sums.
    const d = new Accumulator(layout, ra.data[3]);
    expect(d.pairedRate(0)).toEqual({ sum: 0, sumSq: 0 });
    // The difference is real (miasma without recovery checks wins more) and differs from C vs the mirror.
    const c = new Accumulator(layout, ra.data[2]);
    expect(c.pairedRate(0).sum).not.toBe(0);
  });

  it('the paired sums equal C − B computed game by game from each variant played alone', () => {
    const a = withKey('games: 40');
    const layout = new AccLayout(experimentMetrics(a));
    let sum = 0, sumSq = 0;
    for (let g = 0; g < 40; g++) {
      // One game of each variant (a one-variant-per-game chunk): its win count is that game's outcome.
      const r = runChunk(a, g, 1);
      const cWin = new Accumulator(layout, r.data[2]).rateCount(0), bWin = new Accumulator(layout, r.data[1]).rateCount(0);
      sum += cWin - bWin;
      sumSq += (cWin - bWin) ** 2;
    }
    expect(new Accumulator(layout, runChunk(a, 0, 40).data[2]).pairedRate(0)).toEqual({ sum, sumSq });
  });

  it('the summary names the reference, its CI equals the B-baseline run, for 0 and 2 workers and any chunk size', async () => {
    const ref = await runExperiment(withKey('games: 1200, chunk: 400'), { workers: 0 });
    const other = await runExperiment(bAsBaseline('games: 1200, chunk: 400'), { workers: 0 });
    const c = ref.variants[2], cb = other.variants[1];
    expect(c.pairedWith).toBe('miasma');
    expect(c.pairedRates).toEqual(cb.pairedRates);
    expect(c.pairedValues).toEqual(cb.pairedValues);
    expect(ref.variants[3].pairedWith).toBeNull();
    expect(ref.variants[3].pairedRates).toEqual([]);
    expect('pairedWith' in ref.variants[1]).toBe(false);
    for (const [workers, chunk] of [[2, 400], [2, 170], [0, 1200], [0, 10]] as const) {
      const s = await runExperiment(withKey(`games: 1200, chunk: ${chunk}`), { workers });
      expect(stable(s)).toBe(stable(ref));
    }
    // The CSV gains a paired_with column; the table says what C is compared with.
    const csv = summaryCsv(ref);
    expect(csv.header.slice(0, 4)).toEqual(['variant', 'label', 'baseline', 'paired_with']);
    expect(csv.rows.map((r) => r[3])).toEqual([undefined, 'mirror', 'miasma', undefined]);
    expect(formatTable(ref)).toMatch(/\] vs miasma/);
    expect(summaryCsv(other).header).not.toContain('paired_with');
  });

  it('the stop rule waits for the reference difference, not the cross-fight one', async () => {
    const stop = 'target_error: 0.03, min_games: 200, max_games: 20000, chunk: 200';
    const paired = await runExperiment(withKey(stop), { workers: 0 });
    const plain = exp(stop, `${MIRROR}${B}${C} }\n${D} }\n`);
    const unpaired = await runExperiment(plain, { workers: 0 });
    // Against the mirror the miasma variants' differences are wide: that run needs more games.
    expect(paired.gamesPerVariant).toBeLessThan(unpaired.gamesPerVariant);
    // At its stop every rate and every difference vs its reference is within the target…
    for (const v of paired.variants) {
      expect(halfWidth(v.rates[0].rate)).toBeLessThanOrEqual(0.03);
      if (v.pairedRates.length > 0) expect(halfWidth(v.pairedRates[0].diff)).toBeLessThanOrEqual(0.03);
    }
    // …while the same games compared with the baseline are not (the old rule would have kept going).
    const n = paired.gamesPerVariant, a = withKey(`games: ${n}`);
    const layout = new AccLayout(experimentMetrics(a));
    const r = runChunk(a, 0, n);
    const accs = r.data.map((d) => new Accumulator(layout, d));
    expect(worstHalfWidth(accs, referenceIndices(a.compiled.variants))).toBeLessThanOrEqual(0.03);
    const cross = runChunk(plain, 0, n).data.map((d) => new Accumulator(layout, d));
    expect(worstHalfWidth(cross, 0)).toBeGreaterThan(0.03);
  });

  it('refuses an unknown name, itself, the key on the baseline and a chain, at the line, in en and ja', () => {
    const fails = (variants: string): InputError => {
      try {
        exp('games: 10', variants);
      } catch (e) {
        if (e instanceof InputError) return e;
        throw e;
      }
      throw new Error('no error');
    };
    const line = HEAD.split('\n').length + 2; // stop, variants:, then the variants from this line
    const unknown = fails(`${MIRROR}${C}, paired_with: miasmaa }\n`);
    expect(unknown.message).toContain('unknown variant "miasmaa"');
    expect(unknown.line).toBe(line + 1);
    expect(unknown.path).toBe('variants[1].paired_with');
    expect(fails(`${MIRROR}${C}, paired_with: miasma-norec }\n`).message).toContain('paired with itself');
    expect(fails(`  - { name: mirror, baseline: true, paired_with: burn }\n${D} }\n`).message).toContain('the baseline has no "paired_with"');
    const chain = fails(`${MIRROR}${B}${C}, paired_with: miasma }\n${D}, paired_with: miasma-norec }\n`);
    expect(chain.message).toContain('"miasma-norec" is itself paired with "miasma"');
    expect(chain.line).toBe(line + 3);
    // A reference with paired_with: none is not a chain.
    expect(() => exp('games: 10', `${MIRROR}  - { name: miasma, paired_with: none, inflict: { bug: miasma, points: 2 } }\n${C}, paired_with: miasma }\n`)).not.toThrow();
    setLang('ja');
    try {
      expect(fails(`${MIRROR}${C}, paired_with: miasmaa }\n`).message).toContain('"miasmaa" というバリアントはありません');
      expect(fails(`${MIRROR}${B}${C}, paired_with: miasma }\n${D}, paired_with: miasma-norec }\n`).message).toContain('連鎖は不可');
    } finally {
      setLang('en');
    }
  });

  it('the report says what each difference is taken against, in en and ja; none shows no difference', async () => {
    const s = await runExperiment(withKey('games: 200'), { workers: 0 });
    const en = summaryTableHtml(s) + pairedHtml(s) + costHtml(s) + JSON.stringify(pairedDiffChart(s, 'en').spec);
    expect(en).toContain('vs miasma');
    expect(en).toContain('no paired difference (paired_with: none)');
    // The paired table lists the variants that have a difference (not burn, paired_with: none).
    expect(pairedHtml(s)).not.toContain('>burn<');
    const ce = costEffectivenessCsv(s);
    expect(ce.header.slice(0, 3)).toEqual(['variant', 'baseline', 'paired_with']);
    expect(ce.rows.map((r) => [r[0], r[2]])).toEqual([['miasma', 'mirror'], ['miasma-norec', 'miasma']]);
    setLang('ja');
    try {
      const ja = summaryTableHtml(s) + pairedHtml(s) + formatTable(s) + JSON.stringify(pairedDiffChart(s, 'ja').spec);
      expect(ja).toContain('miasma との差');
      expect(ja).toContain('対の差なし');
      expect(ja).not.toContain('vs miasma');
    } finally {
      setLang('en');
    }
  });

  it('paired_with in sweep.base pairs every swept variant with that variant; sweep.csv names it', async () => {
    const text = tinyUa('pw-sweep', 'q', 6, '1d3+1', `  - { name: ref, policy_params: { reserve: 3 } }
sweep:
  base: { paired_with: ref }
  grid: { policy_params.reserve: [0, 6] }
`).replace('games: 1000, chunk: 500', 'games: 100, chunk: 50');
    const e = compileExperiment(Source.parse('sweep.yaml', text));
    expect(Array.from(referenceIndices(e.compiled.variants))).toEqual([-1, 0, 1, 1]);
    const csv = sweepCsv(await runExperiment(e, { workers: 0 }))!;
    expect(csv.header.at(-1)).toBe('paired_with');
    expect(csv.rows.map((r) => r.at(-1))).toEqual(['ref', 'ref']);
  });

  it('a file without the key compiles without the field (same JSON as before)', () => {
    const e = bAsBaseline('games: 10');
    expect(e.compiled.variants.every((v) => !('pairedWith' in v))).toBe(true);
  });
});
