/**
 * The charts the combat chapter refers to but does not print (戦闘結果表,
 * 実はそこにいた / 実は生きていた / 残留思念チェック・チャート), as data with
 * documented defaults (rulings LK-F03…F05) that an experiment can replace
 * under `charts:`, and the exact probabilities of the checks.
 */

/** Damage that destroys whatever it hits (shown as "kill" in logs). */
export const KILL = 99;

/** 戦闘結果表: columns by attack power ÷ current durability, rows 2D6 = 2..12. */
export interface CombatResultTable {
  /** Lower bound of each column's ratio (ascending, first 0). */
  readonly ratios: readonly number[];
  /** Per column, damage for 2D6 = 2..12 (11 entries; KILL = destroyed). */
  readonly damage: readonly (readonly number[])[];
}

/** The default combat result table (ruling LK-F03). */
export const DEFAULT_CRT: CombatResultTable = {
  ratios: [0, 0.5, 1, 2, 4, 8],
  damage: [
    [0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2],
    [0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2],
    [0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3],
    [1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4],
    [2, 2, 3, 3, 3, 3, 4, 4, 4, 6, 6],
    [3, 5, 5, 5, 5, KILL, KILL, KILL, KILL, KILL, KILL],
  ],
};

/** The column of the combat result table for attack power `power` against durability `dur` (> 0). */
export function crtColumn(t: CombatResultTable, power: number, dur: number): number {
  const r = power / dur;
  let c = 0;
  for (let i = 1; i < t.ratios.length; i++) if (r >= t.ratios[i]) c = i;
  return c;
}

/** Damage from the table for a 2D6 roll (2..12). */
export function crtDamage(t: CombatResultTable, power: number, dur: number, roll: number): number {
  return t.damage[crtColumn(t, power, dur)][roll - 2];
}

/** Outcomes of the 実は生きていた chart. */
export const ALIVE_NOTHING = 0, ALIVE_YES = 1, ALIVE_RESIDUAL = 2;

/** The joining charts (rulings LK-F04, LK-F05); each array is indexed by 2D6 − 2. */
export interface Charts {
  readonly crt: CombatResultTable;
  /** 実はそこにいたチェック: 1 = the bystander was there and joins. */
  readonly there: readonly number[];
  /** 実は生きていたチェック: ALIVE_NOTHING / ALIVE_YES / ALIVE_RESIDUAL. */
  readonly alive: readonly number[];
  /** Durability a character who "was alive after all" returns with. */
  readonly aliveDurability: number;
  /** 残留思念チェック・チャート: attack power (0 = なし). */
  readonly residual: readonly number[];
  /** ニケチェック: 1 = ニケ works this round (ruling LK-F22). */
  readonly nike: readonly number[];
}

export const DEFAULT_CHARTS: Charts = {
  crt: DEFAULT_CRT,
  there: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1],
  alive: [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 1],
  aliveDurability: 1,
  residual: [0, 0, 0, 0, 0, 5, 5, 10, 10, 20, 30],
  nike: [1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0],
};

/** Number of ways two dice sum to s (2..12). */
export function ways2d6(s: number): number {
  return s < 2 || s > 12 ? 0 : 6 - Math.abs(s - 7);
}

/** P(2D6 ≤ v): the chance of one ESP-level or willpower check against v. */
export function pCheck(v: number): number {
  let w = 0;
  for (let s = 2; s <= Math.min(12, v); s++) w += ways2d6(s);
  return w / 36;
}

/** Largest number of checks {@link pSupplement} keeps in its table. */
const SUPPLEMENT_TABLE_N = 8;
/**
 * pSupplement for integer v clamped to 1..12 (pCheck is 0 below 2 and 1 from 12 on) and n in 0..SUPPLEMENT_TABLE_N,
 * row-major by v: the same `Math.pow` values, computed once.
 */
const SUPPLEMENT_TABLE = ((): Float64Array => {
  const t = new Float64Array(13 * (SUPPLEMENT_TABLE_N + 1));
  for (let v = 1; v <= 12; v++) for (let n = 0; n <= SUPPLEMENT_TABLE_N; n++) t[v * (SUPPLEMENT_TABLE_N + 1) + n] = Math.pow(pCheck(v), n);
  return t;
})();

/** P(n consecutive willpower checks all pass) at declared value v (10.5.1). */
export function pSupplement(v: number, n: number): number {
  if ((v | 0) === v && (n | 0) === n && n >= 0 && n <= SUPPLEMENT_TABLE_N) return SUPPLEMENT_TABLE[(v < 1 ? 1 : v > 12 ? 12 : v) * (SUPPLEMENT_TABLE_N + 1) + n];
  return Math.pow(pCheck(v), n);
}
