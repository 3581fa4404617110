// Issue 28 item 7 (ruling UA-R131): per-character history in a campaign. `operations.xp: first_play` gives the success
// XP only on a leader's first play of the scenario (「経験点が入るのは各キャラクター最初の1回のみ」; a successor is a new
// character), and a scenario's `operations.max` below the experiment's `max_attempts` is what the outputs measure and
// say (before: the labels still said "within 3 attempts" while at most 1 was played). Scripted dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { uaMetrics } from '../src/rules/urban-assault/engine.js';
import { compileOp, d33Traces, playOp, type OpSpec } from './helpers/ua-op-harness.js';

// The only event is the final: a 技量 check (a 射撃 leader with 技量 0 passes on 4+) whose failure kills the leader.
const deadly = { name: 'final test', location: 'outdoor', check: { check: { roll: 'skill', target: 4 }, failure: [{ leader_damage: 20 }] } };

function laps(n: number, operations: Record<string, unknown> | null, maxAttempts = 5): OpSpec {
  const scenario: Record<string, unknown> = {
    scenario: 'camp', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
    rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(), laps: Array.from({ length: n }, () => ({ final: deadly })),
  };
  if (operations) scenario.operations = operations;
  return { scenario, squad: { leader: { sub_ability: 'shooting' } }, operation: { campaign: { max_attempts: maxAttempts } } };
}

describe('operations.xp: first_play (UA-R131)', () => {
  it('the same leader clears lap 1 and lap 2: XP for the first play only (level 11, not 12)', () => {
    const every = playOp(laps(2, null), [6, 6], { growth: D.A_GROW_SAVE });
    expect(every.value('level_end')).toBe(12);
    const first = playOp(laps(2, { xp: 'first_play' }), [6, 6], { growth: D.A_GROW_SAVE });
    expect(first.rate('win')).toBe(1);
    expect(first.value('level_end')).toBe(11);
    expect(first.lines.some((l) => /not this leader's first play/.test(l))).toBe(true);
  });

  it('a successor is a new character: his first play earns the XP, his second does not', () => {
    // Attempt 1 dies (1); the successor clears lap 1 (6: his first play, +1) and lap 2 (6: his second, no XP).
    const r = playOp(laps(2, { xp: 'first_play' }), [1, 6, 6], { growth: D.A_GROW_SAVE });
    expect([r.rate('win'), r.value('leader_deaths'), r.value('level_end')]).toEqual([1, 1, 11]);
    expect(r.lines.filter((l) => /not this leader's first play/.test(l))).toHaveLength(1);
    expect(playOp(laps(2, null), [1, 6, 6], { growth: D.A_GROW_SAVE }).value('level_end')).toBe(12);
  });

  it('refuses another word at its line', () => {
    expect(() => compileOp(laps(1, { xp: 'twice' }))).toThrow(/ua-op\.yaml:\d+: .*xp.*first_play/);
  });
});

describe('a scenario operations.max below max_attempts: what is measured is what is said', () => {
  it('plays 1 attempt and the labels say 1, naming the cut', () => {
    const spec = laps(1, { max: 1 }, 3);
    const r = playOp(spec, [1], { growth: D.A_GROW_SAVE });
    expect(r.value('attempts')).toBe(1);
    const m = uaMetrics(compileOp(spec).game);
    expect(m.rates[0].label).toBe('Scenario cleared within 1 attempt (the scenario\'s operations.max: 1 cuts the experiment\'s max_attempts: 3)');
    expect(m.rates.map((x) => x.id)).not.toContain('cleared_within_3');
    expect(m.values.find((v) => v.id === 'attempts')!.max).toBe(1);
  });

  it('a max_attempts within operations.max keeps its label', () => {
    const m = uaMetrics(compileOp(laps(1, { max: 3 }, 3)).game);
    expect(m.rates[0].label).toBe('Scenario cleared within 3 attempts');
  });
});
