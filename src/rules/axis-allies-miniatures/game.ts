/**
 * The Axis & Allies Miniatures turn (seed 002): initiative, both movement
 * phases, flight and airstrike phases, both assault phases, the casualty phase
 * where both sides' hits take effect at once, and the end of turn (aircraft
 * leave, the objective is checked from turn 7, points from turn 10).
 *
 * One {@link AamGame} is built per variant and plays many games; it allocates
 * nothing per step (typed arrays, precomputed map tables). Every random draw
 * goes through the `Dice` handed in by the driver; the policies draw only from
 * their own stream.
 */
import { RngDice, type Dice } from '../../sim/core/dice.js';
import type { GameLog, GameRecord, GameRunner } from '../../sim/core/types.js';
import { narrate, narrateText } from '../../sim/core/narrate.js';
import type { MessageId } from '../../i18n/messages-en.js';
import type { MsgParams } from '../../i18n/t.js';
import { BAND_MSG, END_MSG, KIND_MSG, SIDE_MSG, TERRAIN_MSG } from './narration-ids.js';
import { attackValue, closeAssaultValue, hitsFrom, lethalCounters, longRange, rangeBand, rollSuccesses, type CombatTable } from './combat.js';
import {
  BLUE, KIND_AIRCRAFT, KIND_VEHICLE, RED, type AamGameDef, type AamVariant, type SideDef,
} from './config.js';
import * as D from './decisions.js';
import type { AamPolicy } from './decisions.js';
import { DIR_N, DIR_NAMES, DIR_S, NOT_SEEN, buildMap, type HexMap } from './hexmap.js';
import { reachSearchFor, type ReachSearch } from './reach.js';
import { OpeningReplay } from './opening.js';
import { MEMO_TURNS, PhaseMemo, STRETCH_FIRE, STRETCH_MOVEMENT } from './phase-memo.js';
import { AnswerTrie, LABELS, TRIE_TURNS } from './answer-trie.js';
import { DiceByDistance } from './dice-table.js';
import { AamLuck, AAM_CONTROLS } from './luck.js';
import {
  AamState, DRAW, END_ANNIHILATION, END_NONE, END_OBJECTIVE, END_POINTS, END_TURN_LIMIT, MAX_UNITS, NO_RESULT,
  P_AIRSTRIKE, P_ASSAULT, P_CASUALTY, P_END, P_FLIGHT, P_INITIATIVE, P_MOVEMENT, P_SETUP,
} from './state.js';

/** Rates and values recorded per game (indices into GameRecord). */
export const RATE_WIN = 0, RATE_LOSS = 1, RATE_DRAW = 2, RATE_OBJECTIVE_WIN = 3, RATE_INITIATIVE_T1 = 4;
export const VAL_TURNS = 0, VAL_BLUE_LOST = 1, VAL_RED_LOST = 2, VAL_BLUE_LEFT = 3, VAL_RED_LEFT = 4, VAL_BLUE_FIRST = 5, VAL_BLUE_INITIATIVE = 6;
/** Attrition series variables. */
export const V_BLUE_UNITS = 0, V_RED_UNITS = 1, V_BLUE_POINTS = 2, V_RED_POINTS = 3;

/** `dice_streams: keyed`: stream tags of the initiative rolls and of the attacks, and the range of a game's key. */
const TAG_INITIATIVE = 0x1a171, TAG_ATTACK = 0xa77ac, KEY_RANGE = 0x40000000;

/** Deployment slots of Blue's zone: front row first, then nearest the centre column. */
function blueSlots(map: HexMap, depth: number): number[] {
  const slots: number[] = [];
  for (let h = 0; h < map.n; h++) if (map.row[h] < depth) slots.push(h);
  const cc = map.col[map.centre];
  slots.sort((a, b) => map.row[b] - map.row[a] || Math.abs(map.col[a] - cc) - Math.abs(map.col[b] - cc) || map.col[a] - map.col[b]);
  return slots;
}

export class AamGame implements GameRunner {
  readonly s: AamState;
  readonly map: HexMap;
  private readonly legal: Int32Array;
  /** Movement search (its kept searches shared by the runners of the same map and costs in this thread). */
  private readonly reach: ReachSearch;
  private readonly mark: Uint8Array;
  /** Turn 1's movement phases kept per initiative outcome (null unless both policies are memoryless). */
  private readonly opening: OpeningReplay | null;
  /** The first turns' stretches of phases by the units' state (null unless both policies are {@link AamPolicy.unitsOnly}). */
  readonly phaseMemo: PhaseMemo | null;
  /** The fire stretches' answers along their paths (with {@link phaseMemo}; answer-trie.ts). */
  private readonly trie: AnswerTrie | null;
  /** The current fire stretch follows the trie: its phase-table slot, the last question's node (−1: none yet), and what happened since. */
  private trieOn = false;
  private trieSlot = -1;
  private trieNode = -1;
  private trieLabel = 0;
  /** The last {@link recall} found no node: {@link askKept} adds one (the question's code). */
  private trieMissed = false;
  private trieWhat = 0;
  /** Questions answered from the trie (tests and measurement). */
  trieHits = 0;
  /** The enemy hexes that may stop a move ({@link moveTargets}). */
  private readonly blockers = new Int32Array(MAX_UNITS);
  /** The enemy units of the acting side on the map in an assault phase, their hexes and kinds ({@link assault}). */
  private readonly enemies = new Int32Array(MAX_UNITS);
  private readonly enemyPos = new Int32Array(MAX_UNITS);
  private readonly enemyKind = new Uint8Array(MAX_UNITS);
  /** Deployment of the variant's units: unit → side, type, hex, facing (computed once). */
  private readonly startSide: Uint8Array;
  private readonly startType: Int16Array;
  private readonly startPos: Int16Array;
  private readonly nStart: number;
  private readonly stackDamage: boolean;
  private readonly damagedAgainDestroys: boolean;
  private readonly sameHexRear: boolean;
  private readonly airstrikeRear: boolean;
  private readonly aaMode: number;
  private readonly coverOn: boolean;
  private readonly annihilationEnds: boolean;
  private readonly pointsDestroyed: boolean;
  private readonly seriesSteps: number;
  private dice!: Dice;
  private pdice!: Dice;
  /** `dice_streams: keyed`: the reused generator of the keyed streams, and this game's key (its stream's first draw). */
  private readonly keyed: RngDice | null;
  private gameKey = 0;
  /** Keyed streams opened so far (the opening replay saves only what drew from none). */
  private keyedOpened = 0;
  private log: GameLog | null = null;
  private faces: number[] | null = null;
  private initiativeT1 = -1;
  /** Ground units of the acting side not yet activated in the current movement or assault phase, in force order. */
  private readonly pending = new Int32Array(MAX_UNITS);
  private nPending = 0;
  /**
   * Living soldiers and vehicles, and living aircraft, of each side in unit order (side × MAX_UNITS + i), with their
   * counts: rebuilt when {@link rosterStale} (a unit was destroyed, or a game began), which only destroy and reset set.
   */
  private readonly groundRoster = new Int32Array(2 * MAX_UNITS);
  private readonly airRoster = new Int32Array(2 * MAX_UNITS);
  private readonly nGround = new Int32Array(2);
  private readonly nAir = new Int32Array(2);
  private rosterStale = true;
  /** Success number and range bands (AAM-R35), from the variant's battlefield. */
  private readonly combatTable: CombatTable;
  /** The card's speed by unit type. */
  private readonly typeSpeed: Int32Array;
  /** Attack dice by unit type, target kind and distance. */
  private readonly diceAt: DiceByDistance;
  /** The game's luck terms (the engine's control variates, luck.ts): read the dice, never draw one. */
  readonly luck: AamLuck;
  /** This game's record takes the controls (a run without `control_variates` hands none: the terms are skipped). */
  private lucky = false;

