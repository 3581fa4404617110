/**
 * Scripted chojin-locke espers. The normal action (own turn) follows an
 * ordered list of (action, condition) rules: the first rule whose condition
 * holds and that has an acceptable legal action is taken. The other
 * decisions (synchronising, answering an attack, blocking teleports) follow
 * fixed, parameterised habits. A policy reads only its {@link LkView}.
 */
import type { Dice } from '../../sim/core/dice.js';
import { CK_ATTACK, CK_LIGHT_SWORD, CK_TELEPORT } from '../../rules/chojin-locke/cards.js';
import { pSupplement } from '../../rules/chojin-locke/charts.js';
import * as D from '../../rules/chojin-locke/decisions.js';
import { ST_ACTIVE, type LkView } from '../../rules/chojin-locke/state.js';
import type { LkPolicy } from '../../rules/chojin-locke/decisions.js';
import type { ParamDef } from '../../sim/core/policy-list.js';

export type Params = Readonly<Record<string, number>>;

/** What a normal-action rule does. */
export type NormalKind = 'attack-highest-level' | 'attack-highest-power' | 'nike' | 'escape' | 'pass';

export interface NormalRule {
  /** Readable description (docs and `list`). */
  readonly action: string;
  readonly kind: NormalKind;
  readonly when: (v: LkView, p: Params) => boolean;
}

/** Parameters shared by the scripted espers. */
export const COMMON_PARAMS: Record<string, ParamDef> = {
  max_checks: { default: 0, min: 0, max: 6, doc: 'most willpower checks accepted to supplement a card\'s level (10.5.1)' },
  min_success: { default: 0.25, min: 0, max: 1, doc: 'accept a supplement only if all its checks pass with at least this probability' },
  sync: { default: 1, min: 0, max: 1, doc: 'synchronise with allies\' attacks (10.8.1) when a card fits (1 = yes)' },
  sync_min_level: { default: 1, min: 1, max: 7, doc: 'synchronise only with attacks of at least this level' },
  escape: { default: 0, min: 0, max: 2, doc: 'when attacked: 0 = never escape, 1 = escape when no defence is available, 2 = escape first' },
  flee_at: { default: 0, min: 0, max: 99, doc: 'on its own turn, escape from the combat when durability ≤ this (0 = never)' },
  keep_teleport: { default: 0, min: 0, max: 1, doc: 'keep the last teleport for escaping: never spend it on blocks (1 = yes)' },
  block: { default: 1, min: 0, max: 1, doc: 'block enemy teleports (10.9) when a higher teleport is in hand (1 = yes)' },
  random_target: { default: 0, min: 0, max: 1, doc: 'attack a random enemy (1) instead of the one with the lowest durability (0)' },
  continue: { default: 1, min: 0, max: 1, doc: 'declare continuation after a round without attacks (1 = yes)' },
  normal_first: { default: 0, min: 0, max: 1, doc: 'take the normal action before the special actions (10.4; 1 = yes)' },
  join: { default: 1, min: 0, max: 1, doc: 'as a bystander at combat start, declare 実はそこにいた and roll to join (10.2.1; 1 = yes)' },
};

const always = (): boolean => true;

/** Number of willpower checks an action implies. */
function checksOf(v: LkView, a: number): number {
  const c = D.aCard(a);
  if (c === D.NO_CARD) return 0;
  const used = D.aUsed(a);
  return Math.max(0, v.cardLevel(c) - (used === D.USED_FIELD ? v.myField : used));
}

/** Check counts kept in an {@link Acceptance} table (a card's level is at most 7). */
const ACCEPT_TABLE_N = 8;

/**
 * Which numbers of willpower checks an esper accepts to supplement a card (`max_checks`, `min_success` at its
 * willpower): a table by count, built on first use and rebuilt only if the willpower asked about changes.
 */
export class Acceptance {
  private will = NaN;
  private readonly ok = new Uint8Array(ACCEPT_TABLE_N);
  constructor(private readonly p: Params) {}

  /** k checks are acceptable at willpower w: none needed, or at most max_checks that all pass with ≥ min_success. */
  accepts(w: number, k: number): boolean {
    if (k >= ACCEPT_TABLE_N) return this.rule(w, k);
    if (w !== this.will) {
      for (let i = 0; i < ACCEPT_TABLE_N; i++) this.ok[i] = this.rule(w, i) ? 1 : 0;
      this.will = w;
    }
    return this.ok[k] === 1;
  }

