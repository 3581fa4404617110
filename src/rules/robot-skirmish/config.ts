/**
 * Compiled (plain JSON) shapes of a robot-skirmish experiment: the table, the
 * armies and the two sides of each variant.
 */
import type { Catalogue } from './catalogue.js';
import type { RsRulings } from './rulings.js';

/** One form of a unit (a transformable unit has two robot sheets with the same bonus points). */
export interface FormDef {
  /** Size index into the catalogue's sizes (small 0, medium 1, large 2). */
  readonly size: number;
  readonly bonusMove: number;
  readonly bonusAttack: number;
  readonly bonusDefence: number;
  /** Final values (base + bonus + equipment and weapon movement modifiers). */
  readonly move: number;
  readonly attack: number;
  readonly defence: number;
  readonly hp: number;
  readonly radius: number;
  /** Weapon catalogue indices, one entry per barrel. */
  readonly weapons: readonly number[];
  /** Equipment bit set (EQ_*). */
  readonly equipment: number;
  readonly legs: boolean;
  readonly hands: number;
}

export const TF_NONE = 0, TF_ONE_WAY = 1, TF_TWO_WAY = 2;

export interface UnitDef {
  readonly name: string;
  /** 2 + bonus points. */
  readonly cost: number;
  readonly forms: readonly FormDef[];
  /** TF_NONE, TF_ONE_WAY or TF_TWO_WAY. */
  readonly transform: number;
  /** Deployment point, or null for the automatic line. */
  readonly at: readonly [number, number] | null;
}

export interface ArmyDef {
  readonly name: string;
  readonly units: readonly UnitDef[];
  readonly cost: number;
}

export const T_BLOCK = 0, T_HINDER = 1;

export interface TerrainDef {
  /** T_BLOCK (遮断地形: impassable, blocks the line of fire) or T_HINDER (妨害地形: double movement cost, hides). */
  readonly kind: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface TableDef {
  readonly width: number;
  readonly height: number;
  /** Display unit of lengths (cm or in); numbers are in this unit. */
  readonly unit: string;
  /** Bases touch (接触) when the gap between them is at most this (reach, arms stretched). */
  readonly contactGap: number;
  readonly terrain: readonly TerrainDef[];
  /** Automatic deployment: distance of the line from the own table edge, and spacing between units. */
  readonly deployDepth: number;
  readonly deploySpacing: number;
}

export interface HqDef {
  readonly hp: number;
  readonly defence: number;
  readonly radius: number;
  /** Position of side 0's headquarters; side 1's is the point reflection. */
  readonly x: number;
  readonly y: number;
}

export interface SideDef {
  readonly army: ArmyDef;
  readonly policy: string;
  readonly policyParams: Readonly<Record<string, number>>;
}

export interface RsGameDef {
  readonly table: TableDef;
  /** Rounds (each = both players' turns) before the time limit (ruling RS-F15). */
  readonly turnLimit: number;
  readonly armyPoints: number;
  readonly hq: HqDef | null;
  readonly catalogue: Catalogue;
  readonly rulings: RsRulings;
  /**
   * Where the rules' dice come from (experiment key `dice_streams`, the same for every variant so that game i of
   * every variant stays paired): `sequential` (default), one stream per game drawn in order; `keyed`, the initiative,
   * each unit's start-phase repair, movement action (its 離脱 roll and the free attacks it draws), attack action
   * (everything it rolls, interceptions included) and fall check, and the time limit's tie-break, each from its own
   * stream keyed by (game, turn, phase, unit), so a roll stays the same in two variants after earlier play diverged
   * (docs/rules/robot-skirmish.md, 'Dice streams').
   */
  readonly diceStreams: DiceStreams;
}

/** The `dice_streams` choices: {@link RsGameDef.diceStreams}. */
export const DICE_STREAMS = ['sequential', 'keyed'] as const;
export type DiceStreams = (typeof DICE_STREAMS)[number];

export interface RsVariant {
  /** Side 0: the variant's side. */
  readonly subject: SideDef;
  /** Side 1: the fixed reference opponent. */
  readonly reference: SideDef;
  readonly rulings: RsRulings;
}
