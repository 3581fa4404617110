/**
 * The special-equipment table (特殊装備表 §40), rolled when a loot-table roll
 * comes to 7 or more: six limited-use pieces and what one is worth in an
 * exchange between operations (§39 特殊装備（限定使用）). Rulings UA-R77 …
 * UA-R87 in docs/rules/urban-assault.md say how each piece plays.
 */

/** Special-equipment kinds, in table order (face 1 … 6). */
export const SPECIALS = ['ap_rounds', 'acoustic_device', 'barricade', 'tactical_scanner', 'prototype_shield', 'combat_drone'] as const;
export type SpecialId = (typeof SPECIALS)[number];

/** AP強化弾（5発） — face 1. */
export const SP_AP = 0;
/** 音響制圧デバイス — face 2. */
export const SP_ACOUSTIC = 1;
/** 展開式バリケードユニット — face 3. */
export const SP_BARRICADE = 2;
/** 戦術スキャナー — face 4. */
export const SP_SCANNER = 3;
/** 試作防弾シールド — face 5. */
export const SP_SHIELD = 4;
/** 戦闘用自律ドローン — face 6. */
export const SP_DRONE = 5;

/** One kind's facts from §40. */
export interface SpecialDef {
  readonly id: SpecialId;
  /** The rule text's name, for designers looking up the clause. */
  readonly name: string;
  /** Uses when found; 0 = 1d6 rolled when found (the tactical scanner). The drone's single "use" is its activation. */
  readonly uses: number;
}

export const SPECIAL_DEFS: readonly SpecialDef[] = [
  { id: 'ap_rounds', name: 'AP強化弾', uses: 5 },
  { id: 'acoustic_device', name: '音響制圧デバイス', uses: 3 },
  { id: 'barricade', name: '展開式バリケードユニット', uses: 3 },
  { id: 'tactical_scanner', name: '戦術スキャナー', uses: 0 },
  { id: 'prototype_shield', name: '試作防弾シールド', uses: 3 },
  { id: 'combat_drone', name: '戦闘用自律ドローン', uses: 1 },
];

/** Magazines an unused piece is exchanged for between operations (§39). */
export const SPECIAL_EXCHANGE = 6;

/** At most this many pieces are held at once (the carry limit binds long before). */
export const MAX_SPECIAL = 16;

/**
 * Magazines a piece with `left` of `total` uses is exchanged for (UA-R85): 6 when unused, falling in
 * proportion to the uses spent, rounded down — the rule's 3-use example gives 6 / 4 / 2 / 0; a 5-use
 * piece 6 / 4 / 3 / 2 / 1 / 0.
 */
export function exchangeValue(left: number, total: number): number {
  if (left <= 0 || total <= 0) return 0;
  return Math.floor((SPECIAL_EXCHANGE * left) / total);
}
