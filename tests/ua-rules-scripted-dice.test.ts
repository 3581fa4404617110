// The scripted dice used by the URBAN ASSAULT rules tests (tests/helpers/scripted-dice.ts).
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from './helpers/scripted-dice.js';

describe('ScriptedDice (test helper)', () => {
  it('§06 d6 returns the scripted faces in order and counts what is left', () => {
    const d = new ScriptedDice([3, 6, 1]);
    expect(d.remaining).toBe(3);
    expect([d.d6(), d.d6()]).toEqual([3, 6]);
    expect(d.remaining).toBe(1);
    expect(d.draws).toBe(2);
    expect(d.d6()).toBe(1);
    expect(d.remaining).toBe(0);
  });

  it('§06 1d3 is half the d6 face rounded up (1–2 → 1, 3–4 → 2, 5–6 → 3)', () => {
    const d = new ScriptedDice([1, 2, 3, 4, 5, 6]);
    expect([d.d3(), d.d3(), d.d3(), d.d3(), d.d3(), d.d3()]).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('§06 nd(n, 6) sums n faces and d66 reads tens then units', () => {
    const d = new ScriptedDice([2, 5, 3, 4, 1]);
    expect(d.nd(2, 6)).toBe(7);
    expect(d.d66()).toBe(34);
    expect(d.remaining).toBe(1);
  });

  it('§06 (helper) below(n) maps the scripted value v to index v − 1 and rejects an index ≥ n', () => {
    const d = new ScriptedDice([6, 1, 2, 3]);
    expect(d.below(6)).toBe(5);
    expect(d.below(2)).toBe(0);
    expect(d.below(2)).toBe(1);
    expect(() => d.below(2)).toThrow(/index 2, out of range for below\(2\)/);
  });

  it('§06 (helper) throws a clear error when the script runs out', () => {
    const d = new ScriptedDice([4]);
    d.d6();
    expect(() => d.d6()).toThrow(/script exhausted — draw #2 \(d6\)/);
  });

  it('§06 (helper) rejects values that are not d6 faces', () => {
    expect(() => new ScriptedDice([0])).toThrow(/faces 1\.\.6/);
    expect(() => new ScriptedDice([7])).toThrow(/faces 1\.\.6/);
    expect(() => new ScriptedDice([2.5])).toThrow(/faces 1\.\.6/);
  });
});
