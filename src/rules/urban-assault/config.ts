/**
 * Compiled (plain JSON) shapes of an URBAN ASSAULT experiment: the gauntlet of
 * engagements and the squad of each variant.
 */
import type { RulingSettings } from './rulings.js';
import type { Catalogue } from './catalogue.js';
import type { ScenarioDef } from './scenario.js';

/** A count like `1d3+1`: n dice of `sides` (2, 3 or 6; a d2 is one uniform draw of 2, UA-R55) plus `bonus`. */
export interface CountExpr {
  readonly n: number;
  readonly sides: number;
  readonly bonus: number;
}

/** Reaction types (反応の種類 §35). */
export const REACTIONS = ['supportive', 'friendly', 'neutral', 'withdraw', 'withdraw_if_outnumbered', 'extortion', 'hostile', 'fight_to_the_end'] as const;
export type Reaction = (typeof REACTIONS)[number];
export const RX_SUPPORTIVE = 0, RX_FRIENDLY = 1, RX_NEUTRAL = 2, RX_WITHDRAW = 3, RX_OUTNUMBERED = 4, RX_EXTORTION = 5, RX_HOSTILE = 6, RX_FIGHT = 7;

/** Modifiers an event or reaction puts on the next combat. */
export interface NextCombatEffects {
  readonly enemyFirstStrike: boolean;
  readonly firstRoundDefenceMod: number;
  readonly firstRoundAttackersCap: number;
  readonly firstRoundEnemyAttacks: number;
}

export interface ReactionEntry {
  readonly reaction: number;
  /** Effects carried to the next combat when this entry is rolled. */
  readonly next: NextCombatEffects | null;
}

/** Attack types a unit may be immune to ("シナリオに従います"). */
export const IMMUNITIES = ['shotgun', 'rapid_fire', 'grenade', 'frag_grenade', 'flashbang'] as const;
export const IM_SHOTGUN = 1, IM_RAPID = 2, IM_GRENADE = 4, IM_FRAG = 8, IM_FLASHBANG = 16;

/** One enemy group (敵戦闘集団) or high-threat target (高脅威目標). */
export interface EnemyUnitDef {
  readonly name: string;
  readonly htt: boolean;
  readonly count: CountExpr;
  readonly level: number;
  /** High-threat target: life (生命点). Groups: 1 per soldier. */
  readonly life: number;
  /** High-threat target: attacks per round. Groups: one per soldier. */
  readonly attacks: number;
  /** Attack-roll modifier against this unit (cover, light armour). */
  readonly attackMod: number;
  /** True when the modifier is cover (the grenade skill ignores cover, §19). */
  readonly attackModIsCover: boolean;
  readonly armoured: boolean;
  /** Armed with guns: melee against it takes −2 (§29). */
  readonly gunArmed: boolean;
  /** Index of the unit whose presence screens this one, or −1. */
  readonly screenedBy: number;
  /** Bit set of IM_* immunities. */
  readonly immune: number;
}

export interface EngagementDef {
  readonly name: string;
  readonly indoor: boolean;
  readonly dark: boolean;
  readonly units: readonly EnemyUnitDef[];
  /** Six entries (faces 1..6), or null: the enemy always attacks at once. */
  readonly reactionTable: readonly ReactionEntry[] | null;
  /** Parity targeting: even achieved value hits unit `even`, odd hits `odd`. */
  readonly parity: { readonly even: number; readonly odd: number } | null;
  readonly firstRoundDefenceMod: number;
  readonly enemyFirstStrike: boolean;
  /** Max squad attackers per round (0 = the gauntlet's rule). */
  readonly attackersCap: number;
  readonly extortionCost: number;
  readonly negotiable: boolean;
  readonly retreatAllowed: boolean;
  /** Loot after a win or withdrawal: fixed magazines, or the standard loot table (§40). */
  readonly lootMagazines: number;
  readonly lootTable: boolean;
}

