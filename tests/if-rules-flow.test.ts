// if-battle flow: エンゲージ (participants, 乱入 with its check or a 連絡先,
// バッテリー), the turn order by スピード, ターンアップ (turn counter from 0,
// cost restored), 脱落 (life 0, the main process's 10% rule IF-R04, voluntary
// at the flag check), フラグチェック and リザルト (winners, spoils, battery).
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/if-battle/decisions.js';
import { RATE_DRAW, RATE_LOSS, RATE_WIN, VAL_SPOILS } from '../src/rules/if-battle/game.js';
import { END_CEASE, END_ONE_SIDE, END_TIME, OUT_BATTERY, OUT_IN, OUT_LIFE0, OUT_TENTH, OUT_VOLUNTARY } from '../src/rules/if-battle/state.js';
import { char, grep, moreDice, placeAt, setupIf, type IfSpec } from './helpers/if-harness.js';

const beside = [...placeAt(5, 5), ...placeAt(5, 6)];
const duel = (a: Record<string, unknown> = {}, b: Record<string, unknown> = {}, extra: Partial<IfSpec> = {}): IfSpec =>
  ({ subject: { A: char({ speed: 9, ...a }) }, reference: { B: char(b) }, ...extra });

describe('エンゲージ: participants, 乱入 and バッテリー', () => {
  it('main process: a joiner makes the 乱入判定 with the engagement skill: success joins, failure stays out of the battle', () => {
    const spec = duel({}, {}, { process: 'main', reference: { B: char(), J: char({ joins: true, skills: { running: 2 } }), K: char({ joins: true }) }, extra: { engage_skill: 'running' } });
    const run = setupIf(spec, [6, 6, 1, 1, ...beside, ...placeAt(7, 7)]);
    expect(Array.from(run.s.joined.subarray(0, 4))).toEqual([1, 1, 1, 0]);
    expect(grep(run.lines, /R-J 乱入判定: running Lv2, rank 2/)).toHaveLength(1);
    expect(run.s.area[3]).toBe(-1);
    expect(run.s.nOrder).toBe(3);
  });
  it('raid process: participation is forced — every joiner takes part with no 乱入判定 (「全てのPLは強制参加です」)', () => {
    const spec = duel({}, {}, { process: 'raid', reference: { B: char(), J: char({ joins: true, skills: { running: 2 } }), K: char({ joins: true }) }, extra: { engage_skill: 'running' } });
    const run = setupIf(spec, [...beside, ...placeAt(7, 7), ...placeAt(8, 8)]);
    expect(Array.from(run.s.joined.subarray(0, 4))).toEqual([1, 1, 1, 1]);
    expect(grep(run.lines, /乱入判定:/)).toHaveLength(0);
    expect(grep(run.lines, /takes part \(raid process: participation is forced\)/)).toHaveLength(2);
  });
  it('main process: a joiner holding a participant\'s 【連絡先】 joins without a check', () => {
    const spec = duel({}, {}, { process: 'main', reference: { B: char(), J: char({ joins: true, contact: true }) } });
    const run = setupIf(spec, [...beside, ...placeAt(7, 7)]);
    expect(run.s.joined[2]).toBe(1);
    expect(grep(run.lines, /R-J joins \(乱入\) through a 【連絡先】/)).toHaveLength(1);
  });
  it('main process: each participant spends 1 battery; one already at 0 is defeated at once; losers spend 1 more at the result', () => {
    const run = setupIf(duel({ battery: 2 }, { battery: 0 }, { process: 'main' }), placeAt(5, 5));
    expect(run.s.battery[0]).toBe(1);
    expect(run.s.out[1]).toBe(OUT_BATTERY);
    expect(run.s.over).toBe(true);
    run.game.finish();
    expect(run.record.rates[RATE_WIN]).toBe(1);
    expect(run.s.battery[0]).toBe(1);
    expect(grep(run.lines, /R-B: 【バッテリー】 already 0 — forced defeat/)).toHaveLength(1);
  });
  it('main process リザルト: 「敗者になったPCは、【バッテリー】を1減少させます」 — a loser pays 1 more at the result, the winner does not', () => {
    const run = setupIf(duel({ battery: 3 }, { battery: 3 }, { process: 'main' }), beside, {}, { flag: D.FL_DROP });
    expect([run.s.battery[0], run.s.battery[1]]).toEqual([2, 2]); // the engagement's 1 each
    run.game.masterTime(0);
    run.game.flagCheck();
    expect(run.s.out[1]).toBe(OUT_VOLUNTARY);
    run.game.finish();
    expect(run.record.rates[RATE_WIN]).toBe(1);
    expect([run.s.battery[0], run.s.battery[1]]).toEqual([2, 1]);
    expect(grep(run.lines, /R-B lost: 【バッテリー】 −1 → 1/)).toHaveLength(1);
    expect(grep(run.lines, /S-A lost/)).toHaveLength(0);
  });
  it('raid process: no battery is spent', () => {
    const run = setupIf(duel({ battery: 2 }, { battery: 0 }), beside);
    expect(run.s.battery[0]).toBe(2);
    expect(run.s.out[1]).toBe(OUT_IN);
  });
});

