// Axis & Allies Miniatures luck controls (src/rules/axis-allies-miniatures/luck.ts, issue 27): every control is a sum
// of (value of what the dice gave − its exact expectation), so (a) over every dice outcome of an attack, weighted by
// its exact probability, the controls add up to exactly 0 (Guard Crew, Superior Armor, cover, Close Assault, a second
// attack on a target already holding counters); the success tails equal brute force over every face; (b) a forced
// game records the hand-computed sum; (c) over 20,000 games of a shipped variant each control's mean is within 4
// standard errors of 0.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/axis-allies-miniatures/decisions.js';
import { aamMetrics } from '../src/rules/axis-allies-miniatures/engine.js';
import { AamGame } from '../src/rules/axis-allies-miniatures/game.js';
import { C_INITIATIVE, C_MATERIAL, C_MATERIAL_EDGE, C_NUMBERS_EDGE, SuccessTails, edgeSteepness, initiativeWinProbability } from '../src/rules/axis-allies-miniatures/luck.js';
import { GameRecord } from '../src/sim/types.js';
import { RngDice } from '../src/sim/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../src/sim/streams.js';
import { loadExperiment } from '../src/sim/experiment.js';
import { getEngine } from '../src/registry.js';
import { attack, compileSpec, playAam, scriptedAamPolicy, type Answer, type AamSpec, type Asked, type DecisionName } from './helpers/aam-harness.js';
import { ScriptedDice } from './helpers/scripted-dice.js';

const W = [6, 6, 1, 1]; // initiative: Blue 12, Red 2 — Blue goes first

/**
 * Play the one-turn game of `spec` for every continuation of the rules' dice after `prefix` (a die the script lacks
 * is branched on all six faces, each with probability 1/6) and return Σ P × controls and Σ P.
 */
function expectedControls(spec: AamSpec, answers: Partial<Record<DecisionName, Answer>>): { mean: number[]; total: number; leaves: number } {
  const { game: g, variant } = compileSpec(spec);
  const asked: Asked[] = [];
  const policy = scriptedAamPolicy(answers, asked);
  const game = new AamGame(g, variant, [policy, policy]);
  const rec = new GameRecord(aamMetrics(g));
  const mean = [0, 0, 0, 0];
  let total = 0, leaves = 0;
  const leaf = (faces: number[], p: number): void => {
    const dice = new ScriptedDice(faces, 'rules');
    rec.clear();
    asked.length = 0;
    try {
      game.play(dice, new ScriptedDice([], 'policy'), rec, null);
    } catch (e) {
      if (!/ScriptedDice\(rules\): script exhausted/.test(String(e))) throw e;
      for (let f = 1; f <= 6; f++) leaf([...faces, f], p / 6);
      return;
    }
    expect(dice.remaining).toBe(0);
    leaves++;
    total += p;
    for (let j = 0; j < 4; j++) mean[j] += p * rec.controls[j];
  };
  leaf([...W], 1);
  return { mean, total, leaves };
}

/** Blue's units attack `target` on turn 1, Red stays. */
const blueAttacks = (target: number): Partial<Record<DecisionName, Answer>> => ({ assault: (l, o) => (o.actingSide === 0 ? attack(target)(l, o) : D.A_STAY) });
const forestAt7 = { terrain: ['.', '.', '.', '.', '.', '.', '.', '.......F'] };

