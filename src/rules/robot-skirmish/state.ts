/**
 * The mutable state of one robot-skirmish game: plain numbers and typed
 * arrays, allocated once per runner and reset per game. Units of side 0 (the
 * variant's side) come first, then side 1 (the reference opponent). A combined
 * unit (合体) is its members with `group[m]` = the lead, which alone stands on
 * the table. Policies receive the state read-only ({@link RsObservation}).
 */
import { EQ_FLIGHT, type Catalogue } from './catalogue.js';
import type { RsGameDef, UnitDef } from './config.js';
import type { RsRulings } from './rulings.js';
import { Table } from './geometry.js';

export const MAX_SIDE = 5;
export const MAX_UNITS = 2 * MAX_SIDE;
/** Carry slots per unit and form (a weapon reference is unit × 8 + slot). */
export const MAX_CARRY = 8;
export const MAX_ITEMS = 96;
export const MAX_CAND = 250;

export const END_NONE = 0, END_ANNIHILATION = 1, END_HQ = 2, END_TIME = 3;
export const END_NAMES = ['—', 'annihilation', 'headquarters destroyed', 'time limit'];

/** Candidate tags (why the engine offered a destination; policies may use them). */
export const C_DIR = 0, C_CONTACT_ENEMY = 1, C_STANDOFF = 2, C_CONTACT_FRIEND = 3, C_COVER = 4, C_STAY = 5, C_HQ = 6;

export class RsState {
  readonly def: RsGameDef;
  readonly cat: Catalogue;
  readonly table: Table;
  /** The rulings in force (the variant's). */
  rulings: RsRulings;
  /** Unit definitions in state order (side 0 then side 1). */
  units: UnitDef[] = [];
  /** Display names: `S-` + name for the variant's side, `R-` + name for the reference side. */
  names: string[] = [];
  nUnits = 0;
  /** First unit index and count per side. */
  readonly sideStart = new Int32Array(2);
  readonly sideCount = new Int32Array(2);

  readonly side = new Int8Array(MAX_UNITS);
  readonly alive = new Uint8Array(MAX_UNITS);
  /** Lead of the unit's combination (itself when not combined). */
  readonly group = new Int8Array(MAX_UNITS);
  readonly x = new Float64Array(MAX_UNITS);
  readonly y = new Float64Array(MAX_UNITS);
  readonly hp = new Int32Array(MAX_UNITS);
  readonly hpMax = new Int32Array(MAX_UNITS);
  /** Current form (0 or 1). */
  readonly form = new Int8Array(MAX_UNITS);
  readonly transformed = new Uint8Array(MAX_UNITS);
  readonly hover = new Uint8Array(MAX_UNITS);
  readonly stealth = new Uint8Array(MAX_UNITS);
  readonly fallen = new Uint8Array(MAX_UNITS);
  /** Concentration token: the owner's turn number when it was placed, 0 = none. */
  readonly concTurn = new Int32Array(MAX_UNITS);
  /** This turn: has had its movement action / has acted in the combat phase / may not attack this turn. */
  readonly moved = new Uint8Array(MAX_UNITS);
  readonly acted = new Uint8Array(MAX_UNITS);
  readonly noAttack = new Uint8Array(MAX_UNITS);
  /** Carried weapons: carry[(u * 2 + form) * MAX_CARRY + k] = weapon index, −1 empty. */
  readonly carry = new Int16Array(MAX_UNITS * 2 * MAX_CARRY);

  // Derived values of each lead (its combination's), refreshed on change.
  readonly mv = new Float64Array(MAX_UNITS);
  readonly atk = new Int32Array(MAX_UNITS);
  readonly dfn = new Int32Array(MAX_UNITS);
  readonly eq = new Int32Array(MAX_UNITS);
  readonly rad = new Float64Array(MAX_UNITS);
  /** Size index (a combination: its largest member's). */
  readonly size = new Int8Array(MAX_UNITS);
  /** Members in the combination (1 when not combined). */
  readonly nMembers = new Int8Array(MAX_UNITS);
  /** All members the same size (for the doubled combination bonus). */
  readonly sameSize = new Uint8Array(MAX_UNITS);
  /** Has at least one leg (キック). */
  readonly legs = new Uint8Array(MAX_UNITS);

