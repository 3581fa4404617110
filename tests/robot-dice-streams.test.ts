// `dice_streams: keyed` (robot skirmish): each unit's attack action rolls from a stream keyed by the game, the turn,
// the phase and the unit's place in its army, so two variants whose subjects play differently still give the
// reference's units the same attack rolls on every turn both play (common random numbers that survive diverging
// play); with the default sequential stream the rolls drift apart.
import { describe, expect, it } from 'vitest';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { replayGame } from '../src/sim/run/replay.js';

const yaml = (streams: string | null) => `
name: dice-streams
game: robot-skirmish
seed: 4242
${streams ? `dice_streams: ${streams}` : ''}
turn_limit: 4
table:
  width: 90
  height: 60
  terrain:
    - { kind: block, x: 40, y: 30, w: 6, h: 3 }
armies:
  mixed:
    - { name: S, size: small, bonus: { attack: 1 }, weapons: [rifle] }
    - { name: M, size: medium, weapons: [rifle] }
    - { name: L, size: large, weapons: [rifle] }
  four:
    - { name: S1, size: small, bonus: { attack: 1 }, weapons: [rifle] }
    - { name: S2, size: small, weapons: [rifle] }
    - { name: S3, size: small, bonus: { attack: 1 }, weapons: [rifle] }
    - { name: S4, size: small, weapons: [rifle] }
reference: { army: mixed, policy: focus-fire }
variants:
  - { name: mirror, baseline: true, army: mixed, policy: focus-fire }
  - { name: four, army: four, policy: formation-first }
`;

/** The reference units' attack rolls of game g, as "round unit: 2d6=a+b" (the first roll of each of their actions). */
function referenceRolls(streams: string | null, variant: string, g: number): Map<string, string> {
  const exp = compileExperiment(Source.parse('dice-streams.yaml', yaml(streams)));
  const lines = replayGame(exp, variant, g, 'en').lines;
  const out = new Map<string, string>();
  let round = '', actor = '';
  for (const l of lines) {
    const r = /^round (\d+) — reference's turn/.exec(l);
    if (r) round = r[1];
    else if (/^round \d+/.test(l)) round = '';
    const a = /^ {2}(R-\w+) (?:shoots|leads)/.exec(l);
    if (a) actor = a[1];
    const roll = /roll: .*?(2d6=\d\+\d)/.exec(l);
    if (roll && round && actor) {
      out.set(`${round} ${actor}`, roll[1]);
      actor = '';
    }
  }
  return out;
}

/** Of the first 8 games: [actions both variants' reference took, those whose attack rolls differ]. */
function drift(streams: string | null): [number, number] {
  let common = 0, differ = 0;
  for (let g = 0; g < 8; g++) {
    const a = referenceRolls(streams, 'mirror', g), b = referenceRolls(streams, 'four', g);
    for (const [k, v] of a) {
      const w = b.get(k);
      if (w === undefined) continue;
      common++;
      if (w !== v) differ++;
    }
  }
  return [common, differ];
}

describe('robot-skirmish dice_streams', () => {
  it('keyed: the reference rolls the same attack dice in both variants, whatever the subject army does', () => {
    const [common, differ] = drift('keyed');
    expect(common).toBeGreaterThan(10);
    expect(differ).toBe(0);
  });

  it('sequential (the default): the rolls drift apart once play diverges', () => {
    const [common, differ] = drift(null);
    expect(common).toBeGreaterThan(10);
    expect(differ).toBeGreaterThan(common / 4);
    expect(drift('sequential')).toEqual(drift(null));
  });

  it('refuses anything else, naming the choices', () => {
    expect(() => compileExperiment(Source.parse('dice-streams.yaml', yaml('shuffled')))).toThrow(/sequential.*keyed|keyed.*sequential/);
  });
});
