// Test fixture for the control-variate estimator (issue 27): a synthetic engine with an exactly known answer.
// A game rolls 8 d6 from the game's seeded stream; the variant wins when the sum reaches its threshold. The one
// control is Σ(face − 3.5), a martingale with mean exactly 0. A value `sum` (the dice total) rides along.
// `register` adds the engine to the registry of this process only (runs must use workers: 0).
import { engines } from '../../src/registry.js';
import type { Experiment } from '../../src/sim/experiment/load.js';
import { GENERIC_KEYS, VARIANT_KEYS, readVariantHeader } from '../../src/sim/input/experiment-keys.js';
import type { StopRule } from '../../src/sim/stats/summary.js';
import type { EngineModule, MetricSpec } from '../../src/sim/core/types.js';

export const CV_DICE_ID = 'cv-dice-fixture';
const DICE = 8;

const METRICS: MetricSpec = {
  rates: [{ id: 'win', label: 'Win' }],
  values: [{ id: 'sum', label: 'Dice total', max: 48 }],
  series: null,
  controls: [{ id: 'dice_luck', doc: 'Σ(face − 3.5) over the 8 dice' }],
};

const engine: EngineModule<null, { threshold: number }> = {
  id: CV_DICE_ID,
  title: 'control-variate fixture',
  seedFile: '',
  rulesDoc: '',
  policies: [],
  // A file of this engine: the generic keys and `variants: [{ name, threshold, baseline? }]`.
  compile: (root) => {
    root.object([...GENERIC_KEYS]);
    return {
      game: null,
      variants: root.key('variants').list({ min: 1 }).map((c, i) => {
        c.object([...VARIANT_KEYS, 'threshold']);
        const h = readVariantHeader(c, i);
        return { ...h, cost: 0, params: { threshold: c.key('threshold').num({ min: 0, max: 48, int: true }) } };
      }),
      rulings: [],
      costUnit: '',
    };
  },
  metrics: () => METRICS,
  createRunner: (_game, variant) => ({
    play(dice, _policyDice, rec) {
      let sum = 0;
      for (let i = 0; i < DICE; i++) {
        const f = dice.d6();
        sum += f;
        rec.controls[0] += f - 3.5;
      }
      rec.rates[0] = sum >= variant.threshold ? 1 : 0;
      rec.values[0] = sum;
    },
  }),
  catalogue: () => [],
  benchCase: () => ({ game: null, variant: { threshold: 29 }, label: 'fixture' }),
};

/** Register the fixture engine in this process (idempotent). */
export function registerCvDice(): void {
  if (!engines.some((e) => e.id === CV_DICE_ID)) (engines as EngineModule<any, any>[]).push(engine);
}

/** An experiment of the fixture: the baseline wins at ≥ 29, then one variant per further threshold. */
export function cvDiceExperiment(opts: { seed: number; stop: StopRule; chunk: number; cv: boolean; thresholds?: readonly number[] }): Experiment {
  const th = opts.thresholds ?? [29, 30, 33];
  return {
    file: 'cv-dice.yaml', name: 'cv-dice', question: '', engine: CV_DICE_ID, seed: opts.seed, stop: opts.stop, chunk: opts.chunk,
    hash: `cv-dice-${th.join('-')}`,
    compiled: {
      game: null,
      variants: th.map((t, i) => ({ name: `t${t}`, label: `sum ≥ ${t}`, baseline: i === 0, cost: 0, params: { threshold: t } })),
      rulings: [],
      costUnit: '',
    },
    ...(opts.cv ? { controlVariates: true as const } : {}),
  };
}

/** Exact distribution of the sum of 8 d6 (index = sum). */
export function exactSumDistribution(): number[] {
  let p = [1];
  for (let d = 0; d < DICE; d++) {
    const q = new Array<number>(p.length + 6).fill(0);
    p.forEach((x, s) => { for (let f = 1; f <= 6; f++) q[s + f] += x / 6; });
    p = q;
  }
  return p;
}

/** P(sum ≥ t), exactly. */
export function exactAtLeast(t: number): number {
  return exactSumDistribution().reduce((a, x, s) => a + (s >= t ? x : 0), 0);
}
