// robot-skirmish experiment validation: construction rules (10 points, 2 +
// bonus ≤ 5 per unit, size ≤ +2, others ≤ +3, slots, hands, 2–5 units),
// deployment, policies, rulings and the catalogue — every error names the
// file, line, path and what is allowed.
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/sim/input/input-error.js';
import { compileRobot, filler, robotYaml, type RobotSpec, type UnitSpec } from './helpers/robot-harness.js';

const unit = (name: string, at: [number, number], extra: Partial<UnitSpec> = {}): UnitSpec => ({ name, at, weapons: ['rifle'], ...extra });
const ok: RobotSpec = { subject: [unit('A', [30, 8]), unit('B', [60, 8])], reference: [unit('E', [45, 52]), filler('Zr', [80, 55])] };

function err(text: string): InputError {
  try {
    compileRobot(text);
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('compiled without error');
}
const yamlWith = (spec: Partial<RobotSpec>, points = 10) => robotYaml({ ...ok, ...spec, armyPoints: points });

describe('robot-skirmish experiment validation', () => {
  it('a valid file compiles; the variant cost is the army\'s points', () => {
    const { variant } = compileRobot(yamlWith({}));
    expect(variant.subject.army.cost).toBe(4);
    expect(variant.subject.army.units[0].forms[0]).toMatchObject({ move: 10, attack: 3, defence: 10, hp: 4 });
  });
  it('an army over its points', () => {
    const e = err(yamlWith({ subject: [unit('A', [20, 8], { size: 'large', bonus: { attack: 3 } }), unit('B', [60, 8], { size: 'large', bonus: { attack: 3 } })] }));
    expect(e.message).toMatch(/robot-rules\.yaml:\d+: variants\[0\]\.army: the army costs 14 points \(A 7, B 7\); the limit is 10/);
  });
  it('more than 5 bonus points, a stat above +3, an unknown size', () => {
    expect(err(yamlWith({ subject: [unit('A', [30, 8], { size: 'large', bonus: { attack: 2, defence: 2 } }), unit('B', [60, 8])] }, 30)).message).toMatch(/variants\[0\]\.army\[0\]: 6 bonus points .* at most 5/);
    expect(err(yamlWith({ subject: [unit('A', [30, 8], { bonus: { move: 4 } }), unit('B', [60, 8])] }, 30)).message).toMatch(/army\[0\]\.bonus\.move: 4 is above the maximum/);
    expect(err(yamlWith({ subject: [unit('A', [30, 8], { size: 'huge' }), unit('B', [60, 8])] }, 30)).message).toMatch(/army\[0\]\.size: unknown value "huge" \(allowed: small, medium, large\)/);
  });
  it('slots and hands', () => {
    expect(err(yamlWith({ subject: [unit('A', [30, 8], { weapons: ['rifle', 'shoulder_cannon'], equipment: ['clone'] }), unit('B', [60, 8])] }, 30)).message).toMatch(/take 5 slots; a small unit has 3/);
    expect(err(yamlWith({ subject: [unit('A', [30, 8], { weapons: ['rifle', 'sword'] }), unit('B', [60, 8])] }, 30)).message).toMatch(/army\[0\]\.weapons: hand-held weapons need 3 hands; the unit has 2/);
  });
  it('2 to 5 units; unknown weapons and equipment', () => {
    expect(err(yamlWith({ subject: [unit('A', [30, 8])] }, 30)).message).toMatch(/an army has 2 to 5 units \(got 1\)/);
    expect(err(yamlWith({ subject: [unit('A', [30, 8], { weapons: ['laser'] }), unit('B', [60, 8])] }, 30)).message).toMatch(/army\[0\]\.weapons\[0\]: unknown value "laser" \(allowed: sword, /);
    expect(err(yamlWith({ subject: [unit('A', [30, 8], { equipment: ['shield'] }), unit('B', [60, 8])] }, 30)).message).toMatch(/unknown value "shield" \(allowed: heavy_armour, /);
  });
  it('deployment: bases overlapping or off the table', () => {
    expect(err(yamlWith({ subject: [unit('A', [30, 8]), unit('B', [32, 8])] }, 30)).message).toMatch(/units "A" and "B" overlap at deployment/);
    expect(err(yamlWith({ subject: [unit('A', [1, 8]), unit('B', [60, 8])] }, 30)).message).toMatch(/unit "A" at \(1\.0, 8\.0\) is off the 90×60 table/);
  });
  it('policies, their parameters, rulings', () => {
    const base = yamlWith({});
    expect(err(base.replace('policy: focus-fire\n', 'policy: turtle\n')).message).toMatch(/policy: unknown value "turtle" \(allowed: formation-first, multi-attack-first, focus-fire, charge, random\)/);
    expect(err(base.replace('initiative: subject-first', 'initiative: coin')).message).toMatch(/rulings\.initiative: unknown value "coin" \(allowed: roll-off, subject-first, reference-first\)/);
    expect(err(base.replace('rulings:\n', 'rulings:\n  charge_damage: none\n')).message).toMatch(/rulings\.charge_damage: unknown key/);
  });
  it('catalogue overrides: a new weapon needs kind and damage; a bad damage value', () => {
    const text = yamlWith({ catalogue: { weapons: { lance: { range: 3 } } } });
    expect(err(text).message).toMatch(/catalogue\.weapons\.lance: new weapon "lance" needs at least kind and damage/);
    expect(err(yamlWith({ catalogue: { weapons: { rifle: { damage: '2x' } } } })).message).toMatch(/catalogue\.weapons\.rifle\.damage: "2x" is not a damage value/);
    const { game } = compileRobot(yamlWith({ catalogue: { weapons: { lance: { kind: 'melee', damage: '1d6+1', hands: 2 } }, base: { defence: 9 } } }));
    expect(game.catalogue.weapons.find((w) => w.id === 'lance')!.damage).toEqual({ dice: 1, bonus: 1, min: 1 });
    expect(game.catalogue.base.defence).toBe(9);
  });
  it('a missing reference opponent', () => {
    const text = yamlWith({}).replace(/reference:[\s\S]*?policy: focus-fire\n/, '');
    expect(err(text).message).toMatch(/missing "reference"/);
  });
});
