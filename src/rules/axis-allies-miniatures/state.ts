/**
 * The mutable state of one Axis & Allies Miniatures game: typed arrays indexed
 * by unit, allocated once per runner and reset per game. Policies receive it
 * read-only as an {@link AamObservation}, together with the map, the unit
 * types and the battlefield rules, which are public information.
 */
import type { AamRulings } from './rulings.js';
import type { BattlefieldDef, UnitType } from './config.js';
import type { HexMap } from './hexmap.js';

/** Most units on the battlefield (15 per side, the 100-point army limit, plus margin). */
export const MAX_UNITS = 40;

export const P_SETUP = 0, P_INITIATIVE = 1, P_MOVEMENT = 2, P_FLIGHT = 3, P_AIRSTRIKE = 4, P_ASSAULT = 5, P_CASUALTY = 6, P_END = 7;
export const PHASE_NAMES = ['setup', 'initiative', 'movement', 'flight', 'airstrike', 'assault', 'casualty', 'end of turn'];

/** How the game was decided. */
export const END_NONE = 0, END_OBJECTIVE = 1, END_ANNIHILATION = 2, END_POINTS = 3, END_TURN_LIMIT = 4;
export const END_NAMES = ['undecided', 'objective', 'annihilation', 'points', 'turn limit'];
/** `winner`: −2 undecided, −1 draw, 0 Blue, 1 Red. */
export const NO_RESULT = -2, DRAW = -1;

export class AamState {
  readonly map: HexMap;
  readonly types: readonly UnitType[];
  readonly bf: BattlefieldDef;
  readonly rulings: AamRulings;

  /** Games played by this state object (changes at every reset; lets a policy know a new game began). */
  serial = 0;
  n = 0;
  readonly side = new Uint8Array(MAX_UNITS);
  readonly type = new Int16Array(MAX_UNITS);
  readonly kind = new Uint8Array(MAX_UNITS);
  /** Hex index, −1 off the map (aircraft not flying, destroyed units). */
  readonly pos = new Int16Array(MAX_UNITS);
  /** Vehicle facing 0..5 (N, NE, SE, S, SW, NW). */
  readonly facing = new Uint8Array(MAX_UNITS);
  readonly alive = new Uint8Array(MAX_UNITS);
  /** Face-up Disrupted counter. */
  readonly disrupted = new Uint8Array(MAX_UNITS);
  /** Face-up Damaged counter (vehicles). */
  readonly damaged = new Uint8Array(MAX_UNITS);
  /** Face-down hit counters received this turn: 1 Disrupted, 2 Damaged (vehicles) or Destroyed, 3 Destroyed (vehicles). */
  readonly counters = new Uint8Array(MAX_UNITS);
  /** Soldiers and vehicles of each side in each hex (stacking, control). */
  readonly occupancy: Uint8Array;
  /**
   * changes[side]: bumped whenever a unit of that side changes position, facing, counters, penalties or life (never
   * reset), so a policy can tell in O(1) that the enemy it cached is unchanged (src/policies: the hex scores).
   */
  readonly changes = new Int32Array(2);

  turn = 0;
  phase = P_SETUP;
  /** Side whose phase it is, and the unit being decided (−1 for side-level decisions). */
  actingSide = 0;
  actor = -1;
  /** Side going first this turn. */
  first = 0;
  initiativeWinner = -1;
  readonly initiativeRoll = new Int32Array(2);
  readonly initiativeBonus = new Int32Array(2);
  readonly startPoints = new Int32Array(2);
  /** Points of each side's units destroyed so far. */
  readonly pointsLost = new Int32Array(2);
  readonly initiativesWon = new Int32Array(2);
  readonly turnsFirst = new Int32Array(2);
  winner = NO_RESULT;
  endReason = END_NONE;
  /** AAM-R08 `counts`: a disrupted unit counts for the objective. */
  private readonly disruptedCounts: boolean;

  constructor(map: HexMap, types: readonly UnitType[], bf: BattlefieldDef, rulings: AamRulings) {
    this.map = map;
    this.types = types;
    this.bf = bf;
    this.rulings = rulings;
    this.occupancy = new Uint8Array(map.n * 2);
    this.disruptedCounts = rulings.disrupted_control === 'counts';
  }

  unitType(u: number): UnitType {
    return this.types[this.type[u]];
  }

  /** Soldiers and vehicles of `side` in hex `h`. */
  occupants(h: number, side: number): number {
    return this.occupancy[h * 2 + side];
  }

  /** Points of `side`'s units still alive. */
  pointsAlive(side: number): number {
    return this.startPoints[side] - this.pointsLost[side];
  }

  /** Alive units of `side` (any kind). */
  unitsAlive(side: number): number {
    let k = 0;
    for (let u = 0; u < this.n; u++) if (this.alive[u] && this.side[u] === side) k++;
    return k;
  }

  /** Does `side` have a soldier or vehicle on or next to the objective (that may count, ruling AAM-R08)? */
  nearObjective(side: number): boolean {
    const m = this.map, row = m.centre * m.n, disruptedCounts = this.disruptedCounts;
    for (let u = 0; u < this.n; u++) {
      const h = this.pos[u];
      if (!this.alive[u] || this.side[u] !== side || this.kind[u] === 2 || h < 0) continue;
      if (!disruptedCounts && this.disrupted[u]) continue;
      if (m.distance[row + h] <= 1) return true; // distances are symmetric: the objective's row
    }
    return false;
  }
}

/** What a policy sees: the state, read-only. */
export type AamObservation = Readonly<Omit<AamState, 'side' | 'type' | 'kind' | 'pos' | 'facing' | 'alive' | 'disrupted' | 'damaged' | 'counters' | 'occupancy'
  | 'initiativeRoll' | 'initiativeBonus' | 'startPoints' | 'pointsLost' | 'initiativesWon' | 'turnsFirst' | 'changes'>> & {
  readonly side: Readonly<Uint8Array>;
  readonly type: Readonly<Int16Array>;
  readonly kind: Readonly<Uint8Array>;
  readonly pos: Readonly<Int16Array>;
  readonly facing: Readonly<Uint8Array>;
  readonly alive: Readonly<Uint8Array>;
  readonly disrupted: Readonly<Uint8Array>;
  readonly damaged: Readonly<Uint8Array>;
  readonly counters: Readonly<Uint8Array>;
  readonly occupancy: Readonly<Uint8Array>;
  readonly initiativeRoll: Readonly<Int32Array>;
  readonly initiativeBonus: Readonly<Int32Array>;
  readonly startPoints: Readonly<Int32Array>;
  readonly pointsLost: Readonly<Int32Array>;
  readonly initiativesWon: Readonly<Int32Array>;
  readonly turnsFirst: Readonly<Int32Array>;
  readonly changes: Readonly<Int32Array>;
};
