/**
 * The robot-skirmish rules (seed 000, 2−2 ターン進行 … 2−2−4 戦闘終了): turns by
 * initiative, start / move / combat phases, movement actions, disengagement,
 * attacks, special attacks and the end of the game, on a 2D table. One
 * {@link RsGame} is built per variant and replays many games; it allocates
 * nothing per step. Every random draw goes through the `Dice` handed in by the
 * driver; each side's policy answers its own decisions.
 */
import type { Dice } from '../../sim/dice.js';
import type { GameLog, GameRecord, GameRunner } from '../../sim/types.js';
import {
  EQ_ANTI_EN, EQ_CLONE, EQ_HEAVY_ARMOUR, EQ_JAMMER, EQ_OPTICAL_CAMO, EQ_SELF_REPAIR, KICK_DAMAGE, MELEE, PUNCH_DAMAGE, RANGED,
  THROWN_ITEM_DAMAGE, type DamageExpr,
} from './catalogue.js';
import { TF_ONE_WAY, TF_TWO_WAY, type RsGameDef, type RsVariant } from './config.js';
import * as D from './decisions.js';
import { deployPositions, segPointDist2 } from './geometry.js';
import { situationalModifier } from './attack-math.js';
import {
  C_CONTACT_ENEMY, C_CONTACT_FRIEND, C_COVER, C_DIR, C_HQ, C_STANDOFF, END_ANNIHILATION, END_HQ, END_NAMES, END_NONE, END_TIME,
  MAX_CAND, MAX_CARRY, MAX_ITEMS, MAX_UNITS, RsState,
} from './state.js';
import type { RsPolicy } from '../../policies/robot-skirmish/policy.js';

const LEGAL_MAX = 8192;
const EPS = 1e-6;

/** Rates recorded per game (indices into GameRecord.rates); side 0 is the variant's side. */
export const RATE_WIN = 0, RATE_DRAW = 1, RATE_LOSS = 2, RATE_END_ANNIHILATION = 3, RATE_END_HQ = 4, RATE_END_TIME = 5;
/** Values recorded per game. */
export const VAL_ROUNDS = 0, VAL_VICTORY_ROUND = 1, VAL_UNITS_LEFT = 2, VAL_ENEMY_UNITS_LEFT = 3, VAL_COST_LEFT = 4, VAL_ENEMY_COST_LEFT = 5,
  VAL_SELF_DAMAGE = 6, VAL_FORMATION_DOUBLED = 7, VAL_TYPE_BASE = 8;
/** Attack types whose actions and damage are counted (for the variant's side): value VAL_TYPE_BASE + 2·type (actions) and + 1 (damage). */
export const T_SHOOT = 0, T_MELEE = 1, T_PUNCH = 2, T_KICK = 3, T_MULTI = 4, T_FORMATION = 5, T_CHARGE = 6, T_THROW = 7, T_INTERCEPT = 8, T_FREE = 9;
export const ATTACK_TYPES = ['shoot', 'melee', 'punch', 'kick', 'multi', 'formation', 'charge', 'throw', 'intercept', 'free'] as const;
export const ATTACK_TYPE_LABELS = ['single shot', 'single melee', 'punch', 'kick', 'multi-attack', 'formation attack', 'charge', 'throw', 'intercept', 'free attack (failed disengage)'];
/** Attrition series variables. */
export const V_UNITS = 0, V_ENEMY_UNITS = 1, V_HP = 2, V_ENEMY_HP = 3;

/** Roll outcome of one attack roll. */
const R_MISS = 0, R_HIT = 1, R_CRIT = 2, R_FUMBLE = 3, R_FRIENDLY = 4;
/** Options of an attack roll. */
const O_SHOOT = 1, O_POINT_BLANK = 2, O_FREE = 4, O_IGNORE_TERRAIN = 8;

const COS8 = Float64Array.from({ length: 8 }, (_, k) => Math.cos((k * Math.PI) / 4));
const SIN8 = Float64Array.from({ length: 8 }, (_, k) => Math.sin((k * Math.PI) / 4));
const COS60 = Math.cos(Math.PI / 3), SIN60 = Math.sin(Math.PI / 3);

function sgn(m: number): string {
  return m < 0 ? `−${-m}` : `+${m}`;
}
function f1(x: number): string {
  return x.toFixed(1);
}

export class RsGame implements GameRunner {
  readonly s: RsState;
  /** The legal actions of the current decision (first `nLegal`). */
  readonly legal = new Int32Array(LEGAL_MAX);
  nLegal = 0;
  private dice!: Dice;
  private pdice!: Dice;
  private log: GameLog | null = null;
  private rec: GameRecord | null = null;

  private readonly wKind: Int8Array;
  private readonly wRange: Float64Array;
  private readonly wHands: Int8Array;
  private readonly wEn: Uint8Array;
  private readonly wMoveMod: Float64Array;
  private readonly wDmg: DamageExpr[];
  private readonly wName: string[];

  private readonly initiative: number;
  private readonly freeEach: boolean;
  private readonly failedStays: boolean;
  private readonly ffBefore: boolean;
  private readonly splitPerPoint: boolean;
  private readonly pairwise: boolean;
  private readonly armourMin1: boolean;
  private readonly fallFaces: number;
  private readonly tieDice: boolean;
  private readonly concAction: boolean;

  private readonly deployX = new Float64Array(MAX_UNITS);
  private readonly deployY = new Float64Array(MAX_UNITS);
  private readonly refs = new Int32Array(64);
  private readonly scratch = new Int32Array(64);
  private readonly scratch2 = new Int32Array(64);
  /** Movement modifiers from weapons thrown or picked up, per unit and form. */
  private readonly moveAdj = new Float64Array(MAX_UNITS * 2);
  private readonly chargeX = new Float64Array(MAX_UNITS * 16);
  private readonly chargeY = new Float64Array(MAX_UNITS * 16);
  private readonly fallPending = new Uint8Array(MAX_UNITS);
  /** Concentration value still to add to this action's rolls. */
  private concLeft = 0;
  /** Attack type of the action being resolved (for the statistics), −1 for none. */
  private curType = -1;
  private readonly typeActions = new Float64Array(ATTACK_TYPES.length);
  private readonly typeDamage = new Float64Array(ATTACK_TYPES.length);
  private selfDamage = 0;
  private formationDoubled = 0;
  /** Last attrition step written. */
  private lastStep = -1;
  /** The friend a friendly-fire check picked (roll() returned R_FRIENDLY). */
  private lastFriend = -1;

  constructor(readonly def: RsGameDef, readonly variant: RsVariant, private readonly policies: readonly [RsPolicy, RsPolicy]) {
    const s = (this.s = new RsState(def));
    const cat = def.catalogue;
    this.wKind = Int8Array.from(cat.weapons, (w) => w.kind);
    this.wRange = Float64Array.from(cat.weapons, (w) => w.range);
    this.wHands = Int8Array.from(cat.weapons, (w) => w.hands);
    this.wEn = Uint8Array.from(cat.weapons, (w) => (w.en ? 1 : 0));
    this.wMoveMod = Float64Array.from(cat.weapons, (w) => w.moveMod);
    this.wDmg = cat.weapons.map((w) => w.damage);
    this.wName = cat.weapons.map((w) => w.id);
    const r = variant.rulings;
    s.rulings = r;
    this.initiative = r.initiative === 'roll-off' ? 0 : r.initiative === 'subject-first' ? 1 : 2;
    this.freeEach = r.disengage_free_attacks === 'each';
    this.failedStays = r.failed_disengage === 'stays';
    this.ffBefore = r.friendly_fire === 'before-roll';
    this.splitPerPoint = r.formation_split === 'per-point';
    this.pairwise = r.formation_contact === 'pairwise';
    this.armourMin1 = r.heavy_armour === 'damage-min-1';
    this.fallFaces = r.fall_check === 'd6-1-falls' ? 1 : r.fall_check === 'd6-1-2-falls' ? 2 : 0;
    this.tieDice = r.tiebreak === 'dice';
    this.concAction = r.concentration_scope === 'action';

    const a = variant.subject.army, b = variant.reference.army;
    s.units = [...a.units, ...b.units];
    s.names = [...a.units.map((u) => `S-${u.name}`), ...b.units.map((u) => `R-${u.name}`)];
    s.nUnits = s.units.length;
    s.sideStart[0] = 0;
    s.sideCount[0] = a.units.length;
    s.sideStart[1] = a.units.length;
    s.sideCount[1] = b.units.length;
    deployPositions(def.table, a, 0, this.deployX, this.deployY, 0);
    deployPositions(def.table, b, 1, this.deployX, this.deployY, a.units.length);
    for (let u = 0; u < s.nUnits; u++) s.side[u] = u < a.units.length ? 0 : 1;
  }

  // ───────────────────────── driver ─────────────────────────

  play(dice: Dice, policyDice: Dice, rec: GameRecord, log: GameLog | null): void {
    this.begin(dice, policyDice, rec, log);
    while (!this.s.over && this.s.round < this.def.turnLimit) this.playRound();
    this.finish();
  }

  /** Reset the state for a new game, roll initiative and record step 0. */
  begin(dice: Dice, policyDice: Dice, rec: GameRecord | null, log: GameLog | null): void {
    this.dice = dice;
    this.pdice = policyDice;
    this.rec = rec;
    this.log = log;
    const s = this.s;
    s.over = false;
    s.winner = -2;
    s.endReason = END_NONE;
    s.round = 0;
    s.turnNo.fill(0);
    s.nItems = 0;
    s.action = -1;
    s.actor = -1;
    s.target = -1;
    s.nCand = 0;
    this.moveAdj.fill(0);
    this.fallPending.fill(0);
    this.typeActions.fill(0);
    this.typeDamage.fill(0);
    this.selfDamage = 0;
    this.formationDoubled = 0;
    this.lastStep = -1;
    this.concLeft = 0;
    this.curType = -1;
    for (let u = 0; u < s.nUnits; u++) {
      const d = s.units[u];
      s.alive[u] = 1;
      s.group[u] = u;
      s.x[u] = this.deployX[u];
      s.y[u] = this.deployY[u];
      s.form[u] = 0;
      s.transformed[u] = 0;
      s.hover[u] = 0;
      s.stealth[u] = 0;
      s.fallen[u] = 0;
      s.concTurn[u] = 0;
      s.moved[u] = 0;
      s.acted[u] = 0;
      s.noAttack[u] = 0;
      s.hpMax[u] = d.forms[0].hp;
      s.hp[u] = d.forms[0].hp;
      for (let f = 0; f < 2; f++) {
        const base = (u * 2 + f) * MAX_CARRY;
        const ws = f < d.forms.length ? d.forms[f].weapons : [];
        for (let k = 0; k < MAX_CARRY; k++) s.carry[base + k] = k < ws.length ? ws[k] : -1;
      }
    }
    // Only once every unit's group is reset: a combination from the last game must not count.
    for (let u = 0; u < s.nUnits; u++) this.refresh(u);
    if (this.def.hq) {
      const h = this.def.hq;
      s.hqHp[0] = s.hqHp[1] = h.hp;
      s.hqX[0] = h.x;
      s.hqY[0] = h.y;
      s.hqX[1] = this.def.table.width - h.x;
      s.hqY[1] = this.def.table.height - h.y;
    }
    if (log) {
      const v = this.variant, t = this.def.table;
      this.say(`battle: ${v.subject.army.name} (${v.subject.policy}) vs ${v.reference.army.name} (${v.reference.policy}) on a ${t.width}×${t.height} ${t.unit} table, ${this.def.turnLimit} rounds`);
    }
    // Initiative (RS-R01).
    if (this.initiative === 0) {
      for (;;) {
        const x = dice.d6(), y = dice.d6();
        if (log) this.say(`initiative: subject ${x} vs reference ${y}${x === y ? ' — tie, again' : ''}`);
        if (x !== y) {
          s.firstSide = x > y ? 0 : 1;
          break;
        }
      }
    } else s.firstSide = this.initiative === 1 ? 0 : 1;
    if (log) this.say(`${s.firstSide === 0 ? 'subject' : 'reference'} plays first`);
    this.recordStep(0);
  }

