/**
 * Compiled (plain JSON) shape of an URBAN ASSAULT scenario: the map table
 * (d33 or d66), the progression of the one-way mode (一本道), every tile's
 * attributes and event, the mid and final events, and the scenario's rules of
 * engagement. Written by designers as YAML under `scenarios/urban-assault/`
 * (format in docs/scenarios/urban-assault.md), compiled by
 * scenario/compile.ts, played by operation.ts. No scenario needs code.
 */
import type { CountExpr, EngagementDef, NextCombatEffects } from '../combat/engagement.js';
import type { MemberTypeDef } from '../catalogue/catalogue.js';

/** Effect kinds (a small vocabulary; each effect is one `{ kind: value }` entry in YAML). */
export const EFFECTS = [
  'magazines', 'item', 'mre', 'scrip', 'scrip_at_end', 'info', 'leader_damage', 'heal', 'hit_table',
  'recover_member', 'next_combat', 'map_roll', 'encounter', 'nothing',
  'scenario_item', 'member_damage', 'kill_enemies', 'loot_table', 'special', 'counter', 'if', 'recover_sub',
  'reinforce', 'goto_final', 'cure_wound', 'difference_table',
] as const;
export const E_MAGAZINES = 0, E_ITEM = 1, E_MRE = 2, E_SCRIP = 3, E_SCRIP_AT_END = 4, E_INFO = 5, E_LEADER_DAMAGE = 6,
  E_HEAL = 7, E_HIT_TABLE = 8, E_RECOVER_MEMBER = 9, E_NEXT_COMBAT = 10, E_MAP_ROLL = 11, E_ENCOUNTER = 12, E_NOTHING = 13;
/**
 * Extensions (Black Sun Protocol):
 * - E_SCENARIO_ITEM: the squad receives one of the scenario's own items (`item` = index in
 *   {@link ScenarioDef.items}); it counts toward the carry limit when the item is `carried`,
 *   and is not received when the limit is full.
 * - E_MEMBER_DAMAGE: the option's target member (see {@link OptionDef.targetMember}) takes `n` damage
 *   (nothing when the option found no target).
 * - E_KILL_ENEMIES: during a combat, `n` soldiers of enemy groups (敵戦闘集団, not high-threat
 *   targets) of the squad's choice are removed at once, spread over any groups; unused kills are lost.
 * - E_LOOT_TABLE: roll the standard loot table (§40) `n` times, each roll + `mod` (7+ → special equipment).
 * - E_SPECIAL: the squad finds `n` pieces of special equipment (特殊装備 §40): kind `item` (special.ts
 *   SPECIALS index; −1 = a roll on the special-equipment table each), with `uses` uses (0 = the table's).
 */
export const E_SCENARIO_ITEM = 14, E_MEMBER_DAMAGE = 15, E_KILL_ENEMIES = 16, E_LOOT_TABLE = 17, E_SPECIAL = 18;
/**
 * Scenario state (issue 14):
 * - E_COUNTER: counter `item` (index in {@link ScenarioDef.counters}) — `mod` 0: + n, −1: − n, 1: set to n; clamped
 *   to the counter's range. `info: n` is E_INFO, the same as adding to the counter `info`.
 * - E_IF: `cond` holds → the effects in `ifHeld` (the `then` list), else `elseEffects`.
 */
export const E_COUNTER = 19, E_IF = 20;
/** E_RECOVER_SUB: the leader recovers n sub-ability points (to his maximum), UA-R97. */
export const E_RECOVER_SUB = 21;
/**
 * E_REINFORCE: `n` soldiers join the current combat's group named `name` (nothing outside a combat or when no group
 * has that name); the effect form of an encounter's `reinforcements` (UA-R100).
 * E_GOTO_FINAL: the operation goes straight to the final event after the current tile (UA-R101).
 */
export const E_REINFORCE = 22, E_GOTO_FINAL = 23;
/**
 * `cure_wound: n` — a scenario's 「負傷をn回復」: under a rule version with the 負傷 track (2026-03 on) n wound levels
 * are cured; under the seed's, where 負傷 is a lost life point (UA-R18), n life is healed (as `heal`). UA-V13.
 */
export const E_CURE_WOUND = 24;
/**
 * `difference_table: { "0": [...], "1-2": [...], "3-5": [...] }` — two d6 are rolled and the larger minus the smaller
 * (0 … 5) picks the entry (the outpost notes' mortar: 「d66を振り、大きい出目から小さい出目を引いて」; issue 28 item 6).
 * The entries are in {@link EffectDef.table}, index = the difference.
 */
export const E_DIFFERENCE_TABLE = 25;
/** How many of the 36 ordered (d1, d2) pairs give each difference |d1 − d2| = 0 … 5: 6, 10, 8, 6, 4, 2. */
export const DIFFERENCE_WAYS: readonly number[] = [6, 10, 8, 6, 4, 2];

