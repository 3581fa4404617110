// robot-skirmish luck (src/rules/robot-skirmish/luck.ts): the zero-mean control variates of issue 27. (a) For concrete
// attacks, and for disengagement, self-repair, kicks with their fall checks and concentration, every dice outcome is enumerated with its exact probability and the engine's own luck summed: Σ P·term = 0;
// (b) a forced sequence records exactly the hand-computed controls; (c) over 20,000 seeded games of a shipped variant
// each control's mean is within 4 standard errors of 0, and a deliberately biased term is caught by the same check.
import { afterEach, describe, expect, it } from 'vitest';
import * as D from '../src/rules/robot-skirmish/decisions.js';
import { RsGame } from '../src/rules/robot-skirmish/game.js';
import { RS_CONTROLS, rsMetrics } from '../src/rules/robot-skirmish/engine.js';
import { LK_AHEAD_END, LK_COST, LK_HP_SIDE0, LK_LEVEL, LK_MARGIN, LK_SHARE, LUCK_CONTROLS, LUCK_RAW, RsLuck } from '../src/rules/robot-skirmish/luck.js';
import type { RsState } from '../src/rules/robot-skirmish/state.js';
import { GameRecord } from '../src/sim/core/types.js';
import { RngDice } from '../src/sim/core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../src/sim/core/streams.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { getEngine } from '../src/registry.js';
import { compileRobot, filler, scriptedPolicy, setupRobot, type Answers, type RobotSpec, type UnitSpec } from './helpers/robot-harness.js';
import { ScriptedDice } from './helpers/scripted-dice.js';

const FAR_S = filler('Zs', [3, 3]);
const FAR_R = filler('Zr', [87, 57]);
const unit = (name: string, at: [number, number], extra: Partial<UnitSpec> = {}): UnitSpec => ({ name, at, weapons: ['rifle'], ...extra });
const spec = (subject: UnitSpec[], reference: UnitSpec[], extra: Partial<RobotSpec> = {}): RobotSpec => ({
  subject: [...subject, FAR_S], reference: [...reference, FAR_R], ...extra,
});

/**
 * Play side 0's turn once for every sequence of dice the rules can draw (each next draw branched over its faces:
 * 6 for a d6, n for below(n)), and return Σ P(sequence) × the game's raw luck, and Σ P.
 */
function expectedLuck(sp: RobotSpec, answers: Answers, prep: (s: RsState) => void = () => {}): { mean: Float64Array; total: number; leaves: number; spread: number; slotSpread: Float64Array } {
  const { game: g, variant } = compileRobot(sp);
  const mean = new Float64Array(LUCK_RAW), slotSpread = new Float64Array(LUCK_RAW);
  let total = 0, leaves = 0, spread = 0;
  const walk = (faces: number[], p: number): void => {
    const game = new RsGame(g, variant, [scriptedPolicy(answers), scriptedPolicy({})]);
    const rec = new GameRecord(rsMetrics(g));
    rec.clear();
    const dice = new ScriptedDice(faces, 'rules');
    try {
      game.begin(dice, new ScriptedDice([], 'policy'), rec, null);
      prep(game.s);
      game.playTurn(0);
    } catch (e) {
      const m = /script exhausted — draw #\d+ \((d6|below\((\d+)\))\)/.exec((e as Error).message);
      if (!m) throw e;
      const n = m[2] ? Number(m[2]) : 6;
      for (let f = 1; f <= n; f++) walk([...faces, f], p / n);
      return;
    }
    expect(dice.remaining).toBe(0);
    leaves++;
    total += p;
    const raw = game.luckRaw;
    for (let j = 0; j < LUCK_RAW; j++) {
      mean[j] += p * raw[j];
      spread = Math.max(spread, Math.abs(raw[j]));
      slotSpread[j] = Math.max(slotSpread[j], Math.abs(raw[j]));
    }
  };
  walk([], 1);
  return { mean, total, leaves, spread, slotSpread };
}