  /** One round: both players' turns in initiative order. */
  playRound(): void {
    const s = this.s;
    s.round++;
    for (let k = 0; k < 2 && !s.over; k++) this.playTurn(k === 0 ? s.firstSide : 1 - s.firstSide);
    this.recordStep(s.round);
  }

  /** End of game: time limit if nothing decided it, then the record. */
  finish(): void {
    const s = this.s;
    if (!s.over) this.timeLimit();
    const rec = this.rec;
    if (this.log) {
      const verdict = s.winner === 0 ? 'WIN' : s.winner === 1 ? 'LOSS' : 'DRAW';
      this.say(`result: ${verdict} for the subject (${END_NAMES[s.endReason]}) in round ${s.round}; units left ${s.unitsAlive(0)} vs ${s.unitsAlive(1)}, cost left ${s.costAlive(0)} vs ${s.costAlive(1)}`);
    }
    if (!rec) return;
    rec.rates[RATE_WIN] = s.winner === 0 ? 1 : 0;
    rec.rates[RATE_DRAW] = s.winner === -1 ? 1 : 0;
    rec.rates[RATE_LOSS] = s.winner === 1 ? 1 : 0;
    rec.rates[RATE_END_ANNIHILATION] = s.endReason === END_ANNIHILATION ? 1 : 0;
    rec.rates[RATE_END_HQ] = s.endReason === END_HQ ? 1 : 0;
    rec.rates[RATE_END_TIME] = s.endReason === END_TIME ? 1 : 0;
    rec.values[VAL_ROUNDS] = s.round;
    rec.values[VAL_VICTORY_ROUND] = s.winner === 0 ? s.round : 0;
    rec.values[VAL_UNITS_LEFT] = s.unitsAlive(0);
    rec.values[VAL_ENEMY_UNITS_LEFT] = s.unitsAlive(1);
    rec.values[VAL_COST_LEFT] = s.costAlive(0);
    rec.values[VAL_ENEMY_COST_LEFT] = s.costAlive(1);
    rec.values[VAL_SELF_DAMAGE] = this.selfDamage;
    rec.values[VAL_FORMATION_DOUBLED] = this.formationDoubled;
    for (let k = 0; k < ATTACK_TYPES.length; k++) {
      rec.values[VAL_TYPE_BASE + 2 * k] = this.typeActions[k];
      rec.values[VAL_TYPE_BASE + 2 * k + 1] = this.typeDamage[k];
    }
    // The attrition series: the final state carries forward to the time limit.
    for (let r = this.lastStep + 1; r <= this.def.turnLimit; r++) this.recordStep(r);
  }

  private recordStep(r: number): void {
    const rec = this.rec, s = this.s;
    if (!rec || r > this.def.turnLimit || r <= this.lastStep) return;
    rec.set(r, V_UNITS, s.unitsAlive(0));
    rec.set(r, V_ENEMY_UNITS, s.unitsAlive(1));
    rec.set(r, V_HP, s.hpTotal(0));
    rec.set(r, V_ENEMY_HP, s.hpTotal(1));
    this.lastStep = r;
  }

  private timeLimit(): void {
    const s = this.s;
    const a = s.costAlive(0), b = s.costAlive(1);
    s.over = true;
    s.endReason = END_TIME;
    if (a !== b) s.winner = a > b ? 0 : 1;
    else if (this.tieDice) {
      for (;;) {
        const x = this.dice.d6(), y = this.dice.d6();
        if (this.log) this.say(`time limit tie-break: subject ${x} vs reference ${y}`);
        if (x !== y) {
          s.winner = x > y ? 0 : 1;
          break;
        }
      }
    } else s.winner = -1;
    if (this.log) this.say(`time limit after round ${s.round}: surviving cost ${a} vs ${b}`);
  }

  // ───────────────────────── helpers ─────────────────────────

  private say(text: string): void {
    this.log!.line(text);
  }

  /** Ask `side`'s policy; a single legal action is taken without asking. */
  private ask(side: number, decision: number, n: number): number {
    this.nLegal = n;
    if (n === 1) return this.legal[0];
    if (n < 1) throw new Error(`no legal action at decision ${D.DECISION_NAMES[decision]}`);
    this.s.me = side;
    const a = this.policies[side].decide(decision, this.s, this.legal, n, this.pdice);
    for (let i = 0; i < n; i++) if (this.legal[i] === a) return a;
    throw new Error(`policy returned illegal action ${a} at decision ${D.DECISION_NAMES[decision]}`);
  }

  private pos(u: number): string {
    return `(${f1(this.s.x[u])}, ${f1(this.s.y[u])})`;
  }

  private targetName(t: number, side: number): string {
    return t === D.TARGET_HQ ? `${side === 0 ? 'R' : 'S'}-headquarters` : this.s.name(t);
  }

  /** Recompute the derived values of lead `lead` (its combination's best values, 合体). */
  refresh(lead: number): void {
    const s = this.s, base = s.cat.base;
    let mv = 0, atk = -99, dfn = -99, eq = 0, rad = 0, size = 0, n = 0, legs = 0, first = -1, same = 1;
    for (let m = 0; m < s.nUnits; m++) {
      if (!s.alive[m] || s.group[m] !== lead) continue;
      const f = s.units[m].forms[s.form[m]];
      const mm = Math.max(base.minMove, f.move + this.moveAdj[m * 2 + s.form[m]]);
      if (mm > mv) mv = mm;
      if (f.attack > atk) atk = f.attack;
      if (f.defence > dfn) dfn = f.defence;
      eq |= f.equipment;
      if (m === lead) rad = f.radius; // a combination stands on its lead's base (ruling RS-F11)
      if (f.size > size) size = f.size;
      if (f.legs) legs = 1;
      if (first < 0) first = f.size;
      else if (f.size !== first) same = 0;
      n++;
    }
    s.mv[lead] = mv;
    s.atk[lead] = atk;
    s.dfn[lead] = dfn;
    s.eq[lead] = eq;
    s.rad[lead] = rad;
    s.size[lead] = size;
    s.nMembers[lead] = n;
    s.sameSize[lead] = same;
    s.legs[lead] = legs;
  }