describe('turn order by ＜スピード＞, highest first (ties IF-R05)', () => {
  it('speeds 3, 9, 5 → 9, 5, 3', () => {
    const spec = duel({ speed: 3 }, {}, { subject: { A: char({ speed: 3 }), C: char({ speed: 9 }) }, reference: { B: char({ speed: 5 }) } });
    const run = setupIf(spec, [...beside, ...placeAt(9, 9)]);
    expect(Array.from(run.s.order.subarray(0, 3)).map((c) => run.s.name(c))).toEqual(['S-C', 'R-B', 'S-A']);
  });
  it('roll-off: equal speed rolls 1D6 each, a tie rolls again, the higher goes first', () => {
    const run = setupIf(duel({ speed: 5 }, { speed: 5 }, { rulings: { speed_ties: 'roll-off' } }), [...beside, 3, 3, 2, 5]);
    expect(run.s.order[0]).toBe(1);
    expect(run.dice.remaining).toBe(0);
  });
  it('listed-order: equal speed keeps the subject first', () => {
    const run = setupIf(duel({ speed: 5 }, { speed: 5 }), beside);
    expect(run.s.order[0]).toBe(0);
  });
});

describe('ターンアップ', () => {
  it('every character starts at turn 0; each turn-up adds 1 and restores the cost to its maximum', () => {
    const run = setupIf(duel({ cost: 5 }), [...placeAt(0, 0), ...placeAt(9, 9)], { main: [D.mvDir(1), D.mvDir(1), D.A_WAIT] });
    expect(run.s.turn[0]).toBe(0);
    expect(run.s.turn[1]).toBe(0);
    run.game.masterTime(0);
    expect(run.s.turn[0]).toBe(1);
    expect(run.s.cost[0]).toBe(3);
    run.game.masterTime(0);
    expect(run.s.turn[0]).toBe(2);
    expect(run.s.cost[0]).toBe(5);
  });
});

