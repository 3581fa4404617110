/**
 * One if-battle game (seed 001, 戦闘シーン): エンゲージ (participants, 乱入,
 * バッテリー) → エリアセット (D66 positions, field, turn order by スピード) →
 * マスタータイム per character (ターンアップ, メインアクション, スタンバイ) each
 * followed by the フラグチェック → リザルト (winners, spoils, battery). The
 * runner owns its state and reuses it across games; the policies are asked at
 * every decision with the legal actions (see decisions.ts).
 */
import type { Dice } from '../../sim/dice.js';
import type { GameLog, GameRecord, GameRunner } from '../../sim/types.js';
import type { IfPolicy } from '../../policies/if-battle/policy.js';
import { AREAS, DIR_NAMES, SIDE, areaLabel, d66ScaledIndex, d66UnorderedIndex, distance, step } from './area-map.js';
import * as Cat from './catalogue.js';
import { BUGS, BUG_JA, BUG_RECOVERY_SKILL, FIELDS, FIELD_JA, SKILLS, isAttack, type MemoryDef } from './catalogue.js';
import { checkRank, rollCheck } from './checks.js';
import * as Cfg from './config.js';
import type { IfGameDef, IfVariant } from './config.js';
import * as D from './decisions.js';
import * as St from './state.js';
import { END_NAMES, IfState, OUT_NAMES } from './state.js';

// Module-local copies of the numeric codes the game reads: V8 (Node 20) reloads and hole-checks an imported binding at
// every use, while a module-local const folds to a constant.
const { B_BIND, B_BURN, B_CONFUSION, B_DARKNESS, B_DRAIN, B_FROSTBITE, B_INJURY, B_LACERATION, B_MIASMA, B_PARALYSIS, B_SILENCE } = Cat;
const { F_AIR, F_BURNING, F_CLOSED, F_ICE, F_WATER, M_ADDITIONAL, M_AUTO, N_BUGS, N_SKILLS, SK_FLIGHT, SK_RUNNING, SK_SWIMMING, ST_POWER } = Cat;
const { FIELD_ROLL, P_MAIN } = Cfg;
const { CK_COUNTER, CK_HIT, CK_OTHER, END_CEASE, END_NONE, END_ONE_SIDE, END_TIME, MAX_CHARS, MAX_SLOTS, OUT_BATTERY, OUT_IN, OUT_LIFE0, OUT_TENTH, OUT_VOLUNTARY } = St;
const { A_NO, A_NONE, A_WAIT, A_YES, D_COUNTER, D_FLAG, D_MAIN, D_MEMORY_MOVE, D_RECOVER, D_SPOIL, FL_CEASE, FL_CONTINUE, FL_DROP } = D;
const NB = N_BUGS;

const LEGAL_MAX = 512;

// ── metrics (indices into the GameRecord; see engine.ts for the specs) ──
export const RATE_WIN = 0, RATE_DRAW = 1, RATE_LOSS = 2, RATE_END_ONE_SIDE = 3, RATE_END_CEASE = 4, RATE_END_TIME = 5, RATE_SUBJECT_FIRST = 6,
  RATE_DROP_LIFE0 = 7, RATE_DROP_TENTH = 8, RATE_DROP_VOLUNTARY = 9, RATE_DROP_BATTERY = 10;
export const VAL_ROUNDS = 0, VAL_LIFE_LEFT = 1, VAL_ENEMY_LIFE_LEFT = 2, VAL_DAMAGE_DEALT = 3, VAL_DAMAGE_TAKEN = 4, VAL_FIELD = 5, VAL_CHECKS = 6,
  VAL_BUG_POINTS = 7, VAL_BUGGED_TURNS = 8, VAL_RECOVERY_CHECKS = 9, VAL_RECOVERIES = 10, VAL_BURN_DAMAGE = 11, VAL_AIR_DAMAGE = 12, VAL_MIASMA_LOSS = 13,
  VAL_BATTERY_LEFT = 14, VAL_SPOILS = 15, VAL_JOINED = 16, VAL_ATTACKS = 17, VAL_HITS_LANDED = 18, VAL_ENEMY_RECOVERY_CHECKS = 19, VAL_ENEMY_RECOVERIES = 20, VAL_ENEMY_BUGGED_TURNS = 21;
export const V_LIFE = 0, V_ENEMY_LIFE = 1, V_IN = 2, V_ENEMY_IN = 3;

/** Life-loss causes (for the per-cause values). */
const L_ATTACK = 0, L_BURN = 1, L_AIR = 2, L_MIASMA = 3;

export class IfGame implements GameRunner {
  readonly s: IfState;
  private dice!: Dice;
  private pdice!: Dice;
  private rec: GameRecord | null = null;
  private log: GameLog | null = null;
  readonly legal = new Int32Array(LEGAL_MAX);
  nLegal = 0;
  private lastStep = -1;
  private readonly tieKey = new Int32Array(8);
  /** Each character's opponents (the other side), in index order: char × MAX_CHARS, and their count. */
  private readonly opponents = new Int8Array(MAX_CHARS * MAX_CHARS);
  private readonly nOpponents = new Int8Array(MAX_CHARS);
  // per-game tallies (subject side)
  private checks = 0;
  private dealt = 0;
  private taken = 0;
  private bugPoints = 0;
  private buggedTurns = 0;
  private recChecks = 0;
  private recoveries = 0;
  private enemyRecChecks = 0;
  private enemyRecoveries = 0;
  private enemyBuggedTurns = 0;
  private burnDmg = 0;
  private airDmg = 0;
  private miasmaLoss = 0;
  private spoils = 0;
  private joinedCount = 0;
  private attacks = 0;
  private landed = 0;
  private readonly dropKinds = new Uint8Array(5);

