/**
 * Compiled (plain JSON) shapes of an Axis & Allies Miniatures experiment: the
 * unit types (the data file with the experiment's overrides), and per variant
 * the battlefield, both sides' forces and policies, and the rulings.
 */
import type { AamRulings } from './rulings.js';

export const KIND_SOLDIER = 0, KIND_VEHICLE = 1, KIND_AIRCRAFT = 2;
export const KIND_NAMES = ['soldier', 'vehicle', 'aircraft'] as const;
export const BLUE = 0, RED = 1;
export const SIDE_NAMES = ['Blue', 'Red'] as const;

/** One unit type (stat card) as the engine reads it. */
export interface UnitType {
  readonly id: string;
  readonly name: string;
  readonly nation: string;
  readonly kind: number;
  readonly cost: number;
  readonly defFront: number;
  readonly defRear: number;
  readonly speed: number;
  /** Attack values vs Soldiers at short, medium, long range (0 = none). */
  readonly vsSoldier: readonly number[];
  readonly vsVehicle: readonly number[];
  readonly closeAssault: number;
  /** Superior Armor X (0 = none). */
  readonly superiorArmor: number;
  /** Commander initiative bonus (0 = not a commander). */
  readonly initiative: number;
  /** Long range against Vehicles reaches this many hexes (8 unless Extended Range). */
  readonly longVsVehicle: number;
  readonly guardCrew: boolean;
  readonly bravery: boolean;
  readonly abilities: readonly string[];
  readonly assumed: boolean;
}

/** The battlefield of one variant. */
/**
 * The combat facts taken from public sources (AAM-R35): an attack die succeeds on `successOn` or more after
 * modifiers (4+), and the range bands end at `shortMax` / `mediumMax` / `longMax` hexes (1 / 4 / 8). Data, not code:
 * an experiment may change them under `battlefield: { combat: … }`.
 */
export interface CombatTable {
  readonly successOn: number;
  readonly shortMax: number;
  readonly mediumMax: number;
  readonly longMax: number;
}

export interface BattlefieldDef {
  readonly width: number;
  readonly depth: number;
  /** Units deploy within this many hexes (rows) of their own edge. */
  readonly deployDepth: number;
  /** Terrain rows ('.', 'F', 'H', 'T') from Blue's edge. */
  readonly terrain: readonly string[];
  /** Copy Blue's half of the terrain onto Red's half (180° rotation). */
  readonly mirror: boolean;
  /** Cover roll target per terrain (clear, forest, hill, town) and kind (soldier, vehicle); 0 = no cover. */
  readonly cover: readonly (readonly number[])[];
  /** Movement cost to enter a hex, per terrain and kind (soldier, vehicle). */
  readonly moveCost: readonly (readonly number[])[];
  /** From the end of this turn, sole control of the objective wins (seed: turn 7). */
  readonly objectiveTurn: number;
  /** From the end of this turn, points decide if nobody controls the objective. */
  readonly pointsTurn: number;
  /** The game is a draw if still undecided at the end of this turn. */
  readonly maxTurns: number;
  /** Success number of an attack die and the range bands (AAM-R35; public defaults 4+, 1 / 4 / 8). */
  readonly combat: CombatTable;
}

/** One unit of a force: its type and optional fixed deployment hex (offset col,row). */
export interface ForceUnit {
  readonly type: number;
  readonly col: number;
  readonly row: number;
  /** True when `col,row` were given; otherwise the unit is placed by the deployment rule. */
  readonly placed: boolean;
}

export interface SideDef {
  readonly units: readonly ForceUnit[];
  readonly points: number;
  readonly policy: string;
  readonly policyParams: Readonly<Record<string, number>>;
}

export interface AamVariant {
  readonly blue: SideDef;
  readonly red: SideDef;
  readonly battlefield: BattlefieldDef;
  /** The experiment's rulings with this variant's overrides. */
  readonly rulings: AamRulings;
}

/** A break-even ladder: variants fielding `count` of one unit against the same reference force. */
export interface WorthLadder {
  readonly unit: string;
  readonly reference: string;
  readonly referencePoints: number;
  readonly steps: readonly { readonly variant: string; readonly count: number; readonly points: number }[];
}

/** Two variants to compare (e.g. the same fight with and without cover). */
export interface Comparison {
  readonly label: string;
  readonly a: string;
  readonly b: string;
}

export interface AamGameDef {
  readonly units: readonly UnitType[];
  readonly worth: readonly WorthLadder[];
  readonly compare: readonly Comparison[];
  /** The longest game of any variant (sizes the attrition series). */
  readonly maxTurns: number;
  /**
   * Where the rules' dice come from (experiment key `dice_streams`, the same for every variant so that game i of
   * every variant stays paired): `sequential` (default), one stream per game drawn in order; `keyed`, each turn's
   * initiative rolls and each attack (its dice and its cover roll) from its own stream keyed by (game, turn, phase,
   * attacker), so a roll stays the same in two variants even after earlier play diverged (common random numbers that
   * survive a different decision; docs/rules/axis-allies-miniatures.md, 'Dice streams').
   */
  readonly diceStreams: DiceStreams;
}

/** The `dice_streams` choices: {@link AamGameDef.diceStreams}. */
export const DICE_STREAMS = ['sequential', 'keyed'] as const;
export type DiceStreams = (typeof DICE_STREAMS)[number];
