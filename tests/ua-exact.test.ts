// Exact cross-checks of the URBAN ASSAULT engine against the rule text:
// single attack/defence rolls by enumeration of the six faces (closed form and
// the engine driven face by face), and small engagements whose win probability
// is computed exactly by recursion (tests/helpers/exact-engagement.ts) versus
// 200k Monte Carlo games through runExperiment with worker threads; since issue 38 also the 2026-03 負傷 track
// (tests/helpers/exact-wounds.ts: one leader against two soldiers, with and without a medkit).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// The registry first: importing engine.ts first trips the import cycle
// engine → compile → sim/experiment → registry → engine (registry sees undefined).
import { getEngine } from '../src/registry.js';
import { RATE_LEADER_SURVIVED, RATE_WIN } from '../src/rules/urban-assault/combat/game.js';
import { defaultRulings } from '../src/rules/urban-assault/catalogue/rulings.js';
import { RngDice } from '../src/sim/core/dice.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runExperiment } from '../src/sim/run/run.js';
import { gameStream, STREAM_POLICY } from '../src/sim/core/streams.js';
import { GameRecord } from '../src/sim/core/types.js';
import { ScriptedDice } from './helpers/exact-dice.js';
import { exactWinProbability, successFaces, successFacesClosedForm, type ExactEngagement } from './helpers/exact-engagement.js';
import { bareLeader, oneSoldierGame } from './helpers/exact-ua.js';
import { exactWoundWinProbability, type ExactWoundEngagement } from './helpers/exact-wounds.js';

const urbanAssault = getEngine('urban-assault');
const ABILITIES = [-2, -1, 0, 1, 2, 3, 4, 5, 6];
const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** Play one game with the first die scripted to `face`; returns the record and the narration. */
function playScripted(game: ReturnType<typeof oneSoldierGame>, squad: ReturnType<typeof bareLeader>, face: number) {
  const runner = urbanAssault.createRunner(game, { squad, rulings: defaultRulings() });
  const rec = new GameRecord(urbanAssault.metrics(game));
  rec.clear();
  const lines: string[] = [];
  runner.play(new ScriptedDice([face], 99), new RngDice(gameStream(1, 0, STREAM_POLICY)), rec, { line: (t) => void lines.push(t) });
  return { rec, lines };
}

/** The replay log's modifier notation: +2, −1, +0. */
const mod = (m: number): string => (m < 0 ? `−${-m}` : `+${m}`);