/** When a scenario trigger fires (UA-R96). */
export const TRIGGER_AT = ['combat_start', 'combat_end', 'tile_enter', 'round_start'] as const;
export const T_COMBAT_START = 0, T_COMBAT_END = 1, T_TILE_ENTER = 2, T_ROUND_START = 3;

/** A scenario trigger (`triggers:`): at a moment, while its condition holds, its effects apply. */
export interface TriggerDef {
  readonly at: number;
  readonly cond: ConditionDef | null;
  readonly effects: readonly EffectDef[];
  /** `cancel: { detect: true }`: a 器用 leader may try 察知 (§25, 1 器用点) to cancel this firing (UA-R100). */
  readonly cancelByDetect: boolean;
  /** `cancel: { item }`: spending one of this expendable (catalogue index; −1 none) cancels this firing. */
  readonly cancelByItem: number;
  /** `cancel: { item }` naming a scenario item instead (ScenarioDef.items index; −1 none). */
  readonly cancelByScItem: number;
  /** `cancel: { skill }`: a leader who knows this skill (bit index) cancels it without a roll (−1 none; the notes' 指揮技能で無効化). */
  readonly cancelBySkill: number;
}

/** Most counters a scenario may have, `info` included. */
export const MAX_COUNTERS = 8;

/** A scenario counter or track (`counters:`): range, start (per lap if given) and its worth to the scripted policies. */
export interface CounterDef {
  readonly id: string;
  readonly start: number;
  readonly min: number;
  readonly max: number;
  /** Start value by lap (lap 1 first); a lap past the list uses `start`. */
  readonly startByLap: readonly number[];
  /** Magazines one point is worth to the scripted policies' option values (UA-R95). */
  readonly value: number;
  /** Reported as an output (`counter_<id>`): declared, or used by an effect or condition. */
  readonly reported: boolean;
  /** `keep: campaign`: the value carries from one operation of a campaign to the next (start applies once). */
  readonly keepCampaign: boolean;
  /** `visible_from_lap`: before this lap (1-based) the player does not see the track; the policies give it no value. */
  readonly visibleFromLap: number;
}

/** Condition kinds (UA-R95): a counter's value, the lap, the difficulty, an expendable held, a member role present, a skill known. */
export const C_COUNTER = 0, C_LAP = 1, C_DIFFICULTY = 2, C_ITEM = 3, C_MEMBER = 4, C_SKILL = 5, C_ENEMY = 6;
/** C_ROUND: lo ≤ the current combat round ≤ hi (round 0 before the first round; 0 outside a combat). C_SC_ITEM: a scenario item held. */
export const C_ROUND = 7, C_SC_ITEM = 8;

/**
 * A condition: for C_COUNTER, lo ≤ counter `counter` ≤ hi; C_LAP, lo ≤ lap (1-based) ≤ hi; C_DIFFICULTY, the
 * operation's difficulty is `name`; C_ITEM, the squad holds expendable `counter` (index); C_MEMBER, a member of role
 * `counter` is with the squad; C_SKILL, the leader knows skill bit `counter`; C_ENEMY, an enemy of the current (or
 * just ended) combat still stands: `name` is `high_threat`, `group`, or a unit's name.
 */
export interface ConditionDef {
  readonly kind: number;
  readonly counter: number;
  readonly lo: number;
  readonly hi: number;
  readonly name: string;
}

/** Modifiers on the next combat beyond the reaction-table ones (§35 entries use {@link NextCombatEffects}). */
export interface CombatModifiers extends NextCombatEffects {
  /** The squad attacks first in the next combat (e.g. a radio intercept). */
  readonly squadFirstStrike: boolean;
  /** Defence-roll modifier for the whole next combat. */
  readonly defenceMod: number;
  /** Extra enemy attacks every round of the next combat. */
  readonly enemyAttacks: number;
  /** Squad attack-roll modifier in the first round of the next combat. */
  readonly firstRoundAttackMod: number;
  /** Modifier on the first defence roll only of the next combat (the first single roll, whoever is attacked). */
  readonly firstDefenceRollMod: number;
  /** The leader's own defence rolls only, in round 1 of the next combat (22 通報; issue 28 item 4). */
  readonly leaderFirstRoundDefenceMod: number;
  /** The leader's first defence roll of the next combat only (41; issue 28 item 4). */
  readonly leaderFirstDefenceRollMod: number;
  /**
   * Extra soldiers in the next combat that has an enemy group (敵戦闘集団): added to one group of the
   * squad's choice after its count is rolled (Black Sun 出目61 中立). Combats with only high-threat targets
   * do not use it up.
   */
  readonly extraEnemies: number;
  /**
   * Added to the number of squad members (not the leader) that may attack each round of the next combat;
   * the base is the attackers cap less the leader when there is one, else the members present; never below 1.
   */
  readonly membersAttackingMod: number;
  /** `members_attacking_base: fight_start` (UA-V51): the base is the combatants alive at the fight's start. */
  readonly membersAttackingFromStart?: true;
  /** The option's target member (OptionDef.targetMember) may not make attack rolls in round 1 of the next combat. */
  readonly targetNoAttackFirstRound: boolean;
  /** The option's target member is absent in round 1 of the next combat: no attack, not on the hit table. */
  readonly targetAbsentFirstRound: boolean;
  /** Squad attack-roll modifier for the whole next combat (UA-R102). */
  readonly attackMod: number;
  /** Modifier on the squad's first attack roll only of the next combat (UA-R102). */
  readonly firstAttackRollMod: number;
  /** In the next combat where a unit of this name fights, its `attack_mod` (cover/armour) does not apply ('' none; UA-R102). */
  readonly cancelUnitMod: string;
  /**
   * What that cancel is worth in attack-roll points: minus the most negative `attack_mod` of the units of that name in
   * the scenario's encounters (0 without a cancel). A fact of the scenario for the policies (issue 28 item 11).
   */
  readonly cancelledAttackMod: number;
}