  constructor(
    readonly g: AamGameDef,
    readonly v: AamVariant,
    readonly policies: readonly [AamPolicy, AamPolicy],
  ) {
    const bf = v.battlefield, r = v.rulings;
    this.combatTable = bf.combat;
    this.map = buildMap(bf.width, bf.depth, bf.terrain, bf.mirror, r.hill_los === 'blocks-unless-on-hill');
    this.s = new AamState(this.map, g.units, bf, r);
    this.legal = new Int32Array(this.map.n + MAX_UNITS + 8);
    this.mark = new Uint8Array(this.map.n);
    this.stackDamage = r.penalties_stack === 'stack';
    this.damagedAgainDestroys = r.damaged_again === 'destroyed';
    this.sameHexRear = r.same_hex_defense === 'rear';
    this.airstrikeRear = r.airstrike_defense === 'rear';
    this.aaMode = r.aa_attack === 'none' ? 0 : r.aa_attack === 'vs-vehicle' ? 1 : 2;
    this.coverOn = r.cover_rolls === 'on';
    this.typeSpeed = Int32Array.from(g.units, (t) => t.speed);
    this.diceAt = new DiceByDistance(g.units, this.map.maxDistance, this.aaMode, this.combatTable);
    this.reach = reachSearchFor(this.map, bf.moveCost, r.min_move === 'one-hex');
    this.annihilationEnds = r.annihilation === 'ends-game';
    this.pointsDestroyed = r.points_victory === 'destroyed';
    this.seriesSteps = g.maxTurns + 1;
    this.keyed = g.diceStreams === 'keyed' ? new RngDice() : null;
    this.opening = policies[0].memoryless && policies[1].memoryless ? new OpeningReplay() : null;
    this.luck = new AamLuck(g.units, this.combatTable.successOn, this.damagedAgainDestroys);

    // Deployment (ruling AAM-R21): fixed hexes where given, else the first free slot of the zone.
    const units = [...v.blue.units.map((u) => ({ side: BLUE, u })), ...v.red.units.map((u) => ({ side: RED, u }))];
    this.nStart = units.length;
    this.startSide = new Uint8Array(this.nStart);
    this.startType = new Int16Array(this.nStart);
    this.startPos = new Int16Array(this.nStart).fill(-1);
    const occ = new Uint8Array(this.map.n * 2);
    const slots = blueSlots(this.map, bf.deployDepth);
    units.forEach(({ side, u }, i) => {
      this.startSide[i] = side;
      this.startType[i] = u.type;
      if (u.placed) {
        const h = this.map.at(u.col, u.row);
        this.startPos[i] = h;
        if (g.units[u.type].kind !== KIND_AIRCRAFT) occ[h * 2 + side]++;
      }
    });
    units.forEach(({ side, u }, i) => {
      if (u.placed || g.units[u.type].kind === KIND_AIRCRAFT) return;
      for (const b of slots) {
        const h = side === BLUE ? b : this.map.mirror[b];
        if (occ[h * 2 + side] === 0 && occ[h * 2 + 1 - side] === 0) {
          this.startPos[i] = h;
          occ[h * 2 + side]++;
          return;
        }
      }
      throw new Error(`no free deployment hex for unit ${i}`);
    });
    const [p0, p1] = policies;
    this.phaseMemo = p0.memoryless && p1.memoryless && p0.unitsOnly && p1.unitsOnly ? new PhaseMemo(this.nStart) : null;
    this.trie = this.phaseMemo === null ? null : new AnswerTrie();
  }

  // ───────────────────────── helpers ─────────────────────────

  /** Narrate message `id` in the replay's language (call only under `if (this.log)`; docs/i18n.md). */
  private say(id: MessageId, params?: MsgParams): void {
    narrate(this.log!, id, params);
  }

  /** A narration fragment in the replay's language (only while a log is open). */
  private tx(id: MessageId, params?: MsgParams): string {
    return narrateText(this.log!, id, params);
  }

  private name(u: number): string {
    const s = this.s;
    return this.tx('aamReplay.unitName', { side: this.tx(SIDE_MSG[s.side[u]]), type: s.unitType(u).name, index: u });
  }

