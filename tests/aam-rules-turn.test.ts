// Axis & Allies Miniatures rules (seed 002): the turn sequence, the initiative
// phase, aircraft and the end of turn, and the victory conditions — each with
// forced dice (tests/helpers/scripted-dice) and a scripted policy.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/axis-allies-miniatures/decisions.js';
import { RATE_DRAW, RATE_LOSS, RATE_OBJECTIVE_WIN, RATE_WIN, VAL_TURNS } from '../src/rules/axis-allies-miniatures/game.js';
import { END_ANNIHILATION, END_OBJECTIVE, END_POINTS, END_TURN_LIMIT, P_AIRSTRIKE, P_FLIGHT } from '../src/rules/axis-allies-miniatures/state.js';
import { attack, grep, placeAt, playAam, type Answer } from './helpers/aam-harness.js';

const WIN_BLUE = [6, 6, 1, 1]; // initiative: Blue 2d6 = 12, Red 2d6 = 2
const WIN_RED = [1, 1, 6, 6];
const rep = (faces: number[], n: number): number[] => Array.from({ length: n }, () => faces).flat();
const onTurn = (turn: number, a: Answer): Answer => (legal, o) => (o.turn === turn ? a(legal, o) : D.A_STAY);

describe('seed A: initiative phase', () => {
  it('each side rolls 2d6; the higher total wins and chooses to go first', () => {
    const r = playAam({ blue: [{ unit: 'Mauser Kar 98k', at: [[7, 4]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 16]] }] }, [5, 4, 2, 3]);
    expect(r.lines).toContain('  initiative: Blue 2d6=9 = 9, Red 2d6=5 = 5');
    expect(r.asked.filter((a) => a.name === 'initiative')).toEqual([expect.objectContaining({ side: 0, legal: [D.A_FIRST, D.A_SECOND], answer: D.A_FIRST })]);
    expect(r.game.s.first).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });

  it('the best commander initiative bonus is added (Commissar +1)', () => {
    const r = playAam({ blue: [{ unit: 'Commissar', at: [[7, 4]] }, { unit: 'Mauser Kar 98k', at: [[6, 4]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 16]] }] }, [2, 2, 3, 3]);
    // 4 + 1 = 5 vs 6: Red still wins.
    expect(r.lines).toContain('  initiative: Blue 2d6=4 +1 = 5, Red 2d6=6 = 6');
    expect(r.game.s.initiativeWinner).toBe(1);
  });

  it('a tie goes to the side with the larger initiative bonus', () => {
    const r = playAam({ blue: [{ unit: 'Commissar', at: [[7, 4]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 16]] }] }, [3, 3, 4, 3]);
    expect(r.lines).toContain('  initiative: Blue 2d6=6 +1 = 7, Red 2d6=7 = 7 — tie, the larger bonus wins: Blue');
    expect(r.game.s.initiativeWinner).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });

  it('a tie with equal bonuses is re-rolled', () => {
    const r = playAam({ blue: [{ unit: 'Mauser Kar 98k', at: [[7, 4]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 16]] }] }, [3, 3, 4, 2, 1, 1, 2, 2]);
    expect(grep(r.lines, /initiative:/)).toEqual([
      '  initiative: Blue 2d6=6 = 6, Red 2d6=6 = 6 — tie with equal bonuses, re-roll',
      '  initiative: Blue 2d6=2 = 2, Red 2d6=4 = 4',
    ]);
    expect(r.game.s.initiativeWinner).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('a disrupted commander adds nothing', () => {
    // Turn 1: Red's rifle disrupts the Commissar (1 hit); turn 2: Blue rolls without the +1.
    const r = playAam({
      blue: [{ unit: 'Commissar', at: [[7, 8]] }],
      red: [{ unit: 'Mauser Kar 98k', at: [[7, 10]] }],
      units: { Commissar: { defence: [2, 2] }, 'Mauser Kar 98k': { vs_soldier: [2, 2, 0] } },
      battlefield: { objective_turn: 2, points_turn: 2, max_turns: 2 },
    }, [...WIN_BLUE, 4, 4, ...WIN_BLUE], { assault: onTurn(1, attack(0)) });
    const init = grep(r.lines, /initiative:/);
    expect(init[0]).toBe('  initiative: Blue 2d6=12 +1 = 13, Red 2d6=2 = 2');
    expect(init[1]).toBe('  initiative: Blue 2d6=12 = 12, Red 2d6=2 = 2');
    expect(r.dice.remaining).toBe(0);
  });

  it('the winner may choose to go second: the other side then moves and assaults first', () => {
    const r = playAam({ blue: [{ unit: 'Mauser Kar 98k', at: [[7, 4]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 16]] }] }, WIN_BLUE, { initiative: () => D.A_SECOND });
    expect(r.lines).toContain('  Blue wins the initiative and chooses to go second: Red is the first player');
    const phases = grep(r.lines, /^ {2}(Blue|Red) (movement|assault) phase|^ {2}casualty phase|^ {2}end of turn/);
    expect(phases).toEqual([
      '  Red movement phase', '  Blue movement phase', '  Red assault phase', '  Blue assault phase', '  casualty phase',
      expect.stringMatching(/^ {2}end of turn 1/),
    ]);
  });
});