describe('single rolls: enumeration, closed form and engine agree', () => {
  it('the closed form matches the enumeration of the six faces (natural 6 / natural 1)', () => {
    for (const a of ABILITIES) {
      for (const L of LEVELS) {
        expect(successFacesClosedForm(a, L), `ability ${a} vs level ${L}`).toBe(successFaces(a, L));
      }
    }
    // Spot values: never certain, never impossible.
    expect(successFaces(6, 1)).toBe(5);
    expect(successFaces(-2, 10)).toBe(1);
    expect(successFaces(0, 4)).toBe(3);
    expect(successFaces(1, 4)).toBe(4);
  });

  it('a shot (攻撃ロール with 技量点) hits on exactly the enumerated faces', () => {
    for (const a of ABILITIES) {
      for (const L of LEVELS) {
        let hits = 0;
        for (let f = 1; f <= 6; f++) {
          // The leader strikes first at a lone soldier: the first die is his attack roll; a hit wins the game.
          const { rec, lines } = playScripted(oneSoldierGame(L, false), bareLeader(a, 5), f);
          const shot = lines.find((l) => l.includes('leader shoots at'));
          expect(shot, `ability ${a}, level ${L}, face ${f}`).toContain(`d6=${f} ${mod(a)} → ${f + a} vs level ${L}`);
          const expected = f === 6 || (f !== 1 && f + a >= L);
          expect(rec.rates[RATE_WIN] === 1, `ability ${a}, level ${L}, face ${f}`).toBe(expected);
          hits += rec.rates[RATE_WIN];
        }
        expect(hits).toBe(successFacesClosedForm(a, L));
      }
    }
  });

  it('a melee attack against a gun-armed enemy is the same roll at −2 (§29)', () => {
    for (const a of ABILITIES) {
      for (const L of LEVELS) {
        let hits = 0;
        for (let f = 1; f <= 6; f++) {
          // No magazines: the leader melees with 技量点 a + 2, −2 against guns, so the ability is a.
          const { rec, lines } = playScripted(oneSoldierGame(L, false), bareLeader(a + 2, 0), f);
          expect(lines.find((l) => l.includes('leader melee at'))).toContain(`d6=${f} ${mod(a)} → ${f + a} vs level ${L}`);
          hits += rec.rates[RATE_WIN];
        }
        expect(hits, `ability ${a}, level ${L}`).toBe(successFaces(a, L));
      }
    }
  });

  it('a defence roll (防御ロール with 技量点) holds on exactly the enumerated faces', () => {
    for (const a of ABILITIES) {
      for (const L of LEVELS) {
        let held = 0;
        for (let f = 1; f <= 6; f++) {
          // The enemy strikes first at a leader with 1 life: the first die is his defence; a failure ends the game.
          const { rec, lines } = playScripted(oneSoldierGame(L, true), bareLeader(a, 5), f);
          expect(lines.find((l) => l.includes('leader defends'))).toContain(`d6=${f} ${mod(a)} → ${f + a} vs ${L}`);
          const expected = f === 6 || (f !== 1 && f + a >= L);
          expect(rec.rates[RATE_LEADER_SURVIVED] === 1, `ability ${a}, level ${L}, face ${f}`).toBe(expected);
          held += rec.rates[RATE_LEADER_SURVIVED];
        }
        expect(held).toBe(successFacesClosedForm(a, L));
      }
    }
  });
});

// ───────────────────────── exact engagements vs Monte Carlo ─────────────────────────

const GAMES = 200_000;

function writeExperiment(name: string, body: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'balance-lab-exact-'));
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, [`name: ${name}`, 'game: urban-assault', 'seed: 4242', 'stop: { games: 1000, chunk: 25000 }', body, ''].join('\n'));
  return file;
}

/** Six hostile soldiers (withdraw at half), the squad strikes first (the default opening), no retreat. */
const HOSTILE = writeExperiment('exact-hostile', `
engagement:
  name: six hostiles
  location: indoor
  enemies:
    - { name: hostiles, count: 6, level: 4 }
  reaction: hostile
  retreat_allowed: false
squad:
  leader: { sub_ability: shooting, xp: { skill: 4, life: 2 } }
  armour: none
  attachment: none
  magazines: 3
variants:
  - { name: alone, baseline: true }
  - { name: alone-below-half, rulings: { withdraw_threshold: below-half } }
  - { name: squad, leader: { sub_ability: shooting, xp: { life: 2 } }, members: { assault: 2 }, magazines: 2 }
  - { name: squad-random, leader: { sub_ability: shooting, xp: { life: 2 } }, members: { assault: 2 }, magazines: 2, policy: random }
`);

/** Five soldiers who fight to the end and strike first (scenario), no retreat. */
const FIGHT = writeExperiment('exact-fight', `
engagement:
  name: five fighters
  location: indoor
  enemies:
    - { name: fighters, count: 5, level: 5 }
  reaction: fight_to_the_end
  enemy_first_strike: true
  retreat_allowed: false
squad:
  leader: { sub_ability: shooting, xp: { skill: 4, life: 4 } }
  armour: none
  attachment: none
  members: { assault: 3 }
  magazines: 8
variants:
  - { name: squad, baseline: true }
  - { name: squad-random, policy: random }
`);

