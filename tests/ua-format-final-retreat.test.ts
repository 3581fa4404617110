// Issue 28 item 9 (ruling UA-R120): a 退却 ordered at the final event, where the scenario allows it, counts as 逃走 in
// the outputs (flees, fled) and ends the operation not cleared with the leader alive (stalled). Scripted dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import type { Answers } from './helpers/ua-harness.js';
import { d33Traces, playOp, type OpSpec } from './helpers/ua-op-harness.js';

const spec: OpSpec = {
  scenario: {
    scenario: 'final-retreat', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
    rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(),
    final: { name: 'final', location: 'indoor', encounter: { enemies: [{ name: 'guard', count: 1, level: 4 }], reaction: 'fight_to_the_end', retreat_allowed: true } },
  },
  squad: { leader: { sub_ability: 'shooting' } },
};

describe('a 退却 at the final event (UA-R120)', () => {
  it('counts in flees and fled, and the operation ends not cleared with the leader alive', () => {
    // Every die a 6: the enemy's volley on the retreat misses (the leader's defence roll is a critical).
    const r = playOp(spec, Array(40).fill(6), { opening: D.A_READ, leader: D.act(D.K_RETREAT) } as Answers);
    expect(r.lines.some((l) => /orders a retreat/.test(l))).toBe(true);
    expect(r.value('flees')).toBe(1);
    expect(r.rate('fled')).toBe(1);
    expect(r.rate('win')).toBe(0);
    expect(r.rate('stalled')).toBe(1);
    expect(r.rate('leader_survived')).toBe(1);
  });
});
