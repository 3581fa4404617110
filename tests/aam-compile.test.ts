// Axis & Allies Miniatures experiment files: what compiles to what, and every
// bad input stops with one message naming the file, the line, the path and
// what is allowed.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { InputError } from '../src/sim/input/input-error.js';
import { Source } from '../src/sim/input/schema.js';
import { compileAam } from '../src/rules/axis-allies-miniatures/compile.js';
import { AAM_POLICIES } from '../src/policies/axis-allies-miniatures/index.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { aamYaml, compileSpec } from './helpers/aam-harness.js';
import { UNIT_DATA } from '../src/rules/axis-allies-miniatures/unit-data.js';

const ok = { blue: [{ unit: 'M4A1 Sherman' }], red: [{ unit: 'Panzer IV Ausf. F2' }] };

function fails(text: string): InputError {
  try {
    compileSpec(text);
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('expected an InputError');
}

describe('compile', () => {
  it('the data file has at least ten real units, a commander and an aircraft', () => {
    const real = UNIT_DATA.filter((u) => !u.assumed);
    expect(real.length).toBeGreaterThanOrEqual(10);
    expect(UNIT_DATA.some((u) => (u.initiative ?? 0) > 0)).toBe(true);
    expect(UNIT_DATA.some((u) => u.kind === 'aircraft')).toBe(true);
    const byName = Object.fromEntries(UNIT_DATA.map((u) => [u.name, u]));
    expect(byName['Mauser Kar 98k']).toMatchObject({ cost: 3, defence: [4, 4], speed: 1, vsVehicle: [2, 0, 0], vsSoldier: [8, 6, 0], closeAssault: 6 });
    expect(byName['M1 Garand Rifle']).toMatchObject({ cost: 4, defence: [4, 4], speed: 1, vsVehicle: [2, 0, 0], vsSoldier: [8, 7, 0] });
    expect(byName['M4A1 Sherman']).toMatchObject({ cost: 21, defence: [5, 4], speed: 4, vsVehicle: [13, 11, 9], vsSoldier: [9, 9, 7] });
    expect(byName['Panzer IV Ausf. F2']).toMatchObject({ cost: 22, defence: [5, 3], speed: 3, vsVehicle: [15, 13, 11], vsSoldier: [7, 7, 6] });
  });

  it('variant cost = Blue points; units by name or id; policy params merged over the shared ones', () => {
    const doc = {
      name: 'c', game: 'axis-allies-miniatures', stop: { games: 10 },
      blue: { force: [{ unit: 'M4A1 Sherman' }], policy_params: { cover: 2 } },
      red: { force: [{ unit: 'Panzer IV Ausf. F2' }] },
      variants: [
        { name: 'one', baseline: true },
        { name: 'two', blue: { force: [{ unit: 'm4a1-sherman', count: 2 }], policy_params: { go_first: 0 } } },
      ],
    };
    const c = compileAam(Source.parse('c.yaml', stringify(doc)).root(), AAM_POLICIES);
    expect(c.variants.map((v) => v.cost)).toEqual([21, 42]);
    expect(c.variants[1].params.blue.policyParams).toMatchObject({ cover: 2, go_first: 0 });
  });

  it('units: overrides change the numbers and are reported among the rulings in effect', () => {
    const { game } = compileSpec({ ...ok, units: { 'M4A1 Sherman': { cost: 22, vs_vehicle: [14, 12, 10] } } });
    expect(game.units.find((u) => u.name === 'M4A1 Sherman')).toMatchObject({ cost: 22, vsVehicle: [14, 12, 10] });
  });

  const cases: [string, string, RegExp][] = [
    ['unknown unit', aamYaml({ ...ok, blue: [{ unit: 'Tiger II' }] }), /aam-rules\.yaml:\d+: blue\.force\[0\]\.unit: unknown unit "Tiger II" \(allowed: Mauser Kar 98k, /],
    ['unknown engine key', aamYaml(ok).replace('game: axis-allies-miniatures', 'game: axis-allies-miniatures\nforces: {}'), /forces: unknown key "forces" \(allowed: .*battlefield, units, blue, red, worth, compare/],
    ['bad terrain character', aamYaml({ ...ok, battlefield: { terrain: ['..X'] } }), /battlefield\.terrain\[0\]: unknown terrain character "X" \(allowed: \. F H T/],
    ['too many units', aamYaml({ ...ok, blue: [{ unit: 'Bazooka', count: 16 }] }), /blue\.force\[0\]\.count: 16 is above the maximum/],
    ['hex off the map', aamYaml({ ...ok, blue: [{ unit: 'Bazooka', at: [[1, 21]] }] }), /blue\.force\[0\]\.at\[0\]: hex 1,21 is not on the battlefield/],
    ['three in a hex', aamYaml({ ...ok, blue: [{ unit: 'Bazooka', count: 3, at: [[3, 3], [3, 3], [3, 3]] }] }), /blue\.force\[0\]\.at\[2\]: three friendly units in hex 3,3 \(allowed: at most 2 friendly units per hex/],
    ['wrong number of positions', aamYaml({ ...ok, blue: [{ unit: 'Bazooka', count: 2, at: [[3, 3]] }] }), /blue\.force\[0\]\.at: 1 positions for 2 unit\(s\)/],
    ['unknown ruling option', aamYaml({ ...ok, rulings: { damaged_again: 'maybe' } }), /rulings\.damaged_again: unknown value "maybe" \(allowed: destroyed, no-effect\)/],
    ['unknown policy', aamYaml(ok).replace('force:\n    - unit: M4A1 Sherman', 'policy: berserk\n  force:\n    - unit: M4A1 Sherman'), /blue\.policy: unknown value "berserk" \(allowed: default, aggressive, cautious, hold, random, thorough\)/],
    ['turn order', aamYaml({ ...ok, battlefield: { objective_turn: 7, points_turn: 5 } }), /battlefield\.points_turn: 5 is below the minimum \(allowed: an integer ≥ 7/],
    ['aircraft deployed', aamYaml({ ...ok, red: [{ unit: 'Ju 87 Stuka', at: [[3, 18]] }] }), /red\.force\[0\]\.at\[0\]: aircraft are not deployed/],
  ];
  for (const [what, text, re] of cases) {
    it(`error: ${what}`, () => {
      const e = fails(text);
      expect(e.message).toMatch(re);
      expect(e.line).toBeGreaterThan(0);
    });
  }

  it('point limits (army searches): a force within min_points–max_points compiles, a named entry is only a label', () => {
    const doc = {
      name: 'p', game: 'axis-allies-miniatures', stop: { games: 10 },
      blue: { force: [{ name: 'two tanks', unit: 'M4A1 Sherman', count: 2 }], min_points: 42, max_points: 42 },
      red: { force: [{ unit: 'Panzer IV Ausf. F2' }] },
      variants: [{ name: 'a', baseline: true }],
    };
    const c = compileAam(Source.parse('p.yaml', stringify(doc)).root(), AAM_POLICIES);
    expect(c.variants[0].params.blue.points).toBe(42);
    expect(c.variants[0].params.blue.units).toHaveLength(2);
  });

  const pointCases: [string, Record<string, unknown>, RegExp][] = [
    ['over max_points', { max_points: 41 }, /aam-rules\.yaml:\d+: blue\.force: the blue force costs 42 points, more than max_points 41 \(allowed: a force of at most 41 points\)/],
    ['under min_points', { min_points: 43 }, /aam-rules\.yaml:\d+: blue\.force: the blue force costs 42 points, fewer than min_points 43 \(allowed: a force of at least 43 points\)/],
    ['min above max', { min_points: 50, max_points: 40 }, /aam-rules\.yaml:\d+: blue\.min_points: min_points 50 is above max_points 40/],
  ];
  for (const [what, limits, re] of pointCases) {
    it(`error: ${what}`, () => {
      const doc = {
        name: 'p', game: 'axis-allies-miniatures', stop: { games: 10 },
        blue: { force: [{ unit: 'M4A1 Sherman', count: 2 }], ...limits },
        red: { force: [{ unit: 'Panzer IV Ausf. F2' }] },
        variants: [{ name: 'a', baseline: true }],
      };
      const e = fails(stringify(doc));
      expect(e.message).toMatch(re);
    });
  }

  it('error: a worth ladder whose variants face different Red forces', () => {
    const doc = {
      name: 'w', game: 'axis-allies-miniatures', stop: { games: 10 },
      red: { force: [{ unit: 'Panzer IV Ausf. F2' }] },
      variants: [
        { name: 'a', baseline: true, blue: { force: [{ unit: 'M4A1 Sherman' }] } },
        { name: 'b', blue: { force: [{ unit: 'M4A1 Sherman', count: 2 }] }, red: { force: [{ unit: 'Mauser Kar 98k' }] } },
      ],
      worth: [{ unit: 'M4A1 Sherman', variants: ['a', 'b'] }],
    };
    expect(fails(stringify(doc)).message).toMatch(/worth\[0\]\.variants\[1\]: variant "b" faces 1 × Mauser Kar 98k, not the ladder's reference force 1 × Panzer IV Ausf. F2/);
  });

  it('both shipped experiments load', () => {
    for (const f of ['experiments/aam-initiative-choice.yaml', 'experiments/aam-points-value.yaml']) {
      const e = loadExperiment(f);
      expect(e.engine).toBe('axis-allies-miniatures');
      expect(e.compiled.costUnit).toBe('points');
    }
  });
});