/** Modifier on the next map roll (d66 tens/units ±, or roll twice and choose). */
export interface MapRollMod {
  /** Added to the tens die (clamped 1..6); the policy may decline. */
  readonly tens: number;
  /** Added to the units die: ±n lets the policy choose −n, 0 or +n. */
  readonly units: number;
  /** The units modifier may go either way. */
  readonly either: boolean;
  /** Roll the map twice and choose (書きかけの地図). */
  readonly twice: boolean;
  /** The tens die of the next map roll is this value (1..6; 0 = not set). Applied after `tens`. */
  readonly setTens: number;
  /** `mandatory: true`: the tens/units modifier must be applied (the unmodified code is not offered; issue 28 item 4). */
  readonly mandatory: boolean;
}

/** One effect. `n` is a count (fixed or dice); `item` an expendable index; `role` a member role or −1 (any). */
export interface EffectDef {
  readonly kind: number;
  readonly n: CountExpr;
  /** E_ITEM: the expendable (catalogue EXPENDABLES index). E_SCENARIO_ITEM: index in ScenarioDef.items. */
  readonly item: number;
  /** E_ITEM: effects instead when the squad already holds one. */
  readonly ifHeld: readonly EffectDef[] | null;
  /** E_LOOT_TABLE: added to each loot-table roll. E_SPECIAL: uses of each piece (0 = the table's). */
  readonly mod: number;
  /** E_NEXT_COMBAT. */
  readonly combat: CombatModifiers | null;
  /** E_MAP_ROLL. */
  readonly map: MapRollMod | null;
  /** E_ENCOUNTER: a fight triggered by the event (e.g. a failed stealth check). */
  readonly engagement: EngagementDef | null;
  /** E_ENCOUNTER: the scenario extensions of that fight (null: none). */
  readonly extra: EncounterExtra | null;
  /** E_IF: the condition. */
  readonly cond: ConditionDef | null;
  /** E_IF: the effects when the condition does not hold. */
  readonly elseEffects: readonly EffectDef[] | null;
  /** E_REINFORCE: the group's name ('' otherwise). */
  readonly name: string;
  /** E_DIFFERENCE_TABLE: the effects for each difference 0 … 5 (null otherwise). */
  readonly table: readonly (readonly EffectDef[])[] | null;
}

/** Abilities a check can roll (§07, §09): 技量点 or one of the four sub-abilities. */
export const CHECK_ABILITIES = ['skill', 'melee', 'dexterity', 'shooting', 'command', 'defence', 'life'] as const;
/**
 * Ability 5 `defence` (防御ロール, Black Sun 41–44): 1d6 + 技量点 + the leader's defence modifiers
 * (armour, 拠点構築 …; not the shield's "vs shooting" bonus); consumes no sub-ability point.
 */
export const CHECK_DEFENCE = 5;
/**
 * Ability 6 `life` (生命ロール, §10 「生命点を用いて行う【判定ロール】」, UA-R106): 1d6 + the leader's current life, or
 * 技量点 instead when that is higher (「技量点を代わりに使うことができます」); nothing is spent (「生命点を消費することはありません」).
 */
export const CHECK_LIFE = 6;
/** The base value of a 生命ロール: current life, or 技量点 when higher (UA-R106). */
export function lifeRollBase(life: number, skill: number): number {
  return life > skill ? life : skill;
}

