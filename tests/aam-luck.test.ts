// Axis & Allies Miniatures luck controls (src/rules/axis-allies-miniatures/luck.ts, issue 27): every control is a sum
// of (value of what the dice gave − its exact expectation), so (a) over every dice outcome of an attack, weighted by
// its exact probability, the controls add up to exactly 0 (Guard Crew, Superior Armor, cover, Close Assault, a second
// attack on a target already holding counters), in a played game and attack by attack in the early and the late turns,
// near the objective and away from it; the success tails equal brute force over every face; (b) a forced game records
// the hand-computed sum; (c) over 20,000 games of a shipped variant each control's mean is within 4 standard errors of 0.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/axis-allies-miniatures/decisions.js';
import { aamMetrics } from '../src/rules/axis-allies-miniatures/engine.js';
import { AamGame } from '../src/rules/axis-allies-miniatures/game.js';
import {
  AAM_CONTROLS, C_INITIATIVE, C_INITIATIVE_T1, C_INITIATIVE_T2, C_MATERIAL, C_MATERIAL_EDGE, C_MATERIAL_EDGE_LATE, C_MATERIAL_LATE, C_MATERIAL_NEAR_OBJECTIVE,
  C_NUMBERS_EDGE, C_SOLDIER_KILL_LATE, C_VEHICLE_HIT_EARLY, C_VEHICLE_HIT_LATE, SuccessTails, edgeSteepness, initiativeWinProbability, lateTurn,
} from '../src/rules/axis-allies-miniatures/luck.js';
import { hitsFrom, lethalCounters, rollSuccesses } from '../src/rules/axis-allies-miniatures/combat.js';
import { GameRecord } from '../src/sim/core/types.js';
import { RngDice } from '../src/sim/core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../src/sim/core/streams.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
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
  const mean = AAM_CONTROLS.map(() => 0);
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
    for (let j = 0; j < mean.length; j++) mean[j] += p * rec.controls[j];
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
    const initiative = [C_INITIATIVE, C_INITIATIVE_T1, C_INITIATIVE_T2];
    for (let j = 0; j < AAM_CONTROLS.length; j++) if (!initiative.includes(j)) expect(Math.abs(r.mean[j]), AAM_CONTROLS[j].id).toBeLessThan(1e-12);
    // The initiative was forced (Blue 12 against 2, no bonuses): won − P(win) = 1 − 1/2 in every outcome, on turn 1.
    expect(r.mean[C_INITIATIVE]).toBeCloseTo(0.5, 12);
    expect(r.mean[C_INITIATIVE_T1]).toBeCloseTo(0.5, 12);
    expect(r.mean[C_INITIATIVE_T2]).toBe(0);
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

/** Every counter count the target may hold after one attack, with its exact probability (the rules' dice, all branched). */
function attackOutcomes(n: number, pen: number, gc: boolean, def: number, sup: number, kind: number, need: number, cmod: number, before: number): Map<number, number> {
  const out = new Map<number, number>();
  const leaf = (faces: number[], p: number): void => {
    const dice = new ScriptedDice(faces, 'rules');
    let after: number;
    try {
      const hits = hitsFrom(rollSuccesses(dice, n, -pen, gc, null, 4), def, sup, kind);
      const limited = hits > 0 && need > 0 && dice.d6() + cmod >= need;
      after = hits === 0 ? before : limited ? Math.max(1, before) : Math.min(lethalCounters(kind), before + hits);
    } catch (e) {
      if (!/script exhausted/.test(String(e))) throw e;
      for (let f = 1; f <= 6; f++) leaf([...faces, f], p / 6);
      return;
    }
    out.set(after, (out.get(after) ?? 0) + p);
  };
  leaf([], 1);
  return out;
}