  private rule(w: number, k: number): boolean {
    return k === 0 || (k <= this.p.max_checks && pSupplement(w, k) >= this.p.min_success);
  }
}

/** Acceptable under the supplement parameters (and not more checks than needed for this card). */
function acceptable(v: LkView, a: number, acc: Acceptance): boolean {
  return acc.accepts(v.will(v.me), checksOf(v, a));
}

/** {@link payScore} of paying with `used` own levels for a card of level L (index L × 16 + used): the same doubles, computed once. */
const PAY_SCORES = Float64Array.from({ length: 8 * 16 }, (_, i) => -Math.max(0, (i >> 4) - (i & 15)) * 10 - (i & 15) * 0.01);

/** The cheapest way to pay among the legal actions that play card c the same way: field, else fewest checks. */
function payScore(v: LkView, a: number): number {
  const used = D.aUsed(a);
  if (used === D.USED_FIELD) return 100;
  const L = v.cardLevel(D.aCard(a));
  return L < 8 ? PAY_SCORES[(L << 4) | used] : -checksOf(v, a) * 10 - used * 0.01;
}

/** The first legal action of `kind` aimed at target t (−1 if none). */
function firstAt(legal: Int32Array, n: number, kind: number, t: number): number {
  for (let i = 0; i < n; i++) if (D.aKind(legal[i]) === kind && D.aTarget(legal[i]) === t) return legal[i];
  return -1;
}

/** The first legal action of `kind` (−1 if none). */
function firstOf(legal: Int32Array, n: number, kind: number): number {
  for (let i = 0; i < n; i++) if (D.aKind(legal[i]) === kind) return legal[i];
  return -1;
}

function passOf(legal: Int32Array, n: number): number {
  const a = firstOf(legal, n, D.K_PASS);
  return a >= 0 ? a : legal[0];
}

function teleportsInHand(v: LkView): number {
  let k = 0;
  for (let i = 0; i < v.myHandCount; i++) if (v.cardKind(v.myCard(i)) === CK_TELEPORT) k++;
  return k;
}

/** The target an esper prefers: the active enemy with the lowest durability, or a random one. */
function chooseTarget(v: LkView, p: Params, rng: Dice): number {
  let pick = -1, low = Infinity, count = 0;
  const mySide = v.side(v.me);
  for (let t = 0; t < v.n; t++) {
    if (v.side(t) === mySide || v.status(t) !== ST_ACTIVE) continue;
    count++;
    if (v.dur(t) < low) {
      low = v.dur(t);
      pick = t;
    }
  }
  if (p.random_target && count > 1) {
    let k = rng.below(count);
    for (let t = 0; t < v.n; t++) {
      if (v.side(t) === mySide || v.status(t) !== ST_ACTIVE) continue;
      if (k-- === 0) return t;
    }
  }
  return pick;
}

function isAttackCard(v: LkView, a: number): boolean {
  const c = D.aCard(a);
  return c !== D.NO_CARD && (v.cardKind(c) === CK_ATTACK || v.cardKind(c) === CK_LIGHT_SWORD);
}

// Each chooser below scans the legal actions once and keeps the first of the best score (ties: the earlier action).

/** Escape from the combat: the mirror, else the highest teleport (cheapest way to pay), else a subspace field. */
function bestEscape(v: LkView, legal: Int32Array, n: number, acc: Acceptance): number {
  let b = -1, bs = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = legal[i], k = D.aKind(x);
    if ((k !== D.K_TELEPORT && k !== D.K_MIRROR && k !== D.K_SUBSPACE) || !acceptable(v, x, acc)) continue;
    const sc = k === D.K_MIRROR ? 1000 : k === D.K_TELEPORT ? 100 + v.cardLevel(D.aCard(x)) * 10 + payScore(v, x) : 0;
    if (sc > bs) {
      bs = sc;
      b = x;
    }
  }
  return b;
}

