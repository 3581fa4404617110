// Exact checks of a single Axis & Allies Miniatures attack: successes from n
// dice at 4+ (with −1 / −2 per die) against the binomial distribution, by
// enumerating every face sequence; successes → 0/1/2/3 hits against the
// defence (Superior Armor, soldiers capped at 2); the engine driven face by face
// through whole games; and a large seeded sample against the binomial.
import { describe, expect, it } from 'vitest';
import { RngDice } from '../src/sim/core/dice.js';
import { gameStream } from '../src/sim/core/streams.js';
import { binomialPmf, hitDistribution, hitsFrom, rollSuccesses, successProbability } from '../src/rules/axis-allies-miniatures/combat.js';
import { KIND_SOLDIER, KIND_VEHICLE } from '../src/rules/axis-allies-miniatures/config.js';
import { ScriptedDice } from './helpers/exact-dice.js';
import { attack, playAam } from './helpers/aam-harness.js';
import * as D from '../src/rules/axis-allies-miniatures/decisions.js';

/** Every sequence of n faces (6^n of them). */
function* sequences(n: number): Generator<number[]> {
  const f = new Array<number>(n).fill(1);
  for (;;) {
    yield [...f];
    let i = 0;
    while (i < n && f[i] === 6) f[i++] = 1;
    if (i === n) return;
    f[i]++;
  }
}

describe('successes: enumeration of the faces = binomial', () => {
  it('per-die success probability: 4+ → 1/2, at −1 → 1/3, at −2 → 1/6', () => {
    expect(successProbability(0)).toBe(1 / 2);
    expect(successProbability(-1)).toBe(2 / 6);
    expect(successProbability(-2)).toBe(1 / 6);
  });

  for (const mod of [0, -1, -2]) {
    it(`n = 1..6 dice at ${mod} per die: P(k successes) = C(n,k) p^k (1−p)^(n−k) (rolled through rollSuccesses)`, () => {
      for (let n = 1; n <= 6; n++) {
        const counts = new Array<number>(n + 1).fill(0);
        let total = 0;
        for (const faces of sequences(n)) {
          const dice = new ScriptedDice(faces);
          counts[rollSuccesses(dice, n, mod, false)]++;
          expect(dice.used).toBe(n);
          total++;
        }
        const p = successProbability(mod);
        for (let k = 0; k <= n; k++) expect(counts[k] / total).toBeCloseTo(binomialPmf(n, k, p), 12);
      }
    });
  }

  it('Guard Crew (one die showing 1 re-rolled) by enumeration: P(success per die) rises as expected', () => {
    const n = 4;
    let mean = 0;
    for (const faces of sequences(n)) {
      const hasOne = faces.includes(1);
      for (let re = 1; re <= (hasOne ? 6 : 1); re++) {
        const s = rollSuccesses(new ScriptedDice(hasOne ? [...faces, re] : faces), n, 0, true);
        mean += s / 6 ** n / (hasOne ? 6 : 1);
      }
    }
    // E = n/2 + P(at least one 1) × 1/2.
    expect(mean).toBeCloseTo(n / 2 + (1 - (5 / 6) ** n) / 2, 12);
  });
});

describe('hits from successes', () => {
  it('defence d: < d → 0; d → 1; ≥ d + 1 → 2; ≥ 2d → 3 (vehicles); soldiers at most 2', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((s) => hitsFrom(s, 4, 1, KIND_VEHICLE))).toEqual([0, 0, 0, 0, 1, 2, 2, 2, 3, 3, 3]);
    expect([0, 3, 4, 5, 8, 12].map((s) => hitsFrom(s, 4, 1, KIND_SOLDIER))).toEqual([0, 0, 1, 2, 2, 2]);
  });

  it('Superior Armor X: two hits need defence + X; three hits still 2 × defence (FAQ: Tiger 7 → 7:1, 8:1, 9:2, 14:3)', () => {
    expect([6, 7, 8, 9, 13, 14].map((s) => hitsFrom(s, 7, 2, KIND_VEHICLE))).toEqual([0, 1, 1, 2, 2, 3]);
    expect([7, 8, 14].map((s) => hitsFrom(s, 7, 1, KIND_VEHICLE))).toEqual([1, 2, 3]);
  });

  it('hitDistribution = the binomial pushed through hitsFrom, and sums to 1', () => {
    for (const [n, mod, def, sa, kind] of [[13, 0, 5, 1, KIND_VEHICLE], [11, -1, 3, 1, KIND_VEHICLE], [10, 0, 5, 2, KIND_VEHICLE], [8, -2, 4, 1, KIND_SOLDIER]] as const) {
      const h = hitDistribution(n, mod, def, sa, kind);
      const p = successProbability(mod);
      const want = [0, 0, 0, 0];
      for (let k = 0; k <= n; k++) want[hitsFrom(k, def, sa, kind)] += binomialPmf(n, k, p);
      h.forEach((x, i) => expect(x).toBeCloseTo(want[i], 14));
      expect(h.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
    // Spot value: 13 dice vs defence 5 (a Sherman's short-range shot at a Panzer IV's front): P(≥ 1 hit) = P(≥ 5 of 13 at 1/2).
    let tail = 0;
    for (let k = 5; k <= 13; k++) tail += binomialPmf(13, k, 0.5);
    expect(1 - hitDistribution(13, 0, 5, 1, KIND_VEHICLE)[0]).toBeCloseTo(tail, 14);
    expect(tail).toBeCloseTo(7099 / 8192, 12);
  });
});

describe('the engine, face by face', () => {
  it('a 4-die attack on a defence-2 vehicle, all 1296 face sequences: disrupted/damaged/destroyed frequencies = the exact distribution', () => {
    const spec = {
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 7]] }],
      units: { 'M4A1 Sherman': { vs_vehicle: [4, 4, 4] }, 'Panzer IV Ausf. F2': { defence: [2, 2] } },
    };
    const counts = [0, 0, 0, 0];
    for (const faces of sequences(4)) {
      const r = playAam(spec, [6, 6, 1, 1, ...faces], { assault: (l, o) => (o.actingSide === 0 ? attack(1)(l, o) : D.A_STAY) });
      const s = r.game.s;
      counts[!s.alive[1] ? 3 : s.damaged[1] ? 2 : s.disrupted[1] ? 1 : 0]++;
      expect(r.dice.remaining).toBe(0);
    }
    const exact = hitDistribution(4, 0, 2, 1, KIND_VEHICLE);
    counts.forEach((c, i) => expect(c / 1296).toBeCloseTo(exact[i], 12));
    expect(counts).toEqual([5, 6, 4, 1].map((k) => (k * 1296) / 16));
  });

  it('200,000 seeded attacks of 11 dice at −1 against defence 3: hit frequencies within 4 standard errors of the binomial', () => {
    const dice = new RngDice(gameStream(20260601, 0));
    const N = 200_000;
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < N; i++) counts[hitsFrom(rollSuccesses(dice, 11, -1, false), 3, 1, KIND_VEHICLE)]++;
    const exact = hitDistribution(11, -1, 3, 1, KIND_VEHICLE);
    counts.forEach((c, i) => {
      const se = Math.sqrt((exact[i] * (1 - exact[i])) / N);
      expect(Math.abs(c / N - exact[i])).toBeLessThan(4 * se + 1e-9);
    });
  });
});