  // Dropped weapons (投擲).
  nItems = 0;
  readonly itemW = new Int16Array(MAX_ITEMS);
  readonly itemX = new Float64Array(MAX_ITEMS);
  readonly itemY = new Float64Array(MAX_ITEMS);

  // Headquarters (司令部), when the game has them.
  readonly hqHp = new Int32Array(2);
  readonly hqX = new Float64Array(2);
  readonly hqY = new Float64Array(2);

  // Turn bookkeeping.
  round = 0;
  /** The side whose turn it is, and each side's turns played. */
  turnSide = 0;
  readonly turnNo = new Int32Array(2);
  firstSide = 0;
  phase = 0;

  // What the current decision is about (read by policies).
  /** The side being asked. */
  me = 0;
  /** The unit a decision is about (mover, interceptor, free attacker…). */
  actor = -1;
  /** The target of the current attack (critical decisions), or −1. */
  target = -1;
  /** The weapon reference of the current decision (multi-attack target, critical). */
  weaponRef = -1;
  /** D_SPLIT: bonus units to split, the size of each (1 or 2), 1 = formation / 2 = combination, and the attack roll's modifier so far. */
  splitUnits = 0;
  splitEach = 1;
  splitKind = 0;
  /** The attack action being resolved (D_CONCENTRATE, D_SPLIT, D_MULTI_TARGET, D_CRITICAL), or −1. */
  action = -1;

  // Movement candidates of the current D_MOVE decision.
  nCand = 0;
  readonly candX = new Float64Array(MAX_CAND);
  readonly candY = new Float64Array(MAX_CAND);
  /** C_* tag and the unit or terrain index it refers to. */
  readonly candTag = new Int8Array(MAX_CAND);
  readonly candRef = new Int8Array(MAX_CAND);

  // Outcome.
  over = false;
  /** 0 or 1, −1 for a draw, −2 while playing. */
  winner = -2;
  endReason = END_NONE;

  constructor(def: RsGameDef) {
    this.def = def;
    this.cat = def.catalogue;
    this.table = new Table(def.table);
    this.rulings = def.rulings;
  }

  /**
   * Make this state the game state of `src` (same game definition and armies): every field a game changes, the
   * current decision's and its destinations included (dropped weapons and destinations up to their counts); the
   * armies, names and sides stay (they are the runner's).
   * Allocates nothing.
   */
  copyGameFrom(src: RsState): void {
    // Element by element over the units in play (a typed array's set() costs more than these few elements); the
    // entries past them are never written, the same in both states.
    const n = Math.max(this.nUnits, src.nUnits);
    for (let u = 0; u < n; u++) {
      this.alive[u] = src.alive[u];
      this.group[u] = src.group[u];
      this.x[u] = src.x[u];
      this.y[u] = src.y[u];
      this.hp[u] = src.hp[u];
      this.hpMax[u] = src.hpMax[u];
      this.form[u] = src.form[u];
      this.transformed[u] = src.transformed[u];
      this.hover[u] = src.hover[u];
      this.stealth[u] = src.stealth[u];
      this.fallen[u] = src.fallen[u];
      this.concTurn[u] = src.concTurn[u];
      this.moved[u] = src.moved[u];
      this.acted[u] = src.acted[u];
      this.noAttack[u] = src.noAttack[u];
      this.mv[u] = src.mv[u];
      this.atk[u] = src.atk[u];
      this.dfn[u] = src.dfn[u];
      this.eq[u] = src.eq[u];
      this.rad[u] = src.rad[u];
      this.size[u] = src.size[u];
      this.nMembers[u] = src.nMembers[u];
      this.sameSize[u] = src.sameSize[u];
      this.legs[u] = src.legs[u];
    }
    for (let i = 0; i < n * 2 * MAX_CARRY; i++) this.carry[i] = src.carry[i];
    // Dropped weapons and destinations past their counts are never read.
    this.nItems = src.nItems;
    for (let i = 0; i < src.nItems; i++) {
      this.itemW[i] = src.itemW[i];
      this.itemX[i] = src.itemX[i];
      this.itemY[i] = src.itemY[i];
    }
    for (let h = 0; h < 2; h++) {
      this.hqHp[h] = src.hqHp[h];
      this.hqX[h] = src.hqX[h];
      this.hqY[h] = src.hqY[h];
      this.turnNo[h] = src.turnNo[h];
    }
    this.round = src.round;
    this.turnSide = src.turnSide;
    this.firstSide = src.firstSide;
    this.phase = src.phase;
    this.me = src.me;
    this.actor = src.actor;
    this.target = src.target;
    this.weaponRef = src.weaponRef;
    this.splitUnits = src.splitUnits;
    this.splitEach = src.splitEach;
    this.splitKind = src.splitKind;
    this.action = src.action;
    this.nCand = src.nCand;
    for (let c = 0; c < src.nCand; c++) {
      this.candX[c] = src.candX[c];
      this.candY[c] = src.candY[c];
      this.candTag[c] = src.candTag[c];
      this.candRef[c] = src.candRef[c];
    }
    this.over = src.over;
    this.winner = src.winner;
    this.endReason = src.endReason;
  }