/** A 判定ロール made by the leader. */
export interface CheckDef {
  /** 0 = 技量点, 1 + sub index for 格闘/器用/射撃/指揮. */
  readonly ability: number;
  readonly target: number;
  /** `{ role, mod }`: +mod when a member of that role is with the squad. */
  readonly memberMods: readonly { readonly role: number; readonly mod: number }[];
  /** The check succeeds without a roll when a member of this role is with the squad (−1: never). */
  readonly autoWith: number;
  /**
   * The check succeeds without a roll when the leader knows this skill (bit index, catalogue.skillFlag; −1: never),
   * paying `autoSkillCost` of his sub-ability points (e.g. ネゴシエーション makes a parley automatic; UA-R97).
   */
  readonly autoSkill: number;
  readonly autoSkillCost: number;
  /**
   * Everyone rolls (全員が…ロール): the leader and each member with the squad roll the same check once
   * (all with the leader's ability). Success when all succeed; failure when at least one fails;
   * `fumble` effects when at least one roll is a natural 1.
   */
  readonly everyone: boolean;
}

/** Something the squad may do at an event: pay, check, effects. */
export interface OptionDef {
  readonly label: string;
  /** Paid when the option is taken; the option is offered only when the squad can pay. */
  readonly costMagazines: number;
  readonly costMre: number;
  readonly costItem: number;
  /** Sub-ability points the leader pays (`pay: { sub: n }`; offered only if he has them), UA-R97. */
  readonly costSub: number;
  /** Offered only with a member of this role (−1: always). */
  readonly needsRole: number;
  /** Offered only when this condition on a counter holds (`if:`; null: always). */
  readonly cond: ConditionDef | null;
  /** Offered only when a member has dropped out (保護する a lost ranger). */
  readonly check: CheckDef | null;
  /** Always applied (after the cost). */
  readonly effects: readonly EffectDef[];
  readonly success: readonly EffectDef[];
  readonly failure: readonly EffectDef[];
  /** On a natural 6 (if given; else `success`). */
  readonly critical: readonly EffectDef[] | null;
  /** On a failure that is a natural 1 (ファンブル): these effects instead of `failure` (if given; else `failure`). */
  readonly fumble: readonly EffectDef[] | null;
  /**
   * `target: hit_table`: before the check, roll the hit table (被弾テーブル §36) once to pick a member;
   * member_damage and next_combat target_* effects apply to that member. No combatant member: no target
   * (those effects do nothing; the check is still rolled).
   */
  readonly targetMember: boolean;
  /** A d6 table (faces 1..6), rolled after the effects. */
  readonly roll: readonly (readonly EffectDef[])[] | null;
  /**
   * `disarm: true` on a trap's option: it is the booby trap's disarm attempt (the compiler adds the C4 option after the
   * trap's options, UA-R156). Absent: not a disarm.
   */
  readonly disarm?: true;
  /**
   * The option the compiler adds to a trap with a `disarm` option: C4 爆薬's 「ブービートラップを自動解除」 (pay one C4, no
   * check; `success` holds the disarm's success effects, paid only under UA-R156 `reward`). Absent: an ordinary option.
   */
  readonly c4Disarm?: true;
}

/** Tile event kinds, named for designers; all compile to options (one, or a choice) and/or an engagement. */
export const EVENT_KINDS = ['encounter', 'check', 'choice', 'trap', 'supply', 'none'] as const;
export const EV_ENCOUNTER = 0, EV_CHECK = 1, EV_CHOICE = 2, EV_TRAP = 3, EV_SUPPLY = 4, EV_NONE = 5;

/** A map tile (or the mid/final event). */
export interface TileDef {
  /** Map code (11…66), or 0 for the mid event and 99 for the final event. */
  readonly code: number;
  readonly name: string;
  readonly kind: number;
  /** 室内 (true for `location: both` too). */
  readonly indoor: boolean;
  /** `location: both` (屋外・室内, issue 28 item 5, UA-R144): also 屋外 — rules of either attribute apply. */
  readonly alsoOutdoor: boolean;
  readonly dark: boolean;
  /** Tagged `height` (高所): 降下ロープ gives +1 on its checks and stops one fall (UA-R93). */
  readonly height: boolean;
  /** Encounter events: the engagement (its attributes come from the tile). */
  readonly engagement: EngagementDef | null;
  /** Encounter events: the scenario's extensions of the engagement (null when none are used). */
  readonly extra: EncounterExtra | null;
  /** Check, choice, trap, supply: the options (one option = no choice). */
  readonly options: readonly OptionDef[];
  /** May the squad flee (逃走) this tile? false at the mid and final events. */
  readonly fleeAllowed: boolean;
  /** 0 benign … 3 high-threat: what a policy sees before deciding 察知 (§25) or a map-roll modifier. */
  readonly threat: number;
}

/** One lap (周目) of a scenario played by the same squad several times. */
export interface LapDef {
  /** An event before the first tile (code 97; not a slot): e.g. a lap-3 choice of a bonus. */
  readonly briefing: TileDef | null;
  readonly mid: TileDef | null;
  readonly final: TileDef;
  /** Expendables issued at the start of the operation (if the carry limit allows). */
  readonly issued: readonly number[];
  /**
   * Scenario items (indices in ScenarioDef.items) issued at the start of the operation: `rules.issued`
   * (every lap) first, then the lap's own. Refused (not received) when the carry limit is full.
   */
  readonly issuedItems: readonly number[];
  /** Map attribute added to every tile after the mid event (e.g. night). */
  readonly darkAfterMid: boolean;
  /** Members of these roles may be recruited for this lap (names for the record). */
  readonly note: string;
}