/** Attack target t with the highest-level (`byLevel`) or most powerful card, cheapest way to pay. */
function bestAttackOn(v: LkView, legal: Int32Array, n: number, acc: Acceptance, t: number, byLevel: boolean): number {
  let b = -1, bs = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = legal[i];
    if (D.aKind(x) !== D.K_ATTACK || D.aTarget(x) !== t || !isAttackCard(v, x) || !acceptable(v, x, acc)) continue;
    const c = D.aCard(x);
    const sc = (byLevel ? v.cardLevel(c) * 1000 + v.cardPower(c) : v.cardPower(c) * 10 + v.cardLevel(c)) * 1000 + payScore(v, x);
    if (sc > bs) {
      bs = sc;
      b = x;
    }
  }
  return b;
}

/** {@link normal}'s target before any rule has chosen one. */
const NOT_AIMED = -2;

/**
 * The normal action: the first rule whose condition holds and that finds an acceptable legal action. A rule aims at
 * {@link chooseTarget}'s enemy, chosen once per decision (it depends on the view only), except with random targets,
 * where every aiming rule draws its own from the policy stream as the rule list reads. A rule whose action kind is
 * not on offer finds nothing (with fixed targets it then needs no target either).
 */
function normal(rules: readonly NormalRule[], v: LkView, legal: Int32Array, n: number, p: Params, acc: Acceptance, rng: Dice): number {
  if (v.status(v.me) !== ST_ACTIVE) {
    // A residual thought: attack the preferred target.
    const a = firstAt(legal, n, D.K_TARGET, chooseTarget(v, p, rng));
    return a >= 0 ? a : passOf(legal, n);
  }
  let offered = 0;
  for (let i = 0; i < n; i++) offered |= 1 << D.aKind(legal[i]);
  let target = NOT_AIMED;
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i];
    if (!r.when(v, p)) continue;
    if (r.kind === 'pass') return passOf(legal, n);
    if (r.kind === 'escape') {
      const a = bestEscape(v, legal, n, acc);
      if (a >= 0) return a;
      continue;
    }
    const kind = r.kind === 'nike' ? D.K_NIKE : D.K_ATTACK;
    const onOffer = (offered & (1 << kind)) !== 0;
    if (p.random_target || (onOffer && target === NOT_AIMED)) target = chooseTarget(v, p, rng);
    if (!onOffer) continue;
    const a = kind === D.K_NIKE ? firstAt(legal, n, D.K_NIKE, target) : bestAttackOn(v, legal, n, acc, target, r.kind === 'attack-highest-level');
    if (a >= 0) return a;
  }
  return passOf(legal, n);
}

/** Defence against an attack: mirror, psycho-pod or energy ball, else the lowest defence card (cheapest way to pay). */
function bestDefence(v: LkView, legal: Int32Array, n: number, acc: Acceptance): number {
  let b = -1, bs = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = legal[i], k = D.aKind(x);
    if (!((k === D.K_DEFEND && acceptable(v, x, acc)) || k === D.K_POD || k === D.K_BALL || k === D.K_MIRROR_DEF)) continue;
    const sc = k === D.K_DEFEND ? 100 - v.cardLevel(D.aCard(x)) * 10 + payScore(v, x) : 200;
    if (sc > bs) {
      bs = sc;
      b = x;
    }
  }
  return b;
}

/** Escape from an attack: mirror, subspace field, else the highest teleport, else the highest illusion. */
function bestDodge(v: LkView, legal: Int32Array, n: number, acc: Acceptance): number {
  let b = -1, bs = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = legal[i], k = D.aKind(x);
    if (!(((k === D.K_TELEPORT || k === D.K_ILLUSION) && acceptable(v, x, acc)) || k === D.K_MIRROR || k === D.K_SUBSPACE)) continue;
    const sc = k === D.K_MIRROR ? 1000 : k === D.K_SUBSPACE ? 900 : (k === D.K_TELEPORT ? 500 : 100) + v.cardLevel(D.aCard(x)) * 10 + payScore(v, x);
    if (sc > bs) {
      bs = sc;
      b = x;
    }
  }
  return b;
}

/** Answer an attack: escape first (escape 2), else defend, else escape (escape 1), else pass. Each chooser runs only when its answer is needed. */
function respond(v: LkView, legal: Int32Array, n: number, p: Params, acc: Acceptance): number {
  if (p.escape >= 2) {
    const escape = bestDodge(v, legal, n, acc);
    if (escape >= 0) return escape;
  }
  const defend = bestDefence(v, legal, n, acc);
  if (defend >= 0) return defend;
  if (p.escape >= 1) {
    const escape = bestDodge(v, legal, n, acc);
    if (escape >= 0) return escape;
  }
  return passOf(legal, n);
}

