/**
 * The chojin-locke engine's state and the helpers every rule area uses: the legal-action list, asking an
 * esper's policy, 2D6, the end of the combat when a side is gone, and the replay's card texts.
 *
 * Seed 003 第10章: §10.3.6 戦闘終了 (a side with nobody left), §10.5 (a card's payment as the replay shows it).
 * One layer of the engine's class chain (game-core → game-cards → game-escapes → game-attacked →
 * game-turn → game.ts): each file adds one rule area.
 */
import type { Dice } from '../../sim/core/dice.js';
import type { GameLog, GameRecord } from '../../sim/core/types.js';
import { narrate, narrateText } from '../../sim/core/narrate.js';
import type { MessageId } from '../../i18n/messages-en.js';
import type { MsgParams } from '../../i18n/t.js';
import { CK_ATTACK, CK_LIGHT_SWORD } from './cards.js';
import { type EsperDef, type LkGameDef, type LkVariant } from './config.js';
import * as D from './decisions.js';
import { END_SIDE_GONE, LkState, LkView, ST_ACTIVE } from './state.js';
import type { LkPolicy } from './decisions.js';

export const LEGAL_MAX = 4096;
/** At most this many willpower checks are offered for one card. */
export const MAX_CHECKS = 6;

/** Rates per game (indices into GameRecord.rates); side 0 is the variant's party. */
export const RATE_WIN = 0, RATE_LOSS = 1, RATE_ENEMY_GONE = 2, RATE_LEADER_SURVIVES = 3, RATE_ALL_SURVIVE = 4, RATE_PARTY_ESCAPED = 5,
  RATE_DECK_OUT = 6, RATE_NO_COMBAT = 7;
/** Values per game. */
export const VAL_ROUNDS = 0, VAL_PARTY_ALIVE = 1, VAL_ENEMY_ALIVE = 2, VAL_PARTY_DUR = 3, VAL_ENEMY_DUR = 4, VAL_ATTACKS = 5, VAL_SYNC_ATTACKS = 6,
  VAL_SYNC_POWER = 7, VAL_SUPPLEMENTS = 8, VAL_SUPPLEMENT_FAILS = 9, VAL_BLOCKS = 10, VAL_BLOCKS_WON = 11, VAL_ESCAPES = 12, VAL_REFUSALS = 13,
  VAL_POWER_SPENT = 14, VAL_CARDS_DRAWN = 15, VAL_DAMAGE_DEALT = 16, VAL_DAMAGE_TAKEN = 17;
/** Attrition series variables. */
export const V_PARTY = 0, V_ENEMY = 1, V_PARTY_DUR = 2, V_ENEMY_DUR = 3;

/** Actions without a card or target (constant codes). */
export const A_BALL = D.act(D.K_BALL), A_MIRROR = D.act(D.K_MIRROR), A_MIRROR_DEF = D.act(D.K_MIRROR_DEF), A_PASS = D.act(D.K_PASS), A_POD = D.act(D.K_POD), A_SUBSPACE = D.act(D.K_SUBSPACE), A_YES = D.act(D.K_YES);

/** Outcome of trying to play a card. */
export const USE_OK = 0, USE_FAIL = 1, USE_REFUSED = 2;

export abstract class LkCore {
  readonly s: LkState;
  readonly view: LkView;
  readonly legal = new Int32Array(LEGAL_MAX);
  nLegal = 0;
  protected dice!: Dice;
  protected pdice!: Dice;
  protected log: GameLog | null = null;
  protected readonly keys = new Float64Array(8);
  /** Synchronisers of the pending attack and the power each added (for illusions). */
  protected readonly syncers = new Int8Array(8);
  protected readonly syncPow = new Int16Array(8);
  protected nSync = 0;
  protected readonly blockCards = new Int16Array(8);
  protected readonly blockBy = new Int8Array(8);
  protected readonly blockCost = new Int8Array(8);
  protected lastCost = 0;
  protected attacksThisRound = 0;
  /** An esper left the combat (died or escaped) since the last {@link checkSides}. */
  protected sidesChanged = false;
  protected readonly stats = new Float64Array(18);
  protected curPos = 0;
  protected readonly all: readonly EsperDef[];
  /** Rulings read in hot loops: LK-R01 `known`, LK-R09 `when-short`, LK-R05 `round`, LK-R08 `reroll`, LK-R03 `levels-add`. */
  protected readonly jamLevelKnown: boolean;
  protected readonly whenShort: boolean;
  protected readonly wakeEachRound: boolean;
  protected readonly rerollTies: boolean;
  protected readonly levelsAdd: boolean;
  /** Active enemies of the esper asked about, in esper order ({@link foesOf}). */
  protected readonly foes = new Int8Array(8);
  /** Ways to pay for one card ({@link payRange}): through the field, and own levels used from payTop down to payLow. */
  protected payField = false;
  protected payTop = 0;
  protected payLow = 0;

