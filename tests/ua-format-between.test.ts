// Scenario format, issue 28 item 5: an any_time item used between two single attacks (Black Sun's IRストロボライト
// 「任意のタイミングで使用する」), ruling UA-R143; and a tile both 屋外 and 室内. Scripted dice; the fight is the final
// event (no map roll); the militia never attack.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import * as D from '../src/rules/urban-assault/decisions.js';
import { Source } from '../src/sim/input/schema.js';
import { compileScenario } from '../src/rules/urban-assault/scenario/compile.js';
import { setLang } from '../src/i18n/lang.js';
import type { Answers } from './helpers/ua-harness.js';
import { d33Traces, playOp, type OpSpec } from './helpers/ua-op-harness.js';

const strobe = (between: boolean): Record<string, unknown> => ({
  name: 'IR strobe', use: 'any_time', returned: true, effects: [{ kill_enemies: 2 }], ...(between ? { between_attacks: true } : {}),
});
const scenario = (between: boolean): Record<string, unknown> => ({
  scenario: 'strobe', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
  rules: { starting_magazines: { NORMAL: 10 }, issued: ['strobe', 'smoke'] },
  items: { strobe: strobe(between), smoke: { name: 'smoke', use: 'any_time', effects: [{ magazines: 1 }] } },
  tiles: d33Traces(),
  final: { name: 'square', location: 'outdoor', encounter: { enemies: [{ name: 'militia', count: 4, level: 4, attacks: 0 }], reaction: 'fight_to_the_end' } },
});
const spec = (between: boolean): OpSpec => ({ scenario: scenario(between), squad: { leader: { sub_ability: 'shooting' }, members: { assault: 1 } } });
/** Decline every item at round 0 and the round start; at the next offer use the strobe (the last legal). */
const answers = (): Answers => ({
  opening: D.A_PREEMPT, round0: D.act(D.K_PASS), leader: D.act(D.K_SHOOT, 0), 'member-fire': (l) => l[l.length - 1], 'kill-group': 0,
  'use-item': [0, 0, (l) => l[l.length - 1], 0, 0, 0, 0, 0],
});

describe('an any_time item between two single attacks (issue 28 item 5, UA-R143)', () => {
  it('between_attacks: offered after the leader\'s shot; the strobe kills two before the assault fires', () => {
    const r = playOp(spec(true), [5, 5, 5, 5, 5, 5], answers());
    const asks = r.policy.askedFor('use-item');
    // Round 0 and round 1's start offer both items; after the leader's roll only the strobe (smoke is not between_attacks).
    expect(asks[0].legal).toEqual([0, 1, 2]);
    expect(asks[2].legal).toEqual([0, 1]);
    const leader = r.lines.indexOf('  leader shoots at militia: d6=5 +0 → 5 vs level 4 hit');
    const used = r.lines.indexOf('  uses IR strobe');
    const assault = r.lines.indexOf('  assault shoots at militia: d6=5 +1 → 6 vs level 4 hit');
    expect(leader).toBeGreaterThan(-1);
    expect(used).toBeGreaterThan(leader);
    expect(assault).toBeGreaterThan(used);
    expect(r.lines.slice(used + 1, used + 3)).toEqual(['    → militia: 3 → 2 standing', '    → militia: 2 → 1 standing']);
  });
  it('without it (the default, UA-R62): only round 0 and the round start offer it', () => {
    const r = playOp(spec(false), [5, 5, 5, 5, 5, 5], answers());
    expect(r.policy.askedFor('use-item')).toHaveLength(2);
    expect(r.lines.some((l) => /IR strobe/.test(l) && /uses/.test(l))).toBe(false);
  });
  it('between_attacks on an item that is not any_time is refused at its line, in English and Japanese', () => {
    const doc = { ...scenario(true), items: { strobe: { ...strobe(true), use: 'combat' }, smoke: { use: 'any_time', effects: [{ magazines: 1 }] } } };
    const compile = () => compileScenario(Source.parse('s.yaml', stringify(doc)).root());
    expect(compile).toThrow(/s\.yaml:\d+: items\.strobe\.between_attacks: between_attacks needs use: any_time/);
    setLang('ja');
    try { expect(compile).toThrow(/between_attacks には use: any_time が必要です/); } finally { setLang('en'); }
  });
});

describe('a tile both 屋外 and 室内 (issue 28 item 5, UA-R144)', () => {
  const tile = (where: string, members: Record<string, number> = {}): OpSpec => ({
    scenario: {
      scenario: 'ruin', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(),
      final: { name: 'ruin', location: where, encounter: { enemies: [{ name: 'guard', count: 1, level: 4, attacks: 0 }], reaction: 'fight_to_the_end' } },
    },
    squad: { leader: { sub_ability: 'melee' }, weapon: 'SMG', buy: ['laser_sight'], attachment: 'laser_sight', members },
  });
  const shot = (where: string) => playOp(tile(where), [4], { opening: D.A_PREEMPT, round0: D.act(D.K_PASS), leader: D.act(D.K_SHOOT, 0) })
    .lines.find((l) => l.startsWith('  leader shoots at guard'));
  it('the SMG\'s outdoor −1 and the laser sight\'s indoor +1 both apply: a net 0', () => {
    expect(shot('outdoor')).toMatch(/d6=4 −1 → 3 vs level 4 miss/);
    expect(shot('indoor')).toMatch(/d6=4 \+1 → 5 vs level 4 hit/);
    expect(shot('both')).toMatch(/d6=4 \+0 → 4 vs level 4 hit/);
  });
  it('the sniper fires in round 0 as on an outdoor tile; the log names both attributes', () => {
    const answers = { opening: D.A_PREEMPT, round0: D.act(D.K_PASS), leader: D.act(D.K_PASS), 'member-fire': (l: readonly number[]) => l[l.length - 1] };
    const sniper = (where: string) => playOp(tile(where, { sniper: 1 }), [1, 1, 1, 1], answers);
    expect(sniper('indoor').lines.some((l) => /sniper/.test(l) && /vs level 4/.test(l))).toBe(false);
    const both = sniper('both');
    expect(both.lines.some((l) => /sniper/.test(l) && /vs level 4/.test(l))).toBe(true);
    expect(both.lines).toContain('tile 1: final event ruin (outdoor and indoor)');
  });
  it('another word is refused at its line', () => {
    const doc = { ...tile('both').scenario, final: { name: 'ruin', location: 'ruins', nothing: true } };
    expect(() => compileScenario(Source.parse('r.yaml', stringify(doc)).root())).toThrow(/r\.yaml:\d+: final\.location: .*ruins.*\(allowed: indoor, outdoor, both\)/);
  });
});
