/**
 * Compiled (plain JSON) shapes of one URBAN ASSAULT engagement (遭遇と戦闘 §35–§38): enemy groups and
 * high-threat targets, the reaction table (反応表), next-combat effects and count expressions. Shared by the
 * experiment (config.ts) and scenario (scenario.ts) shapes.
 */

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
  /**
   * `unmanned: true` (core 1.01 §21, issue 40): no crew to negotiate with, so 【鹵獲】 cannot take it (UA-R73 `life-1`).
   * Where the key was written, for the error when the variant does not play that ruling. Absent: manned.
   */
  readonly unmanned?: { readonly file: string; readonly line?: number; readonly path: string };
  /** Armed with guns: melee against it takes −2 (§29). */
  readonly gunArmed: boolean;
  /** Index of the unit whose presence screens this one, or −1. */
  readonly screenedBy: number;
  /**
   * Who may shoot past that screen (`screen_exempt`, UA-R130 reading (b)): a bit set of SX_* — Black Sun's
   * 「スキル：精密射撃並びに隊員：マークスマンについては通常通り射撃対象を選択できる」. Absent: nobody.
   */
  readonly screenExempt?: number;
  /** Bit set of IM_* immunities. */
  readonly immune: number;
}

/** `screen_exempt` values (UA-R130): the leader's 精密射撃, the marksman's and the sniper's shots. */
export const SCREEN_EXEMPT = ['precise_shot', 'marksman', 'sniper'] as const;
export const SX_PRECISE = 1, SX_MARKSMAN = 2, SX_SNIPER = 4;

export interface EngagementDef {
  readonly name: string;
  readonly indoor: boolean;
  /** A scenario tile that is both 屋外 and 室内 (`indoor` is true too; UA-R144). Absent: false. */
  readonly alsoOutdoor?: boolean;
  readonly dark: boolean;
  readonly units: readonly EnemyUnitDef[];
  /** Six entries (faces 1..6), or null: the enemy always attacks at once. */
  readonly reactionTable: readonly ReactionEntry[] | null;
  /**
   * Parity targeting: even achieved value hits unit `even`, odd hits `odd`. `bindsPrecise`: precise shots (精密射撃, the
   * marksman and sniper, the DMR's odd value) follow it too; false: they choose their target (UA-R141).
   */
  readonly parity: { readonly even: number; readonly odd: number; readonly bindsPrecise: boolean } | null;
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
