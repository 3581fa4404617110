// Issue 28 item 9 (ruling UA-R120): a 退却 ordered at the final event, where the scenario allows it, counts as 逃走 in
// the outputs (flees, fled). Since issue 38 (`fixed_event_retreat: re-enter`, default) the squad enters the event
// again and it is resolved afresh (§42); `ends` is the earlier reading: the operation ends not cleared with the leader
// alive (stalled). Scripted dice.
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
const ends: OpSpec = { ...spec, rulings: { fixed_event_retreat: 'ends' } };

describe('a 退却 at the final event (UA-R120)', () => {
  it('ends: counts in flees and fled, and the operation ends not cleared with the leader alive', () => {
    // Every die a 6: the enemy's volley on the retreat misses (the leader's defence roll is a critical).
    const r = playOp(ends, Array(40).fill(6), { opening: D.A_READ, leader: D.act(D.K_RETREAT) } as Answers);
    expect(r.lines.some((l) => /orders a retreat/.test(l))).toBe(true);
    expect(r.value('flees')).toBe(1);
    expect(r.rate('fled')).toBe(1);
    expect(r.rate('win')).toBe(0);
    expect(r.rate('stalled')).toBe(1);
    expect(r.rate('leader_survived')).toBe(1);
  });

  it('re-enter (default): after the retreat the final event is entered again and resolved afresh; the second fight is won', () => {
    // Every die a 6: the volley on the retreat misses; on the re-entry the leader's shot kills the guard.
    const r = playOp(spec, Array(40).fill(6), { opening: D.A_READ, leader: [D.act(D.K_RETREAT), D.act(D.K_SHOOT, 0)], between: D.A_CONTINUE } as Answers);
    expect(r.lines).toContain('  the squad enters final again: the event is resolved afresh (§42, UA-R120)');
    expect(r.lines.filter((l) => l.startsWith('engagement '))).toHaveLength(2);
    expect(r.value('flees')).toBe(1);
    expect(r.rate('fled')).toBe(1);
    expect(r.rate('win')).toBe(1);
  });

  it('re-enter stops when no 逃走 is left (max_flees): the operation ends as under ends', () => {
    const r = playOp({ ...spec, operation: { max_flees: 2 } }, Array(40).fill(6), { opening: D.A_READ, leader: D.act(D.K_RETREAT), between: D.A_CONTINUE } as Answers);
    // Retreat 1: entered again (1 of 2 逃走 used); retreat 2: none left, the operation ends there.
    expect(r.lines.filter((l) => l.includes('UA-R120'))).toHaveLength(1);
    expect(r.value('flees')).toBe(2);
    expect(r.rate('stalled')).toBe(1);
  });
});
