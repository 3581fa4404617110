// Scenario format, issue 28 item 4: a mandatory map modifier (Black Sun 44 A: 「十の位+1」 is not the squad's
// choice). Scripted dice: d33 map faces (a d3 face f reads ⌈f/2⌉).
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { Source } from '../src/sim/schema.js';
import { compileScenario } from '../src/rules/urban-assault/scenario-compile.js';
import type { Answers } from './helpers/ua-harness.js';
import { d33Traces, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';

/** Tile 11 is the subject; two tiles before the mid event so a second map roll follows it. */
function spec(tile: Record<string, unknown>): OpSpec {
  return {
    scenario: {
      scenario: 'mod-test', map: 'd33',
      progression: { tiles_before_mid: 2, tiles_after_mid: 0, repeated_tile: 'next-unused' },
      rules: { starting_magazines: { NORMAL: 10 } },
      tiles: d33Traces({ 11: tile }), mid: trace('mid', 90), final: trace('final', 99),
    },
    squad: { leader: { sub_ability: 'shooting' } },
  };
}
const shift = (m: Record<string, unknown>) => ({ name: 'collapse', location: 'indoor', supply: { effects: [{ map_roll: m }] } });

describe('a mandatory map modifier (issue 28 item 4)', () => {
  it('optional (the default): the squad may keep the rolled 12 instead of 22', () => {
    // Map 11 (the subject), then 12 rolled: candidates 12 and 22; the policy keeps 12.
    const r = playOp(spec(shift({ tens: 1 })), [1, 1, 1, 3], { 'map-choice': 12 } as Answers);
    expect(r.policy.askedFor('map-choice')[0].legal).toEqual([12, 22]);
    expect(r.value('scrip')).toBe(12 + 90 + 99);
  });
  it('mandatory: true: 12 becomes 22 without a choice', () => {
    const r = playOp(spec(shift({ tens: 1, mandatory: true })), [1, 1, 1, 3], {});
    expect(r.policy.askedFor('map-choice')).toHaveLength(0);
    expect(r.value('scrip')).toBe(22 + 90 + 99);
    expect(r.dice.remaining).toBe(0);
  });
  it('mandatory with either: the units die moves one way or the other, never stays', () => {
    const r = playOp(spec(shift({ units: 1, either: true, mandatory: true })), [1, 1, 3, 3], { 'map-choice': 21 } as Answers);
    expect(r.policy.askedFor('map-choice')[0].legal).toEqual([23, 21]);
    expect(r.value('scrip')).toBe(21 + 90 + 99);
  });
  it('mandatory without a tens or units modifier is refused at its line', () => {
    const doc = { ...spec(shift({ twice: true, mandatory: true })).scenario };
    expect(() => compileScenario(Source.parse('m.yaml', stringify(doc)).root())).toThrow(/m\.yaml:\d+: tiles\[11\]\.supply\.effects\[0\]\.map_roll\.mandatory: mandatory needs a tens or units modifier/);
  });
});
