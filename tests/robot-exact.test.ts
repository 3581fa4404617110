// Exact checks of the robot-skirmish attack roll: for every one of the 36
// outcomes of 2D6 the engine (driven die by die) hits exactly when the rule
// says — 6-6 always (critical, judged before modifiers), 1-1 never (fumble),
// otherwise attack + 2D6 + modifiers ≥ defence — across attack values,
// defences and every modifier source (point-blank, stealth, evasion, height,
// multi-attack, formation, concentration); the hit counts equal the shared
// probability table; and a Monte Carlo run of the engine matches it.
import { describe, expect, it } from 'vitest';
import { hitOutcomes, hitProbability, meanDamage } from '../src/rules/robot-skirmish/attack-math.js';
import { parseDamage } from '../src/rules/robot-skirmish/catalogue.js';
import * as D from '../src/rules/robot-skirmish/decisions.js';
import { RsGame } from '../src/rules/robot-skirmish/game.js';
import { RngDice } from '../src/sim/core/dice.js';
import { gameStream } from '../src/sim/core/streams.js';
import { compileRobot, filler, scriptedPolicy, type Answers, type RobotSpec, type UnitSpec } from './helpers/robot-harness.js';
import { ScriptedDice } from './helpers/scripted-dice.js';

/** The rule, written independently of the engine. */
function ruleHit(d1: number, d2: number, attack: number, mod: number, defence: number): boolean {
  if (d1 === 6 && d2 === 6) return true;
  if (d1 === 1 && d2 === 1) return false;
  return attack + d1 + d2 + mod >= defence;
}

interface Case {
  readonly label: string;
  readonly mod: number;
  /** Dice before the attack roll (concentration). */
  readonly pre: readonly number[];
  /** Dice after the first roll (the other rolls of the action). */
  readonly post: readonly number[];
  readonly spec: (attackBonus: number, defence: number) => RobotSpec;
  readonly answers: Answers;
  readonly setup?: (g: RsGame) => void;
}

const unit = (name: string, at: [number, number], extra: Partial<UnitSpec> = {}): UnitSpec => ({ name, at, weapons: ['rifle'], ...extra });
const base = (_attackBonus: number, defence: number, subject: UnitSpec[], reference: UnitSpec[]): RobotSpec => ({
  subject: [...subject, filler('Zs', [3, 3])],
  reference: [...reference, filler('Zr', [87, 57])],
  catalogue: { base: { defence } },
  rulings: { friendly_fire: 'before-roll' },
});
const shooter = (b: number, extra: Partial<UnitSpec> = {}) => unit('A', [45, 10], { bonus: b ? { attack: b } : {}, ...extra });
const target = (extra: Partial<UnitSpec> = {}) => unit('E', [45, 40], { weapons: [], size: 'large', ...extra });
const first = (kind: number, pred: (a: number) => boolean = () => true) => (legal: readonly number[]) => legal.find((a) => D.atKind(a) === kind && pred(a))!;

const CASES: Case[] = [
  { label: 'plain shot', mod: 0, pre: [], post: [], spec: (b, d) => base(b, d, [shooter(b)], [target()]), answers: { attack: [first(D.AK_SHOOT)] } },
  { label: 'point-blank −2', mod: -2, pre: [], post: [], spec: (b, d) => base(b, d, [shooter(b, { at: [45, 34] })], [target()]), answers: { attack: [first(D.AK_SHOOT)] } },
  { label: 'stealth −2', mod: -2, pre: [], post: [], spec: (b, d) => base(b, d, [shooter(b)], [target()]), answers: { attack: [first(D.AK_SHOOT)] }, setup: (g) => void (g.s.stealth[2] = 1) },
  { label: 'evasion booster −2', mod: -2, pre: [], post: [], spec: (b, d) => base(b, d, [shooter(b)], [target({ equipment: ['evasion_booster'] })]), answers: { attack: [first(D.AK_SHOOT)] } },
  { label: 'hovering over a grounded target +1', mod: 1, pre: [], post: [], spec: (b, d) => base(b, d, [shooter(b)], [target()]), answers: { attack: [first(D.AK_SHOOT)] }, setup: (g) => void (g.s.hover[0] = 1) },
  { label: 'multi-attack with 2 weapons −1 (first roll)', mod: -1, pre: [], post: [3, 3], spec: (b, d) => base(b, d, [shooter(b, { weapons: ['rifle', 'missile_pod'] })], [target()]), answers: { attack: [first(D.AK_MULTI, (a) => D.atMask(a) === 0b011)] } },
  { label: 'formation, 2 mixed-size sub-attackers to attack +2', mod: 2, pre: [], post: [],
    spec: (b, d) => base(b, d, [shooter(b), unit('B', [49.5, 10]), unit('C', [40, 10], { size: 'medium' })], [target()]),
    answers: { attack: [first(D.AK_FORM_SHOOT, (a) => D.atActor(a) === 0 && D.atMask(a) === 0b110)], split: 2 } },
  { label: 'concentration d6=6 → +4', mod: 4, pre: [6], post: [], spec: (b, d) => base(b, d, [shooter(b)], [target()]), answers: { attack: [first(D.AK_SHOOT)], concentrate: D.A_YES } },
];

