// robot-skirmish rules (seed 000, 2−2 ターン進行, 2−2−1 開始フェイズ, 2−2−4
// 戦闘終了): initiative, the three phases, self-repair, and every way a game
// ends — with forced dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/robot-skirmish/decisions.js';
import { RATE_DRAW, RATE_END_ANNIHILATION, RATE_END_HQ, RATE_END_TIME, RATE_LOSS, RATE_WIN, VAL_VICTORY_ROUND } from '../src/rules/robot-skirmish/game.js';
import { END_ANNIHILATION, END_HQ, END_TIME } from '../src/rules/robot-skirmish/state.js';
import { filler, grep, setupRobot, type RobotSpec, type UnitSpec } from './helpers/robot-harness.js';

const unit = (name: string, at: [number, number], extra: Partial<UnitSpec> = {}): UnitSpec => ({ name, at, weapons: ['rifle'], ...extra });
const duel = (extra: Partial<RobotSpec> = {}): RobotSpec => ({
  subject: [unit('A', [45, 10]), filler('Zs', [3, 3])],
  reference: [unit('E', [45, 40], { weapons: [] }), filler('Zr', [87, 57])],
  ...extra,
});

describe('2−2 ターン進行: initiative and turn order', () => {
  it('RS-R01 roll-off: both roll 1d6, ties again; the higher plays first', () => {
    const r = setupRobot(duel({ rulings: { initiative: 'roll-off' } }), [3, 3, 2, 5]);
    expect(r.lines.slice(1, 4)).toEqual(['initiative: subject 3 vs reference 3 — tie, again', 'initiative: subject 2 vs reference 5', 'reference plays first']);
    expect(r.s.firstSide).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
  it('a round is the first player\'s turn then the second\'s, in that order every round', () => {
    const r = setupRobot(duel({ rulings: { initiative: 'reference-first' } }), []);
    r.game.playRound();
    r.game.playRound();
    expect(grep(r.lines, /^round/)).toEqual(['round 1 — reference\'s turn', 'round 1 — subject\'s turn', 'round 2 — reference\'s turn', 'round 2 — subject\'s turn']);
  });
  it('each turn: start phase, then the move phase (every unit one movement action), then the combat phase', () => {
    const r = setupRobot({
      subject: [unit('A', [45, 10], { equipment: ['self_repair'] }), unit('B', [60, 10])],
      reference: [unit('E', [45, 40], { weapons: [] }), filler('Zr', [87, 57])],
    }, [6, 5, 5], { repair: D.A_YES, attack: [D.at(D.AK_SHOOT, 1, 2, 8)] });
    r.s.hp[0] = 1;
    r.game.playTurn(0);
    const i = (re: RegExp) => r.lines.findIndex((l) => re.test(l));
    expect(i(/self-repairs/)).toBeLessThan(i(/S-A stays/));
    expect(i(/S-B stays/)).toBeLessThan(i(/S-B shoots/));
    expect(r.p0.askedFor('mover').map((a) => a.legal)).toEqual([[0, 1]]); // the last one is not asked
  });
});

describe('2−2−1 開始フェイズ: self-repair', () => {
  it('1d6−2 (min 1) at the start phase, capped at the maximum, and no attack that turn', () => {
    const r = setupRobot(duel({ subject: [unit('A', [45, 10], { equipment: ['self_repair'] }), filler('Zs', [3, 3])] }), [6], { repair: D.A_YES });
    r.s.hp[0] = 1;
    r.game.playTurn(0);
    expect(r.s.hp[0]).toBe(4); // 1 + 4 = 5, capped at 4
    expect(grep(r.lines, /self-repairs: d6=6 −2 → 4/)).toHaveLength(1);
    expect(r.p0.askedFor('attack')).toEqual([]); // E in range, but no attack allowed
  });
  it('a 1 still repairs 1; undamaged units are not asked', () => {
    const r = setupRobot(duel({ subject: [unit('A', [45, 10], { equipment: ['self_repair'] }), filler('Zs', [3, 3])] }), [1], { repair: D.A_YES });
    r.game.playTurn(0);
    expect(r.p0.askedFor('repair')).toEqual([]);
    r.s.hp[0] = 2;
    r.game.playTurn(1);
    r.game.playTurn(0);
    expect(r.s.hp[0]).toBe(3);
  });
});

describe('2−2−4 戦闘終了: the end of the game', () => {
  it('annihilation: the side that destroys every enemy unit wins at that moment', () => {
    const r = setupRobot(duel(), [5, 5], { attack: [D.at(D.AK_SHOOT, 0, 2, 0)] });
    const zr = r.u('R-Zr');
    r.s.alive[zr] = 0;
    r.s.hp[zr] = 0;
    r.s.hp[2] = 2;
    r.game.playRound();
    expect(r.s.over).toBe(true);
    expect(r.s.endReason).toBe(END_ANNIHILATION);
    r.game.finish();
    expect(r.record.rates[RATE_WIN]).toBe(1);
    expect(r.record.rates[RATE_END_ANNIHILATION]).toBe(1);
    expect(r.record.values[VAL_VICTORY_ROUND]).toBe(1);
    expect(grep(r.lines, /reference's turn/)).toEqual([]); // the game ended in the middle of round 1
  });
  it('headquarters: destroying the enemy headquarters wins at once', () => {
    const r = setupRobot(duel({ headquarters: { hp: 2, defence: 8, radius: 3 }, subject: [unit('A', [45, 20]), filler('Zs', [3, 3])] }), [3, 3], { attack: [(l) => l.find((a) => D.atTarget(a) === D.TARGET_HQ)!] });
    r.game.playTurn(0);
    expect(r.s.hqHp[1]).toBe(0);
    expect(r.s.endReason).toBe(END_HQ);
    expect(r.s.winner).toBe(0);
    r.game.finish();
    expect(r.record.rates[RATE_END_HQ]).toBe(1);
  });
  it('time limit (RS-F15): after the last round the surviving cost decides (the seed\'s 4+4 > 6 example)', () => {
    const r = setupRobot({
      subject: [unit('A', [30, 10], { bonus: { attack: 2 } }), unit('B', [60, 10], { bonus: { attack: 2 } })],
      reference: [unit('E', [45, 50], { bonus: { attack: 3, defence: 1 } }), filler('Zr', [87, 57])],
      turnLimit: 1,
    }, []);
    r.s.alive[r.u('R-Zr')] = 0;
    r.s.hp[r.u('R-Zr')] = 0;
    r.game.playRound();
    r.game.finish();
    expect(r.s.endReason).toBe(END_TIME);
    expect(r.lines).toContain('time limit after round 1: surviving cost 8 vs 6');
    expect(r.record.rates[RATE_WIN]).toBe(1);
    expect(r.record.rates[RATE_END_TIME]).toBe(1);
  });
  it('equal surviving cost is a draw; RS-R09 dice breaks the tie with a roll-off', () => {
    const draw = setupRobot(duel({ turnLimit: 1 }), []);
    draw.game.playRound();
    draw.game.finish();
    expect(draw.record.rates[RATE_DRAW]).toBe(1);
    const dice = setupRobot(duel({ turnLimit: 1, rulings: { tiebreak: 'dice' } }), [2, 2, 1, 4]);
    dice.game.playRound();
    dice.game.finish();
    expect(dice.record.rates[RATE_LOSS]).toBe(1);
    expect(grep(dice.lines, /tie-break/)).toEqual(['time limit tie-break: subject 2 vs reference 2', 'time limit tie-break: subject 1 vs reference 4']);
  });
  it('a full game ends within the turn limit and records rounds, the attrition series and the outcome', () => {
    const r = setupRobot(duel({ turnLimit: 2 }), []);
    r.game.play(r.dice, r.dice, r.record, null);
    expect(r.s.round).toBe(2);
    expect(Array.from(r.record.series)).toEqual([2, 2, 8, 8, 2, 2, 8, 8, 2, 2, 8, 8]);
  });
});
