/**
 * The robot-skirmish engine's state, rulings and the helpers every rule area uses: the replay log,
 * the policies' decisions, a combination's values (合体), weapon references, damage to units and
 * the end-of-game checks, and placing bases.
 *
 * Seed 000 2−2 ターン進行 (the state the phases share), ◆合体/分離 (a combination uses its best values;
 * 攻撃を受けた場合はそれぞれのユニットがダメージ; 破壊された場合、直ちに合体は終了), 2−2−4 戦闘終了
 * (a headquarters destroyed, a side wiped out).
 * One layer of the engine's class chain (game-core → game-move-candidates → game-movement → game-attacks → game-formations → game-charges → game.ts):
 * each file adds one rule area.
 */

import { RngDice, type Dice } from '../../sim/core/dice.js';
import type { GameLog, GameRecord } from '../../sim/core/types.js';
import { narrate, narrateText } from '../../sim/core/narrate.js';
import type { MessageId } from '../../i18n/messages-en.js';
import type { MsgParams } from '../../i18n/t.js';
import { RANGED, type DamageExpr } from './catalogue.js';
import type { RsGameDef, RsVariant } from './config.js';
import * as D from './decisions.js';
import { deployPositions } from './geometry.js';
import { RsLuck } from './luck.js';
import { END_ANNIHILATION, END_HQ, MAX_CARRY, MAX_UNITS, RsState } from './state.js';
import type { RsPolicy } from './decisions.js';
export const LEGAL_MAX = 8192;

/**
 * `dice_streams: keyed`: stream tags (initiative, a turn's phase-and-unit rolls, the time limit's tie-break) and
 * the range of a game's key. Keyed streams nest at most this deep (an attack inside a movement action).
 */
const TAG_INITIATIVE = 0x1b171, TAG_TURN = 0x7a4e5, TAG_TIEBREAK = 0x71eb4, KEY_RANGE = 0x40000000, KEY_DEPTH = 4;
/** The phases a keyed stream is keyed by (with the turn and the unit). */
export const KP_REPAIR = 0, KP_MOVE = 1, KP_ATTACK = 2, KP_FALL = 3;
export const EPS = 1e-6;

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
export const R_MISS = 0, R_HIT = 1, R_CRIT = 2, R_FUMBLE = 3, R_FRIENDLY = 4;
/** Options of an attack roll. */
export const O_SHOOT = 1, O_POINT_BLANK = 2, O_FREE = 4, O_IGNORE_TERRAIN = 8;

/** A modifier for the replay log: +2, −1, +0. */
export function sgn(m: number): string {
  return m < 0 ? `−${-m}` : `+${m}`;
}
/** A coordinate for the replay log. */
export function f1(x: number): string {
  return x.toFixed(1);
}

export abstract class RsCore {
  readonly s: RsState;

  /** The legal actions of the current decision (first `nLegal`). */
  readonly legal = new Int32Array(LEGAL_MAX);
  nLegal = 0;
  protected dice!: Dice;
  protected pdice!: Dice;
  /** `dice_streams: keyed`: reused generators, one per nesting level (null: sequential), the depth in use, and this game's key. */
  private readonly keyedPool: RngDice[] | null;
  private keyDepth = 0;
  private gameKey = 0;
  /** Draws taken from the keyed streams closed so far (see drawsSoFar). */
  private keyedDraws = 0;
  /** The game after its opening move phase, per first side (see saveOpening); null: not remembered yet. */
  private readonly openings: [Opening | null, Opening | null] = [null, null];
  protected log: GameLog | null = null;
  protected rec: GameRecord | null = null;
  protected readonly wKind: Int8Array;
  protected readonly wRange: Float64Array;
  protected readonly wHands: Int8Array;
  protected readonly wEn: Uint8Array;
  protected readonly wMoveMod: Float64Array;
  protected readonly wDmg: DamageExpr[];
  protected readonly wName: string[];
  protected readonly initiative: number;
  protected readonly freeEach: boolean;
  protected readonly failedStays: boolean;
  protected readonly ffBefore: boolean;
  protected readonly splitPerPoint: boolean;
  protected readonly pairwise: boolean;
  protected readonly armourMin1: boolean;
  protected readonly fallFaces: number;
  protected readonly tieDice: boolean;
  protected readonly concAction: boolean;
  protected readonly deployX = new Float64Array(MAX_UNITS);
  protected readonly deployY = new Float64Array(MAX_UNITS);
  protected readonly refs = new Int32Array(64);
  protected readonly scratch = new Int32Array(64);
  protected readonly scratch2 = new Int32Array(64);

