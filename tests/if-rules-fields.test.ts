// if-battle fields (フィールド表): the 1D6 field table, the checks when a field
// is changed to water / air / ice, the burning field's 1D10 contest and its
// damage, field changes by a memory, and IF-R06 (checks at the start).
import { describe, expect, it } from 'vitest';
import { F_BURNING, F_WATER } from '../src/rules/if-battle/catalogue.js';
import * as D from '../src/rules/if-battle/decisions.js';
import { areaAt, char, grep, moreDice, placeAt, setupIf } from './helpers/if-harness.js';

const duel = (field: string, a: Record<string, unknown> = {}, b: Record<string, unknown> = {}, extra = {}) =>
  ({ subject: { A: char({ speed: 9, ...a }) }, reference: { B: char(b) }, field, ...extra });
const apart = [...placeAt(5, 5), ...placeAt(5, 6)];

describe('エリアセット: the field', () => {
  it('field: roll — 1D6 on the field table (5 → 閉所)', () => {
    const run = setupIf(duel('roll'), [...placeAt(0, 0), ...placeAt(9, 9), 5]);
    expect(run.s.field).toBe(4);
    expect(run.dice.remaining).toBe(0);
  });
  it('IF-R06 none: the starting field triggers no check', () => {
    const run = setupIf(duel('water', {}, {}, { rulings: { start_field_checks: 'none' } }), apart);
    expect(run.s.field).toBe(F_WATER);
    expect(run.dice.remaining).toBe(0);
  });
  it('IF-R06 none with 炎上: no GM roll, so no character rolls or burns; with 閉所 the sharing characters still get their one-turn grace', () => {
    const run = setupIf(duel('burning', {}, {}, { rulings: { start_field_checks: 'none' } }), apart);
    run.game.masterTime(0);
    expect(run.s.life[0]).toBe(20);
    expect(run.dice.remaining).toBe(0);
    const run2 = setupIf(duel('closed', {}, {}, { rulings: { start_field_checks: 'none' } }), [...placeAt(5, 5), ...placeAt(5, 5)]);
    expect(Array.from(run2.s.graceTurn.subarray(0, 2))).toEqual([0, 0]);
  });
});

describe('水中: ≪水泳≫ check when the field changes; a failure raises the rank of every check by 1 until the field changes', () => {
  it('A fails (1+1), B succeeds (6+6); A\'s next check is at rank 3 instead of 2, B\'s at 2', () => {
    const run = setupIf(duel('water'), [...apart, 1, 1, 6, 6, 6, 6, 1, 1], { main: [D.mem(0, 1)] });
    expect(Array.from(run.s.fieldFail.subarray(0, 2))).toEqual([1, 0]);
    run.game.masterTime(0);
    expect(grep(run.lines, /S-A 命中判定: impact Lv2, rank 3 \(2D6 ≥ 8\)/)).toHaveLength(1);
    expect(grep(run.lines, /R-B 対抗判定 .* rank 2 \(2D6 ≥ 7\)/)).toHaveLength(1);
  });
  it('a later change of field ends the penalty', () => {
    const run = setupIf(duel('water'), [...apart, 1, 1, 6, 6]);
    moreDice(run, []);
    run.game.changeField(0);
    expect(run.s.fieldFail[0]).toBe(0);
  });
});

describe('空中: ≪飛行≫ check; a failure means 1 damage every time a check of that character fails', () => {
  it('A failed its flight check: a failed hit check costs it 1 life, a successful one nothing; B (passed) loses nothing on a failure', () => {
    const run = setupIf(duel('air'), [...apart, 1, 2, 6, 6, 2, 2, 6, 6, 2, 2], { main: [D.mem(0, 1), D.A_WAIT] }, { main: [D.mem(0, 0), D.A_WAIT] });
    // A's flight check 1+2 failed: the penalty starts after it (IF-F07), no damage for that check itself; B passed.
    expect(Array.from(run.s.fieldFail.subarray(0, 2))).toEqual([1, 0]);
    expect(run.s.life[0]).toBe(20);
    run.game.masterTime(0); // hit 2+2 fails → 1 damage
    expect(run.s.life[0]).toBe(19);
    run.game.masterTime(1); // B: its hit 6+6, A's counter 2+2 fails → strike 3 + 1 for the failed check
    expect(run.s.life[0]).toBe(19 - 3 - 1);
    expect(run.s.life[1]).toBe(20);
  });
});

describe('氷上: ≪走法≫ check; a failure allows moving only in a straight line', () => {
  it('after a first step east, only east is offered (and 待機); a character that passed may turn', () => {
    const run = setupIf(duel('ice', { skills: { running: 0 } }), [...placeAt(10, 10), ...placeAt(0, 0), 1, 1, 6, 6], { main: [D.mvDir(1), D.mvDir(1)] });
    expect(run.s.fieldFail[0]).toBe(1);
    run.game.masterTime(0);
    const asked = run.p0.askedFor('main');
    expect(asked[0].legal).toEqual([D.A_WAIT, D.mvDir(0), D.mvDir(1), D.mvDir(2), D.mvDir(3)]);
    expect(asked[1].legal).toEqual([D.A_WAIT, D.mvDir(1)]);
    expect(run.s.area[0]).toBe(areaAt(10, 12));
  });
});

describe('炎上: the GM rolls 1D10; every turn each character rolls 1D10 and below the GM\'s roll takes damage equal to its turns elapsed', () => {
  it('GM 5: A rolls 3 at turn 1 (1 damage), 4 at turn 2 (2 damage), 5 at turn 3 (not below: none)', () => {
    const run = setupIf(duel('burning'), [...apart, 5, 3]);
    expect(run.s.field).toBe(F_BURNING);
    expect(run.s.gmBurn).toBe(5);
    run.game.masterTime(0);
    expect(run.s.life[0]).toBe(19);
    moreDice(run, [4]);
    run.game.masterTime(0);
    expect(run.s.life[0]).toBe(17);
    const d = moreDice(run, [5]);
    run.game.masterTime(0);
    expect(run.s.life[0]).toBe(17);
    expect(d.remaining).toBe(0);
  });
  it('IF-R03 since-change: a field set on fire by a memory (点火) at A\'s turn 3 counts A\'s turns from then', () => {
    const run = setupIf(duel('plain', { cost: 5, memories: ['strike', 'ignite'] }, {}, { rulings: { burning_turns: 'since-change' } }), [...placeAt(0, 0), ...placeAt(9, 9)], { main: [D.A_WAIT, D.A_WAIT, D.mem(1, 0)] });
    run.game.masterTime(0);
    run.game.masterTime(0);
    moreDice(run, [6]); // the GM's 1D10 when 点火 changes the field
    run.game.masterTime(0);
    expect(run.s.field).toBe(F_BURNING);
    expect(run.s.gmBurn).toBe(6);
    moreDice(run, [1]);
    run.game.masterTime(0); // turn 4: one turn since the change
    expect(run.s.life[0]).toBe(19);
  });
  it('IF-R03 own-turn (default): the same fire at A\'s turn 4 does 4 damage', () => {
    const run = setupIf(duel('plain', { cost: 5, memories: ['strike', 'ignite'] }), [...placeAt(0, 0), ...placeAt(9, 9)], { main: [D.A_WAIT, D.A_WAIT, D.mem(1, 0)] });
    run.game.masterTime(0);
    run.game.masterTime(0);
    moreDice(run, [6]);
    run.game.masterTime(0);
    moreDice(run, [1]);
    run.game.masterTime(0);
    expect(run.s.life[0]).toBe(16);
  });
});