  /** Weapon references of lead `lead` (its members' carried weapons), into this.refs; returns the count. */
  refsOf(lead: number): number {
    const s = this.s;
    let n = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (let m = 0; m < s.nUnits; m++) {
        if (pass === 0 ? m !== lead : m === lead || !s.alive[m] || s.group[m] !== lead) continue;
        const base = (m * 2 + s.form[m]) * MAX_CARRY;
        for (let k = 0; k < MAX_CARRY; k++) if (s.carry[base + k] >= 0 && n < this.refs.length) this.refs[n++] = m * 8 + k;
      }
    }
    return n;
  }

  private weaponName(w: number): string {
    if (w === D.WR_PUNCH) return 'punch';
    if (w === D.WR_KICK) return 'kick';
    return this.wName[this.s.weaponOf(w)];
  }

  private unitLeadsOf(side: number, out: Int32Array): number {
    const s = this.s;
    let n = 0;
    for (let u = s.sideStart[side]; u < s.sideStart[side] + s.sideCount[side]; u++) if (s.onTable(u)) out[n++] = u;
    return n;
  }

  /** Longest range among lead u's ranged weapons (0 when it has none). */
  bestRange(u: number): number {
    const n = this.refsOf(u);
    let r = 0;
    for (let i = 0; i < n; i++) {
      const wi = this.s.weaponOf(this.refs[i]);
      if (this.wKind[wi] === RANGED && this.wRange[wi] > r) r = this.wRange[wi];
    }
    return r;
  }

  // ───────────────────────── turns ─────────────────────────

  /** One player's turn: start, move and combat phases, then the end of turn. */
  playTurn(side: number): void {
    const s = this.s;
    s.turnSide = side;
    s.turnNo[side]++;
    if (this.log) {
      this.say(`round ${s.round} — ${side === 0 ? 'subject' : 'reference'}'s turn`);
      const parts: string[] = [];
      for (let u = 0; u < s.nUnits; u++) {
        if (!s.onTable(u)) continue;
        let p = `${s.name(u)} ${this.pos(u)} hp ${s.hp[u]}/${s.hpMax[u]}`;
        if (s.nMembers[u] > 1) p += ` +${s.nMembers[u] - 1} combined`;
        if (s.hover[u]) p += ' hovering';
        if (s.stealth[u]) p += ' stealth';
        if (s.fallen[u]) p += ' fallen';
        if (s.concTurn[u]) p += ' conc-token';
        parts.push(p);
      }
      this.say(`  positions: ${parts.join('; ')}`);
    }
    for (let u = s.sideStart[side]; u < s.sideStart[side] + s.sideCount[side]; u++) {
      s.moved[u] = 0;
      s.acted[u] = 0;
      s.noAttack[u] = 0;
      s.stealth[u] = 0;
    }
    s.phase = 0;
    this.startPhase(side);
    if (s.over) return;
    s.phase = 1;
    this.movePhase(side);
    if (s.over) return;
    s.phase = 2;
    this.combatPhase(side);
    if (s.over) return;
    // End of turn: tokens placed before this turn began are removed (集中).
    for (let u = s.sideStart[side]; u < s.sideStart[side] + s.sideCount[side]; u++) {
      if (s.concTurn[u] !== 0 && s.concTurn[u] < s.turnNo[side]) {
        s.concTurn[u] = 0;
        if (this.log) this.say(`  ${s.name(u)}'s concentration token is removed`);
      }
    }
  }

  /** 開始フェイズ: 「ターン開始時に〜」 effects — self-repair (1d6−2, min 1; no attack this turn). */
  private startPhase(side: number): void {
    const s = this.s;
    for (let u = s.sideStart[side]; u < s.sideStart[side] + s.sideCount[side]; u++) {
      if (!s.onTable(u) || s.nMembers[u] !== 1 || !(s.eq[u] & EQ_SELF_REPAIR) || s.hp[u] >= s.hpMax[u]) continue;
      s.actor = u;
      this.legal[0] = D.A_NO;
      this.legal[1] = D.A_YES;
      if (this.ask(side, D.D_REPAIR, 2) !== D.A_YES) continue;
      const r = this.dice.d6();
      const heal = Math.max(1, r - 2);
      const before = s.hp[u];
      s.hp[u] = Math.min(s.hpMax[u], s.hp[u] + heal);
      s.noAttack[u] = 1;
      if (this.log) this.say(`  ${s.name(u)} self-repairs: d6=${r} −2 → ${heal}: hp ${before} → ${s.hp[u]} (no attack this turn)`);
    }
  }

  private movePhase(side: number): void {
    const s = this.s;
    for (;;) {
      let n = 0;
      for (let u = s.sideStart[side]; u < s.sideStart[side] + s.sideCount[side]; u++) if (s.onTable(u) && !s.moved[u]) this.legal[n++] = u;
      if (n === 0) break;
      s.actor = -1;
      const u = this.ask(side, D.D_MOVER, n);
      this.moveUnit(u, true);
      if (s.over) return;
    }
    this.fallChecks();
  }

  /** The movement action of unit u. */
  private moveUnit(u: number, allowTransform: boolean): void {
    const s = this.s, side = s.side[u];
    if (s.fallen[u]) {
      s.fallen[u] = 0;
      s.moved[u] = 1;
      if (this.log) this.say(`  ${s.name(u)} stands up (its movement action)`);
      return;
    }
    const n = this.genMoves(u, allowTransform);
    s.actor = u;
    const a = this.ask(side, D.D_MOVE, n);
    this.execMove(u, a);
  }

  /** 離脱判定: 1d6 − (enemies in contact − 1) ≥ 4; a natural 6 succeeds, a natural 1 fails. On failure the contacting enemies attack (RS-R02). */
  private disengage(u: number): boolean {
    const s = this.s;
    const n = s.enemiesInContact(u);
    if (n === 0) return true;
    const r = this.dice.d6();
    const v = r - (n - 1);
    const ok = r === 6 || (r !== 1 && v >= 4);
    if (this.log) this.say(`  ${s.name(u)} disengages from ${n} enem${n === 1 ? 'y' : 'ies'}: d6=${r}${n > 1 ? ` −${n - 1} → ${v}` : ''} → ${ok ? 'success' : 'failure'}`);
    if (ok) return true;
    // Free attacks, without the point-blank penalty.
    const e = 1 - s.side[u];
    let k = 0;
    for (let v2 = s.sideStart[e]; v2 < s.sideStart[e] + s.sideCount[e]; v2++) if (s.inContact(u, v2)) this.scratch2[k++] = v2;
    if (!this.freeEach && k > 1) {
      for (let i = 0; i < k; i++) this.legal[i] = this.scratch2[i];
      s.actor = u;
      const one = this.ask(e, D.D_FREE_ATTACKER, k);
      this.scratch2[0] = one;
      k = 1;
    }
    for (let i = 0; i < k; i++) this.freeBuf[i] = this.scratch2[i];
    for (let i = 0; i < k && !s.over && s.alive[u]; i++) this.freeAttack(this.freeBuf[i], s.group[u]);
    return false;
  }

  /** A free attack by lead `e` on `u` (a failed disengagement): any weapon, punch or kick; no point-blank penalty, no friendly-fire check. */
  private freeAttack(e: number, u: number): void {
    const s = this.s;
    if (!s.onTable(e) || !s.onTable(u)) return;
    const nr = this.refsOf(e);
    let n = 0;
    for (let i = 0; i < nr; i++) this.legal[n++] = this.refs[i];
    this.legal[n++] = D.WR_PUNCH;
    if (s.legs[e]) this.legal[n++] = D.WR_KICK;
    s.actor = e;
    s.target = u;
    const w = this.ask(s.side[e], D.D_FREE_ATTACK, n);
    const prevType = this.curType;
    this.curType = T_FREE;
    this.countAction(e);
    this.concLeft = 0;
    if (this.log) this.say(`    free attack: ${s.name(e)} ${this.weaponName(w)} → ${s.name(u)}`);
    const shooting = w !== D.WR_PUNCH && w !== D.WR_KICK && this.wKind[s.weaponOf(w)] === RANGED;
    this.attack(e, w, u, (shooting ? O_SHOOT : 0) | O_FREE, 0, 0, false);
    this.curType = prevType;
  }

  /** Carry out a movement action. */
  private execMove(u: number, a: number): void {
    const s = this.s;
    const kind = D.mvKind(a);
    switch (kind) {
      case D.MK_STAY:
        s.moved[u] = 1;
        if (this.log) this.say(`  ${s.name(u)} stays at ${this.pos(u)}`);
        this.offerStealth(u);
        return;
      case D.MK_MOVE:
      case D.MK_RUN:
      case D.MK_HOVER:
      case D.MK_LAND: {
        const c = D.mvCand(a);
        const tx = s.candX[c], ty = s.candY[c];
        s.moved[u] = 1;
        if (s.enemiesInContact(u) > 0) {
          const ok = this.disengage(u);
          if (s.over || !s.onTable(u)) return;
          if (!ok && this.failedStays) return;
          // The free attacks may have broken a combination (survivors placed around): the way must still be free.
          const flying = kind === D.MK_HOVER || kind === D.MK_LAND || (kind === D.MK_MOVE && s.hover[u] === 1);
          const groundEnd = kind === D.MK_LAND || ((kind === D.MK_MOVE || kind === D.MK_RUN) && s.hover[u] === 0);
          if (!this.destOk(u, tx, ty, flying, groundEnd)) {
            if (this.log) this.say(`  ${s.name(u)} cannot reach ${f1(tx)}, ${f1(ty)} any more and stays`);
            return;
          }
        }
        const from = this.log ? this.pos(u) : '';
        s.x[u] = tx;
        s.y[u] = ty;
        if (kind === D.MK_HOVER) s.hover[u] = 1;
        if (kind === D.MK_LAND) s.hover[u] = 0;
        if (this.log) this.say(`  ${s.name(u)} ${D.MOVE_KIND_NAMES[kind]}s ${from} → ${this.pos(u)}${s.hover[u] ? ' (hovering)' : ''}`);
        if (kind === D.MK_RUN) {
          s.noAttack[u] = 1;
          if (this.log) this.say(`  ${s.name(u)} ran: 1 unpreventable damage, no attack this turn`);
          this.selfHit(u, 1);
          if (s.over || !s.alive[u]) return;
        }
        if (kind === D.MK_MOVE && !s.hover[u]) this.offerStealth(u);
        return;
      }
      case D.MK_TRANSFORM_ONE_WAY:
      case D.MK_TRANSFORM_TWO_WAY: {
        s.moved[u] = 1;
        if (s.enemiesInContact(u) > 0) {
          const ok = this.disengage(u);
          if (s.over || !s.alive[u] || !ok) {
            if (this.log && s.alive[u] && !ok) this.say(`  ${s.name(u)} cannot transform (disengagement failed)`);
            return;
          }
        }
        s.form[u] = s.form[u] === 0 ? 1 : 0;
        if (kind === D.MK_TRANSFORM_ONE_WAY) s.transformed[u] = 1;
        this.refresh(u);
        if (this.log) this.say(`  ${s.name(u)} transforms (${kind === D.MK_TRANSFORM_ONE_WAY ? 'one-way: may still move' : 'two-way: movement ends, no attack this turn'}) to form ${s.form[u] + 1}`);
        if (kind === D.MK_TRANSFORM_TWO_WAY) {
          s.noAttack[u] = 1;
          return;
        }
        s.moved[u] = 0;
        this.moveUnit(u, false);
        s.moved[u] = 1;
        return;
      }
      case D.MK_COMBINE: {
        const mask = D.mvExtra(a);
        const names: string[] = [];
        for (let m = 0; m < s.nUnits; m++) {
          if (m !== u && !(mask & (1 << m))) continue;
          s.group[m] = u;
          s.moved[m] = 1;
          s.noAttack[m] = 1;
          if (m !== u) {
            s.x[m] = s.x[u];
            s.y[m] = s.y[u];
            s.stealth[m] = 0;
          }
          names.push(s.name(m));
        }
        this.refresh(u);
        if (this.log) this.say(`  ${names.join(' + ')} combine (合体) at ${this.pos(u)}: move ${s.mv[u]}, attack ${s.atk[u]}, defence ${s.dfn[u]}; their turn ends`);
        return;
      }
      case D.MK_SEPARATE: {
        const lead = u;
        for (let m = 0; m < s.nUnits; m++) {
          if (m === lead || !s.alive[m] || s.group[m] !== lead) continue;
          s.group[m] = m;
          s.hover[m] = s.hover[lead];
          s.moved[m] = 1;
          s.noAttack[m] = 1;
          s.acted[m] = s.acted[lead];
          s.concTurn[m] = s.concTurn[lead];
          this.refresh(m);
          this.placeAround(m, lead);
        }
        s.moved[lead] = 1;
        s.noAttack[lead] = 1;
        this.refresh(lead);
        if (this.log) this.say(`  ${s.name(lead)}'s combination separates; no movement or attack this turn`);
        return;
      }
      case D.MK_PICKUP: {
        const i = D.mvCand(a);
        const wi = s.itemW[i];
        const base = (u * 2 + s.form[u]) * MAX_CARRY;
        let k = 0;
        while (k < MAX_CARRY && s.carry[base + k] >= 0) k++;
        s.carry[base + k] = wi;
        this.moveAdj[u * 2 + s.form[u]] += this.wMoveMod[wi];
        this.removeItem(i);
        s.moved[u] = 1;
        s.noAttack[u] = 1;
        this.refresh(u);
        if (this.log) this.say(`  ${s.name(u)} picks up the ${this.wName[wi]} (does nothing else this turn)`);
        return;
      }
    }
    throw new Error(`unknown movement action ${a}`);
  }

  private removeItem(i: number): void {
    const s = this.s;
    s.nItems--;
    s.itemW[i] = s.itemW[s.nItems];
    s.itemX[i] = s.itemX[s.nItems];
    s.itemY[i] = s.itemY[s.nItems];
  }

  /** 隠密行動: offered after a ground move (or staying) when the unit is ⅓ hidden from every enemy, or has optical camouflage. */
  private offerStealth(u: number): void {
    const s = this.s;
    if (!s.onTable(u) || s.hover[u]) return;
    if (!(s.eq[u] & EQ_OPTICAL_CAMO) && !this.hiddenFromEnemies(u)) return;
    this.legal[0] = D.A_NO;
    this.legal[1] = D.A_YES;
    s.actor = u;
    if (this.ask(s.side[u], D.D_STEALTH, 2) === D.A_YES) {
      s.stealth[u] = 1;
      if (this.log) this.say(`  ${s.name(u)} takes stealth (隠密行動: shooting at it −2)`);
    }
  }

  /**
   * Is u at least one-third hidden from every enemy on the table? Three rays from
   * the enemy's base point to u's centre and both sides: one crossed by terrain
   * or another unit's base hides a third (ruling RS-F07). Hovering enemies see
   * over everything.
   */
  hiddenFromEnemies(u: number): boolean {
    const s = this.s, T = s.table;
    const e = 1 - s.side[u];
    const ux = s.x[u], uy = s.y[u], ur = s.rad[u];
    for (let v = s.sideStart[e]; v < s.sideStart[e] + s.sideCount[e]; v++) {
      if (!s.onTable(v)) continue;
      if (s.hover[v]) return false;
      const vx = s.x[v], vy = s.y[v];
      const dx = ux - vx, dy = uy - vy;
      const len = Math.sqrt(dx * dx + dy * dy);
      if (len < EPS) return false;
      const ox = (-dy / len) * ur * 0.9, oy = (dx / len) * ur * 0.9;
      let hidden = false;
      for (let k = 0; k < 3 && !hidden; k++) {
        const tx = ux + (k === 1 ? ox : k === 2 ? -ox : 0), ty = uy + (k === 1 ? oy : k === 2 ? -oy : 0);
        if (T.terrainAcross(vx, vy, tx, ty)) hidden = true;
        else {
          for (let o = 0; o < s.nUnits && !hidden; o++) {
            if (o === u || o === v || !s.onTable(o) || s.hover[o]) continue;
            if (segPointDist2(vx, vy, tx, ty, s.x[o], s.y[o]) < s.rad[o] * s.rad[o]) hidden = true;
          }
        }
      }
      if (!hidden) return false;
    }
    return true;
  }

  // ───────────────────────── movement candidates ─────────────────────────

  /** Fill the legal movement actions of u (and the candidate destinations); returns the count. */
  genMoves(u: number, allowTransform: boolean): number {
    const s = this.s;
    s.nCand = 0;
    let n = 0;
    this.legal[n++] = D.mv(D.MK_STAY);
    const M = s.mv[u];
    const half = Math.ceil(M / 2);
    if (s.hover[u]) {
      n = this.addMoveKind(n, D.MK_MOVE, u, M, true, false);
      n = this.addMoveKind(n, D.MK_LAND, u, M - half, true, true);
    } else {
      n = this.addMoveKind(n, D.MK_MOVE, u, M, false, true);
      if (!s.canFly(u)) n = this.addMoveKind(n, D.MK_RUN, u, 2 * M, false, true, true);
      else n = this.addMoveKind(n, D.MK_HOVER, u, M - half, true, false);
    }
    const d = s.units[u];
    if (allowTransform && s.nMembers[u] === 1 && d.forms.length > 1) {
      if (d.transform === TF_ONE_WAY && !s.transformed[u]) this.legal[n++] = D.mv(D.MK_TRANSFORM_ONE_WAY);
      if (d.transform === TF_TWO_WAY) this.legal[n++] = D.mv(D.MK_TRANSFORM_TWO_WAY);
    }
    if (s.nMembers[u] > 1) this.legal[n++] = D.mv(D.MK_SEPARATE);
    else {
      n = this.addCombines(n, u);
      n = this.addPickups(n, u);
    }
    return n;
  }

  private addMoveKind(n: number, kind: number, u: number, budget: number, flying: boolean, groundEnd: boolean, few = false): number {
    const start = this.s.nCand;
    if (budget > 0.25) this.genCandidates(u, budget, flying, groundEnd, few);
    for (let c = start; c < this.s.nCand; c++) this.legal[n++] = D.mv(kind, c);
    return n;
  }

  /** Combinations with unmoved friends in contact, connected through contacts (合体). */
  private addCombines(n: number, u: number): number {
    const s = this.s;
    const side = s.side[u];
    let k = 0;
    // Candidate partners: solo, unmoved friends at the same height, in contact with u or with another candidate.
    for (let v = s.sideStart[side]; v < s.sideStart[side] + s.sideCount[side]; v++) {
      if (v === u || !s.onTable(v) || s.moved[v] || s.nMembers[v] !== 1 || s.hover[v] !== s.hover[u]) continue;
      this.scratch[k++] = v;
    }
    if (k === 0) return n;
    for (let mask = 1; mask < 1 << k; mask++) {
      let units = 0;
      for (let i = 0; i < k; i++) if (mask & (1 << i)) units |= 1 << this.scratch[i];
      if (!this.connected(u, units, false)) continue;
      if (n < LEGAL_MAX) this.legal[n++] = D.mv(D.MK_COMBINE, 0, units);
    }
    return n;
  }

  private addPickups(n: number, u: number): number {
    const s = this.s;
    if (s.hover[u] || s.nItems === 0) return n;
    const f = s.units[u].forms[s.form[u]];
    const base = (u * 2 + s.form[u]) * MAX_CARRY;
    let used = 0, free = 0;
    for (let k = 0; k < MAX_CARRY; k++) {
      const wi = s.carry[base + k];
      if (wi >= 0) used += this.wHands[wi];
      else free++;
    }
    if (free === 0) return n;
    const lim = s.rad[u] + s.table.gap + EPS;
    for (let i = 0; i < s.nItems && i < 255; i++) {
      const dx = s.itemX[i] - s.x[u], dy = s.itemY[i] - s.y[u];
      if (dx * dx + dy * dy > lim * lim) continue;
      if (f.hands - used < this.wHands[s.itemW[i]]) continue;
      this.legal[n++] = D.mv(D.MK_PICKUP, i);
    }
    return n;
  }

  /** Are lead u and the units in `mask` one connected group of contacts (or all pairwise in contact)? */
  connected(u: number, mask: number, pairwise: boolean): boolean {
    const s = this.s;
    const all = mask | (1 << u);
    if (pairwise) {
      for (let a = 0; a < s.nUnits; a++) {
        if (!(all & (1 << a))) continue;
        for (let b = a + 1; b < s.nUnits; b++) if (all & (1 << b) && !s.inContact(a, b)) return false;
      }
      return true;
    }
    let reached = 1 << u, frontier = 1 << u;
    while (frontier) {
      let next = 0;
      for (let a = 0; a < s.nUnits; a++) {
        if (!(frontier & (1 << a))) continue;
        for (let b = 0; b < s.nUnits; b++) {
          if (all & (1 << b) && !(reached & (1 << b)) && s.inContact(a, b)) next |= 1 << b;
        }
      }
      reached |= next;
      frontier = next;
    }
    return reached === all;
  }

  /**
   * Destinations for one movement mode (ground / hovering path; ground / air
   * destination): 8 directions at the full and half budget, contact with each
   * enemy, each enemy at 85% of the longest range, contact beside each friend,
   * behind each terrain piece, contact with the enemy headquarters. `few` (a
   * run): the 8 full-budget directions and the enemy approach points only.
   */
  private genCandidates(u: number, budget: number, flying: boolean, groundEnd: boolean, few: boolean): void {
    const s = this.s, T = s.table;
    const x0 = s.x[u], y0 = s.y[u], r = s.rad[u];
    const start = s.nCand;
    for (let k = 0; k < 8; k++) {
      const c = COS8[k], sn = SIN8[k];
      this.tryCand(u, x0 + c * budget, y0 + sn * budget, budget, flying, groundEnd, C_DIR, k, start);
      if (!few) this.tryCand(u, x0 + c * budget * 0.5, y0 + sn * budget * 0.5, budget, flying, groundEnd, C_DIR, k, start);
    }
    const e = 1 - s.side[u];
    const range = this.bestRange(u);
    let ex = 0, ey = 0, ne = 0;
    for (let v = s.sideStart[e]; v < s.sideStart[e] + s.sideCount[e]; v++) {
      if (!s.onTable(v)) continue;
      ex += s.x[v];
      ey += s.y[v];
      ne++;
      const dx = s.x[v] - x0, dy = s.y[v] - y0;
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d < EPS) continue;
      const ux = dx / d, uy = dy / d;
      const level = groundEnd ? !s.hover[v] : s.hover[v] === 1;
      if (level) {
        const want = r + s.rad[v] + T.gap * 0.5;
        if (d - want <= budget + EPS) this.tryCand(u, s.x[v] - ux * want, s.y[v] - uy * want, budget, flying, groundEnd, C_CONTACT_ENEMY, v, start);
      }
      if (range > 0) {
        const want = range * 0.85 + s.rad[v];
        if (d > want + 0.5) this.tryCand(u, s.x[v] - ux * want, s.y[v] - uy * want, budget, flying, groundEnd, C_STANDOFF, v, start);
      }
    }
    if (few) return;
    const side = s.side[u];
    for (let v = s.sideStart[side]; v < s.sideStart[side] + s.sideCount[side]; v++) {
      if (v === u || !s.onTable(v)) continue;
      const level = groundEnd ? !s.hover[v] : s.hover[v] === 1;
      if (!level) continue;
      const dx = x0 - s.x[v], dy = y0 - s.y[v];
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d < EPS) continue;
      const want = r + s.rad[v] + T.gap * 0.5;
      if (d - want > budget + EPS) continue;
      const ux = dx / d, uy = dy / d;
      for (let k = -1; k <= 1; k++) {
        const c = k === 0 ? 1 : COS60, sn = k * SIN60;
        const px = ux * c - uy * sn, py = ux * sn + uy * c;
        this.tryCand(u, s.x[v] + px * want, s.y[v] + py * want, budget, flying, groundEnd, C_CONTACT_FRIEND, v, start);
      }
    }
    if (groundEnd && !flying && ne > 0) {
      ex /= ne;
      ey /= ne;
      for (let i = 0; i < T.n; i++) {
        const cx = T.x[i] + T.w[i] / 2, cy = T.y[i] + T.h[i] / 2;
        const dx = cx - ex, dy = cy - ey;
        const d = Math.sqrt(dx * dx + dy * dy);
        if (d < EPS) continue;
        const hd = 0.5 * Math.sqrt(T.w[i] * T.w[i] + T.h[i] * T.h[i]) + r + 0.5;
        this.tryCand(u, cx + (dx / d) * hd, cy + (dy / d) * hd, budget, flying, groundEnd, C_COVER, i, start);
        if (T.kind[i] !== 0) this.tryCand(u, cx, cy, budget, flying, groundEnd, C_COVER, i, start);
      }
    }
    if (this.def.hq && groundEnd) {
      const hx = s.hqX[e], hy = s.hqY[e];
      const dx = hx - x0, dy = hy - y0;
      const d = Math.sqrt(dx * dx + dy * dy);
      const want = r + this.def.hq.radius + T.gap * 0.5;
      if (d > EPS && d - want <= budget + EPS) this.tryCand(u, hx - (dx / d) * want, hy - (dy / d) * want, budget, flying, groundEnd, C_HQ, e, start);
    }
  }

  /** Add a destination if it is legal (a directional or standoff point beyond the budget is shrunk toward u). */
  private tryCand(u: number, px: number, py: number, budget: number, flying: boolean, groundEnd: boolean, tag: number, ref: number, start: number): void {
    const s = this.s, T = s.table;
    if (s.nCand >= MAX_CAND) return;
    const x0 = s.x[u], y0 = s.y[u], r = s.rad[u];
    if (px < r) px = r;
    else if (px > T.width - r) px = T.width - r;
    if (py < r) py = r;
    else if (py > T.height - r) py = T.height - r;
    // Cover, contact and headquarters spots are only worth their tag where they are: never shrunk, skipped when out of reach.
    const shrink = tag === C_DIR || tag === C_STANDOFF;
    if (!shrink) {
      const dx = px - x0, dy = py - y0;
      if (dx * dx + dy * dy > (budget + EPS) * (budget + EPS)) return;
    }
    for (let attempt = 0; ; attempt++) {
      const cost = flying ? Math.sqrt((px - x0) * (px - x0) + (py - y0) * (py - y0)) : T.pathCost(x0, y0, px, py);
      if (cost <= budget + EPS) break;
      if (attempt >= 2 || !shrink) return;
      const f = (budget / cost) * 0.999;
      px = x0 + (px - x0) * f;
      py = y0 + (py - y0) * f;
    }
    const mdx = px - x0, mdy = py - y0;
    if (mdx * mdx + mdy * mdy < 0.0625 && !(flying !== !groundEnd)) return; // not a move (taking off or landing in place is)
    for (let c = start; c < s.nCand; c++) {
      if (Math.abs(s.candX[c] - px) < 0.3 && Math.abs(s.candY[c] - py) < 0.3) return;
    }
    if (!this.destOk(u, px, py, flying, groundEnd)) return;
    const c = s.nCand++;
    s.candX[c] = px;
    s.candY[c] = py;
    s.candTag[c] = tag;
    s.candRef[c] = ref;
  }

  /** Can u move (straight line) to (px, py)? `flying`: the path ignores terrain and ground bases; `groundEnd`: it ends on the ground. */
  destOk(u: number, px: number, py: number, flying: boolean, groundEnd: boolean): boolean {
    const s = this.s, T = s.table;
    const x0 = s.x[u], y0 = s.y[u], r = s.rad[u];
    if (!T.inBounds(px, py, r)) return false;
    if (groundEnd && T.onBlocking(px, py, r)) return false;
    const minX = x0 < px ? x0 : px, maxX = x0 < px ? px : x0, minY = y0 < py ? y0 : py, maxY = y0 < py ? py : y0;
    for (let v = 0; v < s.nUnits; v++) {
      if (v === u || !s.onTable(v)) continue;
      const vx = s.x[v], vy = s.y[v];
      const lim = r + s.rad[v];
      // Far from the whole move: neither the destination nor the path can touch it.
      if (vx + lim < minX || vx - lim > maxX || vy + lim < minY || vy - lim > maxY) continue;
      const lim2 = lim * lim - EPS;
      if ((groundEnd ? !s.hover[v] : s.hover[v]) && (px - vx) * (px - vx) + (py - vy) * (py - vy) < lim2) return false;
      if ((flying ? s.hover[v] : !s.hover[v]) && segPointDist2(x0, y0, px, py, vx, vy) < lim2) return false;
    }
    const hq = this.def.hq;
    if (hq) {
      const lim = r + hq.radius, lim2 = lim * lim - EPS;
      for (let h = 0; h < 2; h++) {
        if (groundEnd && (px - s.hqX[h]) * (px - s.hqX[h]) + (py - s.hqY[h]) * (py - s.hqY[h]) < lim2) return false;
        if (!flying && segPointDist2(x0, y0, px, py, s.hqX[h], s.hqY[h]) < lim2) return false;
      }
    }
    if (!flying && T.pathBlocked(x0, y0, px, py, r)) return false;
    return true;
  }

  /** Put unit m (just separated from a combination) in contact around lead `lead`'s position: the first free spot, nearest ring first. */
  private placeAround(m: number, lead: number): void {
    const s = this.s;
    this.placeNear(m, s.x[lead], s.y[lead], s.rad[lead] + s.rad[m] + s.table.gap * 0.5);
  }

  /** Put unit m at the first free spot on rings around (cx, cy), starting at distance d0 (0: the point itself first). */
  private placeNear(m: number, cx: number, cy: number, d0: number): void {
    const s = this.s;
    const ground = !s.hover[m];
    const base = s.side[m] === 0 ? Math.PI * 1.5 : Math.PI * 0.5; // toward the own table edge first
    if (d0 <= 0 && this.spotFree(m, cx, cy, ground)) {
      s.x[m] = cx;
      s.y[m] = cy;
      return;
    }
    for (let ring = 0; ring < 24; ring++) {
      const d = Math.max(d0, 0.5) + ring * 1.5;
      for (let j = 0; j < 12; j++) {
        const ang = base + ((j & 1 ? 1 : -1) * Math.ceil(j / 2) * Math.PI) / 6;
        const px = cx + Math.cos(ang) * d, py = cy + Math.sin(ang) * d;
        if (this.spotFree(m, px, py, ground)) {
          s.x[m] = px;
          s.y[m] = py;
          return;
        }
      }
    }
    s.x[m] = cx;
    s.y[m] = cy;
  }

  private spotFree(m: number, px: number, py: number, ground: boolean): boolean {
    const s = this.s, T = s.table, r = s.rad[m];
    if (!T.inBounds(px, py, r)) return false;
    if (ground && T.onBlocking(px, py, r)) return false;
    for (let v = 0; v < s.nUnits; v++) {
      if (v === m || !s.onTable(v) || (s.hover[v] === 1) !== !ground) continue;
      const lim = r + s.rad[v];
      if ((px - s.x[v]) * (px - s.x[v]) + (py - s.y[v]) * (py - s.y[v]) < lim * lim - EPS) return false;
    }
    const hq = this.def.hq;
    if (hq && ground) {
      for (let h = 0; h < 2; h++) {
        const lim = r + hq.radius;
        if ((px - s.hqX[h]) * (px - s.hqX[h]) + (py - s.hqY[h]) * (py - s.hqY[h]) < lim * lim - EPS) return false;
      }
    }
    return true;
  }

  // ───────────────────────── combat phase ─────────────────────────

  private combatPhase(side: number): void {
    const s = this.s;
    for (;;) {
      const n = this.genAttacks(side);
      if (n <= 1) break;
      s.actor = -1;
      const a = this.ask(side, D.D_ATTACK, n);
      if (D.atKind(a) === D.AK_END) break;
      this.execAttack(a);
      s.action = -1;
      if (s.over) return;
    }
    if (this.log && !s.over) this.say('  combat phase ends');
    this.fallChecks();
  }

  /** Can lead u shoot target t (a unit, or TARGET_HQ) with range `range`? Point-blank only at enemies in contact when u touches one. */
  canShoot(u: number, t: number, range: number): boolean {
    const s = this.s;
    const ec = s.enemiesInContact(u);
    if (t === D.TARGET_HQ) {
      if (ec > 0 || !this.def.hq) return false;
      const h = 1 - s.side[u];
      const dx = s.hqX[h] - s.x[u], dy = s.hqY[h] - s.y[u];
      if (Math.sqrt(dx * dx + dy * dy) - this.def.hq.radius > range + EPS) return false;
      return s.hover[u] === 1 || s.table.lineOfFire(s.x[u], s.y[u], s.hqX[h], s.hqY[h], this.def.hq.radius);
    }
    if (!s.onTable(t) || s.side[t] === s.side[u]) return false;
    if (ec > 0) return s.inContact(u, t);
    if (s.eq[t] & EQ_JAMMER) return false;
    if (s.dist(u, t) - s.rad[t] > range + EPS) return false;
    return s.hover[u] === 1 || s.hover[t] === 1 || s.table.lineOfFire(s.x[u], s.y[u], s.x[t], s.y[t], s.rad[t]);
  }

  /** Is target t (unit or TARGET_HQ) within melee reach (in contact) of lead u? */
  canMelee(u: number, t: number): boolean {
    const s = this.s;
    if (t === D.TARGET_HQ) return this.def.hq !== null && s.hqHp[1 - s.side[u]] > 0 && s.touchesHq(u, 1 - s.side[u]);
    return s.side[t] !== s.side[u] && s.inContact(u, t);
  }

  private push(n: number, a: number): number {
    if (n < LEGAL_MAX) this.legal[n] = a;
    return n < LEGAL_MAX ? n + 1 : n;
  }

  /** Targets of the enemy side: unit leads on the table, then the headquarters code. */
  private targetsOf(side: number, out: Int32Array): number {
    const n = this.unitLeadsOf(1 - side, out);
    if (this.def.hq && this.s.hqHp[1 - side] > 0) {
      out[n] = D.TARGET_HQ;
      return n + 1;
    }
    return n;
  }

  /** Legal attack actions of `side` (legal[0] = end of phase); returns the count. */
  genAttacks(side: number): number {
    const s = this.s;
    let n = 0;
    n = this.push(n, D.at(D.AK_END, 0));
    const targets = this.tgtBuf;
    const nt = this.targetsOf(side, targets);
    const throwPer = s.cat.base.throwRangePerAttack;
    for (let u = s.sideStart[side]; u < s.sideStart[side] + s.sideCount[side]; u++) {
      if (!s.canAttack(u)) continue;
      const nr = this.refsOf(u);
      const inContact = s.enemiesInContact(u) > 0;
      let usable = 0;
      let hasMelee = false;
      for (let i = 0; i < nr; i++) {
        const w = this.refs[i];
        const wi = s.weaponOf(w);
        let any = false;
        for (let j = 0; j < nt; j++) {
          const t = targets[j];
          if (this.wKind[wi] === MELEE) {
            if (this.canMelee(u, t)) {
              n = this.push(n, D.at(D.AK_MELEE, u, t, w));
              any = true;
            }
          } else if (this.canShoot(u, t, this.wRange[wi])) {
            n = this.push(n, D.at(D.AK_SHOOT, u, t, w));
            any = true;
          }
          if (this.wHands[wi] > 0 && this.canShoot(u, t, s.atk[u] * throwPer)) n = this.push(n, D.at(D.AK_THROW, u, t, w));
        }
        if (this.wKind[wi] === MELEE) hasMelee = true;
        if (any && i < 10) usable |= 1 << i;
      }
      for (let j = 0; j < nt; j++) {
        const t = targets[j];
        if (!this.canMelee(u, t)) continue;
        n = this.push(n, D.at(D.AK_PUNCH, u, t));
        if (s.legs[u]) n = this.push(n, D.at(D.AK_KICK, u, t));
      }
      // 複数攻撃: every subset of ≥ 2 usable weapons (identical weapons taken in order).
      if (usable && (usable & (usable - 1))) {
        for (let mask = usable; mask; mask = (mask - 1) & usable) {
          if (!(mask & (mask - 1))) continue;
          if (!this.canonical(mask, nr)) continue;
          n = this.push(n, D.at(D.AK_MULTI, u, 0, D.WR_NONE, mask));
        }
      }
      // 突撃: not already in contact; move into contact, then melee with a melee weapon.
      if (hasMelee && !inContact) {
        for (let j = 0; j < nt; j++) {
          const t = targets[j];
          if (!this.findChargeSpot(u, t)) continue;
          for (let i = 0; i < nr; i++) {
            const w = this.refs[i];
            if (this.wKind[s.weaponOf(w)] === MELEE) n = this.push(n, D.at(D.AK_CHARGE, u, t, w));
          }
        }
      }
    }
    n = this.genFormations(side, n, targets, nt);
    return n;
  }

  private readonly tgtBuf = new Int32Array(16);

  /** Skip a multi-attack mask that takes a later copy of a weapon but not an earlier copy (same weapon, same owner). */
  private canonical(mask: number, nr: number): boolean {
    const s = this.s;
    for (let j = 0; j < nr && j < 10; j++) {
      if (!(mask & (1 << j))) continue;
      const wj = s.weaponOf(this.refs[j]), oj = this.refs[j] >> 3;
      for (let i = 0; i < j; i++) {
        if (!(mask & (1 << i)) && s.weaponOf(this.refs[i]) === wj && this.refs[i] >> 3 === oj) return false;
      }
    }
    return true;
  }

  /** 陣形攻撃: main attacker, weapon, target and every set of eligible sub-attackers. */
  private genFormations(side: number, n: number, targets: Int32Array, nt: number): number {
    const s = this.s;
    const lo = s.sideStart[side], hi = lo + s.sideCount[side];
    let able = 0;
    for (let u = lo; u < hi; u++) if (s.canAttack(u)) able++;
    if (able < 2) return n;
    for (let j = 0; j < nt; j++) {
      const t = targets[j];
      // Which units meet the shooting / melee conditions against t.
      let shooters = 0, meleers = 0;
      for (let u = lo; u < hi; u++) {
        if (!s.canAttack(u)) continue;
        if (this.canMelee(u, t)) meleers |= 1 << u;
        const nr = this.refsOf(u);
        for (let i = 0; i < nr; i++) {
          const wi = s.weaponOf(this.refs[i]);
          if (this.wKind[wi] === RANGED && this.canShoot(u, t, this.wRange[wi])) {
            shooters |= 1 << u;
            break;
          }
        }
      }
      for (let form = 0; form < 2; form++) {
        const pool = form === 0 ? shooters : meleers;
        if (!(pool & (pool - 1))) continue;
        for (let u = lo; u < hi; u++) {
          if (!(pool & (1 << u))) continue;
          const subsPool = pool & ~(1 << u);
          // Main attacker's weapons for this form.
          const nr = this.refsOf(u);
          let k = 0;
          for (let i = 0; i < nr; i++) {
            const w = this.refs[i], wi = s.weaponOf(w);
            if (form === 0 ? this.wKind[wi] === RANGED && this.canShoot(u, t, this.wRange[wi]) : this.wKind[wi] === MELEE) this.scratch[k++] = w;
          }
          if (form === 1) {
            this.scratch[k++] = D.WR_PUNCH;
            if (s.legs[u]) this.scratch[k++] = D.WR_KICK;
          }
          for (let mask = subsPool; mask; mask = (mask - 1) & subsPool) {
            if (form === 0 && !this.connected(u, mask, this.pairwise)) continue;
            for (let i = 0; i < k; i++) n = this.push(n, D.at(form === 0 ? D.AK_FORM_SHOOT : D.AK_FORM_MELEE, u, t, this.scratch[i], mask));
          }
        }
      }
    }
    return n;
  }

  /**
   * A contact point next to t that lead u can reach with its movement in a
   * straight line (direct approach, then ±35°, ±70° around the target);
   * stored for the charge. Hovering units charge hovering targets only.
   */
  findChargeSpot(u: number, t: number): boolean {
    const s = this.s;
    let tx: number, ty: number, tr: number;
    if (t === D.TARGET_HQ) {
      if (!this.def.hq || s.hover[u]) return false;
      const h = 1 - s.side[u];
      if (s.hqHp[h] <= 0) return false;
      tx = s.hqX[h];
      ty = s.hqY[h];
      tr = this.def.hq.radius;
    } else {
      if (!s.onTable(t) || s.hover[t] !== s.hover[u]) return false;
      tx = s.x[t];
      ty = s.y[t];
      tr = s.rad[t];
    }
    const dx = s.x[u] - tx, dy = s.y[u] - ty;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d < EPS) return false;
    const want = s.rad[u] + tr + s.table.gap * 0.5;
    if (d - want > s.mv[u] + EPS) return false;
    const ux = dx / d, uy = dy / d;
    const flying = s.hover[u] === 1;
    for (let k = 0; k < 5; k++) {
      const ang = k === 0 ? 0 : (k & 1 ? 1 : -1) * (k <= 2 ? 0.6109 : 1.2217);
      const c = Math.cos(ang), sn = Math.sin(ang);
      const px = tx + (ux * c - uy * sn) * want, py = ty + (ux * sn + uy * c) * want;
      const cost = flying ? Math.sqrt((px - s.x[u]) ** 2 + (py - s.y[u]) ** 2) : s.table.pathCost(s.x[u], s.y[u], px, py);
      if (cost > s.mv[u] + EPS) continue;
      if (!this.destOk(u, px, py, flying, !flying)) continue;
      this.chargeX[u * 16 + t] = px;
      this.chargeY[u * 16 + t] = py;
      return true;
    }
    return false;
  }

  // ───────────────────────── attack actions ─────────────────────────

  private countAction(u: number): void {
    if (this.curType >= 0 && this.s.side[u] === 0) this.typeActions[this.curType]++;
  }

  /** 集中: declared before the dice; 1d6−2 (min 1) added to the attack rolls (RS-R10); a token that blocks attacks until removed. */
  private concentrate(u: number): void {
    const s = this.s;
    this.concLeft = 0;
    if (s.concTurn[u] !== 0) return;
    this.legal[0] = D.A_NO;
    this.legal[1] = D.A_YES;
    s.actor = u;
    if (this.ask(s.side[u], D.D_CONCENTRATE, 2) !== D.A_YES) return;
    const r = this.dice.d6();
    this.concLeft = Math.max(1, r - 2);
    s.concTurn[u] = s.turnNo[s.side[u]];
    if (this.log) this.say(`  ${s.name(u)} concentrates: d6=${r} −2 → +${this.concLeft} (token placed)`);
  }

  /** Split `units` bonus units of `each` points between attack and damage (D_SPLIT); returns the attack part. */
  private split(u: number, units: number, each: number, kind: number): number {
    const s = this.s;
    const per = this.splitPerPoint;
    const k = per ? units * each : units;
    for (let i = 0; i <= k; i++) this.legal[i] = i;
    s.actor = u;
    s.splitUnits = units;
    s.splitEach = each;
    s.splitKind = kind;
    const x = this.ask(s.side[u], D.D_SPLIT, k + 1);
    return per ? x : x * each;
  }

  /** The combination bonus (合体: members − 1, doubled when all the same size), split per attack action; returns [attack, damage] into this.bonus. */
  private combinationBonus(u: number): void {
    const s = this.s;
    this.bonusAtk = 0;
    this.bonusDmg = 0;
    if (s.nMembers[u] < 2) return;
    const each = s.sameSize[u] ? 2 : 1;
    const units = s.nMembers[u] - 1;
    const a = this.split(u, units, each, 2);
    this.bonusAtk = a;
    this.bonusDmg = units * each - a;
    if (this.log) this.say(`  combination bonus (${units} × ${each}): attack +${this.bonusAtk}, damage +${this.bonusDmg}`);
  }
  private bonusAtk = 0;
  private bonusDmg = 0;

  private execAttack(a: number): void {
    const s = this.s;
    const kind = D.atKind(a), u = D.atActor(a), t = D.atTarget(a), w = D.atWeapon(a), mask = D.atMask(a);
    const side = s.side[u];
    s.action = a;
    s.acted[u] = 1;
    switch (kind) {
      case D.AK_SHOOT:
      case D.AK_MELEE:
      case D.AK_PUNCH:
      case D.AK_KICK:
      case D.AK_THROW: {
        this.curType = kind === D.AK_SHOOT ? T_SHOOT : kind === D.AK_MELEE ? T_MELEE : kind === D.AK_PUNCH ? T_PUNCH : kind === D.AK_KICK ? T_KICK : T_THROW;
        this.countAction(u);
        const ww = kind === D.AK_PUNCH ? D.WR_PUNCH : kind === D.AK_KICK ? D.WR_KICK : w;
        const shooting = kind === D.AK_SHOOT || kind === D.AK_THROW;
        const pb = shooting && s.enemiesInContact(u) > 0;
        if (this.log) this.say(`  ${s.name(u)} ${kind === D.AK_THROW ? 'throws' : D.ATTACK_KIND_NAMES[kind] + 's'}${kind === D.AK_PUNCH || kind === D.AK_KICK ? '' : ` (${this.weaponName(w)})`} at ${this.targetName(t, side)}${pb ? ' point-blank' : ''}`);
        this.concentrate(u);
        this.combinationBonus(u);
        this.attack(u, ww, t, (shooting ? O_SHOOT : 0) | (pb ? O_POINT_BLANK : 0), this.bonusAtk, this.bonusDmg, kind === D.AK_THROW);
        if (kind === D.AK_THROW) this.dropThrown(u, w, t);
        break;
      }
      case D.AK_MULTI: {
        this.curType = T_MULTI;
        this.countAction(u);
        const nr = this.refsOf(u);
        let k = 0;
        for (let i = 0; i < nr && i < 10; i++) if (mask & (1 << i)) this.scratch2[k++] = this.refs[i];
        const ws = this.multiBuf;
        for (let i = 0; i < k; i++) ws[i] = this.scratch2[i];
        if (this.log) this.say(`  ${s.name(u)} multi-attacks with ${k} weapons (each −${k - 1}): ${Array.from(ws.subarray(0, k), (x) => this.weaponName(x)).join(', ')}`);
        this.concentrate(u);
        this.combinationBonus(u);
        const tg = this.tgtBuf2;
        for (let i = 0; i < k && !s.over && s.onTable(u); i++) {
          const wr = ws[i];
          const wi = s.weaponOf(wr);
          if (wi < 0) continue;
          const nt = this.targetsOf(side, tg);
          let m = 0;
          for (let j = 0; j < nt; j++) {
            const ok = this.wKind[wi] === MELEE ? this.canMelee(u, tg[j]) : this.canShoot(u, tg[j], this.wRange[wi]);
            if (ok) this.legal[m++] = tg[j];
          }
          if (m === 0) {
            if (this.log) this.say(`    ${this.weaponName(wr)}: no target left`);
            continue;
          }
          s.weaponRef = wr;
          s.actor = u;
          const tt = this.ask(side, D.D_MULTI_TARGET, m);
          const shooting = this.wKind[wi] === RANGED;
          const pb = shooting && s.enemiesInContact(u) > 0;
          if (this.log) this.say(`    ${this.weaponName(wr)} at ${this.targetName(tt, side)}${pb ? ' point-blank' : ''}`);
          this.attack(u, wr, tt, (shooting ? O_SHOOT : 0) | (pb ? O_POINT_BLANK : 0), this.bonusAtk - (k - 1), this.bonusDmg, false);
        }
        s.weaponRef = -1;
        break;
      }
      case D.AK_FORM_SHOOT:
      case D.AK_FORM_MELEE: {
        this.curType = T_FORMATION;
        this.countAction(u);
        let subs = 0, same = 1;
        const names: string[] = [];
        for (let v = 0; v < s.nUnits; v++) {
          if (!(mask & (1 << v))) continue;
          subs++;
          if (s.size[v] !== s.size[u]) same = 0;
          if (this.log) names.push(s.name(v));
        }
        const each = same ? 2 : 1;
        if (same && side === 0) this.formationDoubled++;
        const shooting = kind === D.AK_FORM_SHOOT;
        const pb = shooting && s.enemiesInContact(u) > 0;
        if (this.log) this.say(`  ${s.name(u)} leads a ${shooting ? 'shooting' : 'melee'} formation (${this.weaponName(w)}) at ${this.targetName(t, side)} with ${names.join(', ')}: ${subs} sub-attacker${subs > 1 ? 's' : ''} × ${each}${same ? ' (all the same size: doubled)' : ''}${pb ? ', point-blank' : ''}`);
        this.concentrate(u);
        const fa = this.split(u, subs, each, 1);
        const fd = subs * each - fa;
        if (this.log) this.say(`  formation bonus: attack +${fa}, damage +${fd}`);
        this.combinationBonus(u);
        this.attack(u, w, t, (shooting ? O_SHOOT : 0) | (pb ? O_POINT_BLANK : 0), fa + this.bonusAtk, fd + this.bonusDmg, false);
        break;
      }
      case D.AK_CHARGE:
        this.charge(u, t, w);
        break;
      default:
        throw new Error(`unknown attack action ${a}`);
    }
    this.curType = -1;
    this.concLeft = 0;
  }

  private readonly tgtBuf2 = new Int32Array(16);
  private readonly multiBuf = new Int32Array(16);
  private readonly freeBuf = new Int32Array(MAX_UNITS);

  /** 突撃 with 迎撃. */
  private charge(u: number, t: number, w: number): void {
    const s = this.s, side = s.side[u];
    this.curType = T_CHARGE;
    this.countAction(u);
    const px = this.chargeX[u * 16 + t], py = this.chargeY[u * 16 + t];
    if (this.log) this.say(`  ${s.name(u)} charges ${this.targetName(t, side)} (${this.weaponName(w)})`);
    this.concentrate(u);
    const concCharge = this.concLeft;
    // 迎撃: a target with a ranged weapon, not in contact with an enemy before the charge; not at a jammer (not point-blank).
    let iw = D.WR_NONE;
    if (t !== D.TARGET_HQ && s.concTurn[t] === 0 && s.enemiesInContact(t) === 0 && !(s.eq[u] & EQ_JAMMER)) {
      const nr = this.refsOf(t);
      let n = 0;
      this.legal[n++] = D.WR_NONE;
      for (let i = 0; i < nr; i++) if (this.wKind[s.weaponOf(this.refs[i])] === RANGED) this.legal[n++] = this.refs[i];
      if (n > 1) {
        s.actor = t;
        s.target = u;
        iw = this.ask(1 - side, D.D_INTERCEPT, n);
      }
    }
    const from = this.log ? this.pos(u) : '';
    s.x[u] = px;
    s.y[u] = py;
    if (this.log) this.say(`  ${s.name(u)} moves ${from} → ${this.pos(u)} into contact`);
    // The interceptor's roll comes now; its damage after the charge is resolved.
    let iRes = R_MISS, iVictim = -1;
    if (iw !== D.WR_NONE) {
      const prev = this.curType;
      this.curType = T_INTERCEPT;
      this.countAction(t);
      this.concLeft = 0;
      if (this.log) this.say(`  ${s.name(t)} intercepts with ${this.weaponName(iw)} (terrain ignored; damage after the charge)`);
      iRes = this.roll(t, iw, u, O_SHOOT | O_IGNORE_TERRAIN, 0);
      iVictim = iRes === R_FRIENDLY ? this.lastFriend : u;
      this.curType = prev;
    }
    this.concLeft = concCharge;
    if (!s.over && s.onTable(u)) {
      this.combinationBonus(u);
      if (!s.over) this.attack(u, w, t, 0, this.bonusAtk, this.bonusDmg, false);
    }
    if (!s.over && s.alive[u]) {
      if (this.log) this.say(`  ${s.name(u)} takes 1 unpreventable damage from the charge`);
      this.selfHit(s.group[u] === u ? u : s.group[u], 1);
    }
    if (!s.over && iRes !== R_MISS && iRes !== R_FUMBLE) {
      const victim = iVictim;
      if (s.alive[victim]) {
        const lead = s.group[victim];
        const prev = this.curType;
        this.curType = T_INTERCEPT;
        if (this.log) this.say(`  the interception hits ${s.name(lead)}`);
        this.hit(t, iw, lead, iRes === R_CRIT, 0, false, iRes === R_FRIENDLY);
        this.curType = prev;
      }
    }
  }

  /** The thrown weapon leaves the thrower and lies on the ground touching the target (投擲). */
  private dropThrown(u: number, w: number, t: number): void {
    const s = this.s;
    const owner = w >> 3, slot = w & 7;
    const base = (owner * 2 + s.form[owner]) * MAX_CARRY;
    const wi = s.carry[base + slot];
    if (wi < 0) return;
    s.carry[base + slot] = -1;
    this.moveAdj[owner * 2 + s.form[owner]] -= this.wMoveMod[wi];
    if (s.alive[owner]) this.refresh(s.group[owner]);
    if (s.nItems >= MAX_ITEMS) return;
    let tx: number, ty: number, tr: number;
    if (t === D.TARGET_HQ) {
      const h = 1 - s.side[u];
      tx = s.hqX[h];
      ty = s.hqY[h];
      tr = this.def.hq!.radius;
    } else {
      tx = s.x[t];
      ty = s.y[t];
      tr = s.rad[t];
    }
    const dx = s.x[u] - tx, dy = s.y[u] - ty;
    const d = Math.sqrt(dx * dx + dy * dy) || 1;
    const i = s.nItems++;
    s.itemW[i] = wi;
    s.itemX[i] = tx + (dx / d) * (tr + 0.5);
    s.itemY[i] = ty + (dy / d) * (tr + 0.5);
    if (this.log) this.say(`    the ${this.wName[wi]} lies at (${f1(s.itemX[i])}, ${f1(s.itemY[i])})`);
  }

  /** One attack roll and, on a hit, its damage. */
  private attack(u: number, w: number, t: number, opts: number, atkMod: number, dmgBonus: number, thrown: boolean): void {
    const s = this.s;
    const res = this.roll(u, w, t, opts, atkMod);
    if (s.over) return;
    if (res === R_HIT || res === R_CRIT) this.hit(u, w, t, res === R_CRIT, dmgBonus, thrown, false);
    else if (res === R_FRIENDLY) this.hit(u, w, s.group[this.lastFriend], false, dmgBonus, thrown, true);
    if (w === D.WR_KICK && this.fallFaces > 0) {
      this.fallPending[u] = 1;
      if ((res === R_HIT || res === R_CRIT) && t !== D.TARGET_HQ) this.fallPending[t] = 1;
    }
  }

  /** Friends of u's side (other than u) in contact with enemy unit t. */
  private touchingFriends(u: number, t: number): number {
    const s = this.s;
    if (t === D.TARGET_HQ) return 0;
    const side = s.side[u];
    let k = 0;
    for (let v = s.sideStart[side]; v < s.sideStart[side] + s.sideCount[side]; v++) if (v !== u && s.inContact(v, t)) this.scratch[k++] = v;
    return k;
  }

  /** 誤射判定: 1d6, 1–2 hits a random friend touching the target. Returns the friend or −1. */
  private friendlyFireCheck(u: number, t: number): number {
    const s = this.s;
    const k = this.touchingFriends(u, t);
    if (k === 0) return -1;
    const r = this.dice.d6();
    let f = -1;
    if (r <= 2) f = this.scratch[k === 1 ? 0 : this.dice.below(k)];
    if (this.log) this.say(`    friendly-fire check (${k} friend${k > 1 ? 's' : ''} touching): d6=${r}${f >= 0 ? ` → hits ${s.name(f)}` : ' → clear'}`);
    return f;
  }

  /**
   * The attack roll: attack value + 2D6 + modifiers ≥ defence. 6-6 (before
   * modifiers) always hits and is a critical; 1-1 always misses and is a fumble
   * (1 unpreventable damage; point-blank: plus the weapon's damage).
   */
  private roll(u: number, w: number, t: number, opts: number, atkMod: number): number {
    const s = this.s;
    const shooting = (opts & O_SHOOT) !== 0;
    const checkFF = shooting && !(opts & (O_POINT_BLANK | O_FREE));
    if (checkFF && this.ffBefore) {
      const f = this.friendlyFireCheck(u, t);
      if (f >= 0) {
        this.lastFriend = f;
        return R_FRIENDLY;
      }
    }
    const d1 = this.dice.d6(), d2 = this.dice.d6();
    const conc = this.concLeft;
    if (!this.concAction) this.concLeft = 0;
    const sit = situationalModifier(s, u, t === D.TARGET_HQ ? -1 : t, shooting, (opts & O_POINT_BLANK) !== 0, (opts & O_IGNORE_TERRAIN) !== 0);
    const mod = atkMod + sit + conc;
    const atk = s.atk[u];
    const def = t === D.TARGET_HQ ? this.def.hq!.defence : s.dfn[t];
    const total = atk + d1 + d2 + mod;
    const crit = d1 === 6 && d2 === 6, fumble = d1 === 1 && d2 === 1;
    const hit = crit || (!fumble && total >= def);
    if (this.log) this.say(`    roll: ${atk} + 2d6=${d1}+${d2} ${sgn(mod)} → ${total} vs defence ${def}: ${crit ? 'CRITICAL' : fumble ? 'FUMBLE' : hit ? 'hit' : 'miss'}`);
    if (fumble) {
      this.fumble(u, w, opts);
      return R_FUMBLE;
    }
    if (!hit) return R_MISS;
    if (checkFF && !this.ffBefore) {
      const f = this.friendlyFireCheck(u, t);
      if (f >= 0) {
        this.lastFriend = f;
        return R_FRIENDLY;
      }
    }
    return crit ? R_CRIT : R_HIT;
  }

  private damageExpr(w: number, thrown: boolean): DamageExpr {
    if (w === D.WR_PUNCH) return PUNCH_DAMAGE;
    if (w === D.WR_KICK) return KICK_DAMAGE;
    const wi = this.s.weaponOf(w);
    if (thrown) return this.wKind[wi] === MELEE ? this.wDmg[wi] : THROWN_ITEM_DAMAGE;
    return this.wDmg[wi];
  }

  private rollDamage(d: DamageExpr, maxDice: boolean): number {
    let v = d.bonus;
    for (let k = 0; k < d.dice; k++) v += maxDice ? 6 : this.dice.d6();
    return v < d.min ? d.min : v;
  }

  private fumble(u: number, w: number, opts: number): void {
    const s = this.s;
    if (this.log) this.say(`    ${s.name(u)} fumbles: 1 unpreventable damage`);
    let n = 1;
    if (opts & O_POINT_BLANK) {
      const extra = this.rollDamage(this.damageExpr(w, false), false);
      if (this.log) this.say(`    point-blank fumble: plus the ${this.weaponName(w)}'s damage ${extra}`);
      n += extra;
    }
    this.selfHit(u, n);
  }

  /**
   * A hit on lead `t` (or the headquarters): the critical effect (D_CRITICAL),
   * the damage roll, then the target's defensive equipment — clone (5–6 cancels),
   * anti-EN field (EN damage −2), heavy armour (−max(1, 1d6−2), RS-R07).
   */
  private hit(u: number, w: number, t: number, crit: boolean, dmgBonus: number, thrown: boolean, friendly: boolean): void {
    const s = this.s;
    const expr = this.damageExpr(w, thrown);
    const en = w !== D.WR_PUNCH && w !== D.WR_KICK && this.wEn[s.weaponOf(w)] === 1;
    let plus = 0, maxDice = false, ignore = -1;
    const hq = t === D.TARGET_HQ;
    if (crit) {
      let n = 0;
      this.legal[n++] = D.CR_PLUS_ONE;
      const eq = hq ? 0 : s.eq[t];
      if (eq & EQ_HEAVY_ARMOUR) this.legal[n++] = D.CR_IGNORE_ARMOUR;
      if (eq & EQ_CLONE) this.legal[n++] = D.CR_IGNORE_CLONE;
      if (eq & EQ_ANTI_EN && en) this.legal[n++] = D.CR_IGNORE_ANTI_EN;
      if (expr.dice > 0) this.legal[n++] = D.CR_MAX_DICE;
      s.actor = u;
      s.target = hq ? -1 : t;
      s.weaponRef = w;
      const c = this.ask(s.side[u], D.D_CRITICAL, n);
      if (c === D.CR_PLUS_ONE) plus = 1;
      else if (c === D.CR_MAX_DICE) maxDice = true;
      else ignore = c;
      if (this.log) this.say(`    critical effect: ${D.CRITICAL_NAMES[c]}`);
    }
    let dmg = this.rollDamage(expr, maxDice) + plus + dmgBonus;
    const side = s.side[u];
    if (hq) {
      const h = 1 - side;
      const before = s.hqHp[h];
      s.hqHp[h] = Math.max(0, before - dmg);
      if (this.log) this.say(`    → ${this.targetName(t, side)}: ${dmg} damage, hp ${before} → ${s.hqHp[h]}`);
      this.countDamage(u, dmg, false);
      this.checkEnd();
      return;
    }
    const eq = s.eq[t];
    let note = '';
    if (eq & EQ_CLONE && ignore !== D.CR_IGNORE_CLONE) {
      const r = this.dice.d6();
      if (r >= 5) {
        if (this.log) this.say(`    ${s.name(t)}'s clone: d6=${r} → the hit is cancelled`);
        return;
      }
      note += ` clone d6=${r} holds;`;
    }
    if (eq & EQ_ANTI_EN && en && ignore !== D.CR_IGNORE_ANTI_EN) {
      const cut = this.def.catalogue.base.antiEnReduction;
      dmg = Math.max(0, dmg - cut);
      note += ` anti-EN −${cut};`;
    }
    if (eq & EQ_HEAVY_ARMOUR && ignore !== D.CR_IGNORE_ARMOUR) {
      const r = this.dice.d6();
      const red = Math.max(1, r - 2);
      const after = dmg - red;
      const nd = this.armourMin1 && dmg >= 1 ? Math.max(1, after) : Math.max(0, after);
      note += ` heavy armour d6=${r} → −${red};`;
      dmg = nd;
    }
    if (this.log) this.say(`    → ${s.name(t)}${friendly ? ' (friendly fire)' : ''}: ${dmg} damage${note ? ` (${note.trim().replace(/;$/, '')})` : ''}`);
    this.countDamage(u, dmg, s.side[t] === side);
    this.applyDamage(t, dmg);
  }

  private countDamage(u: number, dmg: number, friendly: boolean): void {
    if (this.curType >= 0 && this.s.side[u] === 0 && !friendly) this.typeDamage[this.curType] += dmg;
  }

  /** Unpreventable damage to u's own combination (running, charging, fumbling). */
  private selfHit(u: number, n: number): void {
    const s = this.s;
    const lead = s.group[u];
    if (!s.alive[lead]) return;
    if (s.side[lead] === 0) this.selfDamage += n;
    this.applyDamage(lead, n);
  }

  /** Damage to every member of lead t's combination (合体: each takes it); destroyed units leave; a broken combination ends. */
  private applyDamage(t: number, n: number): void {
    const s = this.s;
    if (n <= 0) return;
    let died = false, members = 0;
    for (let m = 0; m < s.nUnits; m++) {
      if (!s.alive[m] || s.group[m] !== t) continue;
      members++;
      const before = s.hp[m];
      s.hp[m] = Math.max(0, before - n);
      if (this.log) this.say(`    ${s.name(m)}: hp ${before} → ${s.hp[m]}${s.hp[m] === 0 ? ' — destroyed' : ''}`);
      if (s.hp[m] === 0) {
        s.alive[m] = 0;
        s.stealth[m] = 0;
        died = true;
      }
    }
    if (died && members > 1) this.dissolve(t);
    this.checkEnd();
  }

  /** A combination one of whose units was destroyed ends at once; the survivors stand around its place. */
  private dissolve(t: number): void {
    const s = this.s;
    let k = 0;
    for (let m = 0; m < s.nUnits; m++) if (s.alive[m] && s.group[m] === t) this.dissolveBuf[k++] = m;
    if (k === 0) return;
    const lead = s.alive[t] ? t : this.dissolveBuf[0];
    for (let i = 0; i < k; i++) {
      const m = this.dissolveBuf[i];
      s.group[m] = m;
      s.hover[m] = s.hover[t];
      s.moved[m] = s.moved[t];
      s.acted[m] = s.acted[t];
      s.noAttack[m] = s.noAttack[t];
      s.concTurn[m] = s.concTurn[t];
      s.stealth[m] = 0;
      if (m !== lead) {
        // Not on the table yet: NaN positions block nothing until each is placed below.
        s.x[m] = NaN;
        s.y[m] = NaN;
      }
    }
    const cx = s.x[t], cy = s.y[t];
    this.refresh(lead);
    // The new lead may be larger than the old one's base: it stands at the nearest free spot.
    if (lead !== t) this.placeNear(lead, cx, cy, 0);
    for (let i = 0; i < k; i++) {
      const m = this.dissolveBuf[i];
      if (m === lead) continue;
      this.refresh(m);
      this.placeAround(m, lead);
    }
    if (this.log) this.say('    the combination ends');
  }
  private readonly dissolveBuf = new Int32Array(MAX_UNITS);

  private checkEnd(): void {
    const s = this.s;
    if (s.over) return;
    if (this.def.hq) {
      for (let h = 0; h < 2; h++) {
        if (s.hqHp[h] <= 0) {
          s.over = true;
          s.winner = 1 - h;
          s.endReason = END_HQ;
          if (this.log) this.say(`  the ${h === 0 ? 'subject' : 'reference'}'s headquarters is destroyed`);
          return;
        }
      }
    }
    const a = s.unitsAlive(0), b = s.unitsAlive(1);
    if (a === 0 || b === 0) {
      s.over = true;
      s.winner = a === 0 && b === 0 ? -1 : a === 0 ? 1 : 0;
      s.endReason = END_ANNIHILATION;
      if (this.log) this.say(`  ${a === 0 && b === 0 ? 'both sides are' : a === 0 ? 'the subject is' : 'the reference is'} wiped out`);
    }
  }

  /** 転倒判定 after the phase for kickers and kicked units (RS-R08). */
  private fallChecks(): void {
    const s = this.s;
    if (this.fallFaces === 0) return;
    for (let u = 0; u < s.nUnits; u++) {
      if (!this.fallPending[u]) continue;
      this.fallPending[u] = 0;
      if (!s.alive[u] || s.over) continue;
      const r = this.dice.d6();
      const falls = r <= this.fallFaces;
      const lead = s.group[u];
      if (falls) s.fallen[lead] = 1;
      if (this.log) this.say(`  ${s.name(u)} fall check: d6=${r} → ${falls ? 'falls (stands up with its next movement action)' : 'stays up'}`);
    }
  }
}