function expectZeroMean(r: ReturnType<typeof expectedLuck>, minLeaves: number): void {
  expect(r.total).toBeCloseTo(1, 12);
  expect(r.leaves).toBeGreaterThanOrEqual(minLeaves);
  expect(r.spread).toBeGreaterThan(0.1); // the terms are not all 0
  for (let j = 0; j < LUCK_RAW; j++) expect(Math.abs(r.mean[j])).toBeLessThan(1e-12);
}

describe('luck: exact zero mean over every dice outcome (luck.ts)', () => {
  // Units: subject A (0), [B (1)], Zs; reference E, [F], Zr. Subject first: no initiative roll.
  it('a rifle shot (damage 2) at a small robot on 3 hp whose death changes the lead (costs level)', () => {
    const sp = spec([unit('A', [45, 10])], [unit('E', [45, 40], { weapons: [] })]);
    const r = expectedLuck(sp, { attack: [D.at(D.AK_SHOOT, 0, 2, 0)] }, (s) => void (s.hp[2] = 3));
    expectZeroMean(r, 36);
    for (const j of [LK_MARGIN, LK_AHEAD_END, LK_COST, LK_SHARE, LK_HP_SIDE0]) expect(r.slotSpread[j]).toBeGreaterThan(0); // early in the game: small time weights
  });

  it('a shot that destroys a robot of the side ahead on cost: side 0 trailing, then level (luck_level)', () => {
    // Side 0: A and its filler; side 1: E, F and its filler (same cost each): side 0 trails by one unit's cost.
    const sp = spec([unit('A', [45, 10])], [unit('E', [45, 40], { weapons: [] }), unit('F', [80, 50], { weapons: [] })]);
    const r = expectedLuck(sp, { attack: [D.at(D.AK_SHOOT, 0, 2, 0)] }, (s) => void (s.hp[2] = 2));
    expectZeroMean(r, 36);
    expect(r.slotSpread[LK_LEVEL]).toBeGreaterThan(0.1);
    expect(r.slotSpread[LK_AHEAD_END]).toBe(0);
  });

  it('a shot at the enemy headquarters (2 hp) by the side trailing on cost: a hit ends the game, every part at its final value', () => {
    const sp = spec([unit('A', [45, 20])], [unit('E', [80, 50], { weapons: [] }), unit('F', [70, 50], { weapons: [] })], { headquarters: { hp: 2, defence: 8, radius: 3 } });
    const r = expectedLuck(sp, { attack: [(legal) => legal.find((a) => D.atTarget(a) === D.TARGET_HQ)!] });
    expectZeroMean(r, 36);
    for (let j = 1; j < LUCK_CONTROLS; j++) expect(r.slotSpread[j], `slot ${j}`).toBeGreaterThan(0);
  });

  it('a punch (1d6−3, min 1) at a large robot with heavy armour and clone: damage, clone and armour dice', () => {
    const sp = spec([unit('A', [45, 30], { weapons: [] })], [unit('E', [50.5, 30], { weapons: [], size: 'large', equipment: ['heavy_armour', 'clone'] })]);
    const r = expectedLuck(sp, { attack: [(legal) => legal.find((a) => D.atKind(a) === D.AK_PUNCH)!] }, (s) => void (s.hp[2] = 2));
    expectZeroMean(r, 36 + 6 * 6 * 6);
  });

  it('friendly fire before the roll (RS-R04): the check, the friend drawn by below(2), then the attack', () => {
    const sp = spec([unit('A', [45, 10]), unit('B', [40.5, 40], { weapons: [] }), unit('C', [49.5, 40], { weapons: [] })], [unit('E', [45, 40], { weapons: [] })]);
    const r = expectedLuck(sp, { attack: [D.at(D.AK_SHOOT, 0, 4, 0)] }, (s) => void (s.hp[2] = 2));
    expectZeroMean(r, 2 + 4 * 36);
  });

  it('friendly fire on a hit (RS-R04 on-hit), a critical taken as dice at six', () => {
    const sp = spec([unit('A', [45, 10], { weapons: ['beam_rifle'] }), unit('B', [40.5, 40], { weapons: [] }), unit('C', [49.5, 40], { weapons: [] })], [unit('E', [45, 40], { weapons: [], equipment: ['anti_en_field'] })], { rulings: { friendly_fire: 'on-hit' } });
    const r = expectedLuck(sp, { attack: [D.at(D.AK_SHOOT, 0, 4, 0)], critical: D.CR_MAX_DICE });
    expectZeroMean(r, 36);
  });

  it('a point-blank beam rifle at an anti-EN, armoured robot: a fumble rolls the weapon\'s damage on the shooter', () => {
    const sp = spec([unit('A', [45, 30], { weapons: ['beam_rifle'] })], [unit('E', [50, 30], { weapons: [], size: 'medium', equipment: ['heavy_armour', 'anti_en_field'] })]);
    const r = expectedLuck(sp, { attack: [(legal) => legal.find((a) => D.atKind(a) === D.AK_SHOOT)!] }, (s) => void (s.hp[0] = 2));
    expectZeroMean(r, 36);
  });
});