  private where(u: number): string {
    return this.s.pos[u] < 0 ? this.tx('aamReplay.offMap') : `(${this.map.label(this.s.pos[u])})`;
  }

  /** Ask the acting side's policy; a single legal action is taken without asking. */
  private ask(decision: number, n: number, actor: number): number {
    if (n === 1) return this.legal[0];
    if (n < 1) throw new Error(`no legal action at decision ${D.DECISION_NAMES[decision]}`);
    const s = this.s;
    s.actor = actor;
    const a = this.policies[s.actingSide].decide(decision, s, this.legal, n, this.pdice);
    for (let i = 0; i < n; i++) if (this.legal[i] === a) return a;
    throw new Error(`policy returned illegal action ${a} at decision ${D.DECISION_NAMES[decision]}`);
  }

  /**
   * In a fire stretch that follows the trie: the answer given to `decision` for `actor` when a game last stood at
   * this point of the same path (the policy is then not asked; the actor is set as {@link ask} did), or −1: build the
   * legal list and ask with {@link askKept}.
   */
  private recall(decision: number, actor: number): number {
    this.trieMissed = false;
    if (!this.trieOn) return -1;
    const T = this.trie!, what = AnswerTrie.what(decision, actor);
    const node = this.trieNode < 0 ? this.phaseMemo!.rootOf(this.trieSlot, T.epoch) : T.child[this.trieNode * LABELS + this.trieLabel];
    if (node < 0) {
      this.trieMissed = true;
      this.trieWhat = what;
      return -1;
    }
    if (T.what[node] !== what) {
      // Another question than the path's (cannot happen while the answers are functions of the path): stop following.
      this.trieOn = false;
      return -1;
    }
    this.trieNode = node;
    this.trieLabel = 0;
    this.trieHits++;
    if (T.asked[node] === 1) this.s.actor = actor;
    return T.answer[node];
  }

  /** {@link ask}; after a {@link recall} that found no node, the answer is added to the trie when asking drew nothing. */
  private askKept(decision: number, n: number, actor: number): number {
    if (!this.trieMissed) return this.ask(decision, n, actor);
    this.trieMissed = false;
    const draws = this.pdice.draws;
    const a = this.ask(decision, n, actor);
    const T = this.trie!, epoch = T.epoch;
    const node = this.pdice.draws === draws ? T.add(this.trieWhat, a, n > 1) : -1;
    if (node < 0) {
      this.trieOn = false; // the policy drew (its answer is not the path's alone), or the trie was full and emptied
      return a;
    }
    if (this.trieNode < 0) this.phaseMemo!.setRoot(this.trieSlot, node, epoch);
    else T.child[this.trieNode * LABELS + this.trieLabel] = node;
    this.trieNode = node;
    this.trieLabel = 0;
    return a;
  }

  private place(u: number, h: number): void {
    const s = this.s;
    if (s.pos[u] >= 0 && s.kind[u] !== KIND_AIRCRAFT) s.occupancy[s.pos[u] * 2 + s.side[u]]--;
    s.pos[u] = h;
    s.changes[s.side[u]]++;
    if (h >= 0 && s.kind[u] !== KIND_AIRCRAFT) s.occupancy[h * 2 + s.side[u]]++;
  }

  /** −1 per die for disrupted and for damaged (ruling AAM-R02); Bravery Enforcement cancels the disrupted part for adjacent Soldiers. */
  attackPenalty(u: number): number {
    const s = this.s;
    let dis = s.disrupted[u];
    if (dis && s.kind[u] === 0 && s.pos[u] >= 0) {
      for (let c = 0; c < s.n; c++) {
        if (c !== u && s.alive[c] && s.side[c] === s.side[u] && s.pos[c] >= 0 && s.unitType(c).bravery && this.map.dist(s.pos[c], s.pos[u]) <= 1) {
          dis = 0;
          break;
        }
      }
    }
    const p = dis + s.damaged[u];
    return this.stackDamage ? p : p > 0 ? 1 : 0;
  }

  /** −1 defence for disrupted and for damaged (ruling AAM-R02). */
  defencePenalty(u: number): number {
    const s = this.s;
    const p = s.disrupted[u] + s.damaged[u];
    return this.stackDamage ? p : p > 0 ? 1 : 0;
  }

  /** Speed left for a move: the card's speed, −1 if damaged; 0 if disrupted. */
  speedOf(u: number): number {
    const s = this.s;
    if (s.disrupted[u]) return 0;
    const v = this.typeSpeed[s.type[u]] - s.damaged[u];
    return v > 0 ? v : 0;
  }

  // ───────────────────────── movement search ─────────────────────────

  /**
   * Hexes unit `u` can reach this phase ({@link ReachSearch}): terrain costs per kind; entering a hex with an enemy
   * unit ends the move (AAM-R24); a unit with speed ≥ 1 may always move one hex (AAM-R11). Appends K_MOVE actions
   * for every reachable hex with room (≤ 2 friendly soldiers/vehicles, AAM-R24) to the legal list from index `k`.
   */
  private moveTargets(u: number, k: number): number {
    const s = this.s;
    const speed = this.speedOf(u);
    if (speed <= 0) return k;
    const start = s.pos[u], side = s.side[u], enemy = 1 - side, vehicle = s.kind[u] === KIND_VEHICLE, r = this.reach;
    // The enemy soldiers and vehicles off the start hex (a search of speed 1 expands only its start: none matter); the
    // search keeps only those on hexes it would expand (reach.ts).
    const B = this.blockers;
    let nb = 0;
    if (speed > 1) {
      if (this.rosterStale) this.buildRosters();
      const R = this.groundRoster, at = enemy * MAX_UNITS, ne = this.nGround[enemy];
      for (let i = 0; i < ne; i++) {
        const pe = s.pos[R[at + i]];
        if (pe >= 0 && pe !== start) B[nb++] = pe;
      }
    }
    const list = r.search(start, speed, vehicle, B, nb, s.occupancy, enemy), end = r.first + r.nReached;
    const L = this.legal, occ = s.occupancy;
    // The start is the list's first hex.
    for (let i = r.first + 1; i < end; i++) {
      const h = list[i];
      if (occ[h * 2 + side] < 2) L[k++] = D.act(D.K_MOVE, h);
    }
    return k;
  }