/** The acceptable K_SYNC card with the best score: by power (attacks, `byPower`) or by level (teleport blocks), cheapest way to pay. */
function bestSync(v: LkView, legal: Int32Array, n: number, acc: Acceptance, byPower: boolean): number {
  let b = -1, bs = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = legal[i];
    if (D.aKind(x) !== D.K_SYNC || !acceptable(v, x, acc)) continue;
    const sc = byPower ? v.cardPower(D.aCard(x)) * 1000 + payScore(v, x) : v.cardLevel(D.aCard(x)) * 100 + payScore(v, x);
    if (sc > bs) {
      bs = sc;
      b = x;
    }
  }
  return b;
}

function syncChoice(v: LkView, legal: Int32Array, n: number, p: Params, acc: Acceptance, ally: boolean): number {
  if (!ally || !p.sync || v.ctx.attackLevel < p.sync_min_level) return passOf(legal, n);
  const a = bestSync(v, legal, n, acc, true);
  return a >= 0 ? a : passOf(legal, n);
}

/** A teleport block: the lowest teleport above `over` (`lowest`), or the highest teleport (over = −1, hoping for synchronisation). */
function bestBlock(v: LkView, legal: Int32Array, n: number, acc: Acceptance, over: number, lowest: boolean): number {
  let b = -1, bs = -Infinity;
  for (let i = 0; i < n; i++) {
    const y = legal[i];
    if (D.aKind(y) !== D.K_TELEPORT || v.cardLevel(D.aCard(y)) <= over || !acceptable(v, y, acc)) continue;
    const sc = (lowest ? -v.cardLevel(D.aCard(y)) : v.cardLevel(D.aCard(y))) * 100 + payScore(v, y);
    if (sc > bs) {
      bs = sc;
      b = y;
    }
  }
  return b;
}

function blockChoice(v: LkView, legal: Int32Array, n: number, p: Params, acc: Acceptance, hopeForSync: boolean): number {
  const x = v.ctx;
  if (!p.block || v.side(x.teleporter) === v.side(v.me)) return passOf(legal, n);
  if (p.keep_teleport && teleportsInHand(v) <= 1) return passOf(legal, n);
  // Alone: the lowest teleport that beats the level; else (hoping for synchronisation) the highest one.
  let a = bestBlock(v, legal, n, acc, x.teleportLevel, true);
  if (a < 0 && hopeForSync) a = bestBlock(v, legal, n, acc, -1, false);
  return a >= 0 ? a : passOf(legal, n);
}

function blockSyncChoice(v: LkView, legal: Int32Array, n: number, p: Params, acc: Acceptance): number {
  const x = v.ctx;
  if (v.side(x.blocker) !== v.side(v.me) || v.side(x.teleporter) === v.side(v.me)) return passOf(legal, n);
  if (x.blockLevel > x.teleportLevel) return passOf(legal, n);
  if (p.keep_teleport && teleportsInHand(v) <= 1) return passOf(legal, n);
  const a = bestSync(v, legal, n, acc, false);
  return a >= 0 ? a : passOf(legal, n);
}

/** A minion's synchronisation card: the highest level, then the most powerful. */
function bestMinionCard(v: LkView, legal: Int32Array, n: number): number {
  let b = -1, bs = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = legal[i];
    if (D.aKind(x) !== D.K_SYNC) continue;
    const sc = v.cardLevel(D.aCard(x)) * 100 + v.cardPower(D.aCard(x));
    if (sc > bs) {
      bs = sc;
      b = x;
    }
  }
  return b;
}

/** Has an active ally besides me (a block hoping for synchronisation makes sense). */
function hasAlly(v: LkView): boolean {
  for (let e = 0; e < v.n; e++) if (e !== v.me && v.side(e) === v.side(v.me) && v.status(e) === ST_ACTIVE && !v.asleep(e)) return true;
  return false;
}

