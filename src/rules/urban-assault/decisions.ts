/**
 * Decision points and action codes. At each decision point the engine fills a
 * list of legal actions (small integers) and asks the policy to pick one; the
 * policy sees only the observation (a read-only view of the state) and that
 * list.
 *
 * The policy contract lives here too ({@link UaPolicy}, {@link UaPolicyInfo}): the rules define the questions
 * they ask, src/policies/urban-assault/ implements them, and src/registry.ts wires the two together
 * (docs/architecture.md). The rules never import a policy.
 */
import type { Dice } from '../../sim/core/dice.js';
import type { UaObservation } from './combat/state.js';
import type { ParamDef } from '../../sim/core/policy-list.js';

/**
 * What the rules ask a policy: at each decision point the engine passes the decision id (a D_* below), the
 * observation and the legal actions; the policy returns one of them. `rng` is the policy's own stream (never the
 * rules' dice).
 */
export interface UaPolicy {
  decide(decision: number, obs: UaObservation, legal: Int32Array, n: number, rng: Dice): number;
  /**
   * The same policy as code specialised to its parameters (issue 44: the specialised runners play with it), making the
   * same choices; absent: the policy itself plays. May throw an EvalError where the platform forbids generating code.
   */
  specialised?(): UaPolicy;
}

/** A policy parameter with its default and allowed range (the one shape every engine uses). */
export type { ParamDef };

/** A policy as the engine is given it: id, summary, parameters, and a factory (the compiler validates against it). */
export interface UaPolicyInfo {
  readonly id: string;
  readonly summary: string;
  readonly defaults: Readonly<Record<string, ParamDef>>;
  create(params: Readonly<Record<string, number>>): UaPolicy;
}

/** 先制攻撃 or 反応を見る (§35). Legal: A_PREEMPT, A_READ. */
export const D_OPENING = 0;
/** Adjust the reaction roll (政治工作 ±1, interpreter ±1). */
export const D_REACTION_ADJUST = 1;
/** 賄賂・物資要求: pay or refuse. */
export const D_EXTORTION = 2;
/** Use 先制射撃 to seize the first turn after a hostile reaction. */
export const D_SEIZE = 3;
/** Round 0 (第0ラウンド): one expendable or non-damage skill, or nothing. */
export const D_ROUND0 = 4;
/** The leader's action on the squad's turn. */
export const D_LEADER = 5;
/** Choose the unit a shot is aimed at (legal actions are unit indices). */
export const D_TARGET = 6;
/** The odd enemy attack: to the leader or to the members (§36). */
export const D_ODD_ATTACK = 7;
/** 遮蔽物に隠れる: defend with 格闘点 instead of 技量点. */
export const D_COVER = 8;
/** 見切り: re-roll a failed defence against shooting. */
export const D_DODGE = 9;
/** かばう: protect a member whose defence failed (once per round). */
export const D_PROTECT = 10;
/** Between engagements: eat an MRE, use a medkit, or go on. */
export const D_BETWEEN = 11;
/** How many of the members who attack this turn shoot (the rest make melee attacks, saving magazines; ruling UA-R17). Legal: 0..n. */
export const D_MEMBER_FIRE = 12;

/** A choice event: which option (legal actions are option indices, only the affordable ones). */
export const D_EVENT_OPTION = 13;
/** 察知 (§25): try to avoid the tile just drawn (the tile is in the observation). Legal: A_NO, A_YES. */
export const D_DETECT = 14;
/** A map-roll modifier or a second roll: which map code to take (legal actions are the candidate codes 11…66). */
export const D_MAP_CHOICE = 15;
/** 部隊再編 stage 2: modify this 被弾テーブル roll by −1 (once per operation). Legal: A_NO, A_YES; the roll is `hitRoll` in the observation. */
export const D_HIT_ADJUST = 16;

/**
 * Use a scenario item (ScenarioDef.items) now. Legal: 0 (none) and 1 + item index for each usable item held.
 * Asked in combat at round 0 and at the start of every round (任意のタイミング items, UA-R62; `between_attacks` items
 * also between two single attacks, UA-R143), and before a
 * map roll (map_roll items, and any_time items whose effects work out of combat). `inCombat` tells which.
 */
export const D_USE_ITEM = 17;
/** kill_enemies: which enemy group loses the next soldier (legal actions are unit indices). Asked once per kill. */
export const D_KILL_GROUP = 18;
/** next_combat extra_enemies: which group gets the extra soldiers (legal actions are unit indices). */
export const D_EXTRA_GROUP = 19;
/** A passable reaction (supportive / friendly / neutral) of a scenario encounter with reaction extras: pass (A_YES) or fight (A_NO, the squad strikes first). */
export const D_PASS = 20;
/** 闇取引: buy one offer (legal: 0 done, 1 + 2k offer k for 軍票, 2 + 2k offer k for magazines). `ex.market` in the observation lists the offers. */
export const D_MARKET = 21;

