/**
 * A hand-built, realistic RunSummary for the report tests: URBAN ASSAULT,
 * "is the LMG worth 8 magazines?", four variants (one with a Japanese label,
 * one costing nothing extra), two rates, three values and a two-engagement
 * attrition series.
 */
import type { RunSummary, SeriesPoint, VariantSummary } from '../src/sim/stats/summary.js';
import type { MetricSpec } from '../src/sim/core/types.js';

export const fixtureMetrics: MetricSpec = {
  rates: [
    { id: 'win', label: 'Clear rate' },
    { id: 'leader_survived', label: 'Leader survived' },
  ],
  values: [
    { id: 'members_lost', label: 'Members lost', max: 6 },
    { id: 'magazines_spent', label: 'Magazines spent', max: 40 },
    { id: 'rounds', label: 'Rounds', max: 30 },
  ],
  series: {
    id: 'attrition',
    label: 'Squad attrition',
    steps: [
      { id: 'e1-r0', group: 'Entrance', x: 0 },
      { id: 'e1-r1', group: 'Entrance', x: 1 },
      { id: 'e1-r2', group: 'Entrance', x: 2 },
      { id: 'e2-r0', group: 'Stairwell', x: 0 },
      { id: 'e2-r1', group: 'Stairwell', x: 1 },
    ],
    vars: [
      { id: 'leader_life', label: 'Leader life', max: 10 },
      { id: 'members_alive', label: 'Members alive', max: 6 },
    ],
  },
};

/** Attrition points for a variant: life and members fall a bit each step; `edge` slows the fall. */
function series(games: number, edge: number): SeriesPoint[] {
  const points: SeriesPoint[] = [];
  for (let step = 0; step < 5; step++) {
    const n = Math.round(games * (1 - 0.08 * step));
    const life = 8 - step * (1.1 - edge);
    const alive = 6 - step * (0.7 - edge / 2);
    points.push({ step, var: 0, n, mean: Number(life.toFixed(4)), p10: Math.max(0, Math.floor(life) - 3), p50: Math.round(life), p90: Math.min(10, Math.ceil(life) + 1) });
    points.push({ step, var: 1, n, mean: Number(alive.toFixed(4)), p10: Math.max(0, Math.floor(alive) - 2), p50: Math.round(alive), p90: Math.min(6, Math.ceil(alive)) });
  }
  return points;
}

const iv = (estimate: number, lo: number, hi: number) => ({ estimate, lo, hi });

const baseline: VariantSummary = {
  name: 'standard',
  label: '標準装備',
  baseline: true,
  cost: 0,
  games: 20000,
  rates: [
    { id: 'win', label: 'Clear rate', count: 12640, rate: iv(0.632, 0.625296, 0.638654) },
    { id: 'leader_survived', label: 'Leader survived', count: 15120, rate: iv(0.756, 0.75002, 0.761883) },
  ],
  values: [
    { id: 'members_lost', label: 'Members lost', mean: iv(1.8123, 1.79, 1.8346), sd: 1.6, p10: 0, p50: 2, p90: 4 },
    { id: 'magazines_spent', label: 'Magazines spent', mean: iv(12.3456789, 12.2, 12.4913578), sd: 10.51, p10: 4, p50: 12, p90: 21 },
    { id: 'rounds', label: 'Rounds', mean: iv(9.5, 9.44, 9.56), sd: 4.3, p10: 5, p50: 9, p90: 15 },
  ],
  pairedRates: [],
  pairedValues: [],
  series: series(20000, 0),
};

const lmg: VariantSummary = {
  name: 'lmg',
  label: 'LMG 軽機関銃',
  baseline: false,
  cost: 8,
  games: 20000,
  rates: [
    { id: 'win', label: 'Clear rate', count: 13460, rate: iv(0.673, 0.666467, 0.679469) },
    { id: 'leader_survived', label: 'Leader survived', count: 15800, rate: iv(0.79, 0.784298, 0.795592) },
  ],
  values: [
    { id: 'members_lost', label: 'Members lost', mean: iv(1.5, 1.478, 1.522), sd: 1.55, p10: 0, p50: 1, p90: 4 },
    { id: 'magazines_spent', label: 'Magazines spent', mean: iv(14.1, 13.95, 14.25), sd: 10.9, p10: 5, p50: 14, p90: 24 },
    { id: 'rounds', label: 'Rounds', mean: iv(8.75, 8.69, 8.81), sd: 4.1, p10: 4, p50: 8, p90: 14 },
  ],
  pairedRates: [
    { id: 'win', label: 'Clear rate', diff: iv(0.041, 0.032, 0.05), p: 0.0001 },
    { id: 'leader_survived', label: 'Leader survived', diff: iv(0.034, 0.0265, 0.0415), p: 0.0001 },
  ],
  pairedValues: [
    { id: 'members_lost', label: 'Members lost', diff: iv(-0.3123, -0.335, -0.2896), p: 0.0001 },
    { id: 'magazines_spent', label: 'Magazines spent', diff: iv(1.7543211, 1.6, 1.9086422), p: 0.0001 },
    { id: 'rounds', label: 'Rounds', diff: iv(-0.75, -0.8, -0.7), p: 0.0001 },
  ],
  series: series(20000, 0.2),
};