  /** Movement modifiers from weapons thrown or picked up, per unit and form. */
  protected readonly moveAdj = new Float64Array(MAX_UNITS * 2);
  protected readonly fallPending = new Uint8Array(MAX_UNITS);

  /** Concentration value still to add to this action's rolls. */
  protected concLeft = 0;

  /** Attack type of the action being resolved (for the statistics), −1 for none. */
  protected curType = -1;
  protected readonly typeActions = new Float64Array(ATTACK_TYPES.length);
  protected readonly typeDamage = new Float64Array(ATTACK_TYPES.length);
  protected selfDamage = 0;
  protected formationDoubled = 0;

  /** Last attrition step written. */
  protected lastStep = -1;

  /** The friend a friendly-fire check picked (roll() returned R_FRIENDLY). */
  protected lastFriend = -1;

  /** The luck terms (zero-mean control variates, luck.ts); written only while {@link lucky}. */
  protected readonly luck: RsLuck;
  /** This game's record takes controls (rec.controls non-empty): the luck terms are summed. */
  protected lucky = false;

  constructor(readonly def: RsGameDef, readonly variant: RsVariant, protected readonly policies: readonly [RsPolicy, RsPolicy]) {
    const s = (this.s = new RsState(def));
    const cat = def.catalogue;
    this.wKind = Int8Array.from(cat.weapons, (w) => w.kind);
    this.wRange = Float64Array.from(cat.weapons, (w) => w.range);
    this.wHands = Int8Array.from(cat.weapons, (w) => w.hands);
    this.wEn = Uint8Array.from(cat.weapons, (w) => (w.en ? 1 : 0));
    this.wMoveMod = Float64Array.from(cat.weapons, (w) => w.moveMod);
    this.wDmg = cat.weapons.map((w) => w.damage);
    this.wName = cat.weapons.map((w) => w.id);
    this.keyedPool = def.diceStreams === 'keyed' ? Array.from({ length: KEY_DEPTH }, () => new RngDice()) : null;
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
    this.luck = new RsLuck(s, def, this.armourMin1);
  }

  /** The raw luck of the game just played (luck.ts LUCK_RAW slots; measurement scripts and tests). */
  get luckRaw(): Float64Array {
    return this.luck.raw;
  }

  // ───────────────────────── helpers ─────────────────────────

  /** Narrate message `id` in the replay's language (call only under `if (this.log)`). */
  protected say(id: MessageId, params?: MsgParams): void {
    narrate(this.log!, id, params);
  }

  /** A narration fragment in the replay's language (only while a log is open). */
  protected tx(id: MessageId, params?: MsgParams): string {
    return narrateText(this.log!, id, params);
  }

  /** Ask `side`'s policy; a single legal action is taken without asking. */
  /**
   * `dice_streams: keyed`: the game's key, the first draw of its sequential stream (the same in every variant of
   * game i), and no keyed stream open. Nothing with sequential streams.
   */
  protected beginKeyed(): void {
    if (this.keyedPool === null) return;
    this.gameKey = this.dice.below(KEY_RANGE);
    this.keyDepth = 0;
    this.keyedDraws = 0;
  }

  /**
   * `dice_streams: keyed`: the rules' dice become the stream of (this game's key, `key`, `tag`) until
   * {@link keyEnd} with the returned previous dice; null (nothing changed) with sequential streams.
   */
  private keyOpen(tag: number, key: number): Dice | null {
    const pool = this.keyedPool;
    if (pool === null) return null;
    if (this.keyDepth >= KEY_DEPTH) throw new Error('keyed dice streams nested too deep');
    const k = pool[this.keyDepth++];
    k.resetStream(this.gameKey, key, tag);
    const prev = this.dice;
    this.dice = k;
    return prev;
  }

  /**
   * Keyed dice for phase `phase` (KP_*) of unit u in the current turn of `side` (see {@link keyOpen}). The unit is
   * keyed by its side and its place in its army, so the reference's units keep their keys whatever the subject's
   * army size.
   */
  protected keyTurn(side: number, phase: number, u: number): Dice | null {
    if (this.keyedPool === null) return null;
    const s = this.s, us = s.side[u];
    const slot = us * (MAX_UNITS >> 1) + u - s.sideStart[us];
    return this.keyOpen(TAG_TURN, ((s.turnNo[side] * 2 + side) * 4 + phase) * MAX_UNITS + slot);
  }

  /** Keyed dice for the initiative roll-off. */
  protected keyInitiative(): Dice | null {
    return this.keyOpen(TAG_INITIATIVE, 0);
  }