describe('exact zero mean attack by attack: early and late turns, near the objective and away from it', () => {
  // A 7-turn game (objective checked from turn 7, so the late turns begin on 6) where nobody attacks: its final state
  // holds every unit where it deployed; each case then scores one attack on it with AamLuck directly.
  const spec: AamSpec = {
    blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }, { unit: 'M1 Garand Rifle', at: [[6, 4]] }],
    red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 17]] }, { unit: 'Mauser Kar 98k', at: [[6, 17]] }],
    battlefield: { objective_turn: 7, points_turn: 7, max_turns: 7 },
  };
  const run = playAam(spec, Array.from({ length: 7 }, () => W).flat());
  const s = run.game.s, luck = run.game.luck;
  const VEH = 1, SOL = 0;
  // [name, target, kind, n dice, penalty, Guard Crew, defence, Superior Armor, cover need, cover mod, counters before, damaged]
  const cases: [string, number, number, number, number, boolean, number, number, number, number, number, boolean][] = [
    ['Red tank, 3 dice vs 2', 2, VEH, 3, 0, false, 2, 0, 0, 0, 0, false],
    ['Red tank already holding a counter, Guard Crew, Superior Armor 1', 2, VEH, 4, 1, true, 2, 1, 0, 0, 1, false],
    ['Red tank damaged (AAM-R01), cover 5+', 2, VEH, 3, 0, false, 2, 0, 5, 0, 0, true],
    ['Blue tank, 4 dice vs 3', 0, VEH, 4, 0, false, 3, 0, 0, 0, 0, false],
    ['Red soldier in cover at −1 (same hex)', 3, SOL, 3, 0, false, 2, 0, 4, -1, 0, false],
    ['Blue soldier holding a counter', 1, SOL, 2, 2, false, 1, 0, 0, 0, 1, false],
  ];
  it('lateTurn: the turn before the objective is first checked, never before 1', () => {
    expect(lateTurn(7)).toBe(6);
    expect(lateTurn(1)).toBe(1);
    expect(run.dice.remaining).toBe(0);
    expect(s.turn).toBe(7);
  });
  it.each(cases)('%s', (_name, t, kind, n, pen, gc, def, sup, need, cmod, before, damaged) => {
    expect(s.kind[t]).toBe(kind);
    const home = s.pos[t], far = s.map.dist(home, s.map.centre);
    expect(far).toBeGreaterThan(3);
    const outcomes = attackOutcomes(n, pen, gc, def, sup, kind, need, cmod, before);
    expect([...outcomes.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(outcomes.size).toBeGreaterThan(1);
    for (const turn of [1, 5, 6, 9]) {
      for (const pos of [home, s.map.centre]) {
        s.pos[t] = pos;
        s.damaged[t] = damaged ? 1 : 0;
        const mean = AAM_CONTROLS.map(() => 0), square = AAM_CONTROLS.map(() => 0);
        for (const [after, p] of outcomes) {
          s.counters[t] = before;
          luck.reset(s);
          s.counters[t] = after;
          luck.attack(s, t, n, pen, gc, def, sup, before, need, cmod, turn);
          luck.values.forEach((x, j) => {
            mean[j] += p * x;
            square[j] += p * x * x;
          });
        }
        s.counters[t] = 0;
        s.damaged[t] = 0;
        s.pos[t] = home;
        for (let j = 0; j < mean.length; j++) expect(Math.abs(mean[j]), `${AAM_CONTROLS[j].id} turn ${turn}`).toBeLessThan(1e-12);
        // The terms reach the slots they name, and only those.
        const late = turn >= 6;
        expect(square[C_MATERIAL]).toBeGreaterThan(0);
        expect(square[C_MATERIAL_LATE] > 0).toBe(late);
        expect(square[C_MATERIAL_EDGE_LATE] > 0).toBe(late);
        expect(square[C_MATERIAL_NEAR_OBJECTIVE] > 0).toBe(pos === s.map.centre);
        expect(square[C_VEHICLE_HIT_EARLY] > 0).toBe(kind === VEH && !damaged && before === 0 && !late);
        expect(square[C_VEHICLE_HIT_LATE] > 0).toBe(kind === VEH && !damaged && before === 0 && late);
        expect(square[C_SOLDIER_KILL_LATE] > 0).toBe(kind === SOL && late);
        for (const j of [C_INITIATIVE, C_INITIATIVE_T1, C_INITIATIVE_T2]) expect(square[j]).toBe(0);
      }
    }
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
    // The harness checks the objective from turn 1, so turn 1 is late (lateTurn(1) = 1): the late copies equal the
    // whole; the Panzer was not damaged and now holds counters (2, damaged: "holds a counter" is 1), where P(no hit) =
    // 1/2: 1 − (1 − 1/2) = +0.5 for Blue.
    expect(c[C_INITIATIVE_T1]).toBeCloseTo(0.5, 12);
    expect(c[C_INITIATIVE_T2]).toBe(0);
    expect(c[C_MATERIAL_LATE]).toBeCloseTo(9.9, 12);
    expect(c[C_MATERIAL_EDGE_LATE]).toBe(c[C_MATERIAL_EDGE]);
    expect(c[C_VEHICLE_HIT_LATE]).toBeCloseTo(0.5, 12);
    expect(c[C_VEHICLE_HIT_EARLY]).toBe(0);
    expect(c[C_SOLDIER_KILL_LATE]).toBe(0);
    // The Panzer at (7,7) is 3 hexes from the objective (7,10): near it (NEAR_OBJECTIVE = 3).
    const m = r.game.s.map;
    expect(m.centre).toBe(m.at(7, 10));
    expect(c[C_MATERIAL_NEAR_OBJECTIVE]).toBeCloseTo(9.9, 12);
  });

  it('a Kar 98k next to the objective destroyed on turn 1 (late): 2 hits of 3 dice vs defence 1', () => {
    // Sherman 3 dice at 1/2 vs a soldier of defence 1 in the open: 0 successes (1/8) no hit, 1 (3/8) one hit →
    // 1 counter, ≥ 2 (1/2) two hits (the soldiers' cap) → 2 counters, destroyed (worth lost 0, 0.2, 1 of its cost).
    const spec: AamSpec = {
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 8]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 11]] }],
      units: { 'M4A1 Sherman': { vs_soldier: [3, 3, 3] }, 'Mauser Kar 98k': { defence: [1, 1] } },
    };
    const r = playAam(spec, [...W, 4, 5, 6], blueAttacks(1));
    expect(r.dice.remaining).toBe(0);
    expect(r.lines.filter((l) => / attacks /.test(l))[0]).toContain('→ 3 successes vs defence 1 → 2 hits');
    const m = r.game.s.map, cost = r.game.s.unitType(1).cost;
    expect(m.dist(m.at(7, 11), m.centre)).toBe(1);
    const P = [1 / 8, 3 / 8, 1 / 2], w = [0, 0.2, 1];
    const ew = P[0] * w[0] + P[1] * w[1] + P[2] * w[2];
    const c = r.record.controls;
    expect(c[C_MATERIAL]).toBeCloseTo(cost * (1 - ew), 12);
    expect(c[C_MATERIAL_LATE]).toBeCloseTo(c[C_MATERIAL], 12);
    expect(c[C_MATERIAL_NEAR_OBJECTIVE]).toBeCloseTo(c[C_MATERIAL], 12);
    expect(c[C_SOLDIER_KILL_LATE]).toBeCloseTo(1 - 1 / 2, 12);
    expect(c[C_VEHICLE_HIT_LATE]).toBe(0);
    expect(c[C_VEHICLE_HIT_EARLY]).toBe(0);
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
    const n = 20_000, sum = AAM_CONTROLS.map(() => 0), sq = AAM_CONTROLS.map(() => 0);
    for (let i = 0; i < n; i++) {
      dice.resetStream(exp.seed, i, STREAM_DICE);
      pdice.resetStream(exp.seed, i, STREAM_POLICY);
      rec.clear();
      runner.play(dice, pdice, rec, null);
      for (let j = 0; j < sum.length; j++) {
        sum[j] += rec.controls[j];
        sq[j] += rec.controls[j] ** 2;
      }
    }
    for (let j = 0; j < sum.length; j++) {
      const id = AAM_CONTROLS[j].id, mean = sum[j] / n, se = Math.sqrt((sq[j] / n - mean * mean) / n);
      expect(se, `${id} varies`).toBeGreaterThan(0);
      expect(Math.abs(mean), `${id}: mean ${mean} (se ${se})`).toBeLessThan(4 * se);
    }
  });
});
