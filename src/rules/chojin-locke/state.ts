/**
 * The state of one chojin-locke combat in plain typed arrays (reused across
 * games), and {@link LkView}: the observation a policy gets, which shows
 * public facts and the asking esper's own hand only (hidden information stays
 * hidden: the state itself sits in a true private field).
 */
import type { Charts } from './charts.js';
import type { CardDef, EsperDef, LkGameDef } from './config.js';
import type { LkRulings } from './rulings.js';

export const MAX_ESPERS = 8;
export const MAX_HAND = 16;
export const MAX_SPECIALS = 4;

/** Esper status. */
export const ST_OUT = 0, ST_ACTIVE = 1, ST_DEAD = 2, ST_ESCAPED = 3, ST_RESIDUAL = 4;
export const STATUS_NAMES = ['not in the combat', 'active', 'dead', 'escaped', 'residual thought'];

/** Card locations besides an esper's hand (0..MAX_ESPERS−1). */
export const LOC_DECK = -1, LOC_DISCARD = -2;

/** Why the combat ended. */
export const END_NONE = 0, END_SIDE_GONE = 1, END_DECK_OUT = 2, END_NO_CONTINUATION = 3, END_ROUND_CAP = 4, END_NO_COMBAT = 5;
export const END_NAMES = ['', 'one side has nobody left in the combat', 'the combat cards ran out', 'nobody continued', 'round cap', 'too few combat cards for a combat'];

export class LkState {
  n = 0;
  readonly espers: EsperDef[] = [];
  readonly side = new Int8Array(MAX_ESPERS);
  readonly level = new Int8Array(MAX_ESPERS);
  readonly power = new Int16Array(MAX_ESPERS);
  readonly dur = new Int16Array(MAX_ESPERS);
  readonly durMax = new Int16Array(MAX_ESPERS);
  readonly will = new Int8Array(MAX_ESPERS);
  readonly status = new Uint8Array(MAX_ESPERS);
  readonly asleep = new Uint8Array(MAX_ESPERS);
  /** The esper's turn has come this round. */
  readonly acted = new Uint8Array(MAX_ESPERS);
  /** Synchronised with someone's attack this round (no normal action, 10.4.1). */
  readonly synced = new Uint8Array(MAX_ESPERS);
  /** Current equipment: jammer and field levels (0 = none or destroyed), suit durability, subspace fields left. */
  readonly jammer = new Int8Array(MAX_ESPERS);
  readonly jammerTarget = new Int8Array(MAX_ESPERS);
  readonly field = new Int8Array(MAX_ESPERS);
  readonly suit = new Int16Array(MAX_ESPERS);
  /** ニケ's durability left, and whether it works this round (ニケチェック). */
  readonly nikeDur = new Int16Array(MAX_ESPERS);
  readonly nikeOn = new Uint8Array(MAX_ESPERS);
  readonly subspace = new Int8Array(MAX_ESPERS);
  readonly specialUses = new Int8Array(MAX_ESPERS * MAX_SPECIALS);
  /** Lowest card level the jammed esper knows to be refused by a secret jammer (0 = nothing known). */
  readonly jamKnown = new Int8Array(MAX_ESPERS);
  /** Jammer level in force on each esper ({@link jammedAt}). */
  private readonly jamOn = new Int8Array(MAX_ESPERS);
  /** Attack power of a residual thought (残留思念). */
  readonly residual = new Int16Array(MAX_ESPERS);
  readonly hand = new Int16Array(MAX_ESPERS * MAX_HAND);
  readonly handN = new Uint8Array(MAX_ESPERS);
  deck: Int16Array = new Int16Array(0);
  deckN = 0;
  cardLoc: Int16Array = new Int16Array(0);
  readonly order = new Int8Array(MAX_ESPERS);
  orderN = 0;
  round = 0;
  over = false;
  endReason = END_NONE;
  rulings!: LkRulings;
  /** Card kind, level and power by card id (the deck's catalogue as typed arrays). */
  readonly cardKind: Int8Array;
  readonly cardLevel: Int8Array;
  readonly cardPower: Int16Array;
  /** Hand size each esper is dealt up to ({@link handLimit}), set by {@link setEspers}. */
  readonly handMax = new Int8Array(MAX_ESPERS);
  /** Static abilities per esper (copied from its definition by {@link setEspers}): minions, mirror, psycho-pod, energy-ball levels. */
  readonly minions = new Int8Array(MAX_ESPERS);
  readonly mirror = new Int8Array(MAX_ESPERS);
  readonly psychopod = new Int8Array(MAX_ESPERS);
  readonly ball = new Int8Array(MAX_ESPERS);

  constructor(readonly def: LkGameDef) {
    this.deck = new Int16Array(def.deck.length);
    this.cardLoc = new Int16Array(def.deck.length);
    this.cardKind = Int8Array.from(def.deck, (c) => c.kind);
    this.cardLevel = Int8Array.from(def.deck, (c) => c.level);
    this.cardPower = Int16Array.from(def.deck, (c) => c.power);
  }

  /** The combat's espers (party first, `partyN` of them) and their static per-esper tables. */
  setEspers(all: readonly EsperDef[], partyN: number): void {
    this.espers.length = 0;
    this.espers.push(...all);
    for (let e = 0; e < all.length; e++) {
      const d = all[e];
      this.side[e] = e < partyN ? 0 : 1;
      this.handMax[e] = this.handLimit(e);
      this.minions[e] = d.minions;
      this.mirror[e] = d.mirror;
      this.psychopod[e] = d.psychopod;
      this.ball[e] = d.ball;
    }
  }

  get cards(): readonly CardDef[] {
    return this.def.deck;
  }

  name(e: number): string {
    return `${this.side[e] === 0 ? 'P' : 'E'}-${this.espers[e].name}`;
  }