  /** Keyed dice for the time limit's tie-break. */
  protected keyTiebreak(): Dice | null {
    return this.keyOpen(TAG_TIEBREAK, 0);
  }

  /** Back to the dice before the matching keyTurn / keyInitiative / keyTiebreak (null: nothing was opened). */
  protected keyEnd(prev: Dice | null): void {
    if (prev === null) return;
    this.keyedDraws += this.dice.draws;
    this.dice = prev;
    this.keyDepth--;
  }

  /**
   * Every draw of this game so far, from the rules' streams and the policies' (outside a keyed stream: those open
   * are counted when they close). Equal at two moments: nothing random happened in between.
   */
  protected drawsSoFar(): number {
    return this.dice.draws + this.pdice.draws + this.keyedDraws;
  }

  /**
   * Remember the game as it stands (after the opening move phase of first side `side`): the state and this engine's
   * per-game fields. The other layers' fields are scratch or caches checked against their keys.
   */
  protected saveOpening(side: number): void {
    const o = (this.openings[side] ??= new Opening(this.def));
    o.s.copyGameFrom(this.s);
    copyElements(o.moveAdj, this.moveAdj);
    copyElements(o.fallPending, this.fallPending);
    copyElements(o.typeActions, this.typeActions);
    copyElements(o.typeDamage, this.typeDamage);
    o.selfDamage = this.selfDamage;
    o.formationDoubled = this.formationDoubled;
    o.lastStep = this.lastStep;
    o.concLeft = this.concLeft;
    o.curType = this.curType;
    o.lastFriend = this.lastFriend;
  }

  /** Put back the game saveOpening remembered for first side `side`; false (nothing changed) when there is none. */
  protected restoreOpening(side: number): boolean {
    const o = this.openings[side];
    if (o === null) return false;
    this.s.copyGameFrom(o.s);
    copyElements(this.moveAdj, o.moveAdj);
    copyElements(this.fallPending, o.fallPending);
    copyElements(this.typeActions, o.typeActions);
    copyElements(this.typeDamage, o.typeDamage);
    this.selfDamage = o.selfDamage;
    this.formationDoubled = o.formationDoubled;
    this.lastStep = o.lastStep;
    this.concLeft = o.concLeft;
    this.curType = o.curType;
    this.lastFriend = o.lastFriend;
    return true;
  }

  protected ask(side: number, decision: number, n: number): number {
    this.nLegal = n;
    if (n === 1) return this.legal[0];
    if (n < 1) throw new Error(`no legal action at decision ${D.DECISION_NAMES[decision]}`);
    this.s.me = side;
    const a = this.policies[side].decide(decision, this.s, this.legal, n, this.pdice);
    for (let i = 0; i < n; i++) if (this.legal[i] === a) return a;
    throw new Error(`policy returned illegal action ${a} at decision ${D.DECISION_NAMES[decision]}`);
  }

  protected pos(u: number): string {
    return `(${f1(this.s.x[u])}, ${f1(this.s.y[u])})`;
  }

  protected targetName(t: number, side: number): string {
    return t === D.TARGET_HQ ? this.tx('rsReplay.hqName', { side: side === 0 ? 'R' : 'S' }) : this.s.name(t);
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
    const s = this.s, refs = this.refs, cap = refs.length;
    // The lead's own weapons first, then each other live member's, in unit order.
    let n = 0;
    let base = (lead * 2 + s.form[lead]) * MAX_CARRY;
    for (let k = 0; k < MAX_CARRY; k++) if (s.carry[base + k] >= 0 && n < cap) refs[n++] = lead * 8 + k;
    for (let m = 0; m < s.nUnits; m++) {
      if (m === lead || !s.alive[m] || s.group[m] !== lead) continue;
      base = (m * 2 + s.form[m]) * MAX_CARRY;
      for (let k = 0; k < MAX_CARRY; k++) if (s.carry[base + k] >= 0 && n < cap) refs[n++] = m * 8 + k;
    }
    return n;
  }

  protected weaponName(w: number): string {
    if (w === D.WR_PUNCH) return this.tx('rsReplay.punch');
    if (w === D.WR_KICK) return this.tx('rsReplay.kick');
    return this.wName[this.s.weaponOf(w)];
  }