  private moveTo(u: number, h: number): void {
    // The narration's strings are built only when a replay log is kept (no allocation per move in a run).
    const from = this.log ? this.where(u) : '';
    this.place(u, h);
    if (this.log) this.say('aamReplay.moves', { unit: this.name(u), from, to: this.where(u), terrain: this.map.terrain[h] ? this.tx('aamReplay.terrainTag', { terrain: this.tx(TERRAIN_MSG[this.map.terrain[h]]) }) : '' });
  }

  /** A non-disrupted vehicle chooses its facing (after moving, or in place in its movement phase). */
  private face(u: number): void {
    const s = this.s;
    if (s.kind[u] !== KIND_VEHICLE || s.disrupted[u]) return;
    let a = this.recall(D.D_FACE, u);
    if (a < 0) {
      const L = this.legal;
      L[0] = D.act(D.K_FACE, s.facing[u]);
      let k = 1;
      for (let d = 0; d < 6; d++) if (d !== s.facing[u]) L[k++] = D.act(D.K_FACE, d);
      a = this.askKept(D.D_FACE, k, u);
    }
    const d = D.argOf(a);
    if (d !== s.facing[u]) {
      if (this.log) this.say('aamReplay.turns', { unit: this.name(u), from: DIR_NAMES[s.facing[u]], to: DIR_NAMES[d] });
      s.facing[u] = d;
      s.changes[s.side[u]]++;
    }
  }

  // ───────────────────────── attacks ─────────────────────────

  /** `dice_streams: keyed`: the stream of (this game's key, `key`, `tag`), restarted in the one reused generator. */
  private keyedDice(tag: number, key: number): Dice {
    this.keyedOpened++;
    const k = this.keyed!;
    k.resetStream(this.gameKey, key, tag);
    return k;
  }


  /** Dice unit `u` rolls against `t` now, or 0 if it cannot attack it (range, line of sight, no value). */
  attackDice(u: number, t: number): number {
    const s = this.s, pu = s.pos[u], pt = s.pos[t];
    if (pu < 0 || pt < 0) return 0;
    // Aircraft are attacked at any distance; a ground target needs line of sight beyond 1 hex (HexMap.seen). Both
    // tables are symmetric: read from the target's row, in cache from the other targets' checks and the hex scores.
    const m = this.map, i = pt * m.n + pu, tk = s.kind[t], d = tk === KIND_AIRCRAFT ? m.distance[i] : m.seen[i];
    return d === NOT_SEEN ? 0 : this.diceAt.dice(s.type[u], tk, d);
  }

  /**
   * One attack of `u` on `t` (airstrike: an aircraft on a unit in its hex).
   * Places face-down hit counters on `t`; nothing takes effect before the
   * casualty phase.
   */
  attack(u: number, t: number, airstrike: boolean): void {
    const s = this.s, m = this.map, A = s.unitType(u), T = s.unitType(t), tk = s.kind[t];
    const dist = airstrike ? 0 : m.dist(s.pos[u], s.pos[t]);
    let n: number, ignoreCover = false, how: string;
    if (airstrike) {
      n = tk === KIND_VEHICLE ? A.vsVehicle[0] : A.vsSoldier[0];
      how = this.log ? this.tx('aamReplay.howAirstrike') : '';
    } else if (tk === KIND_AIRCRAFT) {
      n = attackValue(A, tk, dist, this.aaMode === 1, this.combatTable);
      // The narration is built only for a replay log.
      how = this.log ? this.tx('aamReplay.howAntiAircraft', { dist, s: dist === 1 ? '' : 'es', band: this.tx(BAND_MSG[rangeBand(dist, longRange(A, this.aaMode === 1, this.combatTable), this.combatTable)]) }) : '';
    } else {
      n = attackValue(A, tk, dist, true, this.combatTable);
      const ca = closeAssaultValue(A, tk, dist);
      if (ca > n) {
        n = ca;
        ignoreCover = true;
        how = this.log ? this.tx('aamReplay.howCloseAssault') : '';
      } else how = this.log ? this.tx('aamReplay.howRange', { dist, s: dist === 1 ? '' : 'es', band: this.tx(BAND_MSG[rangeBand(dist, longRange(A, tk === KIND_VEHICLE, this.combatTable), this.combatTable)]) }) : '';
    }
    const mod = -this.attackPenalty(u);
    if (this.log) this.faces = [];
    const dice = this.keyed ? this.keyedDice(TAG_ATTACK, (s.turn * 8 + s.phase) * MAX_UNITS + u) : this.dice;
    const succ = rollSuccesses(dice, n, mod, A.guardCrew, this.faces, this.combatTable.successOn);
    let base: number, arc = '';
    if (tk === KIND_VEHICLE) {
      let rear: boolean;
      if (airstrike) rear = this.airstrikeRear;
      else if (dist === 0) rear = this.sameHexRear;
      else rear = !m.inFrontArc(s.pos[t], s.facing[t], s.pos[u]);
      base = rear ? T.defRear : T.defFront;
      if (this.log) arc = this.tx(rear ? 'aamReplay.rearTag' : 'aamReplay.frontTag');
    } else base = T.defFront;
    const pen = this.defencePenalty(t);
    const def = Math.max(1, base - pen);
    const hits = hitsFrom(succ, def, T.superiorArmor, tk);
    const before = s.counters[t];
    let coverText = '';
    let limited = false;
    // The cover roll a hit would call for (0: none), known before the dice are rolled.
    const need = this.coverOn && !ignoreCover && tk !== KIND_AIRCRAFT ? s.bf.cover[m.terrain[s.pos[t]]][tk === KIND_VEHICLE ? 1 : 0] : 0;
    const cmod = !airstrike && dist === 0 ? -1 : 0;
    if (hits > 0 && need > 0) {
      const roll = dice.d6();
      limited = roll + cmod >= need;
      if (this.log) coverText = this.tx(limited ? 'aamReplay.coverHolds' : 'aamReplay.coverFails', { terrain: this.tx(TERRAIN_MSG[m.terrain[s.pos[t]]]), need, roll, mod: cmod ? ' −1' : '' });
    }
    const lethal = lethalCounters(tk);
    if (hits > 0) {
      s.counters[t] = limited ? (before === 0 ? 1 : before) : Math.min(lethal, before + hits);
      s.changes[s.side[t]]++;
    }
    if (this.lucky) this.luck.attack(s, t, n, -mod, A.guardCrew, def, T.superiorArmor, before, need, cmod, s.turn);
    // What the attack left is all of the roll the rest of the stretch can read (answer-trie.ts).
    if (this.trieOn) this.trieLabel = 1 + s.counters[t];
    if (this.log) {
      this.say('aamReplay.attack', {
        unit: this.name(u), where: this.where(u), target: this.name(t), targetWhere: this.where(t), how, n,
        mod: mod ? this.tx('aamReplay.modTag', { mod: -mod }) : '',
        faces: this.faces!.join(' '), successes: succ, s2: succ === 1 ? '' : 'es', defence: def, arc,
        penalty: pen ? this.tx('aamReplay.penaltyTag', { base, penalty: pen }) : '',
        hits, s: hits === 1 ? '' : 's', cover: coverText, before, after: s.counters[t],
        lethal: s.counters[t] >= lethal ? this.tx('aamReplay.lethalTag') : '',
      });
    }
  }

