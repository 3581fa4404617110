/**
 * Decision points and action codes of robot-skirmish. At each decision the
 * engine fills a list of legal actions (non-negative integers) and asks the
 * policy of the side concerned (`obs.me`) to pick one; the policy sees only
 * the observation (the state, read-only) and that list.
 *
 * This file is also the policy contract ({@link RsPolicy}, {@link RsPolicyInfo}): the rules define the
 * decisions they ask; src/policies/robot-skirmish implements them and src/registry.ts wires the two
 * (docs/architecture.md). The rules never import a policy.
 */
import type { Dice } from '../../sim/core/dice.js';
import type { ParamDef } from '../../sim/core/policy-list.js';
import type { RsObservation } from './state.js';

export type { ParamDef } from '../../sim/core/policy-list.js';

/** Start phase: use self-repair on `obs.actor` (no attack this turn). Legal: A_NO, A_YES. */
export const D_REPAIR = 0;
/** Move phase: which unit gets its movement action next. Legal: unit indices. */
export const D_MOVER = 1;
/** Move phase: the movement action of `obs.actor`. Legal: move codes (see mv*). Destinations are `obs.candX/candY[cand]`. */
export const D_MOVE = 2;
/** After a move: take 隠密行動 (stealth) at the destination. Legal: A_NO, A_YES. */
export const D_STEALTH = 3;
/** Combat phase: an attack action (see at*), or AK_END to end the phase. */
export const D_ATTACK = 4;
/** Before the dice of an attack action: concentrate (集中)? Legal: A_NO, A_YES. */
export const D_CONCENTRATE = 5;
/** Formation or combination bonus: how many of the `obs.splitUnits` bonus units go to attack (the rest to damage). Legal: 0..k. */
export const D_SPLIT = 6;
/** Multi-attack: the target of weapon `obs.weaponRef`. Legal: target indices. */
export const D_MULTI_TARGET = 7;
/** Critical: the effect. Legal: CR_* codes. */
export const D_CRITICAL = 8;
/** A charged unit (`obs.actor`) may intercept (迎撃). Legal: A_NO or the weapon reference to shoot with. */
export const D_INTERCEPT = 9;
/** A unit in contact with an enemy that failed to disengage makes a free attack. Legal: weapon references, WR_PUNCH, WR_KICK. */
export const D_FREE_ATTACK = 10;
/** Rule RS-R02 `one`: which contacting unit makes the free attack. Legal: unit indices. */
export const D_FREE_ATTACKER = 11;

export const DECISION_NAMES = ['repair', 'mover', 'move', 'stealth', 'attack', 'concentrate', 'split', 'multi-target', 'critical', 'intercept', 'free-attack', 'free-attacker'];

export const A_NO = 0, A_YES = 1;

// ───────────── movement actions: kind | cand << 4 | extra << 12 ─────────────
export const MK_STAY = 0;
export const MK_MOVE = 1;
export const MK_RUN = 2;
/** Take off (spend ⌈move/2⌉) and move the rest, hovering. */
export const MK_HOVER = 3;
/** Land (spend ⌈move/2⌉) and move the rest on the ground. */
export const MK_LAND = 4;
export const MK_TRANSFORM_ONE_WAY = 5;
export const MK_TRANSFORM_TWO_WAY = 6;
/** Combine with the friends in `extra` (a unit mask). */
export const MK_COMBINE = 7;
export const MK_SEPARATE = 8;
/** Pick up the dropped weapon `cand` (an item index). */
export const MK_PICKUP = 9;
/** A fallen unit stands up (its whole movement action). */
export const MK_STAND = 10;
export const MOVE_KIND_NAMES = ['stay', 'move', 'run', 'hover', 'land', 'transform (one-way)', 'transform (two-way)', 'combine', 'separate', 'pick up', 'stand up'];

/**
 * A D_MOVE decision offered entry by entry (to a policy with `chooseMove`): `action[i]` for i < n are
 * the entries of the legal list in its order (the stay first) together with some that turn out not to
 * be legal; `legal(i)` tells exactly, computed when asked, whether entry i is in the legal list. A
 * policy that walks the entries in order and takes an entry only when it beats the best so far and is
 * legal chooses as it would over the legal list, while the engine checks only the entries it asks about.
 */
export interface MoveMenu {
  readonly n: number;
  readonly action: Int32Array;
  legal(i: number): boolean;
}

/**
 * Families of move destinations (bits), for {@link RsPolicy.moveFamilies}: the 8 directions at the full budget
 * and at half of it, contact with an enemy, an enemy at 85% of the longest range, contact beside a friend, behind a
 * terrain piece (cover), contact with the enemy headquarters.
 */
export const MF_DIR_FULL = 1, MF_DIR_HALF = 2, MF_CONTACT_ENEMY = 4, MF_STANDOFF = 8, MF_CONTACT_FRIEND = 16, MF_COVER = 32, MF_HQ = 64;
/** Every family of move destinations. */
export const MF_ALL = 127;

export function mv(kind: number, cand = 0, extra = 0): number {
  return kind | (cand << 4) | (extra << 12);
}
export const mvKind = (a: number): number => a & 15;
export const mvCand = (a: number): number => (a >> 4) & 255;
export const mvExtra = (a: number): number => a >>> 12;