export interface ScenarioDef {
  readonly id: string;
  readonly title: string;
  /** File name under ../shared/reference/urban-assault/ the facts come from. */
  readonly source: string;
  readonly map: 'd33' | 'd66';
  /** Tiles indexed by map code (11…66); null where the table has no entry. */
  readonly tiles: readonly (TileDef | null)[];
  /** Random tiles before the mid event. */
  readonly tilesBeforeMid: number;
  /** After the mid event: a fixed number of random tiles, then the final event. */
  readonly tilesAfterMid: number;
  /** Or: per tile after the mid event (5th, 6th …), the highest d66 that brings the final event (0 none, 66 always). */
  readonly finalAtMost: readonly number[] | null;
  /** A repeated map code: roll again, or step to the next unused code (wrapping 66 → 11). */
  readonly repeated: 'reroll' | 'next-unused';
  readonly fleeAllowed: boolean;
  readonly startingMagazines: Readonly<Record<string, number>>;
  readonly attackersCap: number;
  /** The laps (1周目, 2周目 …); one-lap scenarios have one. */
  readonly laps: readonly LapDef[];
  /** Tiles resolved in earlier operations of a campaign stay used (Black Sun §09). */
  readonly tilesPersist: boolean;
  /** Operations one squad may attempt (0 = unlimited). */
  readonly maxOperations: number;
  /**
   * `operations.xp: first_play` (issue 28 item 7, UA-R131): a leader earns the success XP only on his first operation
   * of this scenario (「経験点が入るのは各キャラクター最初の1回のみ」); a successor is a new character. False: every success.
   */
  readonly xpFirstPlay: boolean;
  /**
   * `operations.xp: first_success` (core 1.01 Tactical Drill 01 §03, issue 40): a leader earns the success XP only for
   * his first *successful* operation of this scenario; failed attempts do not use it up. Absent: off.
   */
  readonly xpFirstSuccess?: true;
  /** `core_version`: the rule version the scenario was written for (a notice when played under another). Absent: not stated. */
  readonly coreVersion?: string;
  /** `rules.carried_initiative: latest` (Black Sun for core 1.01): one carried initiative, the latest; a fight's own wins. Absent: either. */
  readonly carriedLatest?: true;
  /**
   * When every map code is used (only with tilesPersist): `reset-earlier` clears the codes resolved in
   * earlier operations (those resolved in the current one stay used) and the step goes on (Black Sun §09);
   * `none`: the scenario does not say (the engine's ruling).
   */
  readonly exhausted: 'reset-earlier' | 'none';
  /** Scenario-defined items (`items:`), referenced by index. */
  readonly items: readonly ScenarioItemDef[];
  /** `progression.final_when`: before each slot after the first, while this holds the operation goes to the final event (UA-R101). */
  readonly finalWhen: ConditionDef | null;
  /** Some effect of the scenario is `goto_final` (the operation checks for the jump before each slot). */
  readonly usesGoto: boolean;
  /** The scenario's counters (`counters:`), `info` always among them. */
  readonly counters: readonly CounterDef[];
  /** The scenario's triggers (`triggers:`), in file order. */
  readonly triggers: readonly TriggerDef[];
  /** Scenario-defined member types (`members:`), recruited like catalogue roles. */
  readonly members: readonly ScenarioMemberDef[];
  /**
   * The scenario's own night penalty (属性：夜間): added to every squad attack roll (leader and members) on a
   * dark tile unless the leader carries NVG; replaces ruling UA-R13 (`dark_penalty`). 0 = use the ruling.
   */
  readonly nightAttackMod: number;
  /** `guns` (default: the gun attack rolls only, as before issue 28) or `every` attack roll, melee included (UA-R121). */
  readonly nightAttackScope: 'guns' | 'every';
  /** Experience points (経験点) for a surviving leader when the operation succeeds (§08). */
  readonly successXp: number;
  /**
   * `rules.carry_over` (issue 28 item 7, UA-R134): played after another scenario of a chain (an experiment's
   * `operation.after`), the magazines start at the previous scenario's end (「初期弾倉：前シナリオ残量引き継ぎ」) and these
   * counters (indices) at its end value of the counter of the same name. Played alone: its own start values.
   */
  readonly carryMagazines?: boolean;
  readonly carryCounters?: readonly number[];
  /**
   * What a successful 察知 (§25) may buy (`rules.detect_options`, issue 28 item 6, UA-R142): `reroll` — the tile is
   * 「未発生」 and the map is rolled again (§25, the default); `enemy_minus_1` — the squad enters the tile and its fight has
   * one soldier fewer in a group of the squad's choice (the outpost notes' 察知ルール拡張). With both, the squad chooses.
   */
  readonly detectReroll: boolean;
  readonly detectFewer: boolean;
}

