// Issue 38 (ruling UA-R156): C4 爆薬's 「ブービートラップを自動解除」 (§28 「戦闘前に使用する場合 以下のいずれかを選択します。…
// 判定は不要です。」) on a trap whose scenario marks the disarm attempt (`disarm: true`, Black Sun 41). Scripted dice; each
// reading on the same dice. The old code refused the `disarm` key.
import { describe, expect, it } from 'vitest';
import { EXP_C4 } from '../src/rules/urban-assault/catalogue/catalogue.js';
import { C4_DISARM_LABEL } from '../src/rules/urban-assault/scenario/compile.js';
import * as D from '../src/rules/urban-assault/decisions.js';
import { code, d33Traces, playOp as play, trace, type OpSpec } from './helpers/ua-op-harness.js';
import type { Answers } from './helpers/ua-harness.js';

/** The 器用 leader never tries 察知 here; nothing to do between events. */
const playOp = (s: OpSpec, faces: readonly number[], a: Answers) => play(s, faces, { detect: D.A_NO, between: D.A_CONTINUE, ...a });

/** Black Sun 41 as its file writes it: step over (器用 3), or the disarm (器用 4; success 1 magazine). */
const room = {
  name: '薄暗い部屋', location: 'indoor',
  trap: [
    { label: 'step over', check: { roll: 'dexterity', target: 3 }, success: ['nothing'], failure: [{ leader_damage: 1 }] },
    { label: 'disarm', disarm: true, check: { roll: 'dexterity', target: 4 }, success: [{ magazines: 1 }], failure: [{ leader_damage: 1 }] },
  ],
};

function spec(c4: boolean, ruling?: string, tile: Record<string, unknown> = room): OpSpec {
  return {
    scenario: {
      scenario: 'c4', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 0 }, rules: { starting_magazines: { NORMAL: 10 } },
      tiles: d33Traces({ 11: tile }), mid: trace('mid', 90), final: trace('final', 99),
    },
    squad: { leader: { sub_ability: 'dexterity' }, ...(c4 ? { buy: ['c4'] } : {}) },
    ...(ruling ? { rulings: { c4_booby_trap: ruling } } : {}),
  };
}

describe('UA-R156: C4 on a booby trap', () => {
  it('disarm (default): a squad holding C4 is offered the automatic disarm; taken, the C4 is spent, no roll, no magazine', () => {
    const r = playOp(spec(true), code(11), { 'event-option': 2 });
    expect(r.policy.askedFor('event-option')[0].legal).toEqual([0, 1, 2]);
    expect(r.lines).toContain(`  → ${C4_DISARM_LABEL}`);
    expect(r.game.s.expendables[EXP_C4]).toBe(0);
    expect(r.game.s.life).toBe(r.game.s.lifeMax);
    expect(r.dice.remaining).toBe(0); // no check was rolled
    const plain = playOp(spec(true, 'not-offered'), [...code(11), 5], { 'event-option': 1 });
    expect(r.game.s.magazines).toBe(plain.game.s.magazines - 1); // the dice-won disarm pays 1 magazine, C4's does not
  });
  it('disarm-and-reward: the same C4 disarm also pays the disarm\'s success (41: 1 magazine)', () => {
    const off = playOp(spec(true), code(11), { 'event-option': 2 });
    const paid = playOp(spec(true, 'disarm-and-reward'), code(11), { 'event-option': 2 });
    expect(paid.game.s.magazines).toBe(off.game.s.magazines + 1);
    expect(paid.game.s.expendables[EXP_C4]).toBe(0);
    expect(paid.dice.remaining).toBe(0);
  });
  it('not-offered, or no C4 held: only the scenario\'s own options', () => {
    expect(playOp(spec(true, 'not-offered'), [...code(11), 5], { 'event-option': 0 }).policy.askedFor('event-option')[0].legal).toEqual([0, 1]);
    expect(playOp(spec(false), [...code(11), 5], { 'event-option': 0 }).policy.askedFor('event-option')[0].legal).toEqual([0, 1]);
  });
  it('a trap without a disarm attempt gets no C4 option; `disarm` outside a trap, or without a check, is refused', () => {
    const blast = { name: 'blast', location: 'outdoor', trap: { check: { roll: 'defence', target: 3 }, success: ['nothing'], failure: [{ leader_damage: 1 }] } };
    const r = playOp(spec(true, undefined, blast), [...code(11), 5], {});
    expect(r.policy.askedFor('event-option')).toHaveLength(0);
    expect(r.game.s.expendables[EXP_C4]).toBe(1);
    const choice = { name: 'c', location: 'indoor', choice: [{ label: 'a', disarm: true, check: { roll: 'dexterity', target: 4 } }, { label: 'b', effects: ['nothing'] }] };
    expect(() => playOp(spec(true, undefined, choice), code(11), {})).toThrow(/disarm.*trap/);
    const noCheck = { name: 'n', location: 'indoor', trap: [{ label: 'a', disarm: true, effects: ['nothing'] }, { label: 'b', effects: ['nothing'] }] };
    expect(() => playOp(spec(true, undefined, noCheck), code(11), {})).toThrow(/disarm.*check/);
  });
});