/** Options that change the fixed habits (the automatic enemy of 10.12.2). */
export interface Habits {
  /** Defend only: never escape, never flee (10.12.2 ⑤). */
  readonly defendOnly?: boolean;
  /** Block every teleport, alone or hoping for synchronisation (⑥). */
  readonly blockAll?: boolean;
  /** Jammer and attack targets at random (② ④). */
  readonly randomTargets?: boolean;
}

/** A scripted policy from its normal-action rules, parameters and habits. */
export function scriptedPolicy(rules: readonly NormalRule[], params: Params, habits: Habits = {}): LkPolicy {
  const p: Params = habits.randomTargets ? { ...params, random_target: 1 } : params;
  // Habit-adjusted parameter sets, built once (no allocation per decision).
  const pRespond: Params = habits.defendOnly ? { ...p, escape: 0 } : p;
  const pBlock: Params = habits.blockAll ? { ...p, block: 1, keep_teleport: 0 } : p;
  const pBlockSync: Params = habits.blockAll ? { ...p, keep_teleport: 0 } : p;
  // Every parameter set above shares max_checks and min_success.
  const acc = new Acceptance(p);
  return {
    decide(d, v, legal, n, rng) {
      switch (d) {
        case D.D_NORMAL: return normal(rules, v, legal, n, p, acc, rng);
        case D.D_SPECIAL:
        case D.D_JAMMER: {
          const t = d === D.D_JAMMER && !p.random_target ? strongestEnemy(v) : chooseTarget(v, p, rng);
          const a = firstAt(legal, n, D.K_TARGET, t);
          return a >= 0 ? a : passOf(legal, n);
        }
        case D.D_SYNC: return syncChoice(v, legal, n, p, acc, v.side(v.ctx.attacker) === v.side(v.me));
        case D.D_MINION_SYNC: {
          const a = bestMinionCard(v, legal, n);
          return a >= 0 ? a : passOf(legal, n);
        }
        case D.D_RESPONSE: return respond(v, legal, n, pRespond, acc);
        case D.D_BLOCK: return blockChoice(v, legal, n, pBlock, acc, habits.blockAll === true && hasAlly(v));
        case D.D_BLOCK_SYNC: return blockSyncChoice(v, legal, n, pBlockSync, acc);
        case D.D_RESIDUAL_SYNC: {
          const a = firstOf(legal, n, v.side(v.ctx.attacker) === v.side(v.me) ? D.K_YES : D.K_PASS);
          return a >= 0 ? a : legal[0];
        }
        case D.D_CONTINUE: {
          const a = firstOf(legal, n, p.continue ? D.K_YES : D.K_PASS);
          return a >= 0 ? a : legal[0];
        }
        case D.D_ORDER: return legal[p.normal_first ? 1 : 0];
        case D.D_THERE: return legal[p.join ? 1 : 0];
      }
      return legal[0];
    },
  };
}

function strongestEnemy(v: LkView): number {
  let pick = -1, hi = -1;
  for (let t = 0; t < v.n; t++) if (v.side(t) !== v.side(v.me) && v.status(t) === ST_ACTIVE && v.level(t) > hi) {
    hi = v.level(t);
    pick = t;
  }
  return pick;
}

const lowDurability = (v: LkView, p: Params): boolean => p.flee_at > 0 && v.dur(v.me) <= p.flee_at;

/** Lead a synchronised attack: the highest-level card, so allies can add anything at or below it. */
export const SYNC_LEADER_RULES: readonly NormalRule[] = [
  { action: 'escape from the combat (teleport, mirror, subspace field)', kind: 'escape', when: lowDurability },
  { action: 'attack with ニケ when it works (neither escape nor defence possible)', kind: 'nike', when: always },
  { action: 'attack the weakest enemy with the highest-LEVEL attack card (room for synchronisers)', kind: 'attack-highest-level', when: always },
  { action: 'pass', kind: 'pass', when: always },
];

/** Everyone else: the most powerful card. */
export const SOLO_RULES: readonly NormalRule[] = [
  { action: 'escape from the combat (teleport, mirror, subspace field)', kind: 'escape', when: lowDurability },
  { action: 'attack with ニケ when it works (neither escape nor defence possible)', kind: 'nike', when: always },
  { action: 'attack the weakest enemy with the most POWERFUL attack card', kind: 'attack-highest-power', when: always },
  { action: 'pass', kind: 'pass', when: always },
];