  private readonly bugTickStandby: boolean;
  private readonly burnOwnTurn: boolean;
  private readonly tenthCumulative: boolean;
  private readonly tiesRoll: boolean;
  private readonly startChecks: boolean;
  private readonly oncePerTurn: boolean;
  private readonly unordered: boolean;

  constructor(readonly def: IfGameDef, readonly variant: IfVariant, private readonly policies: readonly [IfPolicy, IfPolicy]) {
    const r = variant.rulings;
    const s = (this.s = new IfState(def, r));
    this.bugTickStandby = r.bug_tick === 'standby';
    this.burnOwnTurn = r.burning_turns === 'own-turn';
    this.tenthCumulative = r.tenth_rule === 'cumulative';
    this.tiesRoll = r.speed_ties === 'roll-off';
    this.startChecks = r.start_field_checks === 'checks';
    this.oncePerTurn = r.memory_repeat === 'once-per-turn';
    this.unordered = r.placement === 'unordered-pairs';
    const a = variant.subject.characters, b = variant.reference.characters;
    s.chars = [...a, ...b];
    s.names = [...a.map((c) => `S-${c.name}`), ...b.map((c) => `R-${c.name}`)];
    s.n = s.chars.length;
    for (let c = 0; c < s.n; c++) {
      const d = s.chars[c];
      s.side[c] = c < a.length ? 0 : 1;
      s.lifeMax[c] = d.life;
      s.costMax[c] = d.cost;
      s.speed[c] = d.speed;
      s.power[c] = d.power;
      s.guard[c] = d.guard;
      s.force[c] = d.force;
      s.resist[c] = d.resist;
      for (let k = 0; k < N_SKILLS; k++) s.skill[c * N_SKILLS + k] = d.skills[k];
      s.nMemories[c] = d.memories.length;
      let reduce = 0;
      for (let k = 0; k < MAX_SLOTS; k++) {
        const m = k < d.memories.length ? d.memories[k] : -1;
        s.setMemory(c, k, m);
        if (m >= 0 && def.memories[m].type === M_AUTO) reduce += def.memories[m].reduce;
      }
      s.autoReduce[c] = reduce;
    }
    for (let c = 0; c < s.n; c++) for (let t = 0; t < s.n; t++) if (s.side[t] !== s.side[c]) this.opponents[c * MAX_CHARS + this.nOpponents[c]++] = t;
  }

  // ───────────────────────── driver ─────────────────────────

  play(dice: Dice, policyDice: Dice, rec: GameRecord, log: GameLog | null): void {
    this.begin(dice, policyDice, rec, log);
    while (!this.s.over) this.playRound();
    this.finish();
  }

