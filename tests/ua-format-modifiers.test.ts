// Scenario format, issue 28 item 4: a mandatory map modifier (Black Sun 44 A: 「十の位+1」 is not the squad's
// choice). Scripted dice: d33 map faces (a d3 face f reads ⌈f/2⌉).
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import * as D from '../src/rules/urban-assault/decisions.js';
import { Source } from '../src/sim/input/schema.js';
import { compileScenario } from '../src/rules/urban-assault/scenario/compile.js';
import type { Answers } from './helpers/ua-harness.js';
import { d33Traces, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';

/** Tile 11 is the subject; two tiles before the mid event so a second map roll follows it. */
function spec(tile: Record<string, unknown>): OpSpec {
  return {
    scenario: {
      scenario: 'mod-test', map: 'd33',
      progression: { tiles_before_mid: 2, tiles_after_mid: 0, repeated_tile: 'next-unused' },
      rules: { starting_magazines: { NORMAL: 10 } },
      tiles: d33Traces({ 11: tile }), mid: trace('mid', 90), final: trace('final', 99),
    },
    squad: { leader: { sub_ability: 'shooting' } },
  };
}
const shift = (m: Record<string, unknown>) => ({ name: 'collapse', location: 'indoor', supply: { effects: [{ map_roll: m }] } });

describe('a mandatory map modifier (issue 28 item 4)', () => {
  it('optional (the default): the squad may keep the rolled 12 instead of 22', () => {
    // Map 11 (the subject), then 12 rolled: candidates 12 and 22; the policy keeps 12.
    const r = playOp(spec(shift({ tens: 1 })), [1, 1, 1, 3], { 'map-choice': 12 } as Answers);
    expect(r.policy.askedFor('map-choice')[0].legal).toEqual([12, 22]);
    expect(r.value('scrip')).toBe(12 + 90 + 99);
  });
  it('mandatory: true: 12 becomes 22 without a choice', () => {
    const r = playOp(spec(shift({ tens: 1, mandatory: true })), [1, 1, 1, 3], {});
    expect(r.policy.askedFor('map-choice')).toHaveLength(0);
    expect(r.value('scrip')).toBe(22 + 90 + 99);
    expect(r.dice.remaining).toBe(0);
  });
  it('mandatory with either: the units die moves one way or the other, never stays', () => {
    const r = playOp(spec(shift({ units: 1, either: true, mandatory: true })), [1, 1, 3, 3], { 'map-choice': 21 } as Answers);
    expect(r.policy.askedFor('map-choice')[0].legal).toEqual([23, 21]);
    expect(r.value('scrip')).toBe(21 + 90 + 99);
  });
  it('mandatory without a tens or units modifier is refused at its line', () => {
    const doc = { ...spec(shift({ twice: true, mandatory: true })).scenario };
    expect(() => compileScenario(Source.parse('m.yaml', stringify(doc)).root())).toThrow(/m\.yaml:\d+: tiles\[11\]\.supply\.effects\[0\]\.map_roll\.mandatory: mandatory needs a tens or units modifier/);
  });
});

describe('the night penalty on every attack roll, melee included (issue 28 item 4, UA-R121)', () => {
  const night = (scope: Record<string, unknown>): OpSpec => ({
    scenario: {
      scenario: 'night', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 10 }, night_attack_mod: -1, ...scope }, tiles: d33Traces(),
      final: { name: 'alley', location: 'outdoor', dark: true, encounter: { enemies: [{ name: 'guard', count: 1, level: 4 }], reaction: 'fight_to_the_end' } },
    },
    squad: { leader: { sub_ability: 'melee' } },
  });
  const meleeLine = (scope: Record<string, unknown>) => {
    // The squad strikes first; the leader's melee roll is a 5 (技量点 0 here): a hit against level 4 either way.
    const r = playOp(night(scope), [5, 5, 5, 5, 5, 5, 5, 5], { opening: D.A_PREEMPT, round0: D.act(D.K_PASS), leader: D.act(D.K_MELEE) } as Answers);
    return r.lines.find((l) => /leader melee at guard/.test(l));
  };
  it('guns (the default): the leader\'s melee roll has no night penalty', () => {
    expect(meleeLine({})).toMatch(/d6=5 \+0 → 5 vs level 4 hit/);
  });
  it('every: the same melee roll is one lower', () => {
    expect(meleeLine({ night_attack_scope: 'every' })).toMatch(/d6=5 −1 → 4 vs level 4 hit/);
  });
  it('night_attack_scope without night_attack_mod is refused', () => {
    const doc = { ...night({}).scenario, rules: { starting_magazines: { NORMAL: 10 }, night_attack_scope: 'every' } };
    expect(() => compileScenario(Source.parse('n.yaml', stringify(doc)).root())).toThrow(/n\.yaml:\d+: rules\.night_attack_scope: night_attack_scope needs night_attack_mod/);
  });
});

describe('defence modifiers scoped to the leader (issue 28 item 4: 22 通報, 41)', () => {
  const scoped = (nc: Record<string, unknown>, count = 1): OpSpec => ({
    scenario: {
      scenario: 'leader-def', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces({ 11: { name: 'alarm', location: 'indoor', supply: { effects: [{ next_combat: nc }] } } }),
      mid: trace('mid', 90),
      final: { name: 'yard', location: 'indoor', encounter: { enemies: [{ name: 'guard', count, level: 4 }], reaction: 'fight_to_the_end', enemy_first_strike: true } },
    },
    squad: { leader: { sub_ability: 'shooting' } },
  });
  const defences = (nc: Record<string, unknown>, count = 1) => {
    const r = playOp(scoped(nc, count), [1, 1, ...Array(60).fill(5)], { opening: D.A_READ, round0: D.act(D.K_PASS), leader: D.act(D.K_SHOOT), cover: 0 } as Answers);
    return r.lines.filter((l) => /defen/i.test(l));
  };
  it('leader_first_round_defence_mod −1: the leader\'s round-1 defence rolls are one lower', () => {
    expect(defences({})).toEqual(['  leader defends vs guard: d6=5 +0 → 5 vs 4 safe']);
    expect(defences({ leader_first_round_defence_mod: -1 })).toEqual(['  leader defends vs guard: d6=5 −1 → 4 vs 4 safe']);
  });
  it('leader_first_defence_roll_mod −1: the leader\'s first defence roll is one lower', () => {
    expect(defences({ leader_first_defence_roll_mod: -1 })).toEqual(['  leader defends vs guard: d6=5 −1 → 4 vs 4 safe']);
  });
});