/** Campaigns: spend experience on growth (§15 costs and caps) between operations. Legal: A_GROW_SAVE and the affordable growths. */
export const D_GROWTH = 22;
/**
 * Campaigns: sell one piece of gear at half its price (§39) between operations. Legal: A_NO, A_YES; the piece
 * is `sellItem` in the observation: an expendable index (offered while any is held; the variant's loadout is in
 * `restockExpendables`), or SELL_NVG / SELL_TIE_WRAPS for standing equipment got during the campaign.
 */
export const D_SELL = 23;
export const SELL_NVG = 100, SELL_TIE_WRAPS = 101;
/** A splash (scenario unit trait, e.g. the RPG): one more wound to the leader (A_TO_LEADER) or a hit-table roll for the members (A_TO_MEMBERS). */
export const D_SPLASH = 24;
/**
 * Special equipment (特殊装備 §40): use one piece of kind `specialOffer` now (SPECIALS index in the
 * observation). Legal: A_NO, A_YES. Asked for AP rounds when the leader fires his gun (load them for this
 * action), for the prototype shield before a defence roll against shooting, for the tactical scanner when
 * 察知 is tried, and for the combat drone's activation at round 0 and the start of every round.
 */
export const D_SPECIAL = 25;
/**
 * Campaigns: exchange one special-equipment piece for magazines between operations (§39). Legal: A_NO,
 * A_YES; the piece is `exchangeKind` and its value `exchangeValue` in the observation.
 */
export const D_EXCHANGE = 26;
/**
 * Campaigns: buy one thing before the next operation (after the operation cap; paid from 軍票 first, then
 * magazines). Legal: A_BUY_DONE, and for each affordable purchase BUY_MEMBER + role (a catalogue member
 * while 分隊規模 has room), BUY_SC_MEMBER + i (a scenario member type, from its lap), BUY_EXPENDABLE + e
 * (an expendable within the carry limit and 最大携行数). The variant's loadout for this operation is in the
 * observation (`restockMembers`, `restockScMembers`, `restockExpendables`) so a policy can restock it.
 */
export const D_BUY = 27;
/**
 * Learn a skill (§18, §20): the 射撃点 / 指揮点 maximum of a 射撃 / 指揮 leader has just grown to an even number, so he
 * learns one more skill of that kind (the number known is always half the maximum). Legal: the bit index
 * (0–11, as catalogue.skillFlag) of each skill of his kind he does not know yet.
 */
export const D_LEARN = 28;
/**
 * 現地調達 (§23): a 器用 leader may add +1 to a roll on 〈装備表〉 (the loot table, §40) or 〈補給表〉 (a supply event's d6
 * table), at most once per roll, for 1 器用点, after seeing the roll. `obs.localSupplyRoll` is the roll (loot: with its
 * modifiers) and `obs.localSupplyLoot` whether it is the loot table. Legal: A_NO, A_YES.
 */
export const D_LOCAL_SUPPLY = 29;
/**
 * Cancel a scenario trigger that lets the squad (UA-R100): `obs.cancelBy` 1 = by spending the item the trigger names,
 * 2 = by 察知 (1 器用点, a roll). Legal: A_NO, A_YES.
 */
export const D_CANCEL = 30;

/**
 * 負傷 (2026-03 §36): a member's 防御ロール fumbled — the leader takes 負傷+1 (A_WOUND; the member is spared) or that
 * member is lost (A_LOSE_MEMBER: the hit table picks who drops). Asked only while the leader's 負傷 is below 3 (UA-V05).
 */
export const D_FUMBLE = 31;
export const A_WOUND = 0, A_LOSE_MEMBER = 1;
/** メディック 応急処置 (2026-03): instead of its shot, the medic spends 1 magazine to cure one 負傷 level. Legal: A_NO, A_YES. */
export const D_MEDIC_AID = 32;
/** メディック 戦場治療 (2026-03): on a tile without a fight, once per tile, 1 magazine cures one 負傷 level. Legal: A_NO, A_YES. */
export const D_FIELD_TREAT = 33;
/**
 * 察知 succeeded on a scenario whose `detect_options` offer both (UA-R142): re-roll the map (A_DETECT_REROLL, §25) or
 * enter the tile with one soldier fewer (A_DETECT_FEWER). The tile is in the observation.
 */
export const D_DETECT_OUTCOME = 34;
export const A_DETECT_REROLL = 0, A_DETECT_FEWER = 1;
/**
 * v1.01 コンバットエンジニア IED (UA-R47 `engineer-attack`): instead of its attack this round, the engineer sets its IED
 * (once per operation) on the first 車両/装甲 high-threat target standing: 1 damage, no roll. Legal: A_NO, A_YES.
 */