describe('seed B–K: phase order and aircraft', () => {
  it('B–K: movement (first, second), flight (first, second), airstrike, assault (first, second), casualty, end of turn', () => {
    const r = playAam({
      blue: [{ unit: 'Mauser Kar 98k', at: [[7, 4]] }, { unit: 'Ju 87 Stuka' }],
      red: [{ unit: 'Mauser Kar 98k', at: [[7, 16]] }, { unit: 'Ju 87 Stuka' }],
    }, WIN_RED, { flight: (legal, o) => (o.actingSide === 0 ? placeAt(7, 16) : placeAt(7, 4))(legal, o) });
    const order = r.asked.filter((a) => a.name === 'initiative' || a.name === 'flight').map((a) => `${a.name}:${a.side}`);
    // Red won and went first: Red's flight before Blue's (each aircraft is asked), then the casualty phase.
    expect(order).toEqual(['initiative:1', 'flight:1', 'flight:0']);
    const i = (re: RegExp) => r.lines.findIndex((l) => re.test(l));
    expect(i(/Red movement phase/)).toBeLessThan(i(/Blue movement phase/));
    expect(i(/Blue movement phase/)).toBeLessThan(i(/Red Ju 87 Stuka #3 flies over/));
    expect(i(/Red Ju 87 Stuka #3 flies over/)).toBeLessThan(i(/Blue Ju 87 Stuka #1 flies over/));
    expect(i(/Blue Ju 87 Stuka #1 flies over/)).toBeLessThan(i(/Red assault phase/));
    expect(i(/Red assault phase/)).toBeLessThan(i(/Blue assault phase/));
    expect(i(/Blue assault phase/)).toBeLessThan(i(/casualty phase/));
    // K: aircraft leave the battle map at the end of the turn.
    expect(r.game.s.pos[1]).toBe(-1);
    expect(r.game.s.pos[3]).toBe(-1);
  });

  it('D–G with AAM-R29: 「好きな順番で活性化」 holds for aircraft — the side picks which aircraft is placed and strikes first', () => {
    const r = playAam({
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }],
      red: [{ unit: 'Ju 87 Stuka' }, { unit: 'Ju 87 Stuka' }, { unit: 'Mauser Kar 98k', at: [[7, 16]] }],
      units: { 'Ju 87 Stuka': { vs_vehicle: [1, 0, 0] }, 'M4A1 Sherman': { defence: [9, 9] } },
      rulings: { annihilation: 'play-on' },
    }, [...WIN_BLUE, 1, 1], {
      flight: placeAt(7, 4), airstrike: attack(0),
      activate: (legal, o) => (o.phase === P_FLIGHT || o.phase === P_AIRSTRIKE ? legal[legal.length - 1] : legal[0]),
    });
    const acts = (name: string) => r.asked.filter((a) => a.name === name && a.turn === 1).map((a) => a.actor);
    // Red's aircraft are units 1 and 2; the policy activates the last one first in both phases.
    expect(r.asked.filter((a) => a.name === 'activate' && a.turn === 1 && a.side === 1 && a.legal.length === 2 && a.legal.every((x) => x === D.act(D.K_UNIT, 1) || x === D.act(D.K_UNIT, 2)))).toHaveLength(2);
    expect(acts('flight')).toEqual([2, 1]);
    expect(acts('airstrike')).toEqual([2, 1]);
    expect(r.dice.remaining).toBe(0);
  });

  it('F/G: an aircraft attacks a unit in its hex in its airstrike phase; hits count with the assault phase', () => {
    const r = playAam({
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }],
      red: [{ unit: 'Ju 87 Stuka' }, { unit: 'Mauser Kar 98k', at: [[7, 16]] }],
      units: { 'Ju 87 Stuka': { vs_vehicle: [4, 0, 0] }, 'M4A1 Sherman': { defence: [9, 2] } },
      rulings: { annihilation: 'play-on' },
    }, [...WIN_BLUE, 4, 4, 4, 1], { flight: placeAt(7, 4), airstrike: attack(0) });
    // Airstrikes hit the rear defence (AAM-R07): 3 successes vs 2 → 2 hits.
    expect(grep(r.lines, /airstrike/)[0]).toMatch(/4 dice \[4 4 4 1\] → 3 successes vs defence 2 rear → 2 hits; face-down counters 0 → 2/);
    expect(r.game.s.damaged[0]).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('an aircraft disrupted in turn 1 cannot be placed in turn 2, and can be in turn 3 (its marker is removed in the casualty phase of turn 2)', () => {
    const r = playAam({
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }],
      red: [{ unit: 'Ju 87 Stuka' }],
      units: { 'Ju 87 Stuka': { defence: [1, 1] }, 'M4A1 Sherman': { vs_vehicle: [2, 2, 2] } },
      rulings: { annihilation: 'play-on' },
      battlefield: { objective_turn: 3, points_turn: 3, max_turns: 3 },
    }, [...WIN_BLUE, 4, 1, ...WIN_BLUE, ...WIN_BLUE], {
      flight: (legal, o) => (o.turn === 1 ? placeAt(7, 4)(legal, o) : D.A_STAY),
      assault: onTurn(1, attack(1)),
    });
    expect(grep(r.lines, /anti-aircraft/)[0]).toMatch(/2 dice \[4 1\] → 1 success vs defence 1 → 1 hit/);
    expect(r.asked.filter((a) => a.name === 'flight').map((a) => a.turn)).toEqual([1, 3]);
    expect(r.lines).toContain('  Red Ju 87 Stuka #1 is disrupted and cannot be placed this turn');
    expect(r.dice.remaining).toBe(0);
  });
});

describe('seed "7ターン目": victory', () => {
  const objective = { objective_turn: 7, points_turn: 10, max_turns: 10 };
  it('sole control of the objective (a unit on or next to it, none of the enemy) at the end of turn 7 wins — not before', () => {
    const r = playAam({
      blue: [{ unit: 'Mauser Kar 98k', at: [[7, 9]] }],
      red: [{ unit: 'Mauser Kar 98k', at: [[7, 16]] }],
      battlefield: objective,
    }, rep(WIN_BLUE, 7));
    expect(r.record.rates[RATE_WIN]).toBe(1);
    expect(r.record.rates[RATE_OBJECTIVE_WIN]).toBe(1);
    expect(r.record.values[VAL_TURNS]).toBe(7);
    expect(r.game.s.endReason).toBe(END_OBJECTIVE);
    expect(r.lines.at(-1)).toMatch(/^result: BLUE WINS by objective after 7 turns/);
  });

  it('a contested objective plays on; at turn 10 equal points → play on to the turn limit (draw)', () => {
    const r = playAam({
      blue: [{ unit: 'Mauser Kar 98k', at: [[7, 9]] }],
      red: [{ unit: 'Mauser Kar 98k', at: [[7, 11]] }],
      units: { 'Mauser Kar 98k': { vs_soldier: [0, 0, 0], close_assault: 0 } },
      battlefield: { ...objective, max_turns: 11 },
    }, rep(WIN_BLUE, 11));
    expect(r.record.rates[RATE_DRAW]).toBe(1);
    expect(r.game.s.endReason).toBe(END_TURN_LIMIT);
    expect(r.record.values[VAL_TURNS]).toBe(11);
  });

  it('AAM-R04 points at turn 10: destroyed points (default) or surviving points', () => {
    const spec = (points_victory: string) => ({
      blue: [{ unit: 'Mauser Kar 98k', count: 2, at: [[7, 2], [6, 2]] }],
      red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 18]] }],
      rulings: { points_victory },
    });
    const destroyed = playAam(spec('destroyed'), WIN_BLUE);
    expect(destroyed.record.rates[RATE_DRAW]).toBe(1); // 0 vs 0 destroyed, turn limit
    const surviving = playAam(spec('surviving'), WIN_BLUE);
    expect(surviving.record.rates[RATE_LOSS]).toBe(1); // 6 vs 22 points standing
    expect(surviving.game.s.endReason).toBe(END_POINTS);
  });

  it('AAM-R09 a side with no soldiers or vehicles left loses at the end of the turn (annihilation)', () => {
    const r = playAam({
      blue: [{ unit: 'Mauser Kar 98k', at: [[7, 8]] }],
      red: [{ unit: 'Mauser Kar 98k', at: [[7, 9]] }],
      units: { 'Mauser Kar 98k': { vs_soldier: [2, 2, 0], defence: [1, 1] } },
      battlefield: { objective_turn: 5, points_turn: 5, max_turns: 5 },
    }, [...WIN_BLUE, 4, 4], { assault: (legal, o) => (o.actingSide === 0 ? attack(1)(legal, o) : D.A_STAY) });
    expect(r.record.rates[RATE_WIN]).toBe(1);
    expect(r.game.s.endReason).toBe(END_ANNIHILATION);
    expect(r.record.values[VAL_TURNS]).toBe(1);
  });
});