const hostile = (over: Partial<ExactEngagement>): ExactEngagement => ({
  leaderSkill: 1, life: 6, magazines: 3, members: 0, soldiers: 6, level: 4, reaction: 'hostile', withdraw: 'at-or-below-half',
  first: 'opening-choice', maxRounds: 40, policy: 'default', ...over,
});
const fight = (over: Partial<ExactEngagement>): ExactEngagement => ({
  leaderSkill: 1, life: 8, magazines: 8, members: 3, soldiers: 5, level: 5, reaction: 'fight_to_the_end', withdraw: 'at-or-below-half',
  first: 'enemy', maxRounds: 40, policy: 'default', ...over,
});

const CASES: { file: string; variant: string; model: ExactEngagement }[] = [
  { file: HOSTILE, variant: 'alone', model: hostile({}) },
  { file: HOSTILE, variant: 'alone-below-half', model: hostile({ withdraw: 'below-half' }) },
  { file: HOSTILE, variant: 'squad', model: hostile({ leaderSkill: 0, members: 2, magazines: 2 }) },
  { file: HOSTILE, variant: 'squad-random', model: hostile({ leaderSkill: 0, members: 2, magazines: 2, policy: 'random' }) },
  { file: FIGHT, variant: 'squad', model: fight({}) },
  { file: FIGHT, variant: 'squad-random', model: fight({ policy: 'random' }) },
];

describe('small engagements: exact recursion vs 200k Monte Carlo games', () => {
  it('the exact model is a probability and reacts to the rules as it should', () => {
    const p = exactWinProbability(hostile({}));
    expect(p).toBeGreaterThan(0.2);
    expect(p).toBeLessThan(0.8);
    // Withdrawing only below half needs one more kill; more life, magazines or skill never hurt.
    expect(exactWinProbability(hostile({ withdraw: 'below-half' }))).toBeLessThan(p);
    expect(exactWinProbability(hostile({ life: 7 }))).toBeGreaterThan(p);
    expect(exactWinProbability(hostile({ magazines: 4 }))).toBeGreaterThan(p);
    expect(exactWinProbability(hostile({ leaderSkill: 2 }))).toBeGreaterThan(p);
    // A hopeless case and a certain one.
    expect(exactWinProbability(hostile({ level: 99, magazines: 0 }))).toBeGreaterThan(0); // natural 6s still hit
    expect(exactWinProbability(hostile({ soldiers: 1, first: 'squad', level: 1, maxRounds: 200 }))).toBeGreaterThan(0.999);
  });

  it('every case lies within 4 standard errors of the exact win probability', async () => {
    const runs = new Map<string, Awaited<ReturnType<typeof runExperiment>>>();
    for (const file of [HOSTILE, FIGHT]) runs.set(file, await runExperiment(loadExperiment(file, { games: GAMES }), { workers: 2 }));
    const rows: string[] = [];
    for (const c of CASES) {
      const v = runs.get(c.file)!.variants.find((x) => x.name === c.variant)!;
      expect(v.games).toBe(GAMES);
      const exact = exactWinProbability(c.model);
      expect(exact).toBeGreaterThan(0.2);
      expect(exact).toBeLessThan(0.8);
      const mc = v.rates[0].count / v.games;
      const se = Math.sqrt((exact * (1 - exact)) / v.games);
      rows.push(`${c.file.endsWith('exact-fight.yaml') ? 'fight' : 'hostile'}/${c.variant}: exact ${exact.toFixed(5)}, MC ${mc.toFixed(5)}, z ${((mc - exact) / se).toFixed(2)}`);
      expect(Math.abs(mc - exact), `${c.variant}: exact ${exact}, MC ${mc}`).toBeLessThanOrEqual(4 * se);
    }
    console.info(rows.join('\n'));
  });
});

// ───────────────────────── the 2026-03 負傷 track: exact recursion vs Monte Carlo (issue 38) ─────────────────────────