  /** Reset, then エンゲージ and エリアセット; records step 0. */
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
    s.actor = s.target = s.memorySlot = -1;
    s.occupancy.fill(0);
    s.bugs.fill(0);
    s.gmBurn = 0;
    this.lastStep = -1;
    this.checks = this.dealt = this.taken = this.bugPoints = this.buggedTurns = this.recChecks = this.recoveries = 0;
    this.enemyRecChecks = this.enemyRecoveries = this.enemyBuggedTurns = 0;
    this.burnDmg = this.airDmg = this.miasmaLoss = this.spoils = this.joinedCount = this.attacks = this.landed = 0;
    this.dropKinds.fill(0);
    for (let c = 0; c < s.n; c++) {
      s.joined[c] = 0;
      s.out[c] = OUT_IN;
      s.area[c] = -1;
      s.life[c] = s.lifeMax[c];
      s.lost[c] = 0;
      s.cost[c] = s.costMax[c];
      s.battery[c] = s.chars[c].battery;
      s.turn[c] = 0;
      s.guardBuff[c] = 0;
      s.boost[c] = 0;
      s.usedMask[c] = 0;
      s.fieldFail[c] = 0;
      s.fieldTurn[c] = 0;
      s.graceTurn[c] = -1;
      s.pendingMiasma[c] = 0;
      s.pendingAir[c] = 0;
      s.flag[c] = 0;
    }
    if (log) {
      const v = this.variant;
      this.say(`battle scene (${v.process === P_MAIN ? 'main process' : 'raid process'}): ${v.subject.characters.map((c) => c.name).join(', ')} (${v.subject.policy}) vs ${v.reference.characters.map((c) => c.name).join(', ')} (${v.reference.policy})`);
    }
    this.engage();
    this.areaSet();
    if (s.inCount(0) === 0 || s.inCount(1) === 0) {
      s.over = true;
      s.endReason = END_ONE_SIDE;
    }
    this.recordStep(0);
  }

  /** エンゲージ: participants, 乱入 (joining), battery. */
  private engage(): void {
    const s = this.s, log = this.log;
    for (let c = 0; c < s.n; c++) {
      const d = s.chars[c];
      if (!d.joins) s.joined[c] = 1;
    }
    for (let c = 0; c < s.n; c++) {
      const d = s.chars[c];
      if (!d.joins) continue;
      if (this.variant.process !== P_MAIN) {
        // 「「レイドプロセス」で行われる「戦闘シーン」では、全てのPLは強制参加です」: no 乱入判定 in a raid (IF-F11).
        s.joined[c] = 1;
        if (log) this.say(`${s.name(c)} takes part (raid process: participation is forced) — no 乱入判定`);
      } else if (d.contact) {
        s.joined[c] = 1;
        if (log) this.say(`${s.name(c)} joins (乱入) through a 【連絡先】 of a participant — no check`);
      } else {
        s.actor = c;
        const ok = this.check(c, this.def.engageSkill, CK_OTHER, 0, '乱入判定');
        this.settle();
        if (ok) s.joined[c] = 1;
        if (log) this.say(`${s.name(c)} ${ok ? 'joins (乱入)' : 'fails to join'}`);
      }
      if (s.joined[c]) this.joinedCount++;
    }
    if (this.variant.process === P_MAIN) {
      for (let c = 0; c < s.n; c++) {
        if (!s.joined[c]) continue;
        if (s.battery[c] <= 0) {
          this.dropOut(c, OUT_BATTERY);
          if (log) this.say(`${s.name(c)}: 【バッテリー】 already 0 — forced defeat`);
        } else {
          s.battery[c]--;
          if (log) this.say(`${s.name(c)}: 【バッテリー】 −1 → ${s.battery[c]}`);
        }
      }
    }
  }

  /** エリアセット: positions by two D66 (IF-R01), the field, the turn order by スピード. */
  private areaSet(): void {
    const s = this.s, dice = this.dice, log = this.log;
    for (let c = 0; c < s.n; c++) {
      if (!s.isIn(c)) continue;
      for (;;) {
        const r1 = dice.d66(), r2 = dice.d66();
        const row = this.unordered ? d66UnorderedIndex(r1) : d66ScaledIndex(r1);
        const col = this.unordered ? d66UnorderedIndex(r2) : d66ScaledIndex(r2);
        const a = row * SIDE + col;
        const full = s.occupancy[a] >= 2;
        if (log) this.say(`${s.name(c)}: D66 ${r1} / ${r2} → area ${areaLabel(a)}${full ? ' — already two characters there, rolled again' : ''}`);
        if (full) continue;
        s.area[c] = a;
        s.occupancy[a]++;
        break;
      }
    }
    let f = this.variant.field;
    if (f === FIELD_ROLL) {
      f = dice.d6() - 1;
      if (log) this.say(`field table 1D6 → ${f + 1}: ${FIELDS[f]} (${FIELD_JA[f]})`);
    }
    if (this.startChecks) this.changeField(f);
    else {
      s.field = f;
      if (log) this.say(`field: ${FIELDS[f]} (${FIELD_JA[f]}), no checks at the start (IF-R06 none)`);
      if (f === F_CLOSED) this.closedGrace();
    }
    this.decideOrder();
  }

  /** Turn order: higher スピード first; ties by IF-R05. */
  private decideOrder(): void {
    const s = this.s, log = this.log;
    let n = 0;
    for (let c = 0; c < s.n; c++) if (s.joined[c]) s.order[n++] = c;
    s.nOrder = n;
    const key = this.tieKey;
    key.fill(0);
    if (this.tiesRoll) {
      // Roll off within each group of equal speed until the group's rolls differ.
      for (let i = 0; i < n; i++) {
        const c = s.order[i];
        let same = 0;
        for (let j = 0; j < n; j++) if (s.speed[s.order[j]] === s.speed[c]) same++;
        if (same < 2 || key[c] !== 0) continue;
        for (;;) {
          let distinct = true;
          for (let j = 0; j < n; j++) {
            const x = s.order[j];
            if (s.speed[x] === s.speed[c]) key[x] = this.dice.d6();
          }
          for (let j = 0; j < n && distinct; j++) for (let k = j + 1; k < n; k++) {
            const x = s.order[j], y = s.order[k];
            if (s.speed[x] === s.speed[c] && s.speed[y] === s.speed[c] && key[x] === key[y]) distinct = false;
          }
          if (log) {
            const parts: string[] = [];
            for (let j = 0; j < n; j++) if (s.speed[s.order[j]] === s.speed[c]) parts.push(`${s.name(s.order[j])} ${key[s.order[j]]}`);
            this.say(`speed tie at ${s.speed[c]}: 1D6 ${parts.join(', ')}${distinct ? '' : ' — tie, again'}`);
          }
          if (distinct) break;
        }
      }
    }
    // Insertion sort: speed desc, then the tie key desc, then listed order.
    for (let i = 1; i < n; i++) {
      const c = s.order[i];
      let j = i - 1;
      while (j >= 0 && before(s, key, c, s.order[j])) {
        s.order[j + 1] = s.order[j];
        j--;
      }
      s.order[j + 1] = c;
    }
    if (log) {
      const parts: string[] = [];
      for (let i = 0; i < n; i++) parts.push(`${s.name(s.order[i])} (speed ${s.speed[s.order[i]]})`);
      this.say(`turn order: ${parts.join(', ')}`);
    }
  }

  /** One round: every character in the turn order gets its マスタータイム, each followed by the フラグチェック. */
  playRound(): void {
    const s = this.s;
    for (let i = 0; i < s.nOrder && !s.over; i++) {
      const c = s.order[i];
      if (!s.isIn(c)) continue;
      this.masterTime(c);
      this.flagCheck();
    }
    s.round++;
    this.recordStep(s.round);
    if (!s.over && s.round >= this.def.turnLimit) {
      s.over = true;
      s.endReason = END_TIME;
      if (this.log) this.say(`time limit: ${this.def.turnLimit} turns each (IF-F03)`);
    }
  }

  /** マスタータイム of character c. */
  masterTime(c: number): void {
    const s = this.s;
    s.actor = c;
    this.turnUp(c);
    if (s.isIn(c)) this.mainAction(c);
    if (s.isIn(c)) this.standby(c);
  }

  // ───────────────────────── ターンアップ ─────────────────────────

  turnUp(c: number): void {
    const s = this.s, log = this.log;
    s.turn[c]++;
    s.cost[c] = s.costMax[c];
    s.guardBuff[c] = 0;
    s.boost[c] = 0;
    s.usedMask[c] = 0;
    s.memoryUsed = false;
    s.iceDir = -1;
    s.moved = 0;
    if (log) {
      this.say(`round ${s.round + 1}, ${s.name(c)}: turn ${s.turn[c]}, cost ${s.cost[c]}`);
      this.say(`  positions: ${this.positions()}`);
    }
    // One pass over c's bugs: the turn-up tick (IF-R02 turn-up), then which bugs it still carries (bit per bug).
    const bugs = s.bugs, base = c * NB, tick = !this.bugTickStandby;
    let carried = 0;
    for (let b = 0; b < NB; b++) {
      let v = bugs[base + b];
      if (v <= 0) continue;
      if (tick) bugs[base + b] = --v;
      if (v > 0) carried |= 1 << b;
    }
    if (carried !== 0) {
      if (s.side[c] === 0) this.buggedTurns++;
      else this.enemyBuggedTurns++;
    }
    if (s.field === F_BURNING && s.gmBurn > 0) {
      const x = this.dice.below(10) + 1;
      const turns = this.burnOwnTurn ? s.turn[c] : s.turn[c] - s.fieldTurn[c];
      const hurt = x < s.gmBurn;
      if (log) this.say(`  burning: 1D10 ${x} vs the GM's ${s.gmBurn}${hurt ? ` — below: ${turns} damage (turns elapsed)` : ''}`);
      if (hurt && turns > 0) this.loseLife(c, turns, L_BURN);
      if (!s.isIn(c)) return;
    }
    if (!this.variant.recovery || carried === 0) return;
    let n = 0;
    this.legal[n++] = A_NONE;
    for (let b = 0; b < NB; b++) if (carried & (1 << b)) this.legal[n++] = b;
    const b = this.ask(c, D_RECOVER, n);
    if (b === A_NONE) return;
    if (s.side[c] === 0) this.recChecks++;
    else this.enemyRecChecks++;
    const ok = this.check(c, BUG_RECOVERY_SKILL[b], CK_OTHER, 0, this.log ? `回復判定 for ${BUGS[b]} (${BUG_JA[b]})` : '');
    if (ok) {
      s.bugs[c * N_BUGS + b] = 0;
      if (s.side[c] === 0) this.recoveries++;
      else this.enemyRecoveries++;
    }
    this.settle();
  }

  private tickBugs(c: number): void {
    const bugs = this.s.bugs, base = c * NB;
    for (let b = 0; b < NB; b++) if (bugs[base + b] > 0) bugs[base + b]--;
  }

  // ───────────────────────── メインアクション ─────────────────────────

  /** Extra cost of 脱気 on a payment of at least 1. */
  private payable(c: number, cost: number): number {
    return cost > 0 && this.s.bug(c, B_DRAIN) > 0 ? cost + 1 : cost;
  }

  /** Append c's legal one-area steps (mvDir codes) to the legal list from index n; returns the new length. */
  private genMoves(c: number, n: number): number {
    const s = this.s, legal = this.legal;
    if (s.bugs[c * NB + B_BIND] > 0) return n;
    const iceLocked = s.field === F_ICE && s.fieldFail[c] === 1;
    const from = s.area[c], cap = s.capacity(), occupancy = s.occupancy;
    for (let d = 0; d < 4; d++) {
      if (iceLocked && s.iceDir >= 0 && d !== s.iceDir) continue;
      const a = step(from, d);
      // Room under the field's capacity, counting the others there.
      if (a >= 0 && occupancy[a] - (from === a ? 1 : 0) < cap) legal[n++] = D.mvDir(d);
    }
    return n;
  }

  /** Fill the legal list of c's main action: 待機, the steps, then per memory slot its uses (attacks per opponent in range); returns its length. */
  genMain(c: number): number {
    const s = this.s, legal = this.legal, bugs = s.bugs, bb = c * NB;
    let n = 0;
    legal[n++] = A_WAIT;
    const drain = bugs[bb + B_DRAIN] > 0, cost = s.cost[c];
    if (!s.memoryUsed && cost >= (drain ? 2 : 1)) n = this.genMoves(c, n);
    const confused = bugs[bb + B_CONFUSION] > 0, bound = bugs[bb + B_BIND] > 0;
    const base = c * MAX_SLOTS, used = this.oncePerTurn ? s.usedMask[c] : 0, from = s.area[c];
    const memType = s.memType, memCost = s.memCost;
    for (let k = 0; k < s.nMemories[c]; k++) {
      const i = base + k, type = memType[i], mc = memCost[i];
      if (type === M_AUTO) continue;
      if (used & (1 << k)) continue;
      if (cost < (mc > 0 && drain ? mc + 1 : mc)) continue; // payable
      if (type === M_ADDITIONAL) {
        if (confused) continue;
        legal[n++] = D.mem(k, c);
        continue;
      }
      if (s.memAttack[i]) {
        const lo = s.memRangeMin[i], hi = s.memRangeMax[i], opp = this.opponents, o0 = c * MAX_CHARS;
        for (let j = 0; j < this.nOpponents[c]; j++) {
          const t = opp[o0 + j];
          if (!s.isIn(t)) continue;
          const dist = distance(from, s.area[t]);
          if (dist >= lo && dist <= hi) legal[n++] = D.mem(k, t);
        }
        continue;
      }
      if (s.memMove[i] > 0 && bound) continue;
      if (s.memField[i] >= 0 && s.memField[i] === s.field) continue;
      legal[n++] = D.mem(k, c);
    }
    return n;
  }

  mainAction(c: number): void {
    const s = this.s;
    for (;;) {
      const n = this.genMain(c);
      const a = this.ask(c, D_MAIN, n);
      if (a === A_WAIT) {
        if (this.log) this.say(`  ${s.name(c)} waits (待機) at ${areaLabel(s.area[c])}, cost ${s.cost[c]} left`);
        return;
      }
      if (D.isMove(a)) this.moveStep(c, D.dirOf(a), true);
      else this.useMemory(c, D.memSlot(a), D.memTarget(a));
      if (!s.isIn(c)) return;
    }
  }

  private moveStep(c: number, d: number, paid: boolean): void {
    const s = this.s;
    if (paid) s.cost[c] -= this.payable(c, 1);
    const from = s.area[c], to = step(from, d);
    s.occupancy[from]--;
    s.occupancy[to]++;
    s.area[c] = to;
    s.moved++;
    if (s.field === F_ICE && s.fieldFail[c] === 1) s.iceDir = d;
    if (this.log) this.say(`  ${s.name(c)} moves ${DIR_NAMES[d]} ${areaLabel(from)} → ${areaLabel(to)}${paid ? `, cost ${s.cost[c]} left` : ''}`);
  }

  private useMemory(c: number, k: number, t: number): void {
    const s = this.s, log = this.log;
    const m = s.memoryDef(c, k);
    s.cost[c] -= this.payable(c, m.cost);
    s.usedMask[c] |= 1 << k;
    if (m.type !== M_ADDITIONAL) s.memoryUsed = true;
    if (log) this.say(`  ${s.name(c)} uses ${m.id} (${m.ja})${t !== c ? ` on ${s.name(t)} (${distance(s.area[c], s.area[t])} areas)` : ''}, cost ${s.cost[c]} left`);
    if (isAttack(m)) this.attack(c, k, t, m);
    else if (m.move > 0) this.memoryMove(c, m.move);
    if (m.guard > 0) s.guardBuff[c] += m.guard;
    if (m.boost > 0) s.boost[c] += m.boost;
    if (m.field >= 0) this.changeField(m.field);
  }

  /** A movement memory: up to `steps` areas, asked step by step (no cost per area). */
  private memoryMove(c: number, steps: number): void {
    const s = this.s;
    s.memoryMoveLeft = steps;
    while (s.memoryMoveLeft > 0) {
      let n = 0;
      this.legal[n++] = A_WAIT;
      n = this.genMoves(c, n);
      const a = this.ask(c, D_MEMORY_MOVE, n);
      if (a === A_WAIT) break;
      this.moveStep(c, D.dirOf(a), false);
      s.memoryMoveLeft--;
    }
    s.memoryMoveLeft = 0;
  }

  /** 命中判定, 対抗判定 and the attack's effect (damage, bug). */
  private attack(c: number, k: number, t: number, m: MemoryDef): void {
    const s = this.s, log = this.log;
    const boost = s.boost[c];
    s.boost[c] = 0;
    if (s.side[c] === 0) this.attacks++;
    const hit = this.check(c, m.skill, CK_HIT, 0, '命中判定');
    let lands = hit;
    if (hit && s.isIn(t)) {
      s.target = t;
      s.memorySlot = k;
      this.legal[0] = A_NO;
      this.legal[1] = A_YES;
      const yes = this.ask(t, D_COUNTER, 2) === A_YES;
      s.target = -1;
      s.memorySlot = -1;
      if (yes) {
        const la = s.level(c, m.skill), lt = s.level(t, m.skill);
        const change = la > lt ? 1 : lt > la ? -1 : 0;
        if (this.check(t, m.skill, CK_COUNTER, change, this.log ? `対抗判定 (levels ${lt} vs ${la}: rank ${change >= 0 ? '+' : ''}${change})` : '')) lands = false;
      } else if (log) this.say(`  ${s.name(t)} makes no counter check`);
    }
    if (lands) {
      if (s.side[c] === 0) this.landed++;
      if (m.damage > 0) {
        const atk = m.stat === ST_POWER ? s.power[c] - (s.bug(c, B_BURN) > 0 ? 1 : 0) : s.force[c] - (s.bug(c, B_FROSTBITE) > 0 ? 1 : 0);
        const def = (m.stat === ST_POWER ? s.guard[t] - (s.bug(t, B_INJURY) > 0 ? 1 : 0) : s.resist[t] - (s.bug(t, B_LACERATION) > 0 ? 1 : 0)) + s.guardBuff[t];
        const raw = m.damage + boost + atk - def - s.autoReduce[t];
        const dmg = raw < this.def.damageMin ? this.def.damageMin : raw;
        if (log) this.say(`  ${m.id} lands: damage ${m.damage}${boost ? ` +${boost} boost` : ''} + ${m.stat === ST_POWER ? 'power' : 'force'} ${atk} − ${m.stat === ST_POWER ? 'guard' : 'resist'} ${def}${s.autoReduce[t] ? ` − auto ${s.autoReduce[t]}` : ''} → ${dmg}`);
        if (s.side[c] === 0) this.dealt += dmg;
        this.loseLife(t, dmg, L_ATTACK);
      } else if (log) this.say(`  ${m.id} lands`);
      if (m.bug >= 0 && m.bugPoints > 0 && s.joined[t] && s.out[t] === OUT_IN) {
        s.bugs[t * N_BUGS + m.bug] += m.bugPoints;
        if (s.side[c] === 0) this.bugPoints += m.bugPoints;
        if (log) this.say(`  ${s.name(t)} gets bug ${BUGS[m.bug]} (${BUG_JA[m.bug]}) +${m.bugPoints} → ${s.bug(t, m.bug)}`);
      }
    } else if (log) this.say(`  ${m.id} has no effect`);
    this.settle();
  }

  // ───────────────────────── スタンバイ ─────────────────────────

  /** スタンバイ: bug points tick (IF-R02 standby); the closed field's one-turn grace ends (IF-F08). */
  standby(c: number): void {
    const s = this.s;
    if (this.bugTickStandby) this.tickBugs(c);
    if (s.field === F_CLOSED && s.graceTurn[c] >= 0 && s.turn[c] > s.graceTurn[c]) {
      s.graceTurn[c] = -1;
      if (s.occupancy[s.area[c]] > 1) this.pushOut(c);
    }
  }

  /** Move c to the nearest free area (breadth-first over the map; ties by area index). */
  private pushOut(c: number): void {
    const s = this.s;
    const from = s.area[c];
    let best = -1, bestD = 1 << 30;
    for (let a = 0; a < AREAS; a++) {
      if (s.occupancy[a] !== 0) continue;
      const d = distance(from, a);
      if (d < bestD) {
        bestD = d;
        best = a;
      }
    }
    if (best < 0) return;
    s.occupancy[from]--;
    s.occupancy[best]++;
    s.area[c] = best;
    if (this.log) this.say(`  closed field: ${s.name(c)}'s turn in a shared area is over — moved to the nearest free area ${areaLabel(best)}`);
  }

  // ───────────────────────── フラグチェック ─────────────────────────

  flagCheck(): void {
    const s = this.s, log = this.log;
    let remaining = 0, cease = 0;
    this.legal[0] = FL_CONTINUE;
    this.legal[1] = FL_DROP;
    this.legal[2] = FL_CEASE;
    for (let i = 0; i < s.nOrder; i++) {
      const c = s.order[i];
      if (!s.isIn(c)) continue;
      s.actor = c;
      const f = this.ask(c, D_FLAG, 3);
      s.flag[c] = f;
      if (f === FL_DROP) {
        this.dropOut(c, OUT_VOLUNTARY);
        if (log) this.say(`flag check: ${s.name(c)} drops out (脱落)`);
        continue;
      }
      remaining++;
      if (f === FL_CEASE) cease++;
    }
    if (s.inCount(0) === 0 || s.inCount(1) === 0) {
      s.over = true;
      s.endReason = END_ONE_SIDE;
    } else if (cease === remaining) {
      s.over = true;
      s.endReason = END_CEASE;
      if (log) this.say('flag check: no participant has the will to fight');
    }
  }

  // ───────────────────────── checks, life, fields ─────────────────────────

  /**
   * A 成否判定 by c with skill sk: the rank is base − level + `change` + the
   * water field (failed 水泳) + the bug of its kind (暗闇 hit, 麻痺 counter,
   * 沈黙 other). 瘴気 and the air field (failed 飛行, on a failure) queue a
   * life loss applied by {@link settle} once the check's effect is resolved. `what` names the check in the
   * narration (callers build it only when a log is attached).
   */
  check(c: number, sk: number, kind: number, change: number, what: string): boolean {
    const s = this.s, t = this.def.check;
    let ch = change;
    if (s.field === F_WATER && s.fieldFail[c]) ch++;
    if (kind === CK_HIT && s.bug(c, B_DARKNESS) > 0) ch++;
    else if (kind === CK_COUNTER && s.bug(c, B_PARALYSIS) > 0) ch++;
    else if (kind === CK_OTHER && s.bug(c, B_SILENCE) > 0) ch++;
    const rank = checkRank(t, s.level(c, sk), ch);
    const target = t.targets[rank];
    const total = rollCheck(t, this.dice);
    const ok = total >= target;
    this.checks++;
    if (s.bug(c, B_MIASMA) > 0) s.pendingMiasma[c]++;
    if (!ok && s.field === F_AIR && s.fieldFail[c]) s.pendingAir[c]++;
    if (this.log) this.say(`  ${s.name(c)} ${what}: ${SKILLS[sk]} Lv${s.level(c, sk)}, rank ${rank} (${t.dice}D${t.sides} ≥ ${target}): ${total} — ${ok ? 'success' : 'failure'}`);
    return ok;
  }

  /** Apply the life losses queued by checks (瘴気 first, then 空中). */
  private settle(): void {
    const s = this.s;
    for (let c = 0; c < s.n; c++) {
      const m = s.pendingMiasma[c], a = s.pendingAir[c];
      if (m === 0 && a === 0) continue;
      s.pendingMiasma[c] = 0;
      s.pendingAir[c] = 0;
      if (!s.isIn(c)) continue;
      if (m > 0) {
        if (this.log) this.say(`  ${s.name(c)}: 瘴気 — life −${m} for ${m} check(s)`);
        this.loseLife(c, m, L_MIASMA);
      }
      if (a > 0 && s.isIn(c)) {
        if (this.log) this.say(`  ${s.name(c)}: 空中 — ${a} damage for ${a} failed check(s)`);
        this.loseLife(c, a, L_AIR);
      }
    }
  }

  /** Life loss; drop-out at 0, or in the main process at a tenth of the maximum (IF-R04). */
  loseLife(c: number, amount: number, cause: number): void {
    const s = this.s;
    if (amount <= 0 || !s.isIn(c)) return;
    const real = amount > s.life[c] ? s.life[c] : amount;
    s.life[c] -= real;
    s.lost[c] += real;
    if (s.side[c] === 0) {
      if (cause === L_ATTACK) this.taken += real;
      else if (cause === L_BURN) this.burnDmg += real;
      else if (cause === L_AIR) this.airDmg += real;
      else if (cause === L_MIASMA) this.miasmaLoss += real;
    }
    if (this.log) this.say(`  ${s.name(c)}: life ${s.life[c] + real} → ${s.life[c]} / ${s.lifeMax[c]}`);
    if (s.life[c] === 0) this.dropOut(c, OUT_LIFE0);
    else if (this.variant.process === P_MAIN && (this.tenthCumulative ? s.lost[c] : amount) * 10 >= s.lifeMax[c]) this.dropOut(c, OUT_TENTH);
  }

  /** 脱落: out of the battle and off the map. */
  dropOut(c: number, why: number): void {
    const s = this.s;
    s.out[c] = why;
    this.dropKinds[why] = 1;
    if (s.area[c] >= 0) s.occupancy[s.area[c]]--;
    s.area[c] = -1;
    s.graceTurn[c] = -1;
    if (this.log && why !== OUT_VOLUNTARY && why !== OUT_BATTERY) this.say(`  ${s.name(c)} drops out (${OUT_NAMES[why]})`);
  }

  /** The field becomes f: its checks (水泳/飛行/走法), the GM's 1D10 (炎上), the closed field's grace (閉所). */
  changeField(f: number): void {
    const s = this.s, log = this.log;
    s.field = f;
    if (log) this.say(`field → ${FIELDS[f]} (${FIELD_JA[f]})`);
    for (let c = 0; c < s.n; c++) {
      s.fieldFail[c] = 0;
      s.fieldTurn[c] = s.turn[c];
      s.graceTurn[c] = -1;
    }
    if (f === F_WATER || f === F_AIR || f === F_ICE) {
      const sk = f === F_WATER ? SK_SWIMMING : f === F_AIR ? SK_FLIGHT : SK_RUNNING;
      const actor = s.actor;
      for (let i = 0; i < s.n; i++) {
        if (!s.isIn(i)) continue;
        s.actor = i;
        if (!this.check(i, sk, CK_OTHER, 0, this.log ? `${FIELD_JA[f]} field check` : '')) s.fieldFail[i] = 1;
      }
      s.actor = actor;
      this.settle();
    } else if (f === F_BURNING) {
      s.gmBurn = this.dice.below(10) + 1;
      if (log) this.say(`  the GM rolls 1D10 for the burning field: ${s.gmBurn}`);
    } else if (f === F_CLOSED) this.closedGrace();
  }

  /** 閉所: characters already sharing an area may stay there until one of their turns has passed (IF-F08). */
  private closedGrace(): void {
    const s = this.s;
    for (let c = 0; c < s.n; c++) if (s.isIn(c) && s.occupancy[s.area[c]] > 1) {
      s.graceTurn[c] = s.turn[c];
      if (this.log) this.say(`  ${s.name(c)} shares area ${areaLabel(s.area[c])}: may stay until one turn has passed`);
    }
  }

  // ───────────────────────── リザルト ─────────────────────────

  finish(): void {
    const s = this.s, log = this.log;
    if (s.endReason === END_NONE) s.endReason = END_ONE_SIDE;
    const sIn = s.inCount(0), rIn = s.inCount(1);
    s.winner = sIn > 0 && rIn === 0 ? 0 : sIn > 0 && rIn > 0 ? -1 : 1;
    if (log) this.say(`リザルト (${END_NAMES[s.endReason]}) after ${s.round} round(s): ${this.roster()}`);
    // 戦果: each winner takes one spoil from one loser.
    let losers = 0;
    for (let c = 0; c < s.n; c++) if (s.joined[c] && s.out[c] !== OUT_IN) losers++;
    if (losers > 0) {
      for (let i = 0; i < s.nOrder; i++) {
        const w = s.order[i];
        if (!s.isIn(w)) continue;
        let n = 0;
        for (let c = 0; c < s.n; c++) if (s.joined[c] && s.out[c] !== OUT_IN) for (let k = 0; k < 4; k++) this.legal[n++] = D.spoil(c, k);
        s.actor = w;
        const a = this.ask(w, D_SPOIL, n);
        if (s.side[w] === 0) this.spoils++;
        if (log) this.say(`  ${s.name(w)} takes ${D.SPOIL_NAMES[a & 3]} of ${s.name(a >> 2)}`);
      }
    }
    if (this.variant.process === P_MAIN) {
      for (let c = 0; c < s.n; c++) if (s.joined[c] && s.out[c] !== OUT_IN && s.battery[c] > 0) {
        s.battery[c]--;
        if (log) this.say(`  ${s.name(c)} lost: 【バッテリー】 −1 → ${s.battery[c]}`);
      }
    }
    if (log) this.say(`result: ${s.winner === 0 ? 'WIN' : s.winner === 1 ? 'LOSS' : 'DRAW'} for the subject side`);
    const rec = this.rec;
    if (!rec) return;
    rec.rates[RATE_WIN] = s.winner === 0 ? 1 : 0;
    rec.rates[RATE_DRAW] = s.winner === -1 ? 1 : 0;
    rec.rates[RATE_LOSS] = s.winner === 1 ? 1 : 0;
    rec.rates[RATE_END_ONE_SIDE] = s.endReason === END_ONE_SIDE ? 1 : 0;
    rec.rates[RATE_END_CEASE] = s.endReason === END_CEASE ? 1 : 0;
    rec.rates[RATE_END_TIME] = s.endReason === END_TIME ? 1 : 0;
    rec.rates[RATE_SUBJECT_FIRST] = s.nOrder > 0 && s.side[s.order[0]] === 0 ? 1 : 0;
    rec.rates[RATE_DROP_LIFE0] = this.dropKinds[OUT_LIFE0];
    rec.rates[RATE_DROP_TENTH] = this.dropKinds[OUT_TENTH];
    rec.rates[RATE_DROP_VOLUNTARY] = this.dropKinds[OUT_VOLUNTARY];
    rec.rates[RATE_DROP_BATTERY] = this.dropKinds[OUT_BATTERY];
    const v = rec.values;
    v[VAL_ROUNDS] = s.round;
    v[VAL_LIFE_LEFT] = s.lifeTotal(0);
    v[VAL_ENEMY_LIFE_LEFT] = s.lifeTotal(1);
    v[VAL_DAMAGE_DEALT] = this.dealt;
    v[VAL_DAMAGE_TAKEN] = this.taken;
    v[VAL_FIELD] = s.field;
    v[VAL_CHECKS] = this.checks;
    v[VAL_BUG_POINTS] = this.bugPoints;
    v[VAL_BUGGED_TURNS] = this.buggedTurns;
    v[VAL_RECOVERY_CHECKS] = this.recChecks;
    v[VAL_RECOVERIES] = this.recoveries;
    v[VAL_BURN_DAMAGE] = this.burnDmg;
    v[VAL_AIR_DAMAGE] = this.airDmg;
    v[VAL_MIASMA_LOSS] = this.miasmaLoss;
    let bat = 0;
    for (let c = 0; c < s.n; c++) if (s.side[c] === 0) bat += s.battery[c];
    v[VAL_BATTERY_LEFT] = bat;
    v[VAL_SPOILS] = this.spoils;
    v[VAL_JOINED] = this.joinedCount;
    v[VAL_ATTACKS] = this.attacks;
    v[VAL_HITS_LANDED] = this.landed;
    v[VAL_ENEMY_RECOVERY_CHECKS] = this.enemyRecChecks;
    v[VAL_ENEMY_RECOVERIES] = this.enemyRecoveries;
    v[VAL_ENEMY_BUGGED_TURNS] = this.enemyBuggedTurns;
    if (this.lastStep < this.def.turnLimit) this.recordSteps(this.lastStep + 1, this.def.turnLimit);
  }

  private recordStep(r: number): void {
    if (!this.rec || r > this.def.turnLimit || r <= this.lastStep) return;
    this.recordSteps(r, r);
  }

  /** Record steps first..last (within the limit, after the last recorded) with the current life and characters still in. */
  private recordSteps(first: number, last: number): void {
    const rec = this.rec!, s = this.s;
    let life0 = 0, life1 = 0, in0 = 0, in1 = 0;
    for (let c = 0; c < s.n; c++) {
      if (!s.joined[c]) continue;
      const out = s.out[c] !== OUT_IN;
      if (s.side[c] === 0) {
        life0 += s.life[c];
        if (!out) in0++;
      } else {
        life1 += s.life[c];
        if (!out) in1++;
      }
    }
    for (let r = first; r <= last; r++) {
      rec.set(r, V_LIFE, life0);
      rec.set(r, V_ENEMY_LIFE, life1);
      rec.set(r, V_IN, in0);
      rec.set(r, V_ENEMY_IN, in1);
    }
    this.lastStep = last;
  }

  // ───────────────────────── helpers ─────────────────────────

  private say(text: string): void {
    this.log!.line(text);
  }

  /** Ask character c's side; a single legal action is taken without asking. */
  private ask(c: number, decision: number, n: number): number {
    this.nLegal = n;
    if (n === 1) return this.legal[0];
    if (n < 1) throw new Error(`no legal action at decision ${D.DECISION_NAMES[decision]}`);
    const s = this.s;
    const prev = s.actor;
    if (decision !== D_COUNTER) s.actor = c;
    s.me = s.side[c];
    const a = this.policies[s.side[c]].decide(decision, s, this.legal, n, this.pdice);
    s.actor = prev;
    for (let i = 0; i < n; i++) if (this.legal[i] === a) return a;
    throw new Error(`policy returned illegal action ${a} at decision ${D.DECISION_NAMES[decision]}`);
  }

  /** Every participant's area, life, cost and bugs (for the replay). */
  positions(): string {
    const s = this.s;
    const parts: string[] = [];
    for (let c = 0; c < s.n; c++) {
      if (!s.joined[c]) continue;
      if (!s.isIn(c)) {
        parts.push(`${s.name(c)} out (${OUT_NAMES[s.out[c]]})`);
        continue;
      }
      let bugs = '';
      for (let b = 0; b < N_BUGS; b++) if (s.bug(c, b) > 0) bugs += ` ${BUGS[b]}:${s.bug(c, b)}`;
      parts.push(`${s.name(c)} (${areaLabel(s.area[c])}) life ${s.life[c]}/${s.lifeMax[c]}${bugs}`);
    }
    return `${parts.join('; ')} — field ${FIELDS[s.field]}`;
  }

  private roster(): string {
    const s = this.s;
    const parts: string[] = [];
    for (let c = 0; c < s.n; c++) if (s.joined[c]) parts.push(`${s.name(c)} ${s.isIn(c) ? 'winner' : `loser (${OUT_NAMES[s.out[c]]})`}`);
    return parts.join(', ');
  }
}

/** Does c go before o in the turn order? */
function before(s: IfState, key: Int32Array, c: number, o: number): boolean {
  if (s.speed[c] !== s.speed[o]) return s.speed[c] > s.speed[o];
  if (key[c] !== key[o]) return key[c] > key[o];
  return c < o;
}
