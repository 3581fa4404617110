/**
 * Rule versions (ルールのバージョン) of URBAN ASSAULT and their rulesets: the catalogue (§26–§28), the economy
 * (§26–§27 軍票 and 弾倉支給数, §39 売却・特殊装備の交換, §44 弾薬整理), the loot table (§40), the C4's numbers and the
 * procedures a revision switched (負傷 §36, メディック/医療キット §28, 先制攻撃 §35 …), as plain JSON.
 *
 * One ruleset file per version ships in `rulesets/urban-assault/<version>.yaml`; the seed's file reproduces
 * catalogue.ts exactly, so every seed-version result is unchanged. A designer's own ruleset file names a
 * `base:` version and overrides or adds entries; an experiment's `catalogue:` does the same per experiment or
 * variant (ruleset-read.ts).
 */
import type { Catalogue } from './catalogue.js';
import type { CountExpr } from '../combat/engagement.js';

/** The shipped versions, default (the seed) first. */
export const RULE_VERSIONS = ['seed-2026-02-28', 'public-2026-03-23', 'dev-2026-05-09', 'v1.01-2026-10'] as const;
export type RuleVersion = (typeof RULE_VERSIONS)[number];
export const DEFAULT_VERSION: RuleVersion = 'seed-2026-02-28';
/**
 * The designer's latest shipped text: the last of {@link RULE_VERSIONS}, which lists them in the order he wrote them.
 * `init` writes it into a new experiment's `rules:` line, so a version appended to the list is what new users play.
 */
export const LATEST_VERSION: RuleVersion = RULE_VERSIONS[RULE_VERSIONS.length - 1];

/** One face of the standard loot table (§40): magazines or 軍票, `expr × times` (times absent: 1), at least `min`. */
export interface LootFace {
  readonly gives: 'magazines' | 'gunpyo';
  readonly expr: CountExpr;
  readonly times: CountExpr | null;
  readonly min: number;
}

/** The economy (§26–§27, §39, §44). */
export interface Economy {
  /** What §28's prices are paid in: 弾倉 (seed) or 軍票 (2026-03 on). */
  readonly currency: 'magazines' | 'gunpyo';
  /** 軍票 at the leader's creation (§26: 10 from 2026-03). */
  readonly startingGunpyo: number;
  /** 軍票 per unused magazine when an operation ends (§27 弾倉支給数, §44 弾薬整理; 0: none). */
  readonly magazineToGunpyo: number;
  /** Selling gear between operations (§39) pays this (half the price, rounded down). */
  readonly sellCurrency: 'magazines' | 'gunpyo';
  /** An unused special-equipment piece's exchange value (§39: 6) and what it is paid in. */
  readonly specialExchange: number;
  readonly specialExchangeCurrency: 'magazines' | 'gunpyo';
}

/** The procedures a revision changed; each option is a different rule text (docs/rules/urban-assault.md, UA-V rows). */
export const PROCEDURES = {
  /** 負傷: the seed's 「負傷」 is one life point (UA-R18); from 2026-03 a 3-level wound track (§36 負傷). */
  wounds: ['life-points', 'track'],
  /**
   * メディック: heals the leader 1 life when a combat ends (seed); 応急処置 and 戦場治療 cure a wound level (2026-03);
   * v1.01: 戦場治療 once per scenario, wounds to 0, also on a map whose fight is over (UA-V34).
   */
  medic: ['heal-after-combat', 'first-aid-and-field-treatment', 'first-aid-and-treatment-once'],
  /** 医療キット: +1 life between fights (seed, UA-R18); wound −1 in combat, wounds to 0 on the map (2026-03). */
  medkit: ['heal-life', 'cure-wounds'],
  /** The enemy's attitude after the squad's 先制攻撃 (§35): hostile (seed, UA-R25) or 死ぬまで戦う (2026-03). */
  first_strike_attitude: ['hostile', 'fight-to-the-end'],
  /** 劣勢なら撤退: the leader + combatant members with the squad (seed 「戦闘員数」) or every living member (2026-03 「生存隊員」, UA-V10). */
  outnumbered_counts: ['combatants-and-leader', 'living-members', 'living-members-and-leader'],
  /** The odd enemy attack (§36): the player chooses (step 3) or the leader takes it (2026-03 「分隊長が余りの攻撃を受けます」, UA-V11). */
  odd_attack: ['player-chooses', 'leader'],
  /** The spotter's gun (dev 2026-05 「射撃回数：1」): it shoots from the sniper point like the sniper, outdoors only. */
  spotter_fires: ['never', 'outdoors'],
  /**
   * A member's fumbled 防御ロール under the 負傷 track (UA-V05): the leader's wound that spares the member is offered
   * only below 負傷 3 (the default: at 3 it would change nothing, 「負傷が3を超えることはありません」) or always;
   * v1.01 (`wound-and-hit`): no choice — the hit table and its damage as on any failure, and the leader's 負傷+1.
   */
  member_fumble: ['wound-below-3', 'wound-always', 'wound-and-hit'],
  /** 負傷 2's −1 防御ロール (UA-V06): the leader's own rolls, or also the members' roll he makes with his 技量点 (UA-R14). */
  wound_defence: ['leader-rolls', 'leader-and-member-rolls'],
  /** 政治工作 on an extortion (§21): the demand ÷ 10 rounded down (to 2026-05, UA-R40) or up with a minimum of 1 (v1.01). */
  political_rounding: ['down', 'up-min-1'],
  /** 察知 helpers (§28): scout +1 (max +2), K9 and spotter re-rolls (to 2026-05, UA-R52) or v1.01's unconditional successes (UA-V33). */
  detect_helpers: ['bonus-and-rerolls', 'unconditional'],
} as const;
export type ProcedureKey = keyof typeof PROCEDURES;
export type Procedures = { readonly [K in ProcedureKey]: (typeof PROCEDURES)[K][number] };

/** Everything a rule version plays: plain JSON, carried in each compiled variant. */
export interface UaRules {
  /** The version name (a shipped one, or a designer's file: `<file> (base <version>)`). */
  readonly version: string;
  /** The shipped version this one is (or derives from). */
  readonly base: RuleVersion;
  readonly title: string;
  readonly catalogue: Catalogue;
  readonly economy: Economy;
  /** Faces 1…6 of the standard loot table (index 0 = "1 or less"; 7+ is the special-equipment table). */
  readonly loot: readonly LootFace[];
  /** C4 planted in combat (§28): soldiers of the group removed, life a high-threat target loses. */
  readonly c4: { readonly combatSoldiers: number; readonly combatHighThreat: number };
  readonly procedures: Procedures;
  /**
   * The version's own ruling defaults (a ruleset's `rulings:`; v1.01: the designer's recorded decisions, issue 40):
   * key → option, applied under every ruling the experiment does not set itself. Empty: the first options.
   */
  readonly rulingDefaults?: Readonly<Record<string, string>>;
  /** Special equipment (§40) numbers a revision changed: the tactical scanner's uses (0: 1d6 when found). */
  readonly scannerUses?: number;
}
