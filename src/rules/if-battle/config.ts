/**
 * Compiled (plain JSON) shapes of an if-battle experiment: the game settings,
 * the characters and the two sides of each variant.
 */
import type { CheckTable } from './checks.js';
import type { MemoryDef } from './catalogue.js';
import type { IfRulings } from './rulings.js';

/** One character (キャラクター) with its IF's values. */
export interface CharacterDef {
  readonly name: string;
  /** ＜スピード＞: turn order, higher first. */
  readonly speed: number;
  /** Maximum ライフ. */
  readonly life: number;
  /** Maximum コスト, restored at every turn-up. */
  readonly cost: number;
  /** 【バッテリー】 before the battle. */
  readonly battery: number;
  /** Ranks of パワー, ガード, フォース, レジスト. */
  readonly power: number;
  readonly guard: number;
  readonly force: number;
  readonly resist: number;
  /** Skill level per skill index (0 = not held). */
  readonly skills: readonly number[];
  /** Memory catalogue indices. */
  readonly memories: readonly number[];
  /** Joins by 乱入 (not one of the battle's initial participants). */
  readonly joins: boolean;
  /** Holds a 【連絡先】 of a participant: joins without the 乱入判定. */
  readonly contact: boolean;
}

/** One side: its characters and the policy that plays them. */
export interface SideDef {
  readonly characters: readonly CharacterDef[];
  readonly policy: string;
  readonly policyParams: Readonly<Record<string, number>>;
}

/** Process the battle happens in: main (battery, the 10% drop-out) or raid (forced participation). */
export const P_MAIN = 0, P_RAID = 1;
export const PROCESS_NAMES = ['main', 'raid'] as const;
/** Field setting: a field index, or FIELD_ROLL for the 1D6 field table. */
export const FIELD_ROLL = -1;

export interface IfGameDef {
  readonly check: CheckTable;
  readonly memories: readonly MemoryDef[];
  /** Turns per character before the time limit (ruling IF-F03). */
  readonly turnLimit: number;
  /** Skill of the 乱入判定 (the skill the scene player's 交戦判定 used). */
  readonly engageSkill: number;
  /** Least damage a landed attack deals (ruling IF-F02). */
  readonly damageMin: number;
}

export interface IfVariant {
  /** Side 0: the variant's side. */
  readonly subject: SideDef;
  /** Side 1: the fixed reference opponent. */
  readonly reference: SideDef;
  /** Field index or FIELD_ROLL. */
  readonly field: number;
  /** P_MAIN or P_RAID. */
  readonly process: number;
  /** Whether the turn-up recovery check (回復判定) is allowed. */
  readonly recovery: boolean;
  readonly rulings: IfRulings;
}
