// Test helper: dice that return a fixed script of d6 faces, so a rules test can
// force every roll of a clause and prove how many dice the clause consumes.
import type { Dice } from '../../src/sim/core/dice.js';

/**
 * `Dice` driven by a script of d6 faces (each 1..6), consumed in order:
 *
 * - `d6()` returns the next face;
 * - `d3()` returns ⌈face / 2⌉ of the next face (1–2 → 1, 3–4 → 2, 5–6 → 3, §06);
 * - `nd(n, 6)` sums the next n faces (`nd(n, 3)` sums n d3 as above);
 * - `d66()` takes two faces: tens digit, then units digit;
 * - `below(n)` takes the next scripted value v and returns the index v − 1, so
 *   for `below(6)` the value is simply the face, and for any other n you script
 *   the wanted index + 1 (e.g. `2` picks index 1 of `below(3)`); an index ≥ n
 *   throws.
 *
 * When the script runs out the next draw throws a clear error, so a test that
 * ends with `remaining === 0` also proves exactly how many dice were rolled.
 */
export class ScriptedDice implements Dice {
  private readonly faces: readonly number[];
  private pos = 0;
  /** Primitive draws taken so far (one per scripted value consumed). */
  draws = 0;

  constructor(faces: readonly number[], private readonly label = 'dice') {
    faces.forEach((f, i) => {
      if (!Number.isInteger(f) || f < 1 || f > 6) throw new Error(`ScriptedDice(${label}): value #${i + 1} is ${f}; script d6 faces 1..6`);
    });
    this.faces = [...faces];
  }

  /** Scripted values not consumed yet. */
  get remaining(): number {
    return this.faces.length - this.pos;
  }

  /** Values consumed so far, in order. */
  get used(): readonly number[] {
    return this.faces.slice(0, this.pos);
  }

  private next(what: string): number {
    if (this.pos >= this.faces.length) {
      throw new Error(`ScriptedDice(${this.label}): script exhausted — draw #${this.pos + 1} (${what}) was requested but only ${this.faces.length} value(s) were scripted [${this.faces.join(', ')}]`);
    }
    this.draws++;
    return this.faces[this.pos++];
  }

  below(n: number): number {
    if (!Number.isInteger(n) || n < 1) throw new Error(`ScriptedDice(${this.label}): below(${n}) needs an integer n ≥ 1`);
    const v = this.next(`below(${n})`);
    if (v - 1 >= n) throw new Error(`ScriptedDice(${this.label}): scripted value ${v} means index ${v - 1}, out of range for below(${n})`);
    return v - 1;
  }

  d6(): number {
    return this.next('d6');
  }

  d3(): number {
    return Math.ceil(this.next('d3') / 2);
  }

  nd(n: number, sides: number): number {
    if (sides !== 6 && sides !== 3) throw new Error(`ScriptedDice(${this.label}): nd(${n}, ${sides}) — only d6 and d3 can be scripted`);
    let s = 0;
    for (let i = 0; i < n; i++) {
      const f = this.next(`nd(${n}, ${sides}) die ${i + 1}`);
      s += sides === 6 ? f : Math.ceil(f / 2);
    }
    return s;
  }

  d66(): number {
    const tens = this.next('d66 tens');
    return tens * 10 + this.next('d66 units');
  }
}