  constructor(readonly def: LkGameDef, readonly variant: LkVariant, protected readonly policies: readonly LkPolicy[]) {
    this.s = new LkState(def);
    this.s.rulings = variant.rulings;
    this.view = new LkView(this.s);
    this.all = [...variant.party, ...variant.enemies];
    this.s.setEspers(this.all, variant.party.length);
    this.jamLevelKnown = variant.rulings.jammer_level === 'known';
    this.whenShort = variant.rulings.willpower_supplement === 'when-short';
    this.wakeEachRound = variant.rulings.sleep === 'round';
    this.rerollTies = variant.rulings.initiative_ties === 'reroll';
    this.levelsAdd = variant.rulings.teleport_sync === 'levels-add';
  }

  protected checkSides(): void {
    const s = this.s;
    if (s.over || !this.sidesChanged) return;
    this.sidesChanged = false;
    let a0 = 0, a1 = 0;
    for (let e = 0; e < s.n; e++) {
      if (s.status[e] !== ST_ACTIVE) continue;
      if (s.side[e] === 0) a0++;
      else a1++;
    }
    if (a0 === 0 || a1 === 0) this.end(END_SIDE_GONE);
  }

  protected end(reason: number): void {
    this.s.over = true;
    this.s.endReason = reason;
  }

  /** 2D6 as two d6 draws: exactly the draws of `nd(2, 6)`, without its generic n-sided path. */
  protected roll2d6(): number {
    const d = this.dice;
    return d.d6() + d.d6();
  }

  protected push(a: number): void {
    if (this.nLegal < LEGAL_MAX) this.legal[this.nLegal++] = a;
  }

  protected ask(d: number, e: number): number {
    this.view.me = e;
    const a = this.policies[e].decide(d, this.view, this.legal, this.nLegal, this.pdice);
    return a;
  }

  /** Narrate message `id` in the replay's language (call only under `if (this.log)`). */
  protected say(id: MessageId, params?: MsgParams): void {
    narrate(this.log!, id, params);
  }

  /** A narration fragment in the replay's language (only while a log is open). */
  protected tx(id: MessageId, params?: MsgParams): string {
    return narrateText(this.log!, id, params);
  }

  /** A card as the replay names it (attack cards with their power). */
  protected cardName(c: number): string {
    const k = this.s.cards[c];
    return k.kind === CK_ATTACK || k.kind === CK_LIGHT_SWORD ? this.tx('lkReplay.cardPower', { name: k.name, level: k.level, power: k.power }) : `${k.name} Lv${k.level}`;
  }

  /** How a card is paid, as the replay shows it: the field or own levels (power), and the willpower checks for the rest. */
  protected usedText(e: number, c: number, used: number): string {
    const s = this.s, L = s.cardLevel[c];
    if (used === D.USED_FIELD) return L > s.field[e] ? this.tx('lkReplay.usedFieldChecks', { field: s.field[e], checks: L - s.field[e] }) : this.tx('lkReplay.usedField', { field: s.field[e] });
    if (used > 0) return L > used ? this.tx('lkReplay.usedPowerChecks', { power: used, checks: L - used }) : this.tx('lkReplay.usedPower', { power: used });
    return L > used ? this.tx('lkReplay.usedChecks', { checks: L - used }) : '';
  }
}