  protected unitLeadsOf(side: number, out: Int32Array): number {
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

  /** Put unit m (just separated from a combination) in contact around lead `lead`'s position: the first free spot, nearest ring first. */
  protected placeAround(m: number, lead: number): void {
    const s = this.s;
    this.placeNear(m, s.x[lead], s.y[lead], s.rad[lead] + s.rad[m] + s.table.gap * 0.5);
  }

  /** Put unit m at the first free spot on rings around (cx, cy), starting at distance d0 (0: the point itself first). */
  protected placeNear(m: number, cx: number, cy: number, d0: number): void {
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

  protected spotFree(m: number, px: number, py: number, ground: boolean): boolean {
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

  protected push(n: number, a: number): number {
    if (n < LEGAL_MAX) this.legal[n] = a;
    return n < LEGAL_MAX ? n + 1 : n;
  }

  /** Targets of the enemy side: unit leads on the table, then the headquarters code. */
  protected targetsOf(side: number, out: Int32Array): number {
    const n = this.unitLeadsOf(1 - side, out);
    if (this.def.hq && this.s.hqHp[1 - side] > 0) {
      out[n] = D.TARGET_HQ;
      return n + 1;
    }
    return n;
  }

  protected readonly tgtBuf = new Int32Array(16);

  // ───────────────────────── damage, combinations ending, end checks ─────────────────────────

  protected countAction(u: number): void {
    if (this.curType >= 0 && this.s.side[u] === 0) this.typeActions[this.curType]++;
  }

  protected countDamage(u: number, dmg: number, friendly: boolean): void {
    if (this.curType >= 0 && this.s.side[u] === 0 && !friendly) this.typeDamage[this.curType] += dmg;
  }

  /** Unpreventable damage to u's own combination (running, charging, fumbling). */
  protected selfHit(u: number, n: number): void {
    const s = this.s;
    const lead = s.group[u];
    if (!s.alive[lead]) return;
    if (s.side[lead] === 0) this.selfDamage += n;
    this.applyDamage(lead, n);
  }

  /** Damage to every member of lead t's combination (合体: each takes it); destroyed units leave; a broken combination ends. */
  protected applyDamage(t: number, n: number): void {
    const s = this.s;
    if (n <= 0) return;
    let died = false, members = 0;
    for (let m = 0; m < s.nUnits; m++) {
      if (!s.alive[m] || s.group[m] !== t) continue;
      members++;
      const before = s.hp[m];
      s.hp[m] = Math.max(0, before - n);
      if (this.log) this.say(s.hp[m] === 0 ? 'rsReplay.memberDestroyed' : 'rsReplay.memberHp', { unit: s.name(m), before, after: s.hp[m] });
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
  protected dissolve(t: number): void {
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
    if (this.log) this.say('rsReplay.combinationEnds');
  }
  protected readonly dissolveBuf = new Int32Array(MAX_UNITS);

  protected checkEnd(): void {
    const s = this.s;
    if (s.over) return;
    if (this.def.hq) {
      for (let h = 0; h < 2; h++) {
        if (s.hqHp[h] <= 0) {
          s.over = true;
          s.winner = 1 - h;
          s.endReason = END_HQ;
          if (this.log) this.say(h === 0 ? 'rsReplay.subjectHqDestroyed' : 'rsReplay.referenceHqDestroyed');
          return;
        }
      }
    }
    const a = s.unitsAlive(0), b = s.unitsAlive(1);
    if (a === 0 || b === 0) {
      s.over = true;
      s.winner = a === 0 && b === 0 ? -1 : a === 0 ? 1 : 0;
      s.endReason = END_ANNIHILATION;
      if (this.log) this.say(a === 0 && b === 0 ? 'rsReplay.bothWiped' : a === 0 ? 'rsReplay.subjectWiped' : 'rsReplay.referenceWiped');
    }
  }
}

/** Copy `src` into `dst` (same length) element by element: cheaper than set() at these lengths. */
function copyElements(dst: { length: number; [i: number]: number }, src: { length: number; readonly [i: number]: number }): void {
  for (let i = 0; i < src.length; i++) dst[i] = src[i];
}

/** A game as RsCore.saveOpening remembers it: its state and the engine's per-game fields. */
class Opening {
  readonly s: RsState;
  readonly moveAdj = new Float64Array(MAX_UNITS * 2);
  readonly fallPending = new Uint8Array(MAX_UNITS);
  readonly typeActions = new Float64Array(ATTACK_TYPES.length);
  readonly typeDamage = new Float64Array(ATTACK_TYPES.length);
  selfDamage = 0;
  formationDoubled = 0;
  lastStep = -1;
  concLeft = 0;
  curType = -1;
  lastFriend = -1;
  constructor(def: RsGameDef) {
    this.s = new RsState(def);
  }
}
