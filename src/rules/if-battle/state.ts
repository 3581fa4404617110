/**
 * The mutable state of one if-battle game: plain numbers and typed arrays,
 * allocated once per runner and reset per game. Characters of side 0 (the
 * variant's side) come first, then side 1 (the reference opponent). Policies
 * receive the state read-only ({@link IfObservation}); everything in it is
 * public at the table (positions, life, bugs, field), so nothing is hidden.
 */
import { AREAS } from './area-map.js';
import { M_ADDITIONAL, N_BUGS, N_SKILLS, isAttack, type MemoryDef } from './catalogue.js';
import type { CharacterDef, IfGameDef } from './config.js';
import type { IfRulings } from './rulings.js';

export const MAX_CHARS = 8;
/** Memory slots per character. */
export const MAX_SLOTS = 12;

/** Why a character left the battle. */
export const OUT_IN = 0, OUT_LIFE0 = 1, OUT_TENTH = 2, OUT_VOLUNTARY = 3, OUT_BATTERY = 4;
export const OUT_NAMES = ['in', 'life 0', 'lost a tenth of its life (main process)', 'dropped out at the flag check', 'battery already 0 (forced defeat)'];

/** How the battle reached the result. */
export const END_NONE = 0, END_ONE_SIDE = 1, END_CEASE = 2, END_TIME = 3;
export const END_NAMES = ['—', 'one side left', 'no will to fight', 'time limit'];

/** Module-local copies of N_BUGS and N_SKILLS: V8 (Node 20) reloads and hole-checks an imported binding at every use; a local const folds. */
const NB = N_BUGS, NS = N_SKILLS;

/** Bits of {@link IfState.memFlags}: an attack, an additional memory with a boost, a movement memory, a guard memory. */
export const MF_ATTACK = 1, MF_BOOST = 2, MF_MOVE = 4, MF_GUARD = 8;

/** Check kinds (for the rank changes of bugs). */
export const CK_HIT = 0, CK_COUNTER = 1, CK_OTHER = 2;

export class IfState {
  readonly def: IfGameDef;
  rulings: IfRulings;
  chars: CharacterDef[] = [];
  /** `S-` + name for side 0, `R-` + name for side 1. */
  names: string[] = [];
  n = 0;
  readonly side = new Int8Array(MAX_CHARS);
  /** 1 when the character is in the battle scene (initial participant or joined). */
  readonly joined = new Uint8Array(MAX_CHARS);
  /** OUT_* (OUT_IN while still in). */
  readonly out = new Uint8Array(MAX_CHARS);
  /** Area index, −1 when not on the map. */
  readonly area = new Int16Array(MAX_CHARS);
  readonly life = new Int32Array(MAX_CHARS);
  readonly lifeMax = new Int32Array(MAX_CHARS);
  /** Life lost since the battle started (for the 10% rule). */
  readonly lost = new Int32Array(MAX_CHARS);
  readonly cost = new Int32Array(MAX_CHARS);
  readonly costMax = new Int32Array(MAX_CHARS);
  readonly battery = new Int32Array(MAX_CHARS);
  /** The character's own turn counter (ターン), 0 at the start. */
  readonly turn = new Int32Array(MAX_CHARS);
  readonly speed = new Int32Array(MAX_CHARS);
  readonly power = new Int32Array(MAX_CHARS);
  readonly guard = new Int32Array(MAX_CHARS);
  readonly force = new Int32Array(MAX_CHARS);
  readonly resist = new Int32Array(MAX_CHARS);
  /** Skill levels, char × N_SKILLS. */
  readonly skill = new Int8Array(MAX_CHARS * N_SKILLS);
  /** Accumulated bug points, char × N_BUGS. */
  readonly bugs = new Int16Array(MAX_CHARS * N_BUGS);
  /** Memory catalogue index per slot, char × MAX_SLOTS (−1 empty). */
  readonly memory = new Int16Array(MAX_CHARS * MAX_SLOTS);
  readonly nMemories = new Int8Array(MAX_CHARS);
  /**
   * Per slot (char × MAX_SLOTS), the fields of its memory the main action reads, set by {@link setMemory}: class,
   * cost, range, movement, field changed to (−1 none) and whether it is an attack.
   */
  readonly memType = new Int8Array(MAX_CHARS * MAX_SLOTS);
  readonly memCost = new Int32Array(MAX_CHARS * MAX_SLOTS);
  readonly memRangeMin = new Int32Array(MAX_CHARS * MAX_SLOTS);
  readonly memRangeMax = new Int32Array(MAX_CHARS * MAX_SLOTS);
  readonly memMove = new Int32Array(MAX_CHARS * MAX_SLOTS);
  readonly memField = new Int8Array(MAX_CHARS * MAX_SLOTS);
  readonly memAttack = new Uint8Array(MAX_CHARS * MAX_SLOTS);
  /** What the scripted policies look for in a slot (MF_* bits). */
  readonly memFlags = new Uint8Array(MAX_CHARS * MAX_SLOTS);
  /** Sum of the auto memories' damage reduction. */
  readonly autoReduce = new Int32Array(MAX_CHARS);
  /** ガード/レジスト bonus of a guard memory, until the next turn-up. */
  readonly guardBuff = new Int32Array(MAX_CHARS);
  /** Damage bonus of additional memories for this turn's next attack. */
  readonly boost = new Int32Array(MAX_CHARS);
  /** Memory slots used this turn (bit set). */
  readonly usedMask = new Int32Array(MAX_CHARS);
  /** 1 when the character failed the current field's check (水泳/飛行/走法). */
  readonly fieldFail = new Uint8Array(MAX_CHARS);
  /** The character's turn counter when the field last changed (IF-R03 since-change). */
  readonly fieldTurn = new Int32Array(MAX_CHARS);
  /** Closed field: the turn counter at which the character was allowed to stay in a shared area (−1 none). */
  readonly graceTurn = new Int32Array(MAX_CHARS);
  /** Life loss from checks waiting to be applied once the check's effect is resolved (瘴気, 空中). */
  readonly pendingMiasma = new Int32Array(MAX_CHARS);
  readonly pendingAir = new Int32Array(MAX_CHARS);
  /** Flag-check answer of this flag check. */
  readonly flag = new Int8Array(MAX_CHARS);