  /** In the combat and able to act (not dead, escaped, or a residual thought). */
  active(e: number): boolean {
    return this.status[e] === ST_ACTIVE;
  }

  /** Hand size an esper is dealt up to: 7 + 1 per minion (10.3.1). */
  handLimit(e: number): number {
    return this.def.handSize + this.espers[e].minions;
  }

  /** Active espers of a side. */
  activeCount(side: number): number {
    let k = 0;
    for (let e = 0; e < this.n; e++) if (this.side[e] === side && this.status[e] === ST_ACTIVE) k++;
    return k;
  }

  /** Jammer level in force on esper e (the highest among jammers aimed at it; 0 = none), as of the last {@link refreshJams}. */
  jammedAt(e: number): number {
    return this.jamOn[e];
  }

  /**
   * Recompute {@link jammedAt} for every esper from the jammers, their targets and their owners' status. The rules
   * call it after each change of any of these (declarations, a jammer destroyed, an esper dead or escaped).
   */
  refreshJams(): void {
    for (let e = 0; e < this.n; e++) this.jamOn[e] = 0;
    for (let k = 0; k < this.n; k++) {
      const t = this.jammerTarget[k];
      if (t >= 0 && this.status[k] === ST_ACTIVE && this.jammer[k] > this.jamOn[t]) this.jamOn[t] = this.jammer[k];
    }
  }
}

/** The pending situation a decision is about (public). */
export interface LkContext {
  /** Attacker and target of the pending attack (−1 = none). */
  attacker: number;
  target: number;
  attackLevel: number;
  attackPower: number;
  /** The pending attack is a combat card (can be synchronised / disintegrated) and a light sword. */
  attackIsCard: boolean;
  lightSword: boolean;
  /** The attack comes from a human (illusion allowed, 10.7.2). */
  attackHuman: boolean;
  /** The teleporting esper and the level to beat; the current block's level and its blocker. */
  teleporter: number;
  teleportLevel: number;
  blocker: number;
  blockLevel: number;
  /** Special weapon index asked about (D_SPECIAL). */
  special: number;
}

/**
 * What a policy sees: public facts about every esper and its own hand only.
 * The state is held in a private field; nothing here reveals another
 * esper's cards or the deck's order.
 */
export class LkView {
  readonly #s: LkState;
  /** The esper being asked. */
  me = 0;
  readonly ctx: LkContext = { attacker: -1, target: -1, attackLevel: 0, attackPower: 0, attackIsCard: false, lightSword: false, attackHuman: true, teleporter: -1, teleportLevel: 0, blocker: -1, blockLevel: 0, special: -1 };

  constructor(s: LkState) {
    this.#s = s;
  }
  get n(): number { return this.#s.n; }
  get round(): number { return this.#s.round; }
  get rulings(): LkRulings { return this.#s.rulings; }
  get charts(): Charts { return this.#s.def.charts; }
  /** Cards left in the deck (a public count). */
  get deckCount(): number { return this.#s.deckN; }
  side(e: number): number { return this.#s.side[e]; }
  level(e: number): number { return this.#s.level[e]; }
  power(e: number): number { return this.#s.power[e]; }
  dur(e: number): number { return this.#s.dur[e]; }
  durMax(e: number): number { return this.#s.durMax[e]; }
  will(e: number): number { return this.#s.will[e]; }
  status(e: number): number { return this.#s.status[e]; }
  asleep(e: number): boolean { return this.#s.asleep[e] === 1; }
  acted(e: number): boolean { return this.#s.acted[e] === 1; }
  synced(e: number): boolean { return this.#s.synced[e] === 1; }
  handCount(e: number): number { return this.#s.handN[e]; }
  minions(e: number): number { return this.#s.minions[e]; }
  suit(e: number): number { return this.#s.suit[e]; }
  /** ニケ's durability left and whether it works this round. */
  nike(e: number): number { return this.#s.nikeDur[e]; }
  nikeOn(e: number): boolean { return this.#s.nikeOn[e] === 1; }
  /** Whether e declared a jammer / field (its level is private: see myJammer, myField). */
  hasJammer(e: number): boolean { return this.#s.jammer[e] > 0; }
  hasField(e: number): boolean { return this.#s.field[e] > 0; }
  name(e: number): string { return this.#s.name(e); }
  active(e: number): boolean { return this.#s.status[e] === ST_ACTIVE; }
  /** Position of e in this round's initiative order (−1 if not in it). */
  orderOf(e: number): number {
    for (let i = 0; i < this.#s.orderN; i++) if (this.#s.order[i] === e) return i;
    return -1;
  }
  // ── own information ──
  get myJammer(): number { return this.#s.jammer[this.me]; }
  get myField(): number { return this.#s.field[this.me]; }
  /** Jammer level known to be in force on me: the announced level (ruling LK-R01 known) or the lowest refused level seen so far (secret). */
  get myJamKnown(): number {
    const s = this.#s;
    return s.rulings.jammer_level === 'known' ? s.jammedAt(this.me) : s.jamKnown[this.me];
  }
  /** Whether someone's jammer is aimed at me (jammers are declared openly). */
  get amJammed(): boolean { return this.#s.jammedAt(this.me) > 0; }
  get myHandCount(): number { return this.#s.handN[this.me]; }
  /** Card id in slot k of my hand. */
  myCard(k: number): number { return this.#s.hand[this.me * MAX_HAND + k]; }
  // ── the public card catalogue ──
  cardKind(c: number): number { return this.#s.cardKind[c]; }
  cardLevel(c: number): number { return this.#s.cardLevel[c]; }
  cardPower(c: number): number { return this.#s.cardPower[c]; }
  cardName(c: number): string { return this.#s.cards[c].name; }
}
