/**
 * One if-battle game (seed 001, 戦闘シーン): エンゲージ (participants, 乱入,
 * バッテリー) → エリアセット (D66 positions, field, turn order by スピード) →
 * マスタータイム per character (ターンアップ, メインアクション, スタンバイ) each
 * followed by the フラグチェック → リザルト (winners, spoils, battery). The
 * runner owns its state and reuses it across games; the policies are asked at
 * every decision with the legal actions (see decisions.ts).
 *
 * This file: エンゲージ (participants, 乱入, バッテリー), エリアセット (D66 positions, the field, the turn order by
 * スピード), the round of マスタータイム, フラグチェック and リザルト (winners, 戦果, バッテリー) with the records.
 * Rulings IF-R01, IF-R05, IF-R06, IF-F03, IF-F11. The engine is a chain of classes, one rule area per file:
 * game-core (state, helpers) → game-checks (成否判定, ライフ, フィールド) → game-main (メインアクション) →
 * game-turn (マスタータイム: ターンアップ, スタンバイ) → IfGame.
 */
import type { Dice } from '../../sim/core/dice.js';
import type { GameLog, GameRecord, GameRunner } from '../../sim/core/types.js';
import { SIDE, areaLabel, d66ScaledIndex, d66UnorderedIndex, step } from './area-map.js';
import * as Cat from './catalogue.js';
import * as Cfg from './config.js';
import * as D from './decisions.js';
import * as St from './state.js';
import { IfState } from './state.js';
import { END_MSG, SPOIL_MSG } from './narration-ids.js';
import * as Core from './game-core.js';
import { IfTurn } from './game-turn.js';

// Module-local copies of the numeric codes the game reads: V8 (Node 20) reloads and hole-checks an imported binding at
// every use, while a module-local const folds to a constant.
const { F_CLOSED } = Cat;
const { FIELD_ROLL, P_MAIN } = Cfg;
const { CK_OTHER, END_CEASE, END_NONE, END_ONE_SIDE, END_TIME, OUT_BATTERY, OUT_IN, OUT_LIFE0, OUT_TENTH, OUT_VOLUNTARY } = St;
const { D_FLAG, D_SPOIL, FL_CEASE, FL_CONTINUE, FL_DROP } = D;
const { RATE_WIN, RATE_DRAW, RATE_LOSS, RATE_END_ONE_SIDE, RATE_END_CEASE, RATE_END_TIME, RATE_SUBJECT_FIRST, RATE_DROP_LIFE0, RATE_DROP_TENTH, RATE_DROP_VOLUNTARY, RATE_DROP_BATTERY, VAL_ROUNDS, VAL_LIFE_LEFT, VAL_ENEMY_LIFE_LEFT, VAL_DAMAGE_DEALT, VAL_DAMAGE_TAKEN, VAL_FIELD, VAL_CHECKS, VAL_BUG_POINTS, VAL_BUGGED_TURNS, VAL_RECOVERY_CHECKS, VAL_RECOVERIES, VAL_BURN_DAMAGE, VAL_AIR_DAMAGE, VAL_MIASMA_LOSS, VAL_BATTERY_LEFT, VAL_SPOILS, VAL_JOINED, VAL_ATTACKS, VAL_HITS_LANDED, VAL_ENEMY_RECOVERY_CHECKS, VAL_ENEMY_RECOVERIES, VAL_ENEMY_BUGGED_TURNS, V_LIFE, V_ENEMY_LIFE, V_IN, V_ENEMY_IN } = Core;

