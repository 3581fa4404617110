/**
 * Attack dice by distance (seed 002 §突撃フェイズ「通常攻撃」 with the range
 * bands, Close Assault and anti-aircraft fire of combat.ts; rulings AAM-R06,
 * AAM-R35): for every unit type and target kind, the dice at every distance
 * the map has, computed once per runner from {@link attackValue} and
 * {@link closeAssaultValue}, so finding what a unit can attack is a lookup.
 */
import { attackValue, closeAssaultValue, type CombatTable } from './combat.js';
import { KIND_AIRCRAFT, type UnitType } from './config.js';
import { NOT_SEEN } from './hexmap.js';
import { t } from '../../i18n/t.js';

export class DiceByDistance {
  /** Distances 0 … span − 1 are tabled (the map's largest distance + 1). */
  readonly span: number;
  /**
   * table[(type × 3 + kind) × span + d]: against a soldier (kind 0) or vehicle (1), max(attack value, Close Assault);
   * against an aircraft (2), the anti-aircraft dice (0 when aircraft cannot be attacked, AAM-R06 `none`).
   */
  readonly table: Uint8Array;
  /** Row length of {@link byLookup}: every value a HexMap.seen or distance entry can take (NOT_SEEN = 255 included). */
  static readonly LOOKUP = 256;
  /**
   * byLookup[(type × 3 + kind) × 256 + d]: {@link table} for d below span, else 0 (NOT_SEEN: no attack), so a lookup
   * of a `seen` entry needs no test.
   */
  readonly byLookup: Uint8Array;

  /** @param aaMode AAM-R06: 0 none, 1 with the values vs Vehicles, 2 with the values vs Soldiers. */
  constructor(types: readonly UnitType[], maxDistance: number, aaMode: number, table: CombatTable) {
    const span = (this.span = maxDistance + 1);
    this.table = new Uint8Array(types.length * 3 * span);
    types.forEach((a, t) => {
      for (let d = 0; d < span; d++) {
        for (let k = 0; k < 2; k++) this.table[(t * 3 + k) * span + d] = Math.max(attackValue(a, k, d, true, table), closeAssaultValue(a, k, d));
        this.table[(t * 3 + KIND_AIRCRAFT) * span + d] = aaMode === 0 ? 0 : attackValue(a, KIND_AIRCRAFT, d, aaMode === 1, table);
      }
    });
    const L = DiceByDistance.LOOKUP;
    if (span > NOT_SEEN) throw new Error(t('internal.diceLookupRange', { need: span - 1, max: NOT_SEEN - 1 }));
    this.byLookup = new Uint8Array(types.length * 3 * L);
    for (let r = 0; r < types.length * 3; r++) this.byLookup.set(this.table.subarray(r * span, (r + 1) * span), r * L);
  }

  /** Dice of a unit of type `type` against a target of `kind` (soldier, vehicle, aircraft) at distance `d` (line of sight not checked). */
  dice(type: number, kind: number, d: number): number {
    return this.table[(type * 3 + kind) * this.span + d];
  }
}