  // ───────────────────────── phases ─────────────────────────

  /** Best initiative bonus of a side's commanders that are not disrupted (seed: disrupted commanders add nothing). */
  initiativeBonus(side: number): number {
    const s = this.s;
    let b = 0;
    for (let u = 0; u < s.n; u++) if (s.alive[u] && s.side[u] === side && !s.disrupted[u]) b = Math.max(b, s.unitType(u).initiative);
    return b;
  }

  private initiative(): void {
    const s = this.s;
    s.phase = P_INITIATIVE;
    const bb = this.initiativeBonus(BLUE), rb = this.initiativeBonus(RED);
    s.initiativeBonus[BLUE] = bb;
    s.initiativeBonus[RED] = rb;
    let w = -1;
    const dice = this.keyed ? this.keyedDice(TAG_INITIATIVE, s.turn) : this.dice;
    for (let tries = 0; w < 0; tries++) {
      const b = dice.nd(2, 6), r = dice.nd(2, 6);
      s.initiativeRoll[BLUE] = b;
      s.initiativeRoll[RED] = r;
      const tb = b + bb, tr = r + rb;
      if (tb !== tr) w = tb > tr ? BLUE : RED;
      else if (bb !== rb) w = bb > rb ? BLUE : RED;
      if (this.log) {
        this.say(w < 0 ? 'aamReplay.initiativeTieReroll' : tb === tr ? 'aamReplay.initiativeTieBonus' : 'aamReplay.initiative', {
          b, bb: bb ? this.tx('aamReplay.bonusTag', { bonus: bb }) : '', tb, r, rb: rb ? this.tx('aamReplay.bonusTag', { bonus: rb }) : '', tr,
          winner: w < 0 ? '' : this.tx(SIDE_MSG[w]),
        });
      }
      if (tries > 1000) throw new Error('initiative never resolved');
    }
    if (this.lucky) this.luck.initiative(bb, rb, w === BLUE, s.turn);
    s.initiativeWinner = w;
    s.initiativesWon[w]++;
    if (s.turn === 1) this.initiativeT1 = w;
    s.actingSide = w;
    this.legal[0] = D.A_FIRST;
    this.legal[1] = D.A_SECOND;
    const a = this.ask(D.D_INITIATIVE, 2, -1);
    s.first = a === D.A_FIRST ? w : 1 - w;
    s.turnsFirst[s.first]++;
    if (this.log) this.say(a === D.A_FIRST ? 'aamReplay.goesFirst' : 'aamReplay.goesSecond', { winner: this.tx(SIDE_MSG[w]), first: this.tx(SIDE_MSG[s.first]) });
  }

  /**
   * The next ground unit of `side` to activate in this phase (−1 when all have acted): 「実行側プレイヤーがどの順番で
   * 解決するかを決定」 — the side's policy picks among the units not yet activated (decision `activate`, AAM-R29).
   */
  private nextUnit(): number {
    const n = this.nPending, P = this.pending, L = this.legal;
    if (n === 0) return -1;
    const s = this.s;
    let u: number;
    if (this.policies[s.actingSide].activatesInOrder) {
      // The policy promises the first unit (AamPolicy.activatesInOrder): take it; the actor as asking sets it.
      u = P[0];
      if (n > 1) s.actor = -1;
    } else {
      for (let j = 0; j < n; j++) L[j] = D.act(D.K_UNIT, P[j]);
      u = D.argOf(this.ask(D.D_ACTIVATE, n, -1));
    }
    let j = 0;
    while (P[j] !== u) j++;
    for (; j < n - 1; j++) P[j] = P[j + 1];
    this.nPending = n - 1;
    return u;
  }