export interface GauntletDef {
  readonly engagements: readonly EngagementDef[];
  readonly difficulty: string;
  /** Operation magazine cap (作戦投入上限) at this difficulty. */
  readonly startingMagazines: number;
  /** Max squad attackers per round (攻撃人数制限); 0 = unlimited. */
  readonly attackersCap: number;
  /** After a retreat: fight the engagement again (`re-enter`) or give up the run (`abort`). */
  readonly retreatMode: 're-enter' | 'abort';
  readonly maxRetreats: number;
  readonly maxRounds: number;
  readonly rulings: RulingSettings;
  /** The seed's catalogue with the experiment's overrides. */
  readonly catalogue: Catalogue;
  /** An operation on a scenario map instead of the fixed engagement list (operation.ts); absent for gauntlets. */
  readonly operation?: OperationDef | null;
}

/** 部隊再編 (§41) effect sizes, experiment parameters so they can be tuned. */
export interface ReorgEffects {
  /** Stage ≥ 1: extra magazines at the operation start (seed: 3). */
  readonly magazines: number;
  /** Stage ≥ 2: hit-table −1 uses per operation (seed: 1). */
  readonly hitTableUses: number;
  /** Stage ≥ 3: enemy level modifier in the operation's first battle (seed: −1). */
  readonly levelMod: number;
}

/** A campaign: repeated attempts at the scenario until it is cleared or the cap is reached (§15, §16, §41, §44). */
export interface CampaignDef {
  readonly maxAttempts: number;
  /** The successor's experience level: the predecessor's (`same`) or the minimum 10 (`minimum`) (§41 「前任者の経験レベル以下」). */
  readonly successorLevel: 'same' | 'minimum';
}

/** One operation (or a campaign of them) on a scenario. */
export interface OperationDef {
  readonly scenario: ScenarioDef;
  readonly difficulty: string;
  /** Lap (周目) index for a single operation. */
  readonly lap: number;
  /** 逃走 allowed at most this many times per operation (a bound; the seed sets none). */
  readonly maxFlees: number;
  /** The reorganization stage a single operation starts at (0–3), to measure the rescue directly. */
  readonly reorgStage: number;
  readonly reorg: ReorgEffects;
  readonly campaign: CampaignDef | null;
  /** Safety bound on map draws per operation. */
  readonly maxTiles: number;
  /** Added to every loot-table roll of the operation (§40 「本文中で特に修正がない場合」; 7+ → special equipment, UA-R77). */
  readonly lootMod: number;
}

/** A leader and squad, as one variant fields it. */
export interface SquadDef {
  readonly sub: number;
  readonly skill: number;
  readonly lifeBase: number;
  readonly lifeMax: number;
  readonly subMax: number;
  readonly squadSize: number;
  readonly skills: number;
  readonly weapon: string;
  readonly attachment: string | null;
  readonly armour: string | null;
  readonly shield: string | null;
  readonly expendables: readonly number[];
  readonly nvg: boolean;
  readonly members: readonly number[];
  readonly magazines: number;
  readonly mre: number;
  /** Magazines spent on purchases (weapons, armour, items, members). */
  readonly purchaseCost: number;
  readonly policy: string;
  readonly policyParams: Readonly<Record<string, number>>;
  /** Items for 物資支援要請, in order of preference. */
  readonly supplyRequest: string | null;
  /** Items carried besides expendables (guns, shield, standing equipment) — for the carry limit when picking up gear (§27). */
  readonly carriedFixed: number;
  /** 持ち物上限: max life + 2 per porter (§27). */
  readonly carryLimit: number;
  /** Cost of the bought personal gear (guns, armour, shield, attachments): what a successor re-buys (§41, UA-R57). */
  readonly gearCost?: number;
  /**
   * What-if special equipment held from the start (`special_equipment`, UA-R87): kind (special.ts SPECIALS
   * index), uses left and uses when found. Not a legal purchase (§40 items are found, not bought); for
   * measuring a piece's worth.
   */
  readonly special?: readonly { readonly kind: number; readonly uses: number; readonly total: number }[];
}

export interface UaVariant {
  readonly squad: SquadDef;
  /** The experiment's rulings with this variant's overrides applied. */
  readonly rulings: RulingSettings;
  /** Operations: the experiment's operation settings with this variant's overrides (difficulty, lap, reorganization). */
  readonly operation?: OperationDef | null;
}
