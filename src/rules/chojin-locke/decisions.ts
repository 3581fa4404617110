/**
 * Decision points and action codes of chojin-locke. At each decision the
 * engine fills a list of legal actions (non-negative integers) and asks the
 * policy of the esper concerned (`view.me`); the policy sees only its
 * {@link LkView} (its own hand, public facts) and that list.
 *
 * Action = kind | card << 4 | target << 12 | used << 16, where `used` is the
 * own ESP level used (power spent) or USED_FIELD for the ESP field; the rest
 * of the card's level is supplemented by willpower checks (10.5.1).
 */
import type { Dice } from '../../sim/core/dice.js';
import type { PolicyDefinition } from '../../sim/core/policy-list.js';
import type { LkView } from './state.js';

/** Declarations: the target of the esper's jammer. Legal: K_TARGET actions. */
export const D_JAMMER = 0;
/** Own turn, special action with special weapon `view.special`: K_TARGET or K_PASS. */
export const D_SPECIAL = 1;
/** Own turn, the normal action: K_PASS, K_ATTACK, K_TELEPORT (escape), K_ILLUSION, K_MIRROR, K_SUBSPACE, K_NIKE (ニケ attack), K_TARGET (残留思念). */
export const D_NORMAL = 2;
/** Synchronise with the pending attack (10.8.1): K_PASS or K_SYNC. */
export const D_SYNC = 3;
/** The attacker's minions synchronise (10.8): K_PASS or K_SYNC (level ≤ 2). */
export const D_MINION_SYNC = 4;
/** Being attacked: K_PASS, K_TELEPORT, K_ILLUSION, K_MIRROR, K_SUBSPACE (escape) or K_DEFEND, K_MIRROR_DEF, K_POD, K_BALL. */
export const D_RESPONSE = 5;
/** Someone teleports: try a block (10.9)? K_PASS or K_TELEPORT. */
export const D_BLOCK = 6;
/** Synchronise with a teleport block (10.8.4): K_PASS or K_SYNC. */
export const D_BLOCK_SYNC = 7;
/** A residual thought synchronises with another's attack (10.8.2): K_PASS or K_YES. */
export const D_RESIDUAL_SYNC = 8;
/** Continuation (10.3.5): K_PASS (stop) or K_YES (declare continuation). */
export const D_CONTINUE = 9;
/** Own turn with a special weapon left (10.4 「どの順番で行なってもよい」): K_PASS = special actions first, K_YES = the normal action first. */
export const D_ORDER = 10;
/** A bystander at combat start (10.2.1 「実はそこにいたチェック」を行なうことができる): K_PASS = stay away, K_YES = declare it and roll. */
export const D_THERE = 11;

export const DECISION_NAMES = ['jammer', 'special', 'normal', 'sync', 'minion-sync', 'response', 'block', 'block-sync', 'residual-sync', 'continue', 'order', 'there'];

export const K_PASS = 0, K_ATTACK = 1, K_TELEPORT = 2, K_ILLUSION = 3, K_DEFEND = 4, K_MIRROR = 5, K_SUBSPACE = 6, K_BALL = 7, K_SYNC = 8,
  K_YES = 9, K_TARGET = 10, K_MIRROR_DEF = 11, K_POD = 12, K_NIKE = 13;
export const KIND_NAMES = ['pass', 'attack', 'teleport', 'illusion', 'defend', 'mirror (escape)', 'subspace field', 'energy ball', 'synchronise', 'yes', 'target', 'mirror (defence)', 'psycho-pod', 'ニケ attack'];

/** `used` code: the card is played through the ESP field (no power spent). */
export const USED_FIELD = 15;
/** `card` code: no card. */
export const NO_CARD = 255;

export function act(kind: number, card = NO_CARD, target = 0, used = 0): number {
  return kind | (card << 4) | (target << 12) | (used << 16);
}
export const aKind = (a: number): number => a & 15;
export const aCard = (a: number): number => (a >> 4) & 255;
export const aTarget = (a: number): number => (a >> 12) & 15;
export const aUsed = (a: number): number => (a >> 16) & 15;

/**
 * The policy contract (the rules define it; src/policies/chojin-locke implements it): at each decision the engine
 * passes the asking esper's view (`view.me`; its own hand and public facts only) and the legal actions; the policy
 * returns one of them. `rng` is the policy stream (never the rules' dice).
 */
export interface LkPolicy {
  decide(decision: number, view: LkView, legal: Int32Array, n: number, rng: Dice): number;
}

/** A policy as the engine takes it: id, summary, parameter definitions (PolicyDefinition) and a factory. */
export interface LkPolicyInfo extends PolicyDefinition {
  create(params: Readonly<Record<string, number>>): LkPolicy;
}