describe('the attack roll over the 36 outcomes of 2D6', () => {
  it('the shared probability table counts the outcomes of the rule', () => {
    for (let need = -6; need <= 20; need++) {
      let n = 0;
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (ruleHit(a, b, 0, 0, need)) n++;
      expect(hitOutcomes(need), `need ${need}`).toBe(n);
      expect(hitProbability(need)).toBeCloseTo(n / 36, 12);
    }
    // Never certain, never impossible: 35/36 and 1/36.
    expect(hitOutcomes(-5)).toBe(35);
    expect(hitOutcomes(13)).toBe(1);
    expect(hitOutcomes(7)).toBe(21);
  });

  for (const c of CASES) {
    it(`${c.label}: the engine hits on exactly the rule's outcomes, for attack 3/6 and defence 6/10/14/18`, () => {
      for (const b of [0, 3]) {
        for (const def of [6, 10, 14, 18]) {
          const { game: g, variant } = compileRobot(c.spec(b, def));
          let hits = 0;
          for (let d1 = 1; d1 <= 6; d1++) {
            for (let d2 = 1; d2 <= 6; d2++) {
              const game = new RsGame(g, variant, [scriptedPolicy(c.answers), scriptedPolicy({})]);
              const lines: string[] = [];
              // Damage is flat (rifle 2; pod 1): no damage dice. A critical asks for its effect (first: +1).
              const dice = new ScriptedDice([...c.pre, d1, d2, ...c.post], `${c.label} ${d1}-${d2}`);
              game.begin(dice, new ScriptedDice([], 'policy'), null, { line: (t) => void lines.push(t) });
              c.setup?.(game);
              game.playTurn(0);
              const roll = lines.find((l) => l.includes('roll: '))!;
              const attack = 3 + b;
              expect(roll, `${c.label} b${b} def${def} ${d1}-${d2}`).toContain(`roll: ${attack} + 2d6=${d1}+${d2}`);
              const hit = /: (hit|CRITICAL)$/.test(roll);
              expect(hit, `${c.label} attack ${attack} defence ${def} dice ${d1}-${d2}: ${roll}`).toBe(ruleHit(d1, d2, attack, c.mod, def));
              if (d1 === 6 && d2 === 6) expect(roll).toMatch(/CRITICAL$/);
              if (d1 === 1 && d2 === 1) expect(roll).toMatch(/FUMBLE$/);
              if (hit) hits++;
            }
          }
          expect(hits, `${c.label} attack ${3 + b} defence ${def}`).toBe(hitOutcomes(def - (3 + b) - c.mod));
        }
      }
    });
  }
});

describe('damage expressions', () => {
  it('means by enumeration: punch 1d−3 (min 1) = 1.5, kick 1d−1 (min 1) = 2.6667, 2d6 = 7', () => {
    expect(meanDamage(parseDamage('1d-3 min 1')!)).toBeCloseTo(9 / 6, 12);
    expect(meanDamage(parseDamage('1d-1')!)).toBeCloseTo(16 / 6, 12);
    expect(meanDamage(parseDamage('2d6')!)).toBeCloseTo(7, 12);
    expect(meanDamage(parseDamage('1d6-1')!, true)).toBe(5);
    expect(parseDamage('3')).toEqual({ dice: 0, bonus: 3, min: 0 });
    expect(parseDamage('x')).toBeNull();
  });
});

describe('Monte Carlo through the engine', () => {
  it('20,000 single shots (attack 3 vs defence 12, stealth −2: need 11) hit at 3/36 within 4.5 σ', () => {
    const { game: g, variant } = compileRobot(base(0, 12, [shooter(0)], [target()]));
    const dice = new RngDice(gameStream(7, 0));
    const N = 20_000;
    let hits = 0;
    const policies: Answers = { attack: [first(D.AK_SHOOT)] };
    for (let i = 0; i < N; i++) {
      const gm = new RsGame(g, variant, [scriptedPolicy(policies), scriptedPolicy({})]);
      dice.reset(gameStream(7, i));
      gm.begin(dice, dice, null, null);
      gm.s.stealth[2] = 1;
      const before = gm.s.hp[2];
      gm.playTurn(0);
      if (gm.s.hp[2] < before) hits++;
    }
    const p = hitProbability(12 - 3 + 2);
    expect(p).toBeCloseTo(3 / 36, 12);
    const sd = Math.sqrt((p * (1 - p)) / N);
    expect(Math.abs(hits / N - p)).toBeLessThan(4.5 * sd);
  });
});
