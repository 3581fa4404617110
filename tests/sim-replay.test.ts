import { describe, expect, it } from 'vitest';
import { Accumulator, AccLayout } from '../src/sim/stats/accumulator.js';
import { experimentMetrics, runChunk } from '../src/sim/run/chunk.js';
import { InputError } from '../src/sim/input/input-error.js';
import { replayGame } from '../src/sim/run/replay.js';
import { stubExperiment } from './helpers/sim-experiment.js';

describe('replayGame', () => {
  const exp = stubExperiment('games: 1000');
  const layout = new AccLayout(experimentMetrics(exp));
  const names = exp.compiled.variants.map((v) => v.name);

  /** Game i's contribution per variant: runChunk(0, i+1) − runChunk(0, i), so runners are reused as in a run. */
  function recorded(i: number): Accumulator[] {
    const upto = runChunk(exp, 0, i + 1).data;
    const before = runChunk(exp, 0, i).data;
    return upto.map((d, v) => new Accumulator(layout, d.map((x, j) => x - before[v][j])));
  }

  it('reproduces the recorded rates, values, series and paired differences', () => {
    for (const i of [0, 1, 17, 333, 999]) {
      const rec = recorded(i);
      const base = replayGame(exp, 'base', i).record;
      names.forEach((name, v) => {
        const r = replayGame(exp, name, i);
        expect(r.lines.length).toBeGreaterThan(0);
        expect(rec[v].games).toBe(1);
        r.metrics.rates.forEach((_, k) => {
          expect(rec[v].rateCount(k)).toBe(r.record.rates[k]);
          if (name !== 'base') expect(rec[v].pairedRate(k).sum).toBe(r.record.rates[k] - base.rates[k]);
        });
        r.metrics.values.forEach((_, k) => expect(rec[v].valueSums(k).sum).toBe(r.record.values[k]));
        const nVars = r.metrics.series!.vars.length;
        r.metrics.series!.steps.forEach((_, st) => {
          for (let k = 0; k < nVars; k++) {
            const x = r.record.series[st * nVars + k];
            expect(rec[v].seriesSum(st, k)).toBe(x < 0 ? 0 : x);
          }
        });
      });
    }
  });

  it('replays the same game identically and different games differently', () => {
    expect(replayGame(exp, 'base', 5).lines).toEqual(replayGame(exp, 'base', 5).lines);
    const all = Array.from({ length: 20 }, (_, i) => replayGame(exp, 'base', i).lines.join('|'));
    expect(new Set(all).size).toBeGreaterThan(1);
  });

  it('counts dice draws in a chunk', () => {
    const r = runChunk(exp, 10, 50);
    // Every game rolls at least the enemy count and a reaction or an attack; draws add up over sub-ranges.
    expect(r.draws).toBeGreaterThan(2 * 50 * names.length);
    expect(r.draws).toBe(runChunk(exp, 10, 20).draws + runChunk(exp, 30, 30).draws);
    expect(r.policyDraws).toBe(0); // the default policy never draws
  });

  it('rejects an unknown variant, listing the allowed names', () => {
    expect(() => replayGame(exp, 'nope', 0)).toThrow(InputError);
    expect(() => replayGame(exp, 'nope', 0)).toThrow(/plus1, base, minus1/);
    expect(() => replayGame(exp, 'base', -1)).toThrow(InputError);
  });
});
