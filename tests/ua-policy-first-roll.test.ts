// The scripted policies value first-roll and scoped modifiers on the next combat, and a cancelled enemy attack_mod
// (issue 28 item 11), from the table they already use: a point on every roll of one kind in round 1 is worth 1.5
// magazines, through the whole combat 3. One roll's modifier is its share of the round (1.5 ÷ the squad's rolls in a
// round: leader + members, up to 攻撃人数制限); the leader's round-1 defence is half of the round's while members
// stand; a cancelled attack_mod is a whole-combat point per point. Before, each of these was worth nothing, so the
// policy passed on options like training 02's 隊形を整える and never paid for a magazine that came with one.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { defaultPolicy } from '../src/policies/urban-assault/default.js';
import { optionValue } from '../src/policies/urban-assault/events.js';
import { ScriptedDice } from './helpers/scripted-dice.js';
import { codes, d33Traces, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';
import type { UaObservation } from '../src/rules/urban-assault/combat/state.js';

/** A gun nest behind cover (attack_mod −2), on a tile the test never rolls: the name a cancel refers to. */
const nest = { name: 'gun nest', location: 'indoor', encounter: { enemies: [{ name: '機関銃座', kind: 'high_threat', level: 5, life: 3, attacks: 2, attack_mod: -2, attack_mod_kind: 'cover' }], reaction: 'fight_to_the_end' } };

function spec(options: unknown[], members: Record<string, number>, cap = 4): OpSpec {
  return {
    scenario: {
      scenario: 'first-roll', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 1 },
      rules: { starting_magazines: { NORMAL: 10 }, ...(cap > 0 ? { attackers_per_round: cap } : {}) },
      tiles: d33Traces({ 11: { name: 'choice', location: 'indoor', choice: options }, 33: nest }),
      mid: trace('mid', 90), final: trace('final', 99),
    },
    squad: { leader: { sub_ability: 'shooting' }, members },
  };
}

const pressOn = { label: 'press on', effects: ['nothing'] };

/** The default policy's pick at tile 11's choice, and the options' values it weighed. */
function choose(options: unknown[], members: Record<string, number> = { assault: 3 }, cap = 4): { pick: number; values: number[] } {
  const pol = defaultPolicy.create(Object.fromEntries(Object.entries(defaultPolicy.defaults).map(([k, d]) => [k, d.default])));
  let pick = -1, values: number[] = [];
  playOp(spec(options, members, cap), codes(11, 12), {
    'event-option': (legal, o: UaObservation) => {
      const p = Object.fromEntries(Object.entries(defaultPolicy.defaults).map(([k, d]) => [k, d.default]));
      values = legal.map((i) => optionValue(o.tile!.options[i], o, p));
      return (pick = pol.decide(D.D_EVENT_OPTION, o, Int32Array.from(legal), legal.length, new ScriptedDice([], 'policy')));
    },
  });
  return { pick, values };
}

describe('first-roll modifiers on the next combat are worth a roll\'s share of a round-1 point (issue 28 item 11)', () => {
  it('隊形を整える (first defence roll +1) is taken over pressing on: 1.5 ÷ 4 rolls', () => {
    const r = choose([pressOn, { label: '隊形を整える', effects: [{ next_combat: { first_defence_roll_mod: 1 } }] }]);
    expect(r.values).toEqual([0, 0.375]);
    expect(r.pick).toBe(1);
  });
  it('the first attack roll +1, and the leader\'s first defence roll +1, likewise', () => {
    expect(choose([pressOn, { label: 'aim', effects: [{ next_combat: { first_attack_roll_mod: 1 } }] }]).pick).toBe(1);
    expect(choose([pressOn, { label: 'brace', effects: [{ next_combat: { leader_first_defence_roll_mod: 1 } }] }]).pick).toBe(1);
  });
  it('a magazine that comes with a first-roll bonus is worth its 器用点 (was a tie, lost to pressing on)', () => {
    const r = choose([pressOn, { label: 'search the armoury', pay: { sub: 1 }, effects: [{ magazines: 1 }, { next_combat: { first_attack_roll_mod: 1 } }] }]);
    expect(r.values[1]).toBeCloseTo(0.375, 12);
    expect(r.pick).toBe(1);
  });
  it('a penalty on the first defence roll makes a free magazine worth less (a check\'s failure weighs it)', () => {
    const r = choose([pressOn, { label: 'grab it', effects: [{ magazines: 1 }, { next_combat: { first_defence_roll_mod: -1 } }] }]);
    expect(r.values[1]).toBeCloseTo(1 - 0.375, 12);
  });
  it('the round\'s rolls are the leader and his members up to 攻撃人数制限: one roll is the whole round when he is alone', () => {
    const buy = [pressOn, { label: 'pay for a plan', pay: { magazines: 1 }, effects: [{ next_combat: { first_attack_roll_mod: 1 } }] }];
    // Alone: 1.5 − 1 > 0, paid. With 3 members under a cap of 4: 0.375 − 1 < 0. With 7 and no cap: 1.5 ÷ 8.
    expect(choose(buy, {}).pick).toBe(1);
    expect(choose(buy, { assault: 3 }).pick).toBe(0);
    expect(choose(buy, { assault: 7 }, 0).values[1]).toBeCloseTo(1.5 / 8 - 1, 12);
    expect(choose(buy, { assault: 7 }, 4).values[1]).toBeCloseTo(1.5 / 4 - 1, 12);
  });
  it('the leader\'s round-1 defence is half the round\'s while members stand, all of it alone', () => {
    const opt = [pressOn, { label: 'cover the leader', effects: [{ next_combat: { leader_first_round_defence_mod: 1 } }] }];
    expect(choose(opt).values[1]).toBe(0.75);
    expect(choose(opt, {}).values[1]).toBe(1.5);
  });
});

describe('cancelling an enemy\'s attack_mod is worth a whole-combat point per point (issue 28 item 11)', () => {
  it('flanking the gun nest (cancel its −2 cover) is worth 6, taken over a magazine', () => {
    const r = choose([{ label: 'take a magazine', effects: [{ magazines: 1 }] }, { label: 'flank the gun nest', effects: [{ next_combat: { cancel_unit_mod: '機関銃座' } }] }]);
    expect(r.values).toEqual([1, 6]);
    expect(r.pick).toBe(1);
  });
  it('a whole-combat attack modifier is priced like the whole-combat defence one', () => {
    const r = choose([pressOn, { label: 'zero the sights', pay: { magazines: 2 }, effects: [{ next_combat: { attack_mod: 1 } }] }]);
    expect(r.values[1]).toBe(1);
    expect(r.pick).toBe(1);
  });
});