  // ─────────── read helpers (also for policies) ───────────

  /** Alive and standing on the table (not a carried member of a combination). */
  onTable(u: number): boolean {
    return this.alive[u] === 1 && this.group[u] === u;
  }

  dist(u: number, v: number): number {
    const dx = this.x[u] - this.x[v], dy = this.y[u] - this.y[v];
    return Math.sqrt(dx * dx + dy * dy);
  }

  /** 接触: both on the table, at the same height (hovering or not), bases at most the contact gap apart. */
  inContact(u: number, v: number): boolean {
    if (u === v || !this.onTable(u) || !this.onTable(v) || this.hover[u] !== this.hover[v]) return false;
    const dx = this.x[u] - this.x[v], dy = this.y[u] - this.y[v];
    const lim = this.rad[u] + this.rad[v] + this.table.gap + 1e-7;
    return dx * dx + dy * dy <= lim * lim;
  }

  /** Is unit u touching headquarters `hqSide`? (Headquarters stand on the ground.) */
  touchesHq(u: number, hqSide: number): boolean {
    if (!this.def.hq || this.hover[u]) return false;
    const dx = this.x[u] - this.hqX[hqSide], dy = this.y[u] - this.hqY[hqSide];
    const lim = this.rad[u] + this.def.hq.radius + this.table.gap + 1e-7;
    return dx * dx + dy * dy <= lim * lim;
  }

  /** Enemy units in contact with u. */
  enemiesInContact(u: number): number {
    let n = 0;
    const e = 1 - this.side[u];
    for (let v = this.sideStart[e]; v < this.sideStart[e] + this.sideCount[e]; v++) if (this.inContact(u, v)) n++;
    return n;
  }

  /** Units of `side` still alive (members of combinations counted one by one). */
  unitsAlive(side: number): number {
    let n = 0;
    for (let u = this.sideStart[side]; u < this.sideStart[side] + this.sideCount[side]; u++) n += this.alive[u];
    return n;
  }

  hpTotal(side: number): number {
    let n = 0;
    for (let u = this.sideStart[side]; u < this.sideStart[side] + this.sideCount[side]; u++) if (this.alive[u]) n += this.hp[u];
    return n;
  }

  /** Cost of the surviving units (2 + bonus points each). */
  costAlive(side: number): number {
    let n = 0;
    for (let u = this.sideStart[side]; u < this.sideStart[side] + this.sideCount[side]; u++) if (this.alive[u]) n += this.units[u].cost;
    return n;
  }

  /** Carried weapon index of weapon reference w (−1 when the slot is empty). */
  weaponOf(w: number): number {
    const u = w >> 3;
    return this.carry[(u * 2 + this.form[u]) * MAX_CARRY + (w & 7)];
  }

  /** Has flight (飛行ブースター): may hover, may not run. */
  canFly(u: number): boolean {
    return (this.eq[u] & EQ_FLIGHT) !== 0;
  }

  /** May unit u (a lead) be given an attack action now? */
  canAttack(u: number): boolean {
    return this.onTable(u) && this.acted[u] === 0 && this.noAttack[u] === 0 && this.concTurn[u] === 0;
  }

  /** Display name for the log and for tests. */
  name(u: number): string {
    return this.names[u];
  }
}

/** What a policy sees: the state, read-only. */
export type RsObservation = Readonly<RsState>;
