// if-battle main action details: movement memories (IF-F06), additional
// memories not ending movement, the guard memory's duration, and IF-R07 (how
// often a memory is used in one turn).
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/if-battle/decisions.js';
import { areaAt, char, placeAt, setupIf, type IfSpec } from './helpers/if-harness.js';

const duel = (a: Record<string, unknown> = {}, b: Record<string, unknown> = {}, extra: Partial<IfSpec> = {}): IfSpec =>
  ({ subject: { A: char({ speed: 9, ...a }) }, reference: { B: char(b) }, ...extra });

describe('movement memory (疾走: move 3)', () => {
  it('pays its cost once, then moves area by area at no cost, stopping when told; no step afterwards', () => {
    const run = setupIf(duel({ cost: 4, memories: ['strike', 'dash'] }), [...placeAt(0, 0), ...placeAt(20, 20)],
      { main: [D.mem(1, 0), D.A_WAIT], 'memory-move': [D.mvDir(2), D.mvDir(2), D.A_WAIT] });
    run.game.masterTime(0);
    expect(run.s.area[0]).toBe(areaAt(2, 0));
    expect(run.s.cost[0]).toBe(3);
    expect(run.p0.askedFor('memory-move')).toHaveLength(3);
    expect(run.p0.askedFor('main')).toHaveLength(1); // afterwards only 待機 was legal: no step after a main memory
  });
  it('氷上 after a failed ≪走法≫: the memory\'s steps keep one straight line too', () => {
    const run = setupIf(duel({ memories: ['strike', 'dash'], skills: { running: 0 } }, {}, { field: 'ice' }), [...placeAt(10, 10), ...placeAt(0, 0), 1, 1, 6, 6],
      { main: [D.mem(1, 0)], 'memory-move': [D.mvDir(1), D.mvDir(1), D.mvDir(1)] });
    run.game.masterTime(0);
    const asked = run.p0.askedFor('memory-move');
    expect(asked[1].legal).toEqual([D.A_WAIT, D.mvDir(1)]);
    expect(run.s.area[0]).toBe(areaAt(10, 13));
  });
});

describe('IF-F06 additional memories do not end movement; the guard memory lasts until the next turn-up', () => {
  it('充填 then a step is still legal', () => {
    const run = setupIf(duel({ cost: 4, memories: ['strike', 'charge_up'] }), [...placeAt(0, 0), ...placeAt(20, 20)], { main: [D.mem(1, 0), D.mvDir(1), D.A_WAIT] });
    run.game.masterTime(0);
    expect(run.s.area[0]).toBe(areaAt(0, 1));
    expect(run.s.boost[0]).toBe(2);
  });
  it('防御態勢: +2 after use, gone at the next turn-up', () => {
    const run = setupIf(duel({ memories: ['strike', 'brace'] }), [...placeAt(0, 0), ...placeAt(20, 20)], { main: [D.mem(1, 0)] });
    run.game.masterTime(0);
    expect(run.s.guardBuff[0]).toBe(2);
    run.game.masterTime(0);
    expect(run.s.guardBuff[0]).toBe(0);
  });
});

describe('IF-R07 memory_repeat', () => {
  it('once-per-turn (default): a used strike is not offered again this turn', () => {
    const run = setupIf(duel({ cost: 4 }), [...placeAt(5, 5), ...placeAt(5, 6), 1, 1], { main: [D.mem(0, 1)] });
    run.game.masterTime(0);
    expect(run.p0.askedFor('main')[1].legal).not.toContain(D.mem(0, 1));
  });
  it('repeat: the same strike again while cost remains', () => {
    const run = setupIf(duel({ cost: 4 }, {}, { rulings: { memory_repeat: 'repeat' } }), [...placeAt(5, 5), ...placeAt(5, 6), 1, 1, 1, 1], { main: [D.mem(0, 1), D.mem(0, 1)] });
    run.game.masterTime(0);
    expect(run.p0.askedFor('main')[1].legal).toContain(D.mem(0, 1));
    expect(run.s.cost[0]).toBe(2);
  });
});
