// Issue 44: the variants of one experiment are specialised together, into one class — a class per variant multiplied
// the JavaScript engine's compiling by the variants and made `run` slower than the general engine — and what folds is
// only what every variant shares.
import { describe, expect, it } from 'vitest';
import { specialiseClass } from '../src/sim/core/partial-eval.js';
import { specialiseDiff } from './helpers/specialise-diff.js';

class Toy {
  readonly cfg: { readonly n: number; readonly k: number };
  constructor(readonly a: number, readonly b: number, n: number, k: number) {
    this.cfg = { n, k };
  }
  sum(x: number): number {
    return (this.a > 0 ? x + this.a : x - 1) + this.b + this.cfg.n + this.cfg.k;
  }
}

describe('specialising several instances together', () => {
  it('folds a field or configuration path only where every instance holds the same value', () => {
    const xs = [new Toy(1, 2, 3, 4), new Toy(1, 5, 3, 6)];
    const pe = specialiseClass(xs, { nullFields: [], configFields: ['cfg'], scope: new Map() });
    expect(pe.constants).toContain('a');
    expect(pe.constants).not.toContain('b');
    expect(pe.source).not.toMatch(/this\.a\b/); // a = 1 everywhere: folded, its dead branch cut
    expect(pe.source).not.toMatch(/x - 1/);
    expect(pe.source).toMatch(/this\.b\b/); // b differs: read
    expect(pe.source).not.toMatch(/cfg\.n/); // n = 3 everywhere: folded
    expect(pe.source).toMatch(/this\.cfg\.k/); // k differs: read
    const built = [new pe.cls(...([1, 2, 3, 4] as never[])), new pe.cls(...([1, 5, 3, 6] as never[]))] as Toy[];
    expect(built.map((t) => t.sum(10))).toEqual(xs.map((t) => t.sum(10)));
  });

  it('refuses instances of different classes', () => {
    class Other extends Toy {}
    expect(() => specialiseClass([new Toy(1, 2, 3, 4), new Other(1, 2, 3, 4)], { nullFields: [], configFields: [], scope: new Map() })).toThrow();
  });

  it("an experiment's variants of one runner class share one generated class (the flagship's 11 variants)", () => {
    const [r] = specialiseDiff(['experiments/lmg-worth-8-magazines.yaml'], { games: 20 });
    expect(r.variants).toBe(11);
    expect(r.classes).toBe(1);
    expect(r.difference).toBeNull();
  });
});
