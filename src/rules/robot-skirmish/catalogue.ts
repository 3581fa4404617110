/**
 * The robot-skirmish catalogue: base values, size classes, weapons and
 * equipment as data. Seed 000 is only the turn and combat chapter; these
 * numbers come from the game's public construction rules where they are known
 * (army of 10 cost points, unit = 2 + bonus points ≤ 5, size ≤ +2, other
 * bonuses ≤ +3, the equipment list and its slot costs) and are rulings
 * (RS-F01 … in docs/rules/robot-skirmish.md) where they are not. Every number
 * can be overridden from an experiment's `catalogue:` section.
 */
import { t } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';

/** A damage value: `dice`d6 + `bonus`, at least `min` (e.g. 1d−3 min 1, or a flat 2). */
export interface DamageExpr {
  readonly dice: number;
  readonly bonus: number;
  readonly min: number;
}

export const MELEE = 0, RANGED = 1;

export interface WeaponDef {
  readonly id: string;
  readonly ja: string;
  /** 0 melee (白兵), 1 ranged (射撃). */
  readonly kind: number;
  /** Range in table units (ranged weapons); 0 for melee. */
  readonly range: number;
  readonly damage: DamageExpr;
  /** Hands it occupies (0 = mounted on the body: shoulder, arm…). Hand-held weapons can be thrown. */
  readonly hands: number;
  readonly slots: number;
  /** Barrels: a 6-barrel cannon counts as 6 weapons for 複数攻撃 (seed example). */
  readonly barrels: number;
  /** Energy weapon (an anti-EN field reduces its damage). */
  readonly en: boolean;
  /** Movement modifier while carried (a heavy weapon; throwing it may raise movement, 投擲). */
  readonly moveMod: number;
}

export interface EquipmentDef {
  readonly id: string;
  readonly ja: string;
  readonly slots: number;
  readonly moveMod: number;
  /** Bit in a unit's equipment set. */
  readonly bit: number;
}

export interface SizeDef {
  readonly id: string;
  readonly ja: string;
  /** Size bonus points (小型 0, 中型 +1, 大型 +2). */
  readonly points: number;
  /** Base radius in table units. */
  readonly radius: number;
  readonly hp: number;
  readonly slots: number;
}

/** Base values of a unit before bonus points (ruling RS-F01). */
export interface BaseValues {
  readonly move: number;
  readonly movePerPoint: number;
  readonly attack: number;
  readonly attackPerPoint: number;
  readonly defence: number;
  readonly defencePerPoint: number;
  readonly minMove: number;
  readonly hands: number;
  /** Thrown range per point of attack value (投擲 「射程は攻撃力p」, ruling RS-F12). */
  readonly throwRangePerAttack: number;
  /** Cost of a unit before its bonus points. */
  readonly unitCost: number;
  /** Most bonus points per unit; per stat: move/attack/defence ≤ statMax, size ≤ 2. */
  readonly bonusMax: number;
  readonly statMax: number;
  /** Shooting from the air at a grounded unit (滞空 「高さによる修正」; the size is not in the seed: ruling RS-F08, default +1). */
  readonly heightMod: number;
  /** Damage an anti-EN field takes off an EN weapon's hit (the size is not in the seed: ruling RS-F09, default 2). */
  readonly antiEnReduction: number;
}

export const EQ_HEAVY_ARMOUR = 1, EQ_CLONE = 2, EQ_JAMMER = 4, EQ_ANTI_EN = 8, EQ_EVASION = 16, EQ_SELF_REPAIR = 32, EQ_OPTICAL_CAMO = 64, EQ_FLIGHT = 128;

export interface Catalogue {
  readonly base: BaseValues;
  readonly sizes: readonly SizeDef[];
  readonly weapons: readonly WeaponDef[];
  readonly equipment: readonly EquipmentDef[];
}

const dmg = (dice: number, bonus: number, min = 1): DamageExpr => ({ dice, bonus, min });