  /**
   * A phase of `side` begins: every ground unit of the side (movement, assault) or every aircraft (flight; airstrike:
   * those over the map) is still to act, in force order (none dies before the casualty phase).
   */
  private startActivations(side: number, aircraft = false, placedOnly = false): void {
    if (this.rosterStale) this.buildRosters();
    const R = aircraft ? this.airRoster : this.groundRoster, n = (aircraft ? this.nAir : this.nGround)[side], at = side * MAX_UNITS;
    const s = this.s, P = this.pending;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const u = R[at + i];
      if (!placedOnly || s.pos[u] >= 0) P[k++] = u;
    }
    this.nPending = k;
  }

  /** Each side's living soldiers and vehicles, and its living aircraft, in unit order ({@link rosterStale}). */
  private buildRosters(): void {
    const s = this.s;
    this.nGround[0] = this.nGround[1] = this.nAir[0] = this.nAir[1] = 0;
    for (let u = 0; u < s.n; u++) {
      if (!s.alive[u]) continue;
      const side = s.side[u];
      if (s.kind[u] === KIND_AIRCRAFT) this.airRoster[side * MAX_UNITS + this.nAir[side]++] = u;
      else this.groundRoster[side * MAX_UNITS + this.nGround[side]++] = u;
    }
    this.rosterStale = false;
  }

  private movement(side: number): void {
    const s = this.s;
    s.phase = P_MOVEMENT;
    s.actingSide = side;
    if (this.log) this.say('aamReplay.movementPhase', { side: this.tx(SIDE_MSG[side]) });
    this.startActivations(side);
    for (let u = this.nextUnit(); u >= 0; u = this.nextUnit()) {
      if (!s.disrupted[u]) {
        this.legal[0] = D.A_STAY;
        const k = this.moveTargets(u, 1);
        const a = this.ask(D.D_MOVE, k, u);
        if (D.kindOf(a) === D.K_MOVE) this.moveTo(u, D.argOf(a));
      }
      this.face(u);
    }
  }

  /**
   * Both movement phases, first side `f`, then `o`. Turn 1's are replayed from {@link opening} when a game with the
   * same initiative outcome played them before without drawing (no replay log: the replay narrates every move).
   */
  private movementPhases(f: number, o: number): void {
    const op = this.opening, s = this.s;
    const key = op !== null && this.log === null && s.turn === 1 ? op.key(s) : -1;
    if (key < 0) {
      this.stretch(STRETCH_MOVEMENT, f, o);
      return;
    }
    if (op!.restore(key, s)) return;
    const draws = this.dice.draws, pdraws = this.pdice.draws, opened = this.keyedOpened;
    op!.begin(s);
    this.movement(f);
    this.movement(o);
    if (this.dice.draws === draws && this.pdice.draws === pdraws && this.keyedOpened === opened) op!.save(key, s);
  }

  /**
   * A stretch of the turn, first side `f`, then `o`: both movement phases, or the flight, airstrike and assault phases.
   * On the first turns it is put back from {@link phaseMemo} when a game played it from the same units' state before
   * without drawing (no replay log: the replay narrates every step).
   */
  private stretch(which: number, f: number, o: number): void {
    const pm = this.phaseMemo;
    const t = this.s.turn;
    if (pm === null || this.log !== null || t > (which === STRETCH_FIRE ? TRIE_TURNS : MEMO_TURNS)) {
      this.playStretch(which, f, o);
      return;
    }
    if (pm.lookUp(this.s, which)) return;
    const draws = this.dice.draws, pdraws = this.pdice.draws, opened = this.keyedOpened;
    // A fire stretch follows its answers from the root of its slot (answer-trie.ts).
    this.trieOn = which === STRETCH_FIRE && pm.trieSlot >= 0;
    if (this.trieOn) this.trie!.use(t);
    this.trieSlot = pm.trieSlot;
    this.trieNode = -1;
    this.trieLabel = 0;
    this.playStretch(which, f, o);
    this.trieOn = false;
    const drewNothing = this.dice.draws === draws && this.pdice.draws === pdraws && this.keyedOpened === opened;
    if (which === STRETCH_FIRE || drewNothing) pm.end(this.s, drewNothing);
  }

  private playStretch(which: number, f: number, o: number): void {
    if (which === STRETCH_MOVEMENT) {
      this.movement(f);
      this.movement(o);
      return;
    }
    this.flight(f);
    this.flight(o);
    this.airstrike(f);
    this.airstrike(o);
    this.assault(f);
    this.assault(o);
  }

  private flight(side: number): void {
    const s = this.s, L = this.legal;
    s.phase = P_FLIGHT;
    s.actingSide = side;
    // 「あなたのユニットを好きな順番で活性化」 (AAM-R29) holds for aircraft too: the side picks the order.
    this.startActivations(side, true);
    for (let u = this.nextUnit(); u >= 0; u = this.nextUnit()) {
      if (s.disrupted[u]) {
        if (this.log) this.say('aamReplay.cannotBePlaced', { unit: this.name(u) });
        continue;
      }
      L[0] = D.A_STAY;
      let k = 1;
      this.mark.fill(0);
      for (let t = 0; t < s.n; t++) {
        const h = s.pos[t];
        if (s.alive[t] && s.side[t] !== side && s.kind[t] !== KIND_AIRCRAFT && h >= 0 && !this.mark[h]) {
          this.mark[h] = 1;
          L[k++] = D.act(D.K_PLACE, h);
        }
      }
      const a = this.ask(D.D_FLIGHT, k, u);
      if (D.kindOf(a) === D.K_PLACE) {
        s.pos[u] = D.argOf(a);
        s.changes[side]++;
        if (this.log) this.say('aamReplay.fliesOver', { unit: this.name(u), where: this.where(u) });
      }
    }
  }

  private airstrike(side: number): void {
    const s = this.s, L = this.legal;
    s.phase = P_AIRSTRIKE;
    s.actingSide = side;
    this.startActivations(side, true, true);
    for (let u = this.nextUnit(); u >= 0; u = this.nextUnit()) {
      let a = this.recall(D.D_AIRSTRIKE, u);
      if (a < 0) {
        const A = s.unitType(u);
        L[0] = D.A_STAY;
        let k = 1;
        for (let t = 0; t < s.n; t++) {
          if (!s.alive[t] || s.side[t] === side || s.kind[t] === KIND_AIRCRAFT || s.pos[t] !== s.pos[u]) continue;
          if ((s.kind[t] === KIND_VEHICLE ? A.vsVehicle[0] : A.vsSoldier[0]) > 0) L[k++] = D.act(D.K_ATTACK, t);
        }
        a = this.askKept(D.D_AIRSTRIKE, k, u);
      }
      if (D.kindOf(a) === D.K_ATTACK) this.attack(u, D.argOf(a), true);
    }
  }

  private assault(side: number): void {
    const s = this.s, L = this.legal;
    s.phase = P_ASSAULT;
    s.actingSide = side;
    if (this.log) this.say('aamReplay.assaultPhase', { side: this.tx(SIDE_MSG[side]) });
    this.startActivations(side);
    // The enemy units on the map, in unit order, with their hexes and kinds: none dies, moves or lands before the
    // casualty phase, so the list holds for the whole phase and each activation checks only them.
    const E = this.enemies, EP = this.enemyPos, EK = this.enemyKind;
    let ne = 0;
    for (let t = 0; t < s.n; t++) {
      const pt = s.pos[t];
      if (!s.alive[t] || s.side[t] === side || pt < 0) continue;
      E[ne] = t;
      EP[ne] = pt;
      EK[ne++] = s.kind[t];
    }
    const m = this.map, seen = m.seen, distance = m.distance, table = this.diceAt.byLookup;
    for (let u = this.nextUnit(); u >= 0; u = this.nextUnit()) {
      let a = this.recall(D.D_ASSAULT, u);
      if (a < 0) {
        L[0] = D.A_STAY;
        let k = 1;
        const pu = s.pos[u];
        if (pu >= 0) {
          // {@link attackDice} inlined without a branch on the outcome: the distance to a ground target where an attack
          // can be traced or NOT_SEEN (HexMap.seen, read along the attacker's row: it is symmetric), to an aircraft the
          // plain distance; the dice there (0 at NOT_SEEN); the target is written and counted when they are not 0.
          const row = pu * m.n, base = s.type[u] * 3 * DiceByDistance.LOOKUP;
          for (let j = 0; j < ne; j++) {
            const tk = EK[j], i = row + EP[j];
            const dice = table[base + tk * DiceByDistance.LOOKUP + (tk === KIND_AIRCRAFT ? distance[i] : seen[i])];
            L[k] = D.act(D.K_ATTACK, E[j]);
            k += (dice + 255) >> 8; // 1 when dice > 0 (dice ≤ 255)
          }
        }
        a = this.askKept(D.D_ASSAULT, this.moveTargets(u, k), u);
      }
      const kind = D.kindOf(a);
      if (kind === D.K_ATTACK) this.attack(u, D.argOf(a), false);
      else if (kind === D.K_MOVE) {
        this.moveTo(u, D.argOf(a));
        this.face(u);
      }
    }
  }

  /** Remove unit `u`: `hits` counters destroyed it, or (−1) a second damage result (the reason is narrated only with a log). */
  private destroy(u: number, hits: number): void {
    const s = this.s;
    if (this.log) this.say(hits >= 0 ? 'aamReplay.destroyedHits' : 'aamReplay.destroyedAgain', { unit: this.name(u), where: this.where(u), hits });
    this.place(u, -1);
    s.alive[u] = 0;
    this.rosterStale = true;
    s.disrupted[u] = 0;
    s.damaged[u] = 0;
    s.pointsLost[s.side[u]] += s.unitType(u).cost;
  }

  /**
   * Casualty phase (seed, steps 1–5), both sides at once: remove face-up
   * Disrupted counters; turn the new counters face up; remove destroyed units;
   * damaged vehicles take 1 damage; the rest become disrupted.
   */
  private casualty(): void {
    const s = this.s;
    s.phase = P_CASUALTY;
    s.actor = -1;
    if (this.log) this.say('aamReplay.casualtyPhase');
    s.changes[0]++;
    s.changes[1]++;
    for (let u = 0; u < s.n; u++) s.disrupted[u] = 0;
    for (let u = 0; u < s.n; u++) {
      const c = s.counters[u];
      if (!s.alive[u] || c === 0) continue;
      s.counters[u] = 0;
      const kind = s.kind[u];
      if (c >= lethalCounters(kind)) {
        this.destroy(u, c);
        continue;
      }
      if (kind === KIND_VEHICLE && c >= 2) {
        if (s.damaged[u] && this.damagedAgainDestroys) {
          this.destroy(u, -1);
          continue;
        }
        s.damaged[u] = 1;
      }
      s.disrupted[u] = 1;
      if (this.log) this.say(kind === KIND_VEHICLE && c >= 2 ? 'aamReplay.damagedDisrupted' : 'aamReplay.disrupted', { unit: this.name(u), where: this.where(u) });
    }
  }

  /** The end of turn: aircraft leave the map, the attrition step is recorded, and the victory conditions are checked. */
  private endOfTurn(rec: GameRecord): void {
    const s = this.s, bf = s.bf, t = s.turn;
    s.phase = P_END;
    for (let u = 0; u < s.n; u++) if (s.kind[u] === KIND_AIRCRAFT && s.pos[u] >= 0) s.pos[u] = -1;
    s.changes[0]++;
    s.changes[1]++;
    this.record(rec, t);
    if (t >= bf.objectiveTurn) {
      const b = s.nearObjective(BLUE), r = s.nearObjective(RED);
      if (b !== r) this.decide(b ? BLUE : RED, END_OBJECTIVE);
    }
    if (s.winner === NO_RESULT && this.annihilationEnds) {
      if (this.rosterStale) this.buildRosters();
      const b = this.nGround[BLUE], r = this.nGround[RED];
      if (b === 0 || r === 0) this.decide(b === r ? DRAW : b > 0 ? BLUE : RED, END_ANNIHILATION);
    }
    if (s.winner === NO_RESULT && t >= bf.pointsTurn) {
      const b = this.pointsDestroyed ? s.pointsLost[RED] : s.pointsAlive(BLUE);
      const r = this.pointsDestroyed ? s.pointsLost[BLUE] : s.pointsAlive(RED);
      if (b !== r) this.decide(b > r ? BLUE : RED, END_POINTS);
    }
    if (s.winner === NO_RESULT && t >= bf.maxTurns) this.decide(DRAW, END_TURN_LIMIT);
    if (this.log) {
      const ctl = this.tx(s.nearObjective(BLUE) ? (s.nearObjective(RED) ? 'aamReplay.contested' : 'aamReplay.blue') : s.nearObjective(RED) ? 'aamReplay.red' : 'aamReplay.nobody');
      this.say('aamReplay.endOfTurn', { turn: t, holder: ctl, blueUnits: s.unitsAlive(BLUE), bluePoints: s.pointsAlive(BLUE), redUnits: s.unitsAlive(RED), redPoints: s.pointsAlive(RED) });
    }
  }

  private decide(winner: number, reason: number): void {
    this.s.winner = winner;
    this.s.endReason = reason;
  }

  private record(rec: GameRecord, step: number): void {
    if (step >= this.seriesSteps) return;
    const s = this.s;
    // Alive units of each side (any kind): the rosters' counts, as s.unitsAlive counts them.
    if (this.rosterStale) this.buildRosters();
    rec.set(step, V_BLUE_UNITS, this.nGround[BLUE] + this.nAir[BLUE]);
    rec.set(step, V_RED_UNITS, this.nGround[RED] + this.nAir[RED]);
    rec.set(step, V_BLUE_POINTS, s.pointsAlive(BLUE));
    rec.set(step, V_RED_POINTS, s.pointsAlive(RED));
  }

  private reset(): void {
    const s = this.s;
    s.serial++;
    s.changes[0]++;
    s.changes[1]++;
    s.n = this.nStart;
    s.occupancy.fill(0);
    s.startPoints.fill(0);
    for (let u = 0; u < s.n; u++) {
      const side = this.startSide[u], t = this.g.units[this.startType[u]];
      s.side[u] = side;
      s.type[u] = this.startType[u];
      s.kind[u] = t.kind;
      s.alive[u] = 1;
      s.disrupted[u] = 0;
      s.damaged[u] = 0;
      s.counters[u] = 0;
      s.pos[u] = -1;
      s.facing[u] = side === BLUE ? DIR_S : DIR_N;
      this.place(u, this.startPos[u]);
      s.startPoints[side] += t.cost;
    }
    this.rosterStale = true;
    s.turn = 0;
    s.phase = P_SETUP;
    s.actor = -1;
    s.actingSide = BLUE;
    s.first = BLUE;
    s.initiativeWinner = -1;
    s.initiativeRoll.fill(0);
    s.initiativeBonus.fill(0);
    s.pointsLost.fill(0);
    s.initiativesWon.fill(0);
    s.turnsFirst.fill(0);
    s.winner = NO_RESULT;
    s.endReason = END_NONE;
    this.initiativeT1 = -1;
  }

  private describeSide(side: SideDef, which: number): string {
    const counts = new Map<string, number>();
    for (const u of side.units) {
      const n = this.g.units[u.type].name;
      counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    return this.tx('aamReplay.side', { side: this.tx(SIDE_MSG[which]), points: side.points, policy: side.policy, units: [...counts].map(([n, k]) => `${k} × ${n}`).join(', ') });
  }

  play(dice: Dice, policyDice: Dice, rec: GameRecord, log: GameLog | null): void {
    this.dice = dice;
    this.pdice = policyDice;
    // dice_streams keyed: the game's key is the first draw of its stream, the same in every variant of game i.
    if (this.keyed) this.gameKey = dice.below(KEY_RANGE);
    this.log = log;
    this.faces = null;
    this.reset();
    this.lucky = rec.controls.length === AAM_CONTROLS.length;
    if (this.lucky) this.luck.reset(this.s);
    const s = this.s, bf = s.bf;
    if (log) {
      log.line(this.describeSide(this.v.blue, BLUE));
      log.line(this.describeSide(this.v.red, RED));
      this.say('aamReplay.battlefield', { width: bf.width, depth: bf.depth, objective: this.map.label(this.map.centre), deploy: bf.deployDepth });
      for (let u = 0; u < s.n; u++) {
        this.say(s.kind[u] === KIND_VEHICLE ? 'aamReplay.deployedFacing' : 'aamReplay.deployed', { unit: this.name(u), kind: this.tx(KIND_MSG[s.kind[u]]), where: this.where(u), dir: DIR_NAMES[s.facing[u]] });
      }
    }
    this.record(rec, 0);
    for (let t = 1; s.winner === NO_RESULT; t++) {
      s.turn = t;
      if (log) this.say('aamReplay.turn', { turn: t });
      this.initiative();
      const f = s.first, o = 1 - f;
      this.movementPhases(f, o);
      this.stretch(STRETCH_FIRE, f, o);
      this.casualty();
      if (this.lucky) this.luck.recount(s);
      this.endOfTurn(rec);
    }
    rec.rates[RATE_WIN] = s.winner === BLUE ? 1 : 0;
    rec.rates[RATE_LOSS] = s.winner === RED ? 1 : 0;
    rec.rates[RATE_DRAW] = s.winner === DRAW ? 1 : 0;
    rec.rates[RATE_OBJECTIVE_WIN] = s.winner === BLUE && s.endReason === END_OBJECTIVE ? 1 : 0;
    rec.rates[RATE_INITIATIVE_T1] = this.initiativeT1 === BLUE ? 1 : 0;
    rec.values[VAL_TURNS] = s.turn;
    rec.values[VAL_BLUE_LOST] = s.pointsLost[BLUE];
    rec.values[VAL_RED_LOST] = s.pointsLost[RED];
    rec.values[VAL_BLUE_LEFT] = s.unitsAlive(BLUE);
    rec.values[VAL_RED_LEFT] = s.unitsAlive(RED);
    rec.values[VAL_BLUE_FIRST] = s.turnsFirst[BLUE];
    rec.values[VAL_BLUE_INITIATIVE] = s.initiativesWon[BLUE];
    if (this.lucky) rec.controls.set(this.luck.values);
    if (log) {
      const verdict = this.tx(s.winner === BLUE ? 'aamReplay.blueWins' : s.winner === RED ? 'aamReplay.redWins' : 'aamReplay.draw');
      this.say('aamReplay.result', { verdict, end: this.tx(END_MSG[s.endReason]), turn: s.turn, s: s.turn === 1 ? '' : 's', blue: s.pointsLost[BLUE], red: s.pointsLost[RED] });
    }
  }
}

