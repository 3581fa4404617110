// if-battle area map: the placement ruling IF-R01 (two D66, 21 rows), the
// capacity of an area (two characters, one in 閉所) under every field, and
// area-by-area movement at 1 cost (脱気, 呪縛, 氷上 in if-rules.test.ts).
import { describe, expect, it } from 'vitest';
import { AREAS, d66ScaledIndex, d66UnorderedIndex, distance, step } from '../src/rules/if-battle/area-map.js';
import { FIELDS } from '../src/rules/if-battle/catalogue.js';
import * as D from '../src/rules/if-battle/decisions.js';
import { areaAt, char, d66For, placeAt, setupIf, teleport } from './helpers/if-harness.js';

describe('エリアマップ: 21 × 21 areas', () => {
  it('441 areas; steps stop at the edge; Manhattan distance', () => {
    expect(AREAS).toBe(441);
    expect(step(areaAt(0, 0), 0)).toBe(-1);
    expect(step(areaAt(0, 0), 3)).toBe(-1);
    expect(step(areaAt(20, 20), 1)).toBe(-1);
    expect(step(areaAt(5, 5), 2)).toBe(areaAt(6, 5));
    expect(distance(areaAt(1, 2), areaAt(4, 0))).toBe(5);
  });
});

describe('IF-R01 placement: two D66, the first the row, the second the column', () => {
  it('unordered-pairs: the 36 D66 results fall on exactly 21 indices, doubles 1/36, other pairs 2/36 (enumeration)', () => {
    const count = new Array<number>(21).fill(0);
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) count[d66UnorderedIndex(a * 10 + b)]++;
    expect(count.reduce((x, y) => x + y, 0)).toBe(36);
    for (let i = 0; i < 21; i++) {
      const [a, b] = d66For(i);
      expect(count[i], `index ${i} = ${a}${b}`).toBe(a === b ? 1 : 2);
      expect(d66UnorderedIndex(a * 10 + b)).toBe(i);
      expect(d66UnorderedIndex(b * 10 + a)).toBe(i);
    }
    expect(d66UnorderedIndex(11)).toBe(0);
    expect(d66UnorderedIndex(16)).toBe(5);
    expect(d66UnorderedIndex(22)).toBe(6);
    expect(d66UnorderedIndex(66)).toBe(20);
  });
  it('scaled: the 36 ordered results cover 0..20, each row 1 or 2 results', () => {
    const count = new Array<number>(21).fill(0);
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) count[d66ScaledIndex(a * 10 + b)]++;
    expect(d66ScaledIndex(11)).toBe(0);
    expect(d66ScaledIndex(66)).toBe(20);
    expect(count.every((k) => k === 1 || k === 2)).toBe(true);
  });
  it('the engine places each participant from its two D66 (row then column)', () => {
    const run = setupIf({ subject: { A: char() }, reference: { B: char() } }, [...placeAt(3, 17), ...placeAt(20, 0)]);
    expect(run.s.area[run.c('S-A')]).toBe(areaAt(3, 17));
    expect(run.s.area[run.c('R-B')]).toBe(areaAt(20, 0));
    expect(run.dice.remaining).toBe(0);
  });
  it('scaled reading: D66 23 → row floor(7 × 21 / 36) = 4', () => {
    const run = setupIf({ subject: { A: char() }, reference: { B: char() }, rulings: { placement: 'scaled' } }, [2, 3, 1, 1, 6, 6, 6, 6]);
    expect(run.s.area[run.c('S-A')]).toBe(areaAt(4, 0));
    expect(run.s.area[run.c('R-B')]).toBe(areaAt(20, 20));
  });
  it('a third character rolled into an area with two already there rolls again (IF-F14)', () => {
    const run = setupIf({ subject: { A: char(), B: char() }, reference: { C: char() } }, [...placeAt(5, 5), ...placeAt(5, 5), ...placeAt(5, 5), ...placeAt(6, 6)]);
    expect(run.s.area[0]).toBe(areaAt(5, 5));
    expect(run.s.area[1]).toBe(areaAt(5, 5));
    expect(run.s.area[2]).toBe(areaAt(6, 6));
    expect(run.lines.some((l) => /already two characters there, rolled again/.test(l))).toBe(true);
  });
});