export function baseCatalogue(): Catalogue {
  return {
    base: {
      move: 10, movePerPoint: 3, attack: 3, attackPerPoint: 1, defence: 10, defencePerPoint: 1, minMove: 2, hands: 2,
      throwRangePerAttack: 4, unitCost: 2, bonusMax: 5, statMax: 3, heightMod: 1, antiEnReduction: 2,
    },
    sizes: [
      { id: 'small', ja: '小型', points: 0, radius: 2, hp: 4, slots: 3 },
      { id: 'medium', ja: '中型', points: 1, radius: 2.5, hp: 6, slots: 4 },
      { id: 'large', ja: '大型', points: 2, radius: 3.5, hp: 8, slots: 5 },
    ],
    weapons: [
      { id: 'sword', ja: '剣', kind: MELEE, range: 0, damage: dmg(0, 2), hands: 1, slots: 1, barrels: 1, en: false, moveMod: 0 },
      { id: 'great_axe', ja: '大斧', kind: MELEE, range: 0, damage: dmg(1, 0), hands: 2, slots: 1, barrels: 1, en: false, moveMod: -2 },
      { id: 'beam_saber', ja: 'ビームサーベル', kind: MELEE, range: 0, damage: dmg(1, -1), hands: 1, slots: 1, barrels: 1, en: true, moveMod: 0 },
      { id: 'handgun', ja: 'ハンドガン', kind: RANGED, range: 20, damage: dmg(0, 1), hands: 1, slots: 1, barrels: 1, en: false, moveMod: 0 },
      { id: 'rifle', ja: 'ライフル', kind: RANGED, range: 40, damage: dmg(0, 2), hands: 2, slots: 1, barrels: 1, en: false, moveMod: 0 },
      { id: 'beam_rifle', ja: 'ビームライフル', kind: RANGED, range: 40, damage: dmg(1, -1), hands: 2, slots: 2, barrels: 1, en: true, moveMod: 0 },
      { id: 'shoulder_cannon', ja: '肩キャノン', kind: RANGED, range: 50, damage: dmg(0, 3), hands: 0, slots: 2, barrels: 1, en: false, moveMod: -1 },
      { id: 'missile_pod', ja: 'ミサイルポッド', kind: RANGED, range: 30, damage: dmg(0, 1), hands: 0, slots: 1, barrels: 2, en: false, moveMod: 0 },
      { id: 'six_cannon', ja: '6連キャノン', kind: RANGED, range: 30, damage: dmg(0, 1), hands: 0, slots: 3, barrels: 6, en: false, moveMod: -1 },
    ],
    equipment: [
      { id: 'heavy_armour', ja: '重装甲', slots: 1, moveMod: -5, bit: EQ_HEAVY_ARMOUR },
      { id: 'clone', ja: '分身/幻影', slots: 2, moveMod: 0, bit: EQ_CLONE },
      { id: 'jammer', ja: 'ジャマー', slots: 2, moveMod: 0, bit: EQ_JAMMER },
      { id: 'anti_en_field', ja: '対ENフィールド', slots: 1, moveMod: 0, bit: EQ_ANTI_EN },
      { id: 'evasion_booster', ja: '回避ブースター', slots: 2, moveMod: 0, bit: EQ_EVASION },
      { id: 'self_repair', ja: '自己修復', slots: 2, moveMod: 0, bit: EQ_SELF_REPAIR },
      { id: 'optical_camo', ja: '光学迷彩', slots: 2, moveMod: 0, bit: EQ_OPTICAL_CAMO },
      { id: 'flight_booster', ja: '飛行ブースター', slots: 2, moveMod: 0, bit: EQ_FLIGHT },
    ],
  };
}

/** Punch (パンチ): 1d−3, minimum 1. Kick (キック): 1d−1, minimum 1. Thrown non-melee item: 1d−2, minimum 1. */
export const PUNCH_DAMAGE: DamageExpr = dmg(1, -3, 1);
export const KICK_DAMAGE: DamageExpr = dmg(1, -1, 1);
export const THROWN_ITEM_DAMAGE: DamageExpr = dmg(1, -2, 1);

/** Parse `2`, `1d6-2`, `1d-3`, `2d6+1`, optionally followed by `min N`. Returns null when malformed. */
export function parseDamage(text: string | number): DamageExpr | null {
  if (typeof text === 'number') return Number.isInteger(text) && text >= 0 && text <= 20 ? dmg(0, text, 0) : null;
  const s = text.replace(/\s+/g, '');
  const flat = /^(\d+)$/.exec(s);
  if (flat) return Number(flat[1]) <= 20 ? dmg(0, Number(flat[1]), 0) : null;
  const m = /^(\d*)d6?([+-]\d+)?(?:min(\d+))?$/.exec(s);
  if (!m) return null;
  const dice = m[1] ? Number(m[1]) : 1;
  const bonus = m[2] ? Number(m[2]) : 0;
  if (dice < 1 || dice > 6 || Math.abs(bonus) > 20) return null;
  return dmg(dice, bonus, m[3] !== undefined ? Number(m[3]) : 1);
}

/** `1d6−2 (min 1)` / `1d6−2（最低 1）`, `2`: the floor in `lang`'s words (rsCat.damageMin). */
export function formatDamage(d: DamageExpr, lang: Lang = getLang()): string {
  if (d.dice === 0) return String(Math.max(d.min, d.bonus));
  const b = d.bonus === 0 ? '' : d.bonus > 0 ? `+${d.bonus}` : `−${-d.bonus}`;
  return `${d.dice}d6${b}${d.min > 0 ? t('rsCat.damageMin', { min: d.min }, lang) : ''}`;
}