/** When a scenario item may be used. */
export const ITEM_USES = ['any_time', 'combat', 'map_roll'] as const;
export const USE_ANY_TIME = 0, USE_COMBAT = 1, USE_MAP_ROLL = 2;

/**
 * A scenario's own item (e.g. IRストロボライト, 書きかけの地図). Used once, then gone.
 * - `any_time` (任意のタイミング): in or out of combat — in combat at round 0 and each round start (UA-R62), and
 *   with `between_attacks` also between two single attacks (UA-R143); it is not the leader's action (no attack slot).
 * - `combat`: in combat, as the leader's action of the round (like an expendable, §36).
 * - `map_roll`: when a map d66 is about to be rolled; its effects apply to that roll.
 */
export interface ScenarioItemDef {
  readonly id: string;
  readonly name: string;
  readonly use: number;
  /**
   * `between_attacks: true` (any_time items only; issue 28 item 5, UA-R143): also offered in combat after every single
   * attack roll and defence volley, before the next attack — not only at round 0 and each round start (UA-R62).
   */
  readonly betweenAttacks: boolean;
  /** Counts toward the carry limit (持ち物上限 §27). */
  readonly carried: boolean;
  /** Handed back at the end of the operation (作戦終了時に返却) whether used or not. */
  readonly returned: boolean;
  readonly effects: readonly EffectDef[];
}

/** A scenario-defined member type (e.g. Dボーイズ): catalogue.ts MemberTypeDef. */
export type ScenarioMemberDef = MemberTypeDef;

/** A squad modifier active while every listed unit has at least one soldier / life point left. */
export interface WhileAliveDef {
  readonly units: readonly number[];
  readonly attackMod: number;
  readonly defenceMod: number;
}

/** Round-by-round squad/enemy modifiers of an engagement. */
export interface RoundMods {
  /** Every squad attack roll (leader and members), every round. */
  readonly attackMod: number;
  /** Squad attack rolls in round 1 only. */
  readonly firstRoundAttackMod: number;
  /** Every defence roll, every round. */
  readonly defenceMod: number;
  /** Defence rolls in round 1 only. */
  readonly firstRoundDefenceMod: number;
  /**
   * Added to the enemy's total attacks in round 1. A negative value never takes the total below 1
   * (最低1) when the enemy had at least 1 attack.
   */
  readonly firstRoundEnemyAttacks: number;
}

/**
 * Reinforcements (増援): at the start of round `round` (and of every later round when `every`), before
 * either side acts, if at least `ifStandingAtLeast` enemies (soldiers + high-threat targets with life)
 * are standing, `count` soldiers join group `unit`. They raise that group's starting count for the
 * withdrawal threshold (§38).
 */
export interface ReinforcementDef {
  readonly unit: number;
  readonly count: CountExpr;
  readonly round: number;
  readonly every: boolean;
  readonly ifStandingAtLeast: number;
  /**
   * `raises_start: false` (Black Sun 56 for core 1.01: 「増援は初期人数を増やさない」): the withdrawal threshold keeps the
   * unit's starting count. Absent: the reinforcement raises it.
   */
  readonly keepStart?: true;
}

/** Per enemy unit extensions (index = the engagement's unit index). */
export interface UnitExtra {
  /** Attacks by round parity, replacing `attacks` (high-threat targets only): 奇数ラウンドのみ, 奇数ラウンド+1. */
  readonly roundAttacks: { readonly odd: number; readonly even: number } | null;
  /** From when its life is at most `lifeAtMost`, it makes `attacks` attacks per round (追い込み火力). */
  readonly wounded: { readonly lifeAtMost: number; readonly attacks: number } | null;
  /** Index of the unit leading this group (−1: none); when that unit is down, this one's level becomes `leaderlessLevel`. */
  readonly ledBy: number;
  readonly leaderlessLevel: number;
  /** Attacks against this unit count as indoor (true) / outdoor (false) for weapon and attachment modifiers; null = the tile's. */
  readonly indoor: boolean | null;
  /**
   * A failed defence roll against this unit's attack hits the leader when the achieved value is odd, a member
   * (by the hit table) when it is even, instead of the §36 split.
   */
  readonly hitByParity: boolean;
  /** Damage of one failed defence roll against it that is a natural 1 (0 = the normal 1). */
  readonly fumbleDamage: number;
  /**
   * Splash (Black Sun 63 RPG発射): when the leader fails a defence roll against this unit, on top of the
   * normal damage the squad chooses (decision `splash`) one more wound for the leader, or one hit-table
   * roll (a member drops). With no member standing the leader takes the wound.
   */
  readonly splash: boolean;
  /** `absent: true`: the unit is not in the fight unless a variation `add`s it (UA-R98). */
  readonly absent: boolean;
  /**
   * Whom the unit's attacks target instead of the §36 split (Black Sun for core 1.01, issue 40): `leader` (1: 63
   * 「RPGは常に分隊長を対象」) or `roll` (2: the lap-3 final's 着弾対象ロール — 1d6 before each defence roll, odd the
   * leader, even the members; no member standing: the leader). Absent: the split.
   */
  readonly hitTarget?: 1 | 2;
}