export const D_IED = 35;
/**
 * v1.01 【ネゴシエーション】 at a withdrawal (§21, UA-V43): unit `obs.negotiateUnit` is withdrawing — a group (one try;
 * success takes a prisoner, the group still leaves) or a manned high-threat target at life 1 (one try before it
 * withdraws; success captures it instead). Costs 1 指揮点 and a 指揮ロール. Legal: A_NO, A_YES.
 */
export const D_NEGOTIATE_WITHDRAWING = 36;
export const DECISION_NAMES = ['opening', 'reaction-adjust', 'extortion', 'seize', 'round0', 'leader', 'target', 'odd-attack', 'cover', 'dodge', 'protect', 'between', 'member-fire',
  'event-option', 'detect', 'map-choice', 'hit-adjust', 'use-item', 'kill-group', 'extra-group', 'pass', 'market', 'growth', 'sell', 'splash', 'special', 'exchange', 'buy', 'learn', 'local-supply', 'cancel', 'fumble', 'medic-aid', 'field-treatment', 'detect-outcome', 'ied', 'negotiate-withdrawing'];

export const A_NO = 0;
export const A_YES = 1;
export const A_PREEMPT = 0;
export const A_READ = 1;
export const A_ADJ_NONE = 0, A_ADJ_POL_MINUS = 1, A_ADJ_POL_PLUS = 2, A_ADJ_INT_MINUS = 3, A_ADJ_INT_PLUS = 4;
export const A_REFUSE = 0, A_PAY = 1, A_PAY_POLITICAL = 2;
export const A_TO_LEADER = 0, A_TO_MEMBERS = 1;
export const A_CONTINUE = 0, A_EAT_MRE = 1, A_MEDKIT = 2, A_FIRST_AID = 3;
export const A_GROW_SAVE = 0, A_GROW_LIFE = 1, A_GROW_SUB = 2, A_GROW_SKILL = 3, A_GROW_SQUAD = 4;
/** D_BUY action codes: done, then member roles (11), scenario member types (4), expendables (5). */
export const A_BUY_DONE = 0, BUY_MEMBER = 1, BUY_SC_MEMBER = 12, BUY_EXPENDABLE = 16;

/** Leader action kinds; an action code is `kind * 16 + target unit`. */
export const K_PASS = 0;
export const K_SHOOT = 1;
/** 精密射撃 (器用): attack with 器用点, choose the target. */
export const K_PRECISE = 2;
/** Melee with 技量点 (格闘 leaders: no −2). */
export const K_MELEE = 3;
/** 全力攻撃: melee with 格闘点. */
export const K_FULL_POWER = 4;
export const K_SHOTGUN = 5;
export const K_GRENADE = 6;
export const K_RAPID = 7;
/** スタングレネード skill (ruling UA-R04: a flashbang's effect). */
export const K_STUN_SKILL = 8;
export const K_FLASHBANG = 9;
export const K_FRAG = 10;
export const K_AT4 = 11;
/** C4 planted in combat (explodes next round). */
export const K_C4_PLANT = 12;
/** C4 before combat (round 0): 1 damage to one soldier, or 2 to a fixed/armoured target. */
export const K_C4_PRE = 13;
export const K_FORTIFY_LEADER = 14;
export const K_FORTIFY_MEMBERS = 15;
export const K_FIRST_AID = 16;
export const K_NEGOTIATE = 17;
export const K_RETREAT = 18;
/** コンバットエンジニアの IED: once per run, 1 damage to a vehicle, no roll (§28). */
export const K_IED = 19;
/** A scenario's special round-0 use of an expendable (round_zero_use): kills soldiers of the target group, no roll. */
export const K_R0_USE = 20;
/** A scenario item of use `combat`, as the leader's action (target = the item index). */
export const K_ITEM = 21;
/** 音響制圧デバイス (special equipment): a group's attacks nullified this round, a high-threat target's −1; no roll (UA-R80). */
export const K_ACOUSTIC = 22;
/** 展開式バリケードユニット (special equipment): this outdoor combat counts as indoor from now on (UA-R81). */
export const K_BARRICADE = 23;
/** 医療キット in combat (2026-03): 負傷 −1 at once, as the leader's action. */
export const K_MEDKIT = 24;
export const N_KINDS = 25;

export const KIND_NAMES = ['pass', 'shoot', 'precise-shot', 'melee', 'full-power-attack', 'shotgun', 'grenade', 'rapid-fire', 'stun-grenade-skill',
  'flashbang', 'frag-grenade', 'AT4', 'C4-plant', 'C4-pre-combat', 'fortify-leader', 'fortify-members', 'first-aid', 'negotiate', 'retreat', 'engineer-IED', 'round0-special-use', 'scenario-item', 'acoustic-device', 'barricade', 'medkit'];

export function act(kind: number, target = 0): number {
  return kind * 16 + target;
}
export function kindOf(a: number): number {
  return a >> 4;
}
export function targetOf(a: number): number {
  return a & 15;
}
