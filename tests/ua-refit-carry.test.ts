// Issue 38: state that crosses the boundary between a campaign's operations, each reading on the same scripted dice.
// UA-R152: a next-fight or next-map-roll effect still pending when an operation ends is dropped at the refit
// (`dropped`, default) or waits for the next operation's first fight and map roll (`carried`). UA-R154: v1.01's
// 「1シナリオにつき1回」 uses come back each operation (`per-operation`, default) or once per campaign run (`per-campaign`).
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { code, d33Traces, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';
import type { Answers } from './helpers/ua-harness.js';
import { leaderAct } from './helpers/ua-harness.js';

const ans: Answers = { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0), growth: D.A_GROW_SAVE, sell: D.A_NO, between: D.A_CONTINUE };

/** Two laps as a campaign: lap 1's final is `first`, lap 2's `second`; `before` random tiles before the final (after the absent mid event). */
function camp(first: Record<string, unknown>, second: Record<string, unknown>, before: number, pending?: string, tiles = d33Traces()): OpSpec {
  return {
    scenario: { scenario: 'pending', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: before }, rules: { starting_magazines: { NORMAL: 10 } }, tiles, laps: [{ final: first }, { final: second }] },
    squad: { leader: { sub_ability: 'shooting' } }, operation: { campaign: { max_attempts: 2 } }, ...(pending ? { rulings: { pending_at_refit: pending } } : {}),
  };
}

describe('UA-R152: pending effects at the end of a campaign\'s operation', () => {
  // Lap 1's final event leaves 「次の戦闘」 one more enemy pending; lap 2's final is a fight with one guard.
  const alarm = { name: 'alarm', location: 'indoor', supply: { effects: [{ next_combat: { extra_enemies: 1 } }] } };
  const fight = { name: 'final', location: 'indoor', encounter: { enemies: [{ name: 'guard', count: 1, level: 4, attacks: 0 }], reaction: 'fight_to_the_end' } };
  it('dropped (default): the next operation\'s first fight has its own enemies; carried: one more', () => {
    // Attempt 2: 先制攻撃, the leader's shot 5 drops a guard.
    const dropped = playOp(camp(alarm, fight, 0), [5], ans);
    expect(dropped.lines).toContain('  the last operation\'s pending effects on the next combat or map roll are dropped (UA-R152)');
    expect(dropped.lines).toContain('engagement 1: final (indoor) — guard ×1 L4');
    expect(dropped.rate('win')).toBe(1);
    expect(dropped.dice.remaining).toBe(0);
    const carried = playOp(camp(alarm, fight, 0, 'carried'), [5], ans);
    expect(carried.lines).toContain('  +1 guard (an earlier event)');
    expect(carried.lines).toContain('engagement 1: final (indoor) — guard ×2 L4');
    expect(carried.rate('win')).toBe(0);
    expect(carried.lines.some((l) => l.includes('UA-R152'))).toBe(false);
  });

  it('dropped (default): a pending tens_is does not set the next operation\'s first map roll; carried: it does', () => {
    // Attempt 1: the map roll 11 (tens_is 3 pending), the final event; attempt 2: the map roll 12.
    const marker = { name: 'marker', location: 'indoor', supply: { effects: [{ map_roll: { tens_is: 3 } }] } };
    const end = { name: 'end', location: 'indoor', supply: { effects: [{ scrip: 1 }] } };
    const faces = [...code(11), ...code(12)];
    const dropped = playOp(camp(end, end, 1, undefined, d33Traces({ 11: marker })), faces, ans);
    expect(dropped.lines).toContain('tile 1: 12 tile 12 (indoor)');
    expect(dropped.dice.remaining).toBe(0);
    const carried = playOp(camp(end, end, 1, 'carried', d33Traces({ 11: marker })), faces, ans);
    expect(carried.lines).toContain('tile 1: 32 tile 32 (indoor)');
    expect(carried.lines.some((l) => l.includes('UA-R152'))).toBe(false);
  });

  it('a single operation and the first of a campaign start without pending effects either way (nothing to drop)', () => {
    const r = playOp(camp(alarm, fight, 0), [5], ans);
    expect(r.lines.filter((l) => l.includes('UA-R152'))).toHaveLength(1);
  });
});

describe('UA-R154: v1.01 「1シナリオにつき1回」 in a campaign', () => {
  const V101 = 'v1.01-2026-10';
  const spec = (uses?: string): OpSpec => ({
    rules: V101,
    scenario: {
      scenario: 'uses', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 0 }, rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(),
      laps: [{ mid: trace('mid', 90), final: trace('final', 99) }, { mid: trace('mid', 90), final: trace('final', 99) }],
    },
    squad: { leader: { sub_ability: 'shooting' }, members: { scout: 1 } }, operation: { campaign: { max_attempts: 2 } },
    ...(uses ? { rulings: { per_scenario_uses: uses } } : {}),
  });
  const yes: Answers = { ...ans, detect: D.A_YES };
  it('per-operation (default): the scout\'s free 察知 comes back in the next operation; per-campaign: it is spent', () => {
    // Attempt 1: map 11, the scout avoids it, the re-roll 12 is entered. Attempt 2: map 11 again.
    const per = playOp(spec(), [...code(11), ...code(12), ...code(11), ...code(12)], yes);
    expect(per.lines.filter((l) => l.includes('察知: a scout succeeds outright'))).toHaveLength(2);
    expect(per.lines.filter((l) => l.startsWith('tile 1: 12 '))).toHaveLength(2);
    expect(per.dice.remaining).toBe(0);
    const camp2 = playOp(spec('per-campaign'), [...code(11), ...code(12), ...code(11)], yes);
    expect(camp2.lines.filter((l) => l.includes('察知: a scout succeeds outright'))).toHaveLength(1);
    expect(camp2.policy.askedFor('detect')).toHaveLength(1);
    expect(camp2.lines.filter((l) => l.startsWith('tile 1: 11 '))).toHaveLength(1);
    expect(camp2.dice.remaining).toBe(0);
  });

  it('per-operation (default): the medic\'s 戦場治療 comes back in the next operation; per-campaign: it is spent', () => {
    const fight = { name: 'guard', location: 'indoor', encounter: { enemies: [{ name: 'g', count: 1, level: 4, attacks: 1 }], reaction: 'fight_to_the_end' } };
    const medic = (uses?: string): OpSpec => ({ ...spec(uses), scenario: { ...spec(uses).scenario, tiles: d33Traces({ 11: fight }) }, squad: { leader: { sub_ability: 'shooting' }, members: { medic: 1 } } });
    const treat: Answers = { ...ans, opening: D.A_READ, 'field-treatment': D.A_YES, 'medic-aid': D.A_NO, 'member-fire': 0, 'odd-attack': D.A_TO_LEADER };
    // Each attempt: map 11; reaction 1 (the enemy first); the leader's defence fumbles (負傷 1); his shot 5 kills.
    const faces = [...code(11), 1, 1, 5, ...code(11), 1, 1, 5];
    const per = playOp(medic(), faces, treat);
    expect(per.policy.askedFor('field-treatment')).toHaveLength(2);
    expect(per.value('wounds_end')).toBe(0);
    const camp2 = playOp(medic('per-campaign'), faces, treat);
    expect(camp2.policy.askedFor('field-treatment')).toHaveLength(1);
    expect(camp2.value('wounds_end')).toBe(1);
    expect(camp2.dice.remaining).toBe(0);
  });
});