/**
 * An encounter variation (`variations:`, UA-R98): when `cond` holds at the start of the encounter (before the
 * reaction roll), the fight is changed. Unit lists hold unit indices.
 */
export interface VariationDef {
  readonly cond: ConditionDef;
  /** ± soldiers (groups) or ± life (high-threat targets), after the count is rolled; never below 0. */
  readonly enemies: readonly { readonly unit: number; readonly n: CountExpr }[];
  /** `absent` units that join this time (their count rolled as usual). */
  readonly add: readonly number[];
  /** Units not in the fight this time. */
  readonly remove: readonly number[];
  readonly enemyFirstStrike: boolean;
  readonly squadFirstStrike: boolean;
  /** Units whose `screened_by` screen is down this time (targetable while the screen stands). */
  readonly screenOff: readonly number[];
  /** Units that cannot be targeted in this fight (a rooftop group out of sight). */
  readonly untargetable: readonly number[];
  /** Units whose `attack_mod` (cover/armour) does not apply this time. */
  readonly noUnitMod: readonly number[];
}

/**
 * A scenario withdrawal rule (`withdraw:`, UA-R99): the group `unit` (−1: the whole force) withdraws after round
 * `afterRound` (0: no round limit) and/or once `down` of it are down (0: no count); `both`: only when both hold.
 */
export interface WithdrawDef {
  readonly unit: number;
  readonly afterRound: number;
  readonly down: number;
  readonly both: boolean;
}

/** A retreat check (`retreat_check:`, UA-R99): ordering 退却 needs this roll; a failure loses the action. */
export interface RetreatCheckDef {
  /** CHECK_ABILITIES index (0 技量, 1–4 a sub-ability, 5 defence, 6 life). */
  readonly ability: number;
  readonly target: number;
  readonly mod: number;
  /** Extra modifiers while the named unit (index) still stands. */
  readonly whileStanding: readonly { readonly unit: number; readonly mod: number }[];
}

/** A black-market offer (闇取引): bought any number of times within the carry limit, paid in scrip or magazines. */
export interface MarketOffer {
  readonly id: string;
  /** Catalogue EXPENDABLES index, or −1 for standing equipment (`id` is then an EQUIPMENT key). */
  readonly expendable: number;
  /** Price in 軍票 (0 = not for scrip). */
  readonly scrip: number;
  /** Price in magazines (0 = not for magazines). */
  readonly magazines: number;
}

/** Scenario extensions of one reaction-table face. */
export interface ReactionExtra {
  /** Applied as soon as the face is rolled (e.g. 友好的: the next map roll's units ±1). */
  readonly effects: readonly EffectDef[];
  /**
   * On a non-hostile face the squad may pass (素通り) or fight; these apply when it passes. When it fights
   * instead, the squad attacks first (中立 enemies do not open fire).
   */
  readonly pass: readonly EffectDef[];
  /** The engagement's `market` is open on this face (闇取引): buy, then pass. */
  readonly market: boolean;
}

/** A round-0 即席爆弾 (Black Sun 54): see {@link EncounterExtra.roundZeroBlast}. */
export interface RoundZeroBlast {
  readonly faces: number;
  readonly target: number;
  readonly damage: number;
  readonly wound: number;
  /**
   * The 負傷 a fumbled defence roll gives, as the scenario writes it (Black Sun 54 for core 1.01 「IED fumble → 負傷+2」):
   * the total with the core defence fumble's 負傷+1, or the blast's own on top of it (UA-R173). Absent: `wound`.
   */
  readonly fumbleWound?: number;
}

/**
 * Scenario extensions of an engagement (kept beside EngagementDef so experiment files stay unchanged).
 * Every field's default is "no change".
 */