export class IfGame extends IfTurn implements GameRunner {
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
      const sep = this.tx('ifReplay.listSep');
      this.say('ifReplay.battle', { process: this.tx(v.process === P_MAIN ? 'ifReplay.mainProcess' : 'ifReplay.raidProcess'), subject: v.subject.characters.map((c) => c.name).join(sep), subjectPolicy: v.subject.policy,
        reference: v.reference.characters.map((c) => c.name).join(sep), referencePolicy: v.reference.policy });
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
  protected engage(): void {
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
        if (log) this.say('ifReplay.raidJoins', { char: s.name(c) });
      } else if (d.contact) {
        s.joined[c] = 1;
        if (log) this.say('ifReplay.contactJoins', { char: s.name(c) });
      } else {
        s.actor = c;
        const ok = this.check(c, this.def.engageSkill, CK_OTHER, 0, '乱入判定');
        this.settle();
        if (ok) s.joined[c] = 1;
        if (log) this.say(ok ? 'ifReplay.joins' : 'ifReplay.failsToJoin', { char: s.name(c) });
      }
      if (s.joined[c]) this.joinedCount++;
    }
    if (this.variant.process === P_MAIN) {
      for (let c = 0; c < s.n; c++) {
        if (!s.joined[c]) continue;
        if (s.battery[c] <= 0) {
          this.dropOut(c, OUT_BATTERY);
          if (log) this.say('ifReplay.batteryEmpty', { char: s.name(c) });
        } else {
          s.battery[c]--;
          if (log) this.say('ifReplay.batteryDown', { char: s.name(c), battery: s.battery[c] });
        }
      }
    }
  }

  /** エリアセット: positions by two D66 (IF-R01), the field, the turn order by スピード. */
  protected areaSet(): void {
    const s = this.s, dice = this.dice, log = this.log;
    for (let c = 0; c < s.n; c++) {
      if (!s.isIn(c)) continue;
      for (;;) {
        const r1 = dice.d66(), r2 = dice.d66();
        const row = this.unordered ? d66UnorderedIndex(r1) : d66ScaledIndex(r1);
        const col = this.unordered ? d66UnorderedIndex(r2) : d66ScaledIndex(r2);
        const a = row * SIDE + col;
        const full = s.occupancy[a] >= 2;
        if (log) this.say('ifReplay.placed', { char: s.name(c), r1, r2, area: areaLabel(a), full: full ? this.tx('ifReplay.areaFullTag') : '' });
        if (full) continue;
        s.area[c] = a;
        s.occupancy[a]++;
        break;
      }
    }
    let f = this.variant.field;
    if (f === FIELD_ROLL) {
      f = dice.d6() - 1;
      if (log) this.say('ifReplay.fieldTable', { roll: f + 1, field: this.fieldLabel(f) });
    }
    if (this.startChecks) this.changeField(f);
    else {
      s.field = f;
      if (log) this.say('ifReplay.fieldNoChecks', { field: this.fieldLabel(f) });
      if (f === F_CLOSED) this.closedGrace();
    }
    this.decideOrder();
  }

  /** Turn order: higher スピード first; ties by IF-R05. */
  protected decideOrder(): void {
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
            this.say('ifReplay.speedTie', { speed: s.speed[c], list: parts.join(this.tx('ifReplay.listSep')), again: distinct ? '' : this.tx('ifReplay.tieAgainTag') });
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
      for (let i = 0; i < n; i++) parts.push(this.tx('ifReplay.orderItem', { char: s.name(s.order[i]), speed: s.speed[s.order[i]] }));
      this.say('ifReplay.turnOrder', { list: parts.join(this.tx('ifReplay.listSep')) });
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
      if (this.log) this.say('ifReplay.timeLimit', { turns: this.def.turnLimit });
    }
  }

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
        if (log) this.say('ifReplay.flagDrop', { char: s.name(c) });
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
      if (log) this.say('ifReplay.flagNoWill');
    }
  }

  finish(): void {
    const s = this.s, log = this.log;
    if (s.endReason === END_NONE) s.endReason = END_ONE_SIDE;
    const sIn = s.inCount(0), rIn = s.inCount(1);
    s.winner = sIn > 0 && rIn === 0 ? 0 : sIn > 0 && rIn > 0 ? -1 : 1;
    if (log) this.say('ifReplay.resultScene', { end: END_MSG[s.endReason] ? this.tx(END_MSG[s.endReason]!) : '—', round: s.round, list: this.roster() });
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
        if (log) this.say('ifReplay.takesSpoil', { char: s.name(w), spoil: this.tx(SPOIL_MSG[a & 3]), loser: s.name(a >> 2) });
      }
    }
    if (this.variant.process === P_MAIN) {
      for (let c = 0; c < s.n; c++) if (s.joined[c] && s.out[c] !== OUT_IN && s.battery[c] > 0) {
        s.battery[c]--;
        if (log) this.say('ifReplay.lostBattery', { char: s.name(c), battery: s.battery[c] });
      }
    }
    if (log) this.say('ifReplay.result', { verdict: this.tx(s.winner === 0 ? 'ifReplay.win' : s.winner === 1 ? 'ifReplay.loss' : 'ifReplay.draw') });
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

  protected recordStep(r: number): void {
    if (!this.rec || r > this.def.turnLimit || r <= this.lastStep) return;
    this.recordSteps(r, r);
  }

  /** Record steps first..last (within the limit, after the last recorded) with the current life and characters still in. */
  protected recordSteps(first: number, last: number): void {
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
}

export { RATE_WIN, RATE_DRAW, RATE_LOSS, RATE_END_ONE_SIDE, RATE_END_CEASE, RATE_END_TIME, RATE_SUBJECT_FIRST, RATE_DROP_LIFE0, RATE_DROP_TENTH, RATE_DROP_VOLUNTARY, RATE_DROP_BATTERY, VAL_ROUNDS, VAL_LIFE_LEFT, VAL_ENEMY_LIFE_LEFT, VAL_DAMAGE_DEALT, VAL_DAMAGE_TAKEN, VAL_FIELD, VAL_CHECKS, VAL_BUG_POINTS, VAL_BUGGED_TURNS, VAL_RECOVERY_CHECKS, VAL_RECOVERIES, VAL_BURN_DAMAGE, VAL_AIR_DAMAGE, VAL_MIASMA_LOSS, VAL_BATTERY_LEFT, VAL_SPOILS, VAL_JOINED, VAL_ATTACKS, VAL_HITS_LANDED, VAL_ENEMY_RECOVERY_CHECKS, VAL_ENEMY_RECOVERIES, VAL_ENEMY_BUGGED_TURNS, V_LIFE, V_ENEMY_LIFE, V_IN, V_ENEMY_IN } from './game-core.js';

/** Does c go before o in the turn order? */
function before(s: IfState, key: Int32Array, c: number, o: number): boolean {
  if (s.speed[c] !== s.speed[o]) return s.speed[c] > s.speed[o];
  if (key[c] !== key[o]) return key[c] > key[o];
  return c < o;
}