describe('exact zero mean: Σ over every dice outcome of P × control = 0', () => {
  const cases: [string, AamSpec, number][] = [
    ['a vehicle hit in the open (3 dice vs defence 2)', {
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 7]] }],
      units: { 'M4A1 Sherman': { vs_vehicle: [3, 3, 3] }, 'Panzer IV Ausf. F2': { defence: [2, 1] } },
    }, 1],
    ['Guard Crew re-roll against Superior Armor 2', {
      blue: [{ unit: 'Guards T-34/76', at: [[7, 4]] }], red: [{ unit: 'Guards T-34/76', at: [[7, 7]] }],
      units: { 'Guards T-34/76': { vs_vehicle: [3, 3, 3], defence: [1, 1] } },
    }, 1],
    ['a soldier in a forest: the cover roll (4+)', {
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 7]] }],
      units: { 'M4A1 Sherman': { vs_soldier: [3, 3, 3] }, 'Mauser Kar 98k': { defence: [1, 1] } }, battlefield: forestAt7,
    }, 1],
    ['same hex in a forest: the cover roll at −1', {
      blue: [{ unit: 'Mauser Kar 98k', at: [[7, 7]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 7]] }],
      units: { 'Mauser Kar 98k': { vs_soldier: [3, 3, 0], defence: [2, 2] } }, battlefield: forestAt7,
    }, 1],
    ['Close Assault on a vehicle in a forest (no cover roll)', {
      blue: [{ unit: 'Bazooka', at: [[7, 7]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 7]] }],
      units: { Bazooka: { vs_vehicle: [2, 0, 0], close_assault: 3 }, 'Panzer IV Ausf. F2': { defence: [3, 2] } }, battlefield: forestAt7,
    }, 1],
    ['two attacks on one tank: the second against the counters of the first', {
      blue: [{ unit: 'M4A1 Sherman', count: 2, at: [[7, 4], [6, 4]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 7]] }],
      units: { 'M4A1 Sherman': { vs_vehicle: [2, 2, 2] }, 'Panzer IV Ausf. F2': { defence: [1, 1] } },
    }, 2],
  ];
  it.each(cases)('%s', (_name, spec, target) => {
    const r = expectedControls(spec, blueAttacks(target));
    expect(r.total).toBeCloseTo(1, 12);
    expect(r.leaves).toBeGreaterThan(6);
    for (const j of [C_MATERIAL_EDGE, C_NUMBERS_EDGE, C_MATERIAL]) expect(Math.abs(r.mean[j])).toBeLessThan(1e-12);
    // The initiative was forced (Blue 12 against 2, no bonuses): won − P(win) = 1 − 1/2 in every outcome.
    expect(r.mean[C_INITIATIVE]).toBeCloseTo(0.5, 12);
  });

  it('the cases reach what they name (a cover roll, a re-roll, counters already on the target)', () => {
    const cover = playAam(cases[2][1], [...W, 4, 4, 4, 6], blueAttacks(1));
    expect(cover.lines.some((l) => /cover roll \(forest, 4\+\) d6=6 holds/.test(l))).toBe(true);
    const reroll = playAam(cases[1][1], [...W, 1, 4, 4, 6], blueAttacks(1));
    expect(reroll.dice.remaining).toBe(0);
    const second = playAam(cases[5][1], [...W, 4, 1, 4, 1], blueAttacks(2));
    expect(second.lines.filter((l) => / attacks /.test(l))[1]).toContain('face-down counters 1 → 2');
  });
});

describe('the success tails are exact', () => {
  /** P(successes ≥ x) by brute force over every face of n dice (and Guard Crew's re-roll of one 1). */
  function brute(n: number, pen: number, gc: boolean, successOn: number): number[] {
    const pmf = new Array(n + 2).fill(0);
    const faces = new Array(n).fill(1);
    for (let idx = 0; idx < 6 ** n; idx++) {
      let v = idx;
      for (let i = 0; i < n; i++) {
        faces[i] = (v % 6) + 1;
        v = Math.floor(v / 6);
      }
      const s = faces.filter((f) => f - pen >= successOn).length;
      if (gc && faces.includes(1)) for (let f = 1; f <= 6; f++) pmf[s + (f - pen >= successOn ? 1 : 0)] += 1 / 6 ** (n + 1);
      else pmf[s] += 1 / 6 ** n;
    }
    return pmf.map((_, x) => pmf.slice(x).reduce((a, b) => a + b, 0));
  }
  it.each([4, 5, 2])('success on %i+, penalties 0–2, with and without Guard Crew, n ≤ 5', (successOn) => {
    const t = new SuccessTails(5, successOn);
    for (let n = 0; n <= 5; n++) {
      for (let pen = 0; pen <= 2; pen++) {
        for (const gc of [false, true]) {
          const b = brute(n, pen, gc, successOn);
          for (let x = 0; x <= n + 3; x++) expect(t.tail(n, pen, gc, x)).toBeCloseTo(x < b.length ? b[x] : 0, 12);
        }
      }
    }
  });

  it('initiative: P(Blue wins) by bonuses, against brute force with re-rolls', () => {
    expect(initiativeWinProbability(0, 0)).toBeCloseTo(0.5, 14);
    // bonus 1 vs 0: Blue wins a tie on totals, so P = P(2d6 + 1 ≥ 2d6).
    let p = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) for (let d = 1; d <= 6; d++) if (a + b + 1 >= c + d) p += 1 / 1296;
    expect(initiativeWinProbability(1, 0)).toBeCloseTo(p, 12);
    expect(initiativeWinProbability(0, 1)).toBeCloseTo(1 - p, 12);
  });
});

