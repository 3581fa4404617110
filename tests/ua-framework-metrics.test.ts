// The designer's framework metrics (design-framework.md バランス設計指標; issue 28 item 10): combats per operation,
// the magazines spent in them, a whole-squad wipe (全滅) beside the leader's death, and each counter's value as the
// mid event starts as a distribution — per operation and per campaign.
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runExperiment } from '../src/sim/run/run.js';
import * as D from '../src/rules/urban-assault/decisions.js';
import { code, codes, d33Traces, oneEnemy, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';

const bump = (name: string) => ({ name: `radio ${name}`, location: 'indoor', supply: { effects: [{ counter: { name, add: 1 } }] } });

describe('framework metrics of one operation (scripted dice)', () => {
  it('a tile with no combat counts no combat; the counter is recorded as the mid event starts, not at the end', () => {
    const s: OpSpec = {
      scenario: {
        scenario: 'fw', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 1 },
        rules: { starting_magazines: { NORMAL: 10 } },
        counters: { contact: { start: 0, min: 0, max: 3 } },
        tiles: d33Traces({ 11: bump('contact'), 12: bump('contact') }),
        mid: trace('mid', 90), final: trace('final', 99),
      },
      squad: { leader: { sub_ability: 'shooting' } },
    };
    // tile 11 (+1) → mid → tile 12 (+1) → final: 1 at the mid event, 2 at the end.
    const r = playOp(s, codes(11, 12), {});
    expect(r.value('counter_contact')).toBe(2);
    expect(r.rate('reached_mid')).toBe(1);
    expect(r.rate('counter_contact_mid_1')).toBe(1);
    expect(r.rate('counter_contact_mid_2')).toBe(0);
    expect(r.value('combats')).toBe(0);
    expect(r.value('combat_magazines')).toBe(0);
    expect(r.rate('leader_down')).toBe(0);
    expect(r.rate('wiped')).toBe(0);
  });

  it('an encounter that came to combat counts as one combat even when the squad retreats from it (退却)', () => {
    const s: OpSpec = {
      scenario: {
        scenario: 'fw2', map: 'd33', progression: { tiles_before_mid: 3, tiles_after_mid: 3, repeated_tile: 'next-unused' },
        rules: { starting_magazines: { NORMAL: 10 } },
        tiles: d33Traces({ 11: oneEnemy('guard post') }),
        mid: trace('mid', 90), final: trace('final', 99),
      },
      squad: { leader: { sub_ability: 'shooting' } },
    };
    // As in ua-operation.test.ts: 11 (fight; the leader retreats, the volley's defence 6 is safe), then six trace tiles.
    const r = playOp(s, [...code(11), 6, ...codes(11, 13, 21, 22, 23, 31)], { opening: D.A_PREEMPT, leader: D.act(D.K_RETREAT) });
    expect(r.value('fights')).toBe(1);
    expect(r.value('combats')).toBe(1);
    expect(r.value('combat_magazines')).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('framework metrics over many games', () => {
  it('operation: wipe ⊆ leader down = 1 − survived, combats ≤ encounters, combat magazines ≤ spent, mid bins sum to reached', async () => {
    const exp = loadExperiment('experiments/relay-station-target.yaml', { games: 200 });
    const sum = await runExperiment(exp, { workers: 0 });
    const v = sum.variants.find((x) => x.baseline)!;
    const rate = (id: string) => v.rates.find((x) => x.id === id)!;
    const mean = (id: string) => v.values.find((x) => x.id === id)?.mean.estimate;
    if (rate('wiped_any')) {
      // A campaign: a wipe in some attempt implies a leader death in some attempt.
      expect(rate('wiped_any').count).toBeLessThanOrEqual(v.games);
      expect(mean('wipes')!).toBeLessThanOrEqual(mean('leader_deaths')!);
    }
    expect(mean('combats')!).toBeGreaterThan(0);
    expect(mean('combat_magazines')!).toBeLessThanOrEqual(mean('magazines_spent')!);
    const mids = v.rates.filter((x) => /^counter_contact_mid_\d+$/.test(x.id));
    expect(mids.length).toBeGreaterThan(0);
    expect(mids.reduce((n, x) => n + x.count, 0)).toBe(rate('reached_mid').count);
  });

  it('single operation: leader_down + leader_survived = 1 and wiped ≤ leader_down', async () => {
    const exp = loadExperiment('experiments/tutorial-01-difficulty.yaml', { games: 200 });
    const sum = await runExperiment(exp, { workers: 0 });
    const v = sum.variants.find((x) => x.baseline)!;
    const count = (id: string) => v.rates.find((x) => x.id === id)!.count;
    expect(count('leader_down') + count('leader_survived')).toBe(v.games);
    expect(count('wiped')).toBeLessThanOrEqual(count('leader_down'));
    expect(count('wiped')).toBeGreaterThan(0);
    const combats = v.values.find((x) => x.id === 'combats')!.mean.estimate, fights = v.values.find((x) => x.id === 'fights')!.mean.estimate;
    expect(combats).toBeLessThanOrEqual(fights);
  });
});
