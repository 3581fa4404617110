/**
 * Compiled (plain JSON) shapes of an URBAN ASSAULT experiment: the gauntlet of
 * engagements and the squad of each variant.
 */
import type { RawTarget } from '../../sim/core/raw-target.js';
import type { RulingSettings } from './catalogue/rulings.js';
import type { Catalogue } from './catalogue/catalogue.js';
import type { UaRules } from './catalogue/ruleset.js';
import type { ScenarioDef } from './scenario/scenario.js';

export * from './combat/engagement.js';
import type { EngagementDef } from './combat/engagement.js';

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
  /** The experiment's rule version's catalogue with the experiment's overrides (a variant's own: SquadDef.rules). */
  readonly catalogue: Catalogue;
  /** The experiment's rule version (ruleset.ts) with its `catalogue:` overrides. */
  readonly rules?: UaRules;
  /** Some variant pays in 軍票 (2026-03 economy): the outputs report 軍票 at the end. */
  readonly gunpyo?: boolean;
  /** Some variant keeps the 負傷 track (2026-03): gauntlets report 負傷 at the end. */
  readonly wounds?: boolean;
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
  /** Attempts played: the experiment's `max_attempts`, capped by the scenario's `operations.max` (issue 28 item 7). */
  readonly maxAttempts: number;
  /** The experiment's `max_attempts` when the scenario's `operations.max` cut it (the labels say so); absent otherwise. */
  readonly asked?: number;
  /** The attempts the outputs lay out when the variants' campaigns differ (their most; issue 28 item 9); absent: maxAttempts. */
  readonly reported?: number;
  /** The successor's experience level: the predecessor's (`same`) or the minimum 10 (`minimum`) (§41 「前任者の経験レベル以下」). */
  readonly successorLevel: 'same' | 'minimum';
}

/** One operation (or a campaign of them) on a scenario. */
export interface OperationDef {
  readonly scenario: ScenarioDef;
  /** The scenario's file ('' when written inline in the experiment); a variant's patch starts from it. */
  readonly scenarioFile: string;
  /** `scenario_patch` changes applied (`path=value`), for the record. */
  readonly scenarioChanges: readonly string[];
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
  /**
   * The designer's own test measures and じり貧 (`audit: true`; his v1.01 audit §7, issue 41): appended after every
   * other output (operation/audit-measures.ts). Experiment-wide: every variant has the same outputs.
   */
  readonly audit?: boolean;
  /** The scenario's own balance targets (`targets:` in the scenario, issue 25 item 5), as written. */
  readonly targets?: readonly RawTarget[];
  /**
   * The outputs' layout when the variants play scenarios whose outputs differ (report-layout.ts, issue 28 item 9):
   * every place, reported counter and slot of them all. Absent: the scenario's own.
   */
  readonly layout?: ScenarioDef;
  /** Label notes of counters only some variants' scenarios report (counter id → note). */
  readonly layoutNotes?: Readonly<Record<string, string>>;
  /**
   * `after:` (issue 28 item 7, UA-R134): scenarios the same squad plays first, in order, each from the previous one's
   * end state; the outputs are this scenario's. Absent: none.
   */
  readonly after?: readonly { readonly scenario: ScenarioDef; readonly file: string }[];
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
  /** 降下ロープ bought (§28): +1 on a height tile's checks, and one fall a map is stopped (UA-R93). */
  readonly rope?: boolean;
  /** Campaigns: gear bought between operations, in order, each once (`buy_between`, UA-V25). */
  readonly buyBetween?: readonly string[];
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
  /** Carry slots of the bought guns and shield (in `carriedFixed`): left behind by a successor on the starting kit (§41). */
  readonly gearSlots?: number;
  /**
   * What-if special equipment held from the start (`special_equipment`, UA-R87): kind (special.ts SPECIALS
   * index), uses left and uses when found. Not a legal purchase (§40 items are found, not bought); for
   * measuring a piece's worth.
   */
  readonly special?: readonly { readonly kind: number; readonly uses: number; readonly total: number }[];
  /** The variant's rule version and ruleset (ruleset.ts): its catalogue replaces the experiment's in play. */
  readonly rules: UaRules;
  /** 軍票 left from the starting 軍票 after purchases (2026-03 economy; 0 under the seed's). */
  readonly scripStart: number;
  /**
   * v1.01 §45 two players (2人の分隊長, `players: 2`): two leaders on this spec, the members dealt between their two
   * squads (UA-V60). Absent: one player.
   */
  readonly players?: 2;
  /**
   * §45 two players: the second leader's own 能力値, skills and personal gear (`second_leader:`, UA-V57). Absent: the
   * second leader is a copy of this spec (UA-V60).
   */
  readonly second?: SecondLeaderDef;
}

/**
 * §45 two players: the second leader (`second_leader:`, UA-V57), his spec and kit as {@link SquadDef}'s leader fields
 * (his `squadSize`: his squad's is half of it; his `purchaseCost`: paid from his own starting 軍票, §26).
 */
export type SecondLeaderDef = Pick<SquadDef, 'sub' | 'skill' | 'lifeBase' | 'lifeMax' | 'subMax' | 'squadSize' | 'skills' | 'weapon' | 'attachment'
  | 'armour' | 'shield' | 'expendables' | 'nvg' | 'purchaseCost' | 'carriedFixed'> & { readonly rope: boolean; readonly gearCost: number; readonly gearSlots: number };

export interface UaVariant {
  readonly squad: SquadDef;
  /** The experiment's rulings with this variant's overrides applied. */
  readonly rulings: RulingSettings;
  /** Operations: the experiment's operation settings with this variant's overrides (difficulty, lap, reorganization). */
  readonly operation?: OperationDef | null;
  /** The squad compiled for each scenario of `operation.after` (its own starting magazines), in order. */
  readonly after?: readonly SquadDef[];
}