describe('a forced game records the hand-computed luck', () => {
  it('Sherman (3 dice) hits a Panzer IV (defence 2) with 4 5 6: two hits, damaged', () => {
    const spec: AamSpec = {
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 7]] }],
      units: { 'M4A1 Sherman': { vs_vehicle: [3, 3, 3] }, 'Panzer IV Ausf. F2': { defence: [2, 1] } },
    };
    const r = playAam(spec, [...W, 4, 5, 6], blueAttacks(1));
    expect(r.dice.remaining).toBe(0);
    expect(r.lines.filter((l) => / attacks /.test(l))[0]).toContain('→ 3 successes vs defence 2 front → 2 hits');
    // 3 dice at 1/2: 0–1 successes (1/2) no hit, 2 (3/8) one hit → 1 counter, 3 (1/8) two hits → 2 counters (damaged).
    // Worth lost by counters: 0, 0.2, 0.6. Sherman 21 points, Panzer IV 22; the Panzer holds 2 counters now.
    const P = [1 / 2, 3 / 8, 1 / 8], w = [0, 0.2, 0.6];
    const ew = P[0] * w[0] + P[1] * w[1] + P[2] * w[2];
    const k = 8 * (3 - 2 / 7); // turn 1
    expect(edgeSteepness(1)).toBeCloseTo(k, 14);
    const sig = (x: number) => 1 / (1 + Math.exp(-x));
    const edge = (blue: number, red: (lost: number) => number) => {
      const v = (lost: number) => sig((k * (blue - red(lost))) / (blue + red(lost)));
      return v(w[2]) - (P[0] * v(w[0]) + P[1] * v(w[1]) + P[2] * v(w[2]));
    };
    const c = r.record.controls;
    expect(c[C_MATERIAL]).toBeCloseTo(22 * (0.6 - ew), 12); // 9.9: Blue's luck (+ when Red is hit)
    expect(c[C_MATERIAL]).toBeCloseTo(9.9, 12);
    expect(c[C_MATERIAL_EDGE]).toBeCloseTo(edge(21, (lost) => 22 * (1 - lost)), 12);
    expect(c[C_NUMBERS_EDGE]).toBeCloseTo(edge(1, (lost) => 1 - lost), 12);
    expect(c[C_INITIATIVE]).toBeCloseTo(0.5, 12);
    expect(c[C_MATERIAL_EDGE]).toBeGreaterThan(0);
  });
});

describe('statistical: 20,000 games of a shipped variant, every control within 4 standard errors of 0', () => {
  it('aam-points-value, combined-33 (Sherman + 2 Garand + Bazooka vs Panzer IV + 4 Kar 98k)', () => {
    const exp = loadExperiment('experiments/aam-points-value.yaml', {});
    const engine = getEngine(exp.engine);
    const v = exp.compiled.variants.find((x) => x.name === 'combined-33')!;
    const runner = engine.createRunner(exp.compiled.game, v.params);
    const rec = new GameRecord(engine.metrics(exp.compiled.game));
    const dice = new RngDice(), pdice = new RngDice();
    const n = 20_000, sum = [0, 0, 0, 0], sq = [0, 0, 0, 0];
    for (let i = 0; i < n; i++) {
      dice.resetStream(exp.seed, i, STREAM_DICE);
      pdice.resetStream(exp.seed, i, STREAM_POLICY);
      rec.clear();
      runner.play(dice, pdice, rec, null);
      for (let j = 0; j < 4; j++) {
        sum[j] += rec.controls[j];
        sq[j] += rec.controls[j] ** 2;
      }
    }
    for (let j = 0; j < 4; j++) {
      const mean = sum[j] / n, se = Math.sqrt((sq[j] / n - mean * mean) / n);
      expect(se, `control ${j} varies`).toBeGreaterThan(0);
      expect(Math.abs(mean), `control ${j}: mean ${mean} (se ${se})`).toBeLessThan(4 * se);
    }
  });
});