/**
 * One leader (技量点 0, life 8, no armour) alone against two soldiers of level 4 who fight to the end and strike
 * first, 2 magazines (then melee at −2): long fights in which 負傷 builds up, under the published rules; with and
 * without a medkit, under UA-R150's two readings.
 */
const WOUNDS = writeExperiment('exact-wounds', `
rules: public-2026-03-23
engagement:
  name: two fighters
  location: indoor
  enemies:
    - { name: pair, count: 2, level: 4 }
  reaction: fight_to_the_end
  enemy_first_strike: true
  retreat_allowed: false
squad:
  leader: { sub_ability: shooting, xp: { life: 4 } }
  armour: none
  attachment: none
  magazines: 2
variants:
  - { name: bare, baseline: true }
  - { name: bare-after-end, rulings: { wound_bleed: after-end-too } }
  - { name: medkit, buy: [medkit] }
  - { name: medkit-after-end, buy: [medkit], rulings: { wound_bleed: after-end-too } }
`);

const wounds = (over: Partial<ExactWoundEngagement>): ExactWoundEngagement => ({
  leaderSkill: 0, life: 8, magazines: 2, soldiers: 2, level: 4, medkits: 0, cureAt: 2, bleed: 'while-fighting', maxRounds: 40, ...over,
});
const WOUND_CASES: { variant: string; model: ExactWoundEngagement }[] = [
  { variant: 'bare', model: wounds({}) },
  { variant: 'bare-after-end', model: wounds({ bleed: 'after-end-too' }) },
  { variant: 'medkit', model: wounds({ medkits: 1 }) },
  { variant: 'medkit-after-end', model: wounds({ medkits: 1, bleed: 'after-end-too' }) },
];

describe('the 負傷 track: exact recursion vs 200k Monte Carlo games (2026-03-23)', () => {
  it('the exact model reacts to the wound rules as it should', () => {
    const p = exactWoundWinProbability(wounds({}));
    // Losing 1 life after a won round too can only lose fights; a medkit spent at 負傷 2 trades a shot for the wound.
    expect(exactWoundWinProbability(wounds({ bleed: 'after-end-too' }))).toBeLessThan(p);
    expect(exactWoundWinProbability(wounds({ medkits: 1 }))).not.toBe(p);
    // One life: the leader is down before a third wound could bleed, so both readings agree.
    expect(exactWoundWinProbability(wounds({ life: 1 }))).toBe(exactWoundWinProbability(wounds({ life: 1, bleed: 'after-end-too' })));
  });

  it('every case lies within 4 standard errors of the exact win probability, and the readings are told apart', async () => {
    const run = await runExperiment(loadExperiment(WOUNDS, { games: GAMES }), { workers: 2 });
    const rows: string[] = [];
    for (const c of WOUND_CASES) {
      const v = run.variants.find((x) => x.name === c.variant)!;
      expect(v.games).toBe(GAMES);
      const exact = exactWoundWinProbability(c.model);
      expect(exact).toBeGreaterThan(0.2);
      expect(exact).toBeLessThan(0.8);
      const mc = v.rates[0].count / v.games;
      const se = Math.sqrt((exact * (1 - exact)) / v.games);
      rows.push(`wounds/${c.variant}: exact ${exact.toFixed(5)}, MC ${mc.toFixed(5)}, z ${((mc - exact) / se).toFixed(2)}`);
      expect(Math.abs(mc - exact), `${c.variant}: exact ${exact}, MC ${mc}`).toBeLessThanOrEqual(4 * se);
    }
    // The two bleed readings differ by far more than the tolerance: the test pins which one the engine plays.
    const gap = exactWoundWinProbability(wounds({})) - exactWoundWinProbability(wounds({ bleed: 'after-end-too' }));
    expect(gap).toBeGreaterThan(8 * Math.sqrt(0.25 / GAMES));
    console.info(rows.join('\n'));
  });
});