/** Fields whose start needs no field-check dice. */
const startDice: Record<string, number[]> = { plain: [], water: [6, 6, 6, 6, 6, 6], air: [6, 6, 6, 6, 6, 6], ice: [6, 6, 6, 6, 6, 6], closed: [], burning: [1] };

describe('capacity: at most two characters enter or pass an area (one in 閉所), under every field', () => {
  for (const field of FIELDS) {
    it(`${field}: a third character cannot enter an area holding two${field === 'closed' ? '; in 閉所 not even a second' : ''}`, () => {
      // A at (10,10), B and C at (10,11) (C rolled after the field; placement allows two).
      const faces = [...placeAt(10, 10), ...placeAt(10, 11), ...placeAt(10, 12), ...startDice[field]];
      const run = setupIf({ subject: { A: char({ speed: 9 }) }, reference: { B: char(), C: char() }, field }, faces);
      const s = run.s, a = run.c('S-A');
      teleport(s, run.c('R-C'), areaAt(10, 11)); // two in (10,11)
      if (field === 'closed') for (const x of [run.c('R-B'), run.c('R-C')]) s.graceTurn[x] = 0;
      s.cost[a] = 4;
      const n = run.game.genMain(a);
      const legal = Array.from(run.game.legal.subarray(0, n));
      expect(legal).not.toContain(D.mvDir(1)); // east: the full area
      expect(legal).toContain(D.mvDir(0));
      // One character in (9,10): entering is allowed except in 閉所.
      teleport(s, run.c('R-C'), areaAt(9, 10));
      const n2 = run.game.genMain(a);
      const legal2 = Array.from(run.game.legal.subarray(0, n2));
      if (field === 'closed') expect(legal2).not.toContain(D.mvDir(0));
      else expect(legal2).toContain(D.mvDir(0));
    });
  }
  it('閉所: two characters already sharing an area may stay until one turn has passed, then the one still there moves to the nearest free area (IF-F08)', () => {
    const faces = [...placeAt(4, 4), ...placeAt(4, 4)];
    const run = setupIf({ subject: { A: char({ speed: 9 }) }, reference: { B: char() }, field: 'closed' }, faces);
    const s = run.s, a = run.c('S-A'), b = run.c('R-B');
    expect(s.area[a]).toBe(areaAt(4, 4));
    expect(s.area[b]).toBe(areaAt(4, 4));
    expect(s.graceTurn[a]).toBe(0);
    expect(s.graceTurn[b]).toBe(0);
    // A waits its whole first turn in the shared area; at its standby it is moved out.
    run.game.masterTime(a);
    expect(s.area[a]).not.toBe(areaAt(4, 4));
    expect(distance(s.area[a], areaAt(4, 4))).toBe(1);
    expect(s.area[b]).toBe(areaAt(4, 4));
    expect(s.occupancy[areaAt(4, 4)]).toBe(1);
  });
  it('メインアクション: each area moved costs 1 cost; after a main memory no more movement; then 待機', () => {
    const run = setupIf({ subject: { A: char({ speed: 9, cost: 6 }) }, reference: { B: char() } }, [...placeAt(0, 0), ...placeAt(0, 3), 6, 6, 1, 1], { main: [D.mvDir(1), D.mvDir(1), D.mem(0, 1), D.A_WAIT] });
    const s = run.s, a = run.c('S-A'), b = run.c('R-B');
    run.game.masterTime(a);
    expect(s.area[a]).toBe(areaAt(0, 2));
    expect(s.cost[a]).toBe(6 - 2 - 1);
    expect(s.life[b]).toBe(20 - 3);
    const asked = run.p0.askedFor('main');
    expect(asked[0].legal).not.toContain(D.mem(0, b)); // strike: range 0–1, B 3 areas away
    expect(asked[2].legal).toContain(D.mem(0, b));
    expect(asked[3].legal).toEqual([D.A_WAIT, D.mem(1, b)]); // flame_shot still affordable, no step
    expect(run.fresh().some((l) => /S-A waits \(待機\) at 1,3, cost 3 left/.test(l))).toBe(true);
    expect(run.dice.remaining).toBe(0);
  });
});