  /** Field index (F_*) and the GM's 1D10 of the burning field. */
  field = 0;
  gmBurn = 0;
  /** Turn order (character indices), fixed at エリアセット. */
  readonly order = new Int8Array(MAX_CHARS);
  nOrder = 0;
  /** Completed rounds (one pass through the turn order). */
  round = 0;
  over = false;
  endReason = END_NONE;
  /** Subject-side outcome: 0 win, 1 loss, −1 draw (−2 while playing). */
  winner = -2;

  // ── the current turn ──
  /** The turn player (or the character being asked). */
  actor = -1;
  /** The character asked to counter, and the memory slot used on it. */
  target = -1;
  memorySlot = -1;
  /** The side being asked (the policy's own side). */
  me = 0;
  /** A main memory was used this turn: no more movement. */
  memoryUsed = false;
  /** Ice field: direction of this turn's straight line (−1 not chosen yet). */
  iceDir = -1;
  /** Areas moved this turn. */
  moved = 0;
  /** A movement memory's steps left. */
  memoryMoveLeft = 0;

  /** Occupants per area. */
  readonly occupancy = new Uint8Array(AREAS);

  constructor(def: IfGameDef, rulings: IfRulings) {
    this.def = def;
    this.rulings = rulings;
  }

  /** Put memory catalogue index m (−1 empty) in character c's slot k. */
  setMemory(c: number, k: number, m: number): void {
    const i = c * MAX_SLOTS + k;
    this.memory[i] = m;
    const d = m >= 0 ? this.def.memories[m] : null;
    this.memType[i] = d ? d.type : -1;
    this.memCost[i] = d ? d.cost : 0;
    this.memRangeMin[i] = d ? d.rangeMin : 0;
    this.memRangeMax[i] = d ? d.rangeMax : 0;
    this.memMove[i] = d ? d.move : 0;
    this.memField[i] = d ? d.field : -1;
    this.memAttack[i] = d && isAttack(d) ? 1 : 0;
    this.memFlags[i] = d ? (isAttack(d) ? MF_ATTACK : 0) | (d.type === M_ADDITIONAL && d.boost > 0 ? MF_BOOST : 0) | (d.move > 0 ? MF_MOVE : 0) | (d.guard > 0 ? MF_GUARD : 0) : 0;
  }

  /** Memory definition of character c's slot k. */
  memoryDef(c: number, k: number): MemoryDef {
    return this.def.memories[this.memory[c * MAX_SLOTS + k]];
  }

  /** Character c's level in skill sk. */
  level(c: number, sk: number): number {
    return this.skill[c * NS + sk];
  }

  /** Character c's points of bug b. */
  bug(c: number, b: number): number {
    return this.bugs[c * NB + b];
  }

  /** Still in the battle (joined and not dropped out). */
  isIn(c: number): boolean {
    return this.joined[c] === 1 && this.out[c] === OUT_IN;
  }

  /** Characters still in on a side. */
  inCount(side: number): number {
    let k = 0;
    for (let c = 0; c < this.n; c++) if (this.side[c] === side && this.isIn(c)) k++;
    return k;
  }

  /** Total life of a side's participants (dropped-out ones keep the life they had). */
  lifeTotal(side: number): number {
    let k = 0;
    for (let c = 0; c < this.n; c++) if (this.side[c] === side && this.joined[c]) k += this.life[c];
    return k;
  }

  /** Area capacity under the current field: 1 in 閉所, else 2. */
  capacity(): number {
    return this.field === 4 ? 1 : 2;
  }

  name(c: number): string {
    return this.names[c];
  }
}

/** What a policy sees: the state, read-only. */
export type IfObservation = Readonly<IfState>;