describe('luck: exact zero mean over the other rolls', () => {
  it('離脱: the disengagement roll and, on a failure, the enemy\'s free attack (it can destroy the mover)', () => {
    const sp = spec([unit('A', [45, 30], { weapons: [] })], [unit('E', [49.5, 30])]);
    const r = expectedLuck(sp, { move: (legal) => legal.find((a) => D.mvKind(a) === D.MK_MOVE)! }, (s) => void (s.hp[0] = 2));
    expectZeroMean(r, 1 + 36);
  });

  it('self-repair (1d6−2, min 1) of a damaged robot, close to its maximum', () => {
    const sp = spec([unit('A', [45, 10], { equipment: ['self_repair'] })], [unit('E', [45, 40], { weapons: [] })]);
    const r = expectedLuck(sp, { repair: D.A_YES }, (s) => void (s.hp[0] = 2));
    expectZeroMean(r, 6);
  });

  it('a kick (1d6−1) and the fall checks of the kicker and the kicked (RS-R08)', () => {
    const sp = spec([unit('A', [45, 30], { weapons: [] })], [unit('E', [49.5, 30], { weapons: [] })]);
    const r = expectedLuck(sp, { attack: [(legal) => legal.find((a) => D.atKind(a) === D.AK_KICK)!] });
    expectZeroMean(r, 36);
  });

  it('concentration (1d6−2, min 1) before a shot', () => {
    const sp = spec([unit('A', [45, 10])], [unit('E', [45, 40], { weapons: [] })]);
    const r = expectedLuck(sp, { attack: [D.at(D.AK_SHOOT, 0, 2, 0)], concentrate: D.A_YES }, (s) => void (s.hp[2] = 3));
    expectZeroMean(r, 6 * 36);
  });
});