describe('脱落', () => {
  it('life 0: out of the battle and off the map', () => {
    const run = setupIf(duel({ power: 5 }, { life: 8 }), [...beside, 6, 6, 1, 1], { main: [D.mem(0, 1)] });
    run.game.masterTime(0);
    expect(run.s.life[1]).toBe(0);
    expect(run.s.out[1]).toBe(OUT_LIFE0);
    expect(run.s.area[1]).toBe(-1);
    expect(run.s.occupancy[run.s.area[0]]).toBe(1);
  });
  it('main process, IF-R04 cumulative: out once a tenth of the maximum is lost in total (life 30: 1 + 2 = 3)', () => {
    const run = setupIf(duel({ battery: 3 }, { life: 30, battery: 3 }, { process: 'main' }), beside);
    moreDice(run, []);
    run.game.loseLife(1, 1, 0);
    expect(run.s.out[1]).toBe(OUT_IN);
    run.game.loseLife(1, 2, 0);
    expect(run.s.out[1]).toBe(OUT_TENTH);
    expect(run.s.life[1]).toBe(27);
  });
  it('main process, IF-R04 single-loss: only one loss of at least a tenth counts (1 + 2 stays in, 3 drops)', () => {
    const run = setupIf(duel({}, { life: 30 }, { process: 'main', rulings: { tenth_rule: 'single-loss' } }), beside);
    run.game.loseLife(1, 1, 0);
    run.game.loseLife(1, 2, 0);
    expect(run.s.out[1]).toBe(OUT_IN);
    run.game.loseLife(1, 3, 0);
    expect(run.s.out[1]).toBe(OUT_TENTH);
  });
  it('raid process: no 10% rule', () => {
    const run = setupIf(duel({}, { life: 30 }), beside);
    run.game.loseLife(1, 10, 0);
    expect(run.s.out[1]).toBe(OUT_IN);
  });
  it('voluntary drop-out at the flag check; the flag check then finds one side left', () => {
    const run = setupIf(duel(), beside, {}, { flag: D.FL_DROP });
    run.game.masterTime(0);
    run.game.flagCheck();
    expect(run.s.out[1]).toBe(OUT_VOLUNTARY);
    expect(run.s.over).toBe(true);
    expect(run.s.endReason).toBe(END_ONE_SIDE);
    run.game.finish();
    expect(run.record.rates[RATE_WIN]).toBe(1);
  });
});

describe('フラグチェック and リザルト', () => {
  it('two participants with the will to fight: go on to the next character', () => {
    const run = setupIf(duel(), beside);
    run.game.masterTime(0);
    run.game.flagCheck();
    expect(run.s.over).toBe(false);
  });
  it('no participant has the will to fight: the result, everyone still in wins (a draw for the sides)', () => {
    const run = setupIf(duel(), beside, { flag: D.FL_CEASE }, { flag: D.FL_CEASE });
    run.game.masterTime(0);
    run.game.flagCheck();
    expect(run.s.endReason).toBe(END_CEASE);
    run.game.finish();
    expect(run.record.rates[RATE_DRAW]).toBe(1);
    expect(grep(run.lines, /S-A winner, R-B winner/)).toHaveLength(1);
  });
  it('the winner takes one spoil from a loser (4 kinds offered per loser)', () => {
    const run = setupIf(duel({ power: 5 }, { life: 8 }), [...beside, 6, 6, 1, 1], { main: [D.mem(0, 1)], spoil: D.spoil(1, D.SP_CONTACT) });
    run.game.masterTime(0);
    run.game.flagCheck();
    run.game.finish();
    expect(run.p0.askedFor('spoil')[0].legal).toEqual([4, 5, 6, 7]);
    expect(grep(run.lines, /S-A takes a 【連絡先】 from the loser of R-B/)).toHaveLength(1);
    expect(run.record.values[VAL_SPOILS]).toBe(1);
    expect(run.record.rates[RATE_WIN]).toBe(1);
    expect(run.record.rates[RATE_LOSS]).toBe(0);
  });
  it('IF-F03 time limit: after turn_limit rounds the result, both still in', () => {
    const run = setupIf(duel({}, {}, { turnLimit: 2 }), [...placeAt(0, 0), ...placeAt(20, 20)]);
    run.game.playRound();
    expect(run.s.over).toBe(false);
    run.game.playRound();
    expect(run.s.over).toBe(true);
    expect(run.s.endReason).toBe(END_TIME);
    run.game.finish();
    expect(run.record.rates[RATE_DRAW]).toBe(1);
    expect(run.s.turn[0]).toBe(2);
  });
});