const grenades: VariantSummary = {
  name: 'grenades',
  label: 'Grenades ×2',
  baseline: false,
  cost: 4,
  games: 20000,
  rates: [
    { id: 'win', label: 'Clear rate', count: 12910, rate: iv(0.6455, 0.638842, 0.652101) },
    { id: 'leader_survived', label: 'Leader survived', count: 15300, rate: iv(0.765, 0.759081, 0.770823) },
  ],
  values: [
    { id: 'members_lost', label: 'Members lost', mean: iv(1.7, 1.678, 1.722), sd: 1.58, p10: 0, p50: 2, p90: 4 },
    { id: 'magazines_spent', label: 'Magazines spent', mean: iv(12.9, 12.76, 13.04), sd: 10.6, p10: 4, p50: 13, p90: 22 },
    { id: 'rounds', label: 'Rounds', mean: iv(9.2, 9.14, 9.26), sd: 4.2, p10: 5, p50: 9, p90: 15 },
  ],
  pairedRates: [
    { id: 'win', label: 'Clear rate', diff: iv(0.0135, 0.0049, 0.0221), p: 0.0001 },
    { id: 'leader_survived', label: 'Leader survived', diff: iv(0.009, 0.002, 0.016), p: 0.0001 },
  ],
  pairedValues: [
    { id: 'members_lost', label: 'Members lost', diff: iv(-0.1123, -0.13, -0.0946), p: 0.0001 },
    { id: 'magazines_spent', label: 'Magazines spent', diff: iv(0.5543, 0.42, 0.6886), p: 0.0001 },
    { id: 'rounds', label: 'Rounds', diff: iv(-0.3, -0.35, -0.25), p: 0.0001 },
  ],
  series: series(20000, 0.1),
};

const flank: VariantSummary = {
  name: 'flank-first',
  label: 'Flank first',
  baseline: false,
  cost: 0,
  games: 20000,
  rates: [
    { id: 'win', label: 'Clear rate', count: 12400, rate: iv(0.62, 0.613249, 0.626706) },
    { id: 'leader_survived', label: 'Leader survived', count: 14900, rate: iv(0.745, 0.738912, 0.750995) },
  ],
  values: [
    { id: 'members_lost', label: 'Members lost', mean: iv(1.9, 1.877, 1.923), sd: 1.62, p10: 0, p50: 2, p90: 4 },
    { id: 'magazines_spent', label: 'Magazines spent', mean: iv(11.8, 11.66, 11.94), sd: 10.2, p10: 4, p50: 11, p90: 20 },
    { id: 'rounds', label: 'Rounds', mean: iv(10.1, 10.04, 10.16), sd: 4.4, p10: 5, p50: 10, p90: 16 },
  ],
  pairedRates: [
    { id: 'win', label: 'Clear rate', diff: iv(-0.012, -0.0205, -0.0035), p: 0.0001 },
    { id: 'leader_survived', label: 'Leader survived', diff: iv(-0.011, -0.018, -0.004), p: 0.0001 },
  ],
  pairedValues: [
    { id: 'members_lost', label: 'Members lost', diff: iv(0.0877, 0.07, 0.1054), p: 0.0001 },
    { id: 'magazines_spent', label: 'Magazines spent', diff: iv(-0.5456789, -0.68, -0.4113578), p: 0.0001 },
    { id: 'rounds', label: 'Rounds', diff: iv(0.6, 0.55, 0.65), p: 0.0001 },
  ],
  series: series(20000, -0.05),
};

/** The fixture summary; pass overrides for variations (e.g. `{ metrics: { ...m, series: null } }`). */
export function makeSummary(overrides: Partial<RunSummary> = {}): RunSummary {
  return {
    experiment: {
      name: 'lmg-worth-8-magazines',
      question: 'Is an LMG worth 8 magazines?',
      file: 'experiments/lmg-worth-8-magazines.yaml',
      hash: 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00',
      engine: 'urban-assault',
    },
    seed: 20240607,
    stop: { kind: 'games', games: 20000 },
    gamesPerVariant: 20000,
    workers: 8,
    elapsedSeconds: 12.5,
    gamesPerSecond: 6400,
    rulings: [
      { id: 'cover-save', choice: 'once-per-attack', summary: 'Cover negates at most one hit per attack' },
      { id: 'reload', choice: 'free-action', summary: 'Reloading does not cost an action' },
    ],
    costUnit: 'magazines',
    metrics: fixtureMetrics,
    baseline: 'standard',
    variants: [baseline, lmg, grenades, flank],
    ...overrides,
  };
}
