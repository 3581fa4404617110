/**
 * Compiled (plain JSON) shapes of a chojin-locke experiment: the deck, the
 * charts, the espers of both sides and the policies.
 */
import type { Charts } from './charts.js';
import type { LkRulings } from './rulings.js';

/** One card of the deck (index = card id). */
export interface CardDef {
  readonly kind: number;
  readonly name: string;
  readonly level: number;
  readonly power: number;
}

/** Special-action equipment (10.4.2): 巡洋艦, ジオイド弾, Eストロハイムのビームキャノン. */
export interface SpecialDef {
  /** 'cruiser' | 'geoid' | 'beam'. */
  readonly kind: string;
  readonly level: number;
  /** Possible attack powers; one is drawn uniformly per use. */
  readonly powers: readonly number[];
  /** Uses per combat (0 = every round). */
  readonly uses: number;
  /** 2D6 results on which the weapon does nothing (補足1/2: the card's instruction). */
  readonly dudOn: readonly number[];
}

/** How an esper starts the combat. */
export const START_IN = 0, START_BYSTANDER = 1, START_DEAD = 2;

/** One esper as compiled. */
export interface EsperDef {
  readonly name: string;
  readonly ja: string;
  readonly level: number;
  readonly power: number;
  readonly durability: number;
  readonly willpower: number;
  readonly minions: number;
  readonly disintegrate: boolean;
  /** Equipment levels (0 = none): ESPジャマー, ESPフィールド, ラフノールの鏡, サイコポッド, エネルギー吸収ボール. */
  readonly jammer: number;
  readonly field: number;
  readonly mirror: number;
  readonly psychopod: number;
  readonly ball: number;
  /** Durability of a suit (スーツ; 0 = none). */
  readonly suit: number;
  /** ニケ: its durability (0 = none) and attack power (ruling LK-F22). */
  readonly nike: number;
  readonly nikePower: number;
  /** 亜空間フィールド cards held (each one escape from an attack of Lv7 or below). */
  readonly subspace: number;
  readonly specials: readonly SpecialDef[];
  /** START_IN, START_BYSTANDER (実はそこにいた) or START_DEAD (実は生きていた / 残留思念). */
  readonly start: number;
  readonly policy: string;
  readonly policyParams: Readonly<Record<string, number>>;
}

export interface LkGameDef {
  readonly deck: readonly CardDef[];
  readonly charts: Charts;
  /** Cards dealt per esper before minions (7). */
  readonly handSize: number;
  /** Safety cap on rounds (ruling LK-F12). */
  readonly maxRounds: number;
  readonly rulings: LkRulings;
}

export interface LkVariant {
  /** Side 0 (the variant's party) then side 1 (the opponents). */
  readonly party: readonly EsperDef[];
  readonly enemies: readonly EsperDef[];
  readonly rulings: LkRulings;
}
