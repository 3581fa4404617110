// bench's seconds-to-0.5-pp arithmetic (src/bench/seconds.ts, bench/shipped.ts; issue 27): games needed, whole
// chunks, the warm rate of a run's later half, the extrapolated seconds, the stop bench times a file to, and the
// table's mark on an extrapolated figure. Pure functions on given figures: nothing here is timed.
import { describe, expect, it } from 'vitest';
import { extrapolatedSeconds, gamesToHalfPp, warmGamesPerSecond, wholeChunks } from '../src/bench/seconds.js';
import { halfPpStop } from '../src/bench/shipped.js';
import { benchTable } from '../src/cli/cmd-bench.js';
import type { BenchFigures, BenchReport } from '../src/bench/bench.js';
import { setLang } from '../src/i18n/lang.js';
import { t } from '../src/i18n/t.js';

describe('games to a 0.5 pp half-width', () => {
  it('scales as 1/√n from the games played, never below min_games', () => {
    expect(gamesToHalfPp(0.01, 2000, 0)).toBe(8000);
    expect(gamesToHalfPp(0.0025, 20_000, 0)).toBe(5000);
    expect(gamesToHalfPp(0.0025, 20_000, 6000)).toBe(6000);
    expect(gamesToHalfPp(0, 2000, 3000)).toBe(3000);
  });
  it('a run stops only at a chunk\'s end', () => {
    expect(wholeChunks(8000, 1000)).toBe(8000);
    expect(wholeChunks(8001, 1000)).toBe(9000);
    expect(wholeChunks(1, 500)).toBe(500);
  });
});

describe('the warm rate', () => {
  it('is the slope through the merges of the run\'s later half', () => {
    // A cold start: 1,000 games in the first second, then 2,000 games/s.
    const samples = [
      { seconds: 1, games: 1000 }, { seconds: 1.5, games: 2000 }, { seconds: 2, games: 3000 },
      { seconds: 2.5, games: 4000 }, { seconds: 3, games: 5000 }, { seconds: 3.5, games: 6000 }, { seconds: 4, games: 7000 },
    ];
    // The whole run's rate, 7,000 / 4 = 1,750 games/s, would count the cold first second.
    expect(warmGamesPerSecond(samples)).toBe(2000);
  });
  it('is not thrown by merges that come in bursts (two workers finishing together)', () => {
    // 1,000-game chunks, two at a time every second for 20 s: 2,000 games/s, within a few % (a chunk's worth over the
    // window) whichever merge the later half starts or ends at.
    const burst = Array.from({ length: 20 }, (_, i) => i + 1).flatMap((s) => [{ seconds: s, games: 2000 * s - 1000 }, { seconds: s + 0.001, games: 2000 * s }]);
    for (const cut of [0, 1, 2, 3]) expect(Math.abs(warmGamesPerSecond(burst.slice(0, burst.length - cut)) / 2000 - 1)).toBeLessThan(0.03);
  });
  it('falls back to the whole run when its later half holds fewer than three merges', () => {
    expect(warmGamesPerSecond([{ seconds: 1, games: 500 }, { seconds: 3, games: 700 }, { seconds: 4, games: 1000 }])).toBe(250);
    expect(warmGamesPerSecond([{ seconds: 2, games: 1000 }])).toBe(500);
    expect(warmGamesPerSecond([])).toBeNaN();
  });
});

describe('extrapolated seconds', () => {
  const base = { overhead: 1.25, lastMerge: 10, tail: 0.5, played: 5000, chunk: 1000, warm: 1000 };
  it('overhead + time played + the missing whole chunks at the warm rate + the tail', () => {
    // 12,345 needed → 13,000 (whole chunks): 8,000 missing at 1,000/s.
    expect(extrapolatedSeconds({ ...base, needed: 12_345 })).toBe(1.25 + 10 + 8 + 0.5);
  });
  it('nothing missing when the games played already suffice', () => {
    expect(extrapolatedSeconds({ ...base, needed: 4000 })).toBe(1.25 + 10 + 0.5);
  });
});

describe('the stop bench times a file to', () => {
  it('a target_error file keeps min_games and target_of; max_games is lifted', () => {
    const s = halfPpStop({ kind: 'target_error', target: 0.01, maxGames: 60_000, minGames: 3000, targetOf: 'differences' });
    expect(s).toMatchObject({ kind: 'target_error', target: 0.005, minGames: 3000, targetOf: 'differences' });
    expect(s.kind === 'target_error' && s.maxGames).toBeGreaterThan(100_000_000);
    expect(halfPpStop({ kind: 'target_error', target: 0.005, maxGames: 200_000, minGames: 2000 })).not.toHaveProperty('targetOf');
  });
  it('a fixed games: N file as run --target-error 0.005 stops it', () => {
    expect(halfPpStop({ kind: 'games', games: 4000 })).toMatchObject({ kind: 'target_error', target: 0.005, minGames: 2000 });
  });
});

describe('bench\'s table', () => {
  const figures = (engine: string, how: 'measured' | 'extrapolated'): BenchFigures => ({
    engine, label: engine, games: 1000, games_per_s_1: 1, games_per_s_all: 2, workers: 2, dice_per_game: 1, rng_d6_per_s: 1,
    efficiency: 1, scaling: 2, games_per_s_inprocess: 1, gc_per_1k_games: 0, heap_bytes_per_game: 0, hardware_scaling: 2,
    experiments: [
      { file: 'a.yaml', seconds: 12.4, target_of: 'all', how: 'measured', games: 2000, overhead_s: 1, played_games: 2000, played_s: 11 },
      { file: 'b.yaml', seconds: 87.6, target_of: 'all', how, games: 90_000, overhead_s: 1, played_games: 60_000, played_s: 60 },
    ],
    seconds_to_half_pp: 87.6,
  });
  it('marks an engine whose slowest experiment was extrapolated, in both languages', () => {
    const report = { ...figures('x', 'extrapolated'), node: 'v0', engines: { x: figures('x', 'extrapolated'), y: figures('y', 'measured') } } as BenchReport;
    try {
      for (const [lang, mark] of [['en', '~'], ['ja', '約']] as const) {
        setLang(lang);
        const rows = benchTable(report).split('\n');
        expect(rows.find((r) => r.startsWith('x '))?.endsWith(`${mark}88`)).toBe(true);
        expect(rows.find((r) => r.startsWith('y '))).toMatch(/ 88$/);
        expect(rows).toContain(t('benchest.footnote', { budget: '60' }));
      }
    } finally {
      setLang('en');
    }
  });
});