export interface EncounterExtra {
  /** The squad always attacks first; no reaction roll is made unless the squad chooses to (52 怒号の群衆). */
  readonly squadFirstStrike: boolean;
  readonly mods: RoundMods;
  /** Added on top of `mods` when the squad chose 先制攻撃 (attacked without rolling reaction). */
  readonly ifSquadFirstStrike: RoundMods | null;
  readonly whileAlive: readonly WhileAliveDef[];
  readonly reinforcements: readonly ReinforcementDef[];
  /** Per unit (same order as EngagementDef.units). */
  readonly units: readonly UnitExtra[];
  /** Per reaction face 1..6, or null. */
  readonly reactions: readonly ReactionExtra[] | null;
  readonly market: readonly MarketOffer[];
  /**
   * Extortion price beyond magazines (EngagementDef.extortionCost holds the magazines part): all parts are paid
   * together. Scrip may be paid during this operation although §27 keeps scrip for between operations.
   */
  readonly extortionMre: number;
  readonly extortionScrip: number;
  /**
   * Loot replacing EngagementDef.lootMagazines/lootTable when non-null: magazines and scrip (fixed or dice)
   * and `tableRolls` rolls of the loot table (§40).
   */
  readonly loot: { readonly magazines: CountExpr; readonly scrip: CountExpr; readonly tableRolls: number; readonly tableMod: number } | null;
  /** Applied after the fight when every enemy was killed (not withdrawn or bribed): 激闘の果てに. */
  readonly ifWipedOut: readonly EffectDef[];
  /**
   * Round 0 blast (即席爆弾): roll 1d6; on faces ≤ `faces` the leader makes a defence roll against `target`;
   * a failure costs `damage` life (normal damage + 負傷+1 = 2).
   */
  /** `wound`: the blast's 負傷+1 — a wound level under the 負傷 track, one more life point under the seed's rules (UA-V13). */
  readonly roundZeroBlast: RoundZeroBlast | null;
  /**
   * Special item uses in round 0: spend one `expendable` (catalogue index) to kill `kills` soldiers of group
   * `unit` with no roll (lap-2 mid: frag grenade, ceil(1d6/2) = 1d3).
   */
  readonly roundZeroUses: readonly { readonly expendable: number; readonly unit: number; readonly kills: CountExpr }[];
  /**
   * 数的優位: at the start of each round, when leader + combatant members present ≥ enemy soldiers/targets
   * standing, every squad attack roll that round gets this modifier.
   */
  readonly advantageAttackMod: number;
  /** 組織的防衛: defence-roll modifier by members still with the squad; the highest `atLeast` reached applies. */
  readonly membersDefenceMod: readonly { readonly atLeast: number; readonly mod: number }[];
  /**
   * `members_defence_count: combatants` (UA-V52): 組織的防衛 counts only the combatant members with the squad this
   * round (no non-combatant, no sniper point, no member cut off); absent = every member with the squad (UA-R67).
   */
  readonly membersDefenceCombatants?: true;
  /** The fight ends after this round (救出部隊到着); the squad wins if the leader is alive. 0 = no limit. */
  readonly endsAfterRound: number;
  /**
   * `ends_after_round: { round, hold: true }` (UA-V53): the fight does not end when no enemy stands before that round;
   * the rest of the round passes with nobody to fight and the next round's reinforcements come. Absent: it ends.
   */
  readonly holdUntilLimit?: true;
  /**
   * `attackers_per_round` with `sniper_outside_cap: true` (UA-V54): the sniper's shots are not among the capped
   * attackers (Black Sun 65, audit §59). Absent: they are.
   */
  readonly sniperOutsideCap?: true;
  /** The fight ends, won, as soon as this unit is down; the others rout (loot still given). −1 = none. */
  readonly endsWhenDown: number;
  /**
   * A hostile (敵対的) enemy withdraws when this group is at most half (rounded down) its starting count,
   * instead of the whole-force threshold; other reactions fight on. −1 = the default.
   */
  readonly withdrawOn: number;
  /**
   * `withdraw_on: [a, b, …]` (UA-V55): the groups counted together as one group (Black Sun 53: ground and flank
   * militia); the first is `withdrawOn`. Absent: `withdrawOn` alone.
   */
  readonly withdrawOnGroup?: readonly number[];
  /** Capturing `unit` (捕虜, e.g. by ネゴシエーション): `effects`, plus `withEffects` when the squad holds `withEquipment`. */
  readonly onCapture: {
    readonly unit: number;
    readonly effects: readonly EffectDef[];
    readonly withEquipment: string;
    readonly withEffects: readonly EffectDef[];
  } | null;
  /** Variations by condition (UA-R98), checked in file order at the start of the encounter. */
  readonly variations: readonly VariationDef[];
  /** Scenario withdrawal rules (UA-R99); when given they replace §38's half-strength withdrawal. */
  readonly withdraw: readonly WithdrawDef[];
  /** `ends_after_round: { round, effects, loot }`: effects applied when the fight ends by its round limit (UA-R99). */
  readonly endsAfterEffects: readonly EffectDef[];
  /** The round limit's end gives the loot (default: no loot). */
  readonly endsAfterLoot: boolean;
  /** Ordering 退却 needs this check (null: §42 as written). */
  readonly retreatCheck: RetreatCheckDef | null;
  /** Modifier on the squad's first attack roll of this fight only (UA-R102). */
  readonly firstAttackRollMod: number;
  /** Modifier on the first defence roll of this fight only (UA-R102). */
  readonly firstDefenceRollMod: number;
}