// ───────────── attack actions ─────────────
// kind (4 bits) | actor << 4 (4) | target << 8 (4) | weapon ref << 12 (7) | mask << 19 (10)
export const AK_END = 0;
/** A shot with one ranged weapon (point-blank, −2, when the shooter touches an enemy). */
export const AK_SHOOT = 1;
/** A melee attack with one melee weapon (target in contact). */
export const AK_MELEE = 2;
export const AK_PUNCH = 3;
export const AK_KICK = 4;
/** 複数攻撃 with the weapons in `mask` (bits over `weaponRefs(actor)`); targets asked per weapon. */
export const AK_MULTI = 5;
/** 射撃陣形: main attacker `actor` with ranged weapon `weapon`, sub-attackers in `mask` (unit bits). */
export const AK_FORM_SHOOT = 6;
/** 白兵陣形: main attacker with melee weapon `weapon` (or WR_PUNCH / WR_KICK), sub-attackers in `mask`. */
export const AK_FORM_MELEE = 7;
/** 突撃: move into contact with the target, then melee with `weapon`; 1 unpreventable self-damage. */
export const AK_CHARGE = 8;
/** 投擲: throw the hand-held `weapon` at the target. */
export const AK_THROW = 9;
export const ATTACK_KIND_NAMES = ['end', 'shoot', 'melee', 'punch', 'kick', 'multi-attack', 'formation (shooting)', 'formation (melee)', 'charge', 'throw'];

/** Target code of the enemy headquarters. */
export const TARGET_HQ = 15;
/** Weapon references: owner unit × 8 + carry slot; these two stand for the bare hands and feet. */
export const WR_PUNCH = 126, WR_KICK = 125, WR_NONE = 127;

export function at(kind: number, actor: number, target = 0, weapon = WR_NONE, mask = 0): number {
  return kind | (actor << 4) | (target << 8) | (weapon << 12) | (mask << 19);
}
export const atKind = (a: number): number => a & 15;
export const atActor = (a: number): number => (a >> 4) & 15;
export const atTarget = (a: number): number => (a >> 8) & 15;
export const atWeapon = (a: number): number => (a >> 12) & 127;
export const atMask = (a: number): number => (a >>> 19) & 1023;

export const wrOwner = (w: number): number => w >> 3;
export const wrSlot = (w: number): number => w & 7;

// ───────────── critical effects ─────────────
export const CR_PLUS_ONE = 0;
export const CR_IGNORE_ARMOUR = 1;
export const CR_IGNORE_CLONE = 2;
export const CR_IGNORE_ANTI_EN = 3;
export const CR_MAX_DICE = 4;
export const CRITICAL_NAMES = ['+1 damage', 'ignore heavy armour', 'ignore clone', 'ignore anti-EN field', 'dice damage as all sixes'];

// ───────────── the policy contract ─────────────

/**
 * The policy contract: at each decision point the engine passes the observation (the state, read-only; `obs.me`
 * is the side being asked) and the legal actions; the policy returns one of them. `rng` is the policy's own
 * stream (never the rules' dice).
 */
export interface RsPolicy {
  decide(decision: number, obs: RsObservation, legal: Int32Array, n: number, rng: Dice): number;
  /**
   * Optional: the D_MOVE decision over a {@link MoveMenu} instead of the legal list, for a policy that
   * draws nothing from its stream there and picks the first best legal entry in order. It must return
   * the action `decide` would return for the same decision; the engine then checks only the entries
   * the policy asks about instead of every destination.
   */
  chooseMove?(obs: RsObservation, menu: MoveMenu): number;
  /**
   * Optional, with chooseMove: false when chooseMove will look at no run entry of the coming D_MOVE
   * decision of `obs.actor` (the engine then leaves the runs out of the menu). Draws nothing.
   */
  wantsRuns?(obs: RsObservation): boolean;
  /**
   * Optional: the families of move destinations (MF_* bits) the coming D_MOVE decision of `obs.actor` offers,
   * in the menu and in the legal list alike (default MF_ALL). The destinations are the engine's sample of the
   * points a unit may reach; every one offered is legal by the same rules whatever the families. Draws nothing.
   */
  moveFamilies?(obs: RsObservation): number;
  /**
   * Optional: the attack kinds (bits 1 << AK_*) the D_ATTACK decisions of side `obs.me`'s turn may take, for
   * a policy that draws nothing from its stream there, takes AK_END when none of its kinds is listed and
   * chooses among the others by themselves in their order. The engine then lists only those kinds.
   */
  attackKinds?(obs: RsObservation): number;
  /**
   * Optional: true when the policy keeps nothing from one decision to the next (each answer a function of the
   * observation, the legal actions and its stream's draws). The engine may then replay a stretch of play in which
   * nothing was drawn instead of asking again (the opening move phase, RsGame; move phases met before, move-memo.ts).
   */
  readonly memoryless?: boolean;
}

/** A policy as the engine takes it: id, summary, parameter definitions and a factory. */
export interface RsPolicyInfo {
  readonly id: string;
  readonly summary: string;
  readonly defaults: Readonly<Record<string, ParamDef>>;
  create(params: Readonly<Record<string, number>>): RsPolicy;
}
