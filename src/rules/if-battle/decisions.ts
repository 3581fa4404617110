/**
 * Decision points and action codes of if-battle. At each decision the engine
 * fills a list of legal actions (non-negative integers) and asks the policy of
 * the character concerned (`obs.actor`, side `obs.me`); the policy sees only
 * the observation (the state, read-only) and that list.
 */
import type { Dice } from '../../sim/core/dice.js';
import type { PolicyDefinition } from '../../sim/core/policy-list.js';
import type { IfObservation } from './state.js';

/** ターンアップ: which bug to make the 回復判定 for. Legal: A_NONE or bug indices (0..10) the actor carries. */
export const D_RECOVER = 0;
/** メインアクション: move one area, use a memory, or wait (待機). Legal: A_WAIT, mvDir codes, mem codes. */
export const D_MAIN = 1;
/** A movement memory's steps: one more area or stop. Legal: A_WAIT (stop) and mvDir codes. */
export const D_MEMORY_MOVE = 2;
/** 対抗判定: make it? (`obs.target` is the one asked; `obs.memory` the memory used on it). Legal: A_NO, A_YES. */
export const D_COUNTER = 3;
/** フラグチェック: go on, drop out (脱落), or declare no will to fight. Legal: FL_* codes. */
export const D_FLAG = 4;
/** リザルト: the spoil (戦果) a winner takes. Legal: spoil codes (loser × 4 + kind). */
export const D_SPOIL = 5;

export const DECISION_NAMES = ['recover', 'main', 'memory-move', 'counter', 'flag', 'spoil'];

export const A_NO = 0, A_YES = 1;
/** No recovery check. */
export const A_NONE = 15;
/** 待機 (end the main action) / stop a movement memory. */
export const A_WAIT = 0;

/** Move one area in direction d (0 N, 1 E, 2 S, 3 W). */
export const mvDir = (d: number): number => 1 + d;
export const isMove = (a: number): boolean => a >= 1 && a <= 4;
export const dirOf = (a: number): number => a - 1;

/** Use the character's memory slot `slot` on character `target` (self for non-attacks). */
export const mem = (slot: number, target: number): number => 16 + slot * 16 + target;
export const isMem = (a: number): boolean => a >= 16;
export const memSlot = (a: number): number => ((a - 16) >> 4);
export const memTarget = (a: number): number => (a - 16) & 15;

export const FL_CONTINUE = 0, FL_DROP = 1, FL_CEASE = 2;
export const FLAG_NAMES = ['continue', 'drop out', 'no will to fight'];

/** Spoils (戦果) of the result. */
export const SP_DATA = 0, SP_HELD_DATA = 1, SP_TOOL = 2, SP_CONTACT = 3;
export const SPOIL_NAMES = ['the loser\'s 【データ】', 'one 【データ】 the loser holds', 'one 『ツール』 the loser holds', 'a 【連絡先】 from the loser'];
export const spoil = (loser: number, kind: number): number => loser * 4 + kind;

/**
 * The policy contract (the rules define it; src/policies/if-battle implements it): at each decision point the engine
 * passes the observation (the state, read-only; `obs.me` is the side asked, `obs.actor` the character concerned,
 * `obs.target` the one asked to counter) and the legal actions; the policy returns one of them. `rng` is the
 * policy's own stream (never the rules' dice).
 */
export interface IfPolicy {
  decide(decision: number, obs: IfObservation, legal: Int32Array, n: number, rng: Dice): number;
}

/** A policy as the engine takes it: id, summary, parameter definitions (PolicyDefinition) and a factory. */
export interface IfPolicyInfo extends PolicyDefinition {
  create(params: Readonly<Record<string, number>>): IfPolicy;
}