describe('luck: a forced sequence records the hand-computed controls', () => {
  it('A hits E (5+5), then B rolls a critical (6+6) that destroys E and puts side 0 ahead on cost', () => {
    // A, B small, attack 3; E small (4 hp, defence 10) with 2 attack bonus points: cost 4, so both sides cost 6.
    const sp = spec([unit('A', [40, 10]), unit('B', [50, 10])], [unit('E', [45, 40], { weapons: [], bonus: { attack: 2 } })]);
    const r = setupRobot(sp, [5, 5, 6, 6], { attack: [D.at(D.AK_SHOOT, 0, 3, 0), D.at(D.AK_SHOOT, 1, 3, 8)] });
    r.s.round = 4; // side 0 first: the 7th of 16 turns, h = 7/16, R = 9 turns left after it
    r.game.playTurn(0);
    expect(r.dice.remaining).toBe(0);
    expect(r.s.alive[3]).toBe(0);
    r.game.finish();
    const h = 7 / 16, sc = 1 / (2 * Math.sqrt(10)), sigma = (x: number): number => x / Math.sqrt(1 + x * x);
    // Need 2D6 ≥ 10 − 3 = 7: 20 normal hits of 36 and the 6-6. Before A's roll: cost 6 : 6, cost × hp / max hp
    // e = 6 : 6. A on E (4 hp): a hit takes 2 hp (e1 4), a critical 3 (e1 3): hp 2 or 3, margin σ(2 sc) or σ(3 sc),
    // share 6/10 − ½ or 6/9 − ½; A hit.
    const hpA = 2 - (20 * 2 + 3) / 36;
    const marginA = sigma(2 * sc) - (20 * sigma(2 * sc) + sigma(3 * sc)) / 36;
    const shareA = 0.1 - (20 * 0.1 + 1 / 6) / 36;
    // B on E (2 hp, e1 4): hit or critical destroys E (cost 4): hp 2, ahead 1, level 0 (level before and after),
    // cost σ(4/2) − σ(0), margin σ(4 sc) − σ(2 sc), share 6/8 − 6/10; with probability 21/36: B's critical adds 15/36 of it.
    const k = 15 / 36;
    const margin = marginA + k * (sigma(4 * sc) - sigma(2 * sc));
    const c = r.record.controls;
    const want = [
      0, // initiative: not rolled (subject first)
      margin,
      h ** 3 * margin,
      Math.exp(-3) * k, // ahead × e^(−R/3)
      h ** 2 * k,
      0, // level
      0,
      k * sigma(2), // cost
      h ** 3 * k * sigma(2),
      h ** 2 * (shareA + k * 0.15),
      hpA + k * 2, // hp, side 0's rolls
      h ** 2 * (hpA + k * 2),
    ];
    expect(c.length).toBe(want.length);
    want.forEach((x, j) => expect(c[j], rsMetrics(r.game.def).controls![j].id).toBeCloseTo(x, 12));
  });
});

describe('luck: the controls average 0 over seeded games of a shipped variant', () => {
  const orig = RsLuck.prototype.rollSettle;
  afterEach(() => void (RsLuck.prototype.rollSettle = orig));

  /** Mean / standard error of each control over games [0, n) of formation-vs-multi-attack's `form-same-rifle`. */
  function zScores(n: number): number[] {
    const exp = loadExperiment('experiments/formation-vs-multi-attack.yaml');
    const engine = getEngine(exp.engine);
    const spec = engine.metrics(exp.compiled.game);
    const v = exp.compiled.variants.find((x) => x.name === 'form-same-rifle')!;
    const runner = engine.createRunner(exp.compiled.game, v.params);
    const rec = new GameRecord(spec), dice = new RngDice(), pdice = new RngDice();
    const k = spec.controls!.length, sum = new Float64Array(k), sq = new Float64Array(k);
    for (let i = 0; i < n; i++) {
      dice.resetStream(exp.seed, i, STREAM_DICE);
      pdice.resetStream(exp.seed, i, STREAM_POLICY);
      rec.clear();
      runner.play(dice, pdice, rec, null);
      for (let j = 0; j < k; j++) {
        sum[j] += rec.controls[j];
        sq[j] += rec.controls[j] ** 2;
      }
    }
    return Array.from(sum, (s, j) => {
      const m = s / n, sd = Math.sqrt((sq[j] - n * m * m) / (n - 1));
      return m / (sd / Math.sqrt(n));
    });
  }

  it('within 4 standard errors of 0 over 20,000 games', () => {
    for (const z of zScores(20_000)) expect(Math.abs(z)).toBeLessThan(4);
  });

  it('a biased term (side 0\'s criticals settled as normal hits, the expectation still counting the critical\'s +1) fails it (luck_hp_side0)', () => {
    RsLuck.prototype.rollSettle = function (side: number, crit: boolean, hit: boolean) {
      orig.call(this, side, side === 0 ? false : crit, hit);
    };
    const hp = RS_CONTROLS.findIndex((c) => c.id === 'luck_hp_side0');
    expect(Math.abs(zScores(20_000)[hp])).toBeGreaterThan(4);
  });
});
