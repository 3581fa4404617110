// Random play over every rule at once: headquarters, transformation, flight,
// combining, throwing, self-repair, clones, jammers, evasion, heavy armour,
// concentration. Both sides pick uniformly among the legal actions; the state
// invariants hold at every decision and at the end, every decision point is
// reached, and games end within the turn limit (by a headquarters or the time).
import { describe, expect, it } from 'vitest';
import { rsInvariants } from '../src/rules/robot-skirmish/engine.js';
import { RsGame } from '../src/rules/robot-skirmish/game.js';
import { rsMetrics } from '../src/rules/robot-skirmish/engine.js';
import { DECISION_NAMES } from '../src/rules/robot-skirmish/decisions.js';
import type { RsPolicy } from '../src/rules/robot-skirmish/decisions.js';
import { RngDice } from '../src/sim/core/dice.js';
import { gameStream, STREAM_DICE, STREAM_POLICY } from '../src/sim/core/streams.js';
import { GameRecord } from '../src/sim/core/types.js';
import { compileRobot, robotYaml, type UnitSpec } from './helpers/robot-harness.js';

const army = (y: number): UnitSpec[] => [
  { name: 'T', at: [20, y], weapons: ['rifle'], bonus: { attack: 1 }, transform: { kind: 'two-way', bonus: { move: 1 }, weapons: ['sword', 'handgun'] } },
  { name: 'F', at: [35, y], weapons: ['great_axe'], equipment: ['flight_booster'] },
  { name: 'C', at: [50, y], size: 'large', weapons: ['sword', 'handgun', 'missile_pod'], equipment: ['clone'] },
  { name: 'J', at: [57, y], weapons: ['beam_saber'], equipment: ['jammer'], legs: false },
  { name: 'R', at: [70, y], size: 'medium', weapons: ['beam_rifle'], equipment: ['self_repair'] },
];

describe('random play over every rule', () => {
  it('1,500 games: invariants hold, every decision point is reached, games end', () => {
    const text = robotYaml({
      subject: army(12), reference: army(12).map((u) => ({ ...u, at: [90 - u.at[0], 48] as [number, number] })),
      headquarters: { hp: 6, defence: 9, radius: 3 }, turnLimit: 6, armyPoints: 14,
      terrain: [{ kind: 'block', x: 20, y: 26, w: 10, h: 4 }, { kind: 'hinder', x: 50, y: 24, w: 14, h: 8 }],
      rulings: { initiative: 'roll-off', disengage_free_attacks: 'one', fall_check: 'd6-1-2-falls' },
    }).replace(/policy: focus-fire/g, 'policy: random');
    const { game: g, variant } = compileRobot(text);
    const problems: string[] = [];
    const asked = new Map<string, number>();
    let runner!: RsGame;
    const policy: RsPolicy = {
      decide(d, _o, legal, n, rng) {
        const name = DECISION_NAMES[d];
        asked.set(name, (asked.get(name) ?? 0) + 1);
        for (const p of rsInvariants(g, runner.s, false)) if (problems.length < 20) problems.push(`at ${name}: ${p}`);
        return legal[rng.below(n)];
      },
    };
    runner = new RsGame(g, variant, [policy, policy]);
    const rec = new GameRecord(rsMetrics(g));
    const dice = new RngDice(gameStream(1, 0)), pdice = new RngDice(gameStream(1, 0, STREAM_POLICY));
    const ends = new Set<number>();
    for (let i = 0; i < 1500; i++) {
      dice.reset(gameStream(99, i, STREAM_DICE));
      pdice.reset(gameStream(99, i, STREAM_POLICY));
      rec.clear();
      runner.play(dice, pdice, rec, null);
      for (const p of rsInvariants(g, runner.s, true)) if (problems.length < 20) problems.push(`game ${i} end: ${p}`);
      expect(runner.s.round).toBeLessThanOrEqual(6);
      ends.add(runner.s.endReason);
    }
    expect(problems).toEqual([]);
    for (const name of DECISION_NAMES) expect(asked.get(name) ?? 0, `decision ${name} never reached`).toBeGreaterThan(0);
    expect(ends.has(2) && ends.has(3)).toBe(true); // headquarters destroyed, time limit
  });
});
