// Axis & Allies Miniatures policies: the dice tables their hex scores and
// attack choices read cover every distance an experiment's range bands can
// reach (issue 28 item 14: they stopped at 15 hexes, so `long_max` above 15
// was invisible to the scoring).
import { describe, expect, it } from 'vitest';
import { EXTENDED_RANGE_LIMIT, LONG_MAX_LIMIT, MAX_REACH, attackValue } from '../src/rules/axis-allies-miniatures/combat.js';
import { KIND_SOLDIER, KIND_VEHICLE } from '../src/rules/axis-allies-miniatures/config.js';
import { RANGE_SLOTS, diceTable } from '../src/policies/axis-allies-miniatures/scoring.js';
import { compileSpec } from './helpers/aam-harness.js';

describe('A&A policy dice tables', () => {
  it('a long_max of 20 gives dice at 16–20 hexes in the table the scores read, and none beyond', () => {
    const { game, variant } = compileSpec({
      blue: [{ unit: 'Mauser Kar 98k', at: [[7, 4]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 16]] }],
      battlefield: { combat: { long_max: 20 } }, units: { 'Mauser Kar 98k': { vs_soldier: [3, 3, 3] } },
    });
    const table = variant.battlefield.combat;
    expect(table.longMax).toBe(20);
    const rifle = game.units.find((u) => u.name === 'Mauser Kar 98k')!;
    const t = diceTable(rifle, table);
    for (let d = 16; d <= 20; d++) {
      expect(attackValue(rifle, KIND_SOLDIER, d, true, table)).toBeGreaterThan(0);
      expect(t.dice[KIND_SOLDIER * RANGE_SLOTS + d], `distance ${d}`).toBe(attackValue(rifle, KIND_SOLDIER, d, true, table));
    }
    expect(t.dice[KIND_SOLDIER * RANGE_SLOTS + 21]).toBe(0);
  });

  it('the tables reach the farthest distance the compiler allows (long_max and extended_range at their limits)', () => {
    const { game, variant } = compileSpec({
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 16]] }],
      battlefield: { combat: { long_max: LONG_MAX_LIMIT } },
      units: { 'M4A1 Sherman': { extended_range: EXTENDED_RANGE_LIMIT, vs_vehicle: [4, 4, 4] } },
    });
    const tank = game.units.find((u) => u.name === 'M4A1 Sherman')!;
    const t = diceTable(tank, variant.battlefield.combat);
    expect(RANGE_SLOTS).toBe(MAX_REACH + 1);
    expect(attackValue(tank, KIND_VEHICLE, MAX_REACH, true, variant.battlefield.combat)).toBe(4);
    expect(t.dice[KIND_VEHICLE * RANGE_SLOTS + MAX_REACH]).toBe(4);
  });
});
