// `dice_streams: keyed` (Axis & Allies Miniatures): each turn's initiative rolls come from a stream keyed by the game
// and the turn, so two variants that differ in a decision still roll the same initiative dice on every turn they both
// play (common random numbers that survive diverging play); with the default sequential stream they drift apart.
import { describe, expect, it } from 'vitest';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { replayGame } from '../src/sim/run/replay.js';

const yaml = (streams: string | null) => `
name: dice-streams
game: axis-allies-miniatures
seed: 4242
${streams ? `dice_streams: ${streams}` : ''}
battlefield: { objective_turn: 3, points_turn: 4, max_turns: 4 }
blue:
  force:
    - { unit: M4A1 Sherman, count: 2 }
    - { unit: M1 Garand Rifle, count: 3 }
red:
  force:
    - { unit: Panzer IV Ausf. F2, count: 2 }
    - { unit: Mauser Kar 98k, count: 3 }
variants:
  - { name: first, baseline: true, blue: { policy_params: { go_first: 1 } } }
  - { name: second, blue: { policy_params: { go_first: 0 } } }
`;

/** The initiative rolls of each turn of game `g` of a variant, from the narration. */
function initiativeRolls(streams: string | null, variant: string, g: number): string[] {
  const exp = compileExperiment(Source.parse('dice-streams.yaml', yaml(streams)));
  return replayGame(exp, variant, g).lines.filter((l) => l.includes('initiative: Blue 2d6='));
}

/** Games (of the first 8) where the two variants rolled different initiative dice on some turn both played. */
function gamesThatDrift(streams: string | null): number {
  let drift = 0;
  for (let g = 0; g < 8; g++) {
    const a = initiativeRolls(streams, 'first', g), b = initiativeRolls(streams, 'second', g);
    const turns = Math.min(a.length, b.length);
    expect(turns).toBeGreaterThan(0);
    if (a.slice(0, turns).join('\n') !== b.slice(0, turns).join('\n')) drift++;
  }
  return drift;
}

describe('dice_streams', () => {
  it('keyed: the same initiative rolls every turn in both variants', () => {
    expect(gamesThatDrift('keyed')).toBe(0);
  });

  it('sequential (the default): the rolls drift apart once play diverges', () => {
    expect(gamesThatDrift(null)).toBeGreaterThan(0);
    expect(gamesThatDrift('sequential')).toBe(gamesThatDrift(null));
  });

  it('refuses anything else, naming the choices', () => {
    expect(() => compileExperiment(Source.parse('dice-streams.yaml', yaml('shuffled')))).toThrow(/sequential.*keyed|keyed.*sequential/);
  });
});
