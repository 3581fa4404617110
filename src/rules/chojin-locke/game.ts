/**
 * The chojin-locke rules (seed 003, 第10章 戦闘): combat start and joining,
 * preparation (dealing / refilling combat cards), declarations (jammers),
 * initiative, each esper's turn (special actions, one normal action), being
 * attacked (disintegration, one escape or one defence, jammers and fields
 * destroyed, the hit on the combat result table), synchronisation, teleport
 * blocks, post-processing and continuation. One {@link LkGame} is built per
 * variant and replays many games; all randomness comes from the `Dice` the
 * driver hands in, every choice from the esper's own policy.
 *
 * This file: §10.1 戦闘発生, §10.2 場外からの参加 (実はそこにいた / 実は生きていた), §10.3 戦闘の流れ (10.3.1 前処理,
 * 10.3.2 宣言: ニケチェック and jammers, 10.3.3 順番の決定, 10.3.4 後処理, 10.3.5 継続の判定), §10.3.6 戦闘終了 and
 * the records (rulings LK-R04, LK-R05, LK-R08). The engine is a chain of classes, one rule area per file: game-core (state, helpers) →
 * game-cards (§10.3.1, §10.5, §10.10) → game-escapes (§10.7.2, §10.8.3–4, §10.9, §10.11) → game-attacked
 * (§10.7) → game-turn (§10.4, §10.6, §10.8) → LkGame.
 */
import type { Dice } from '../../sim/core/dice.js';
import type { GameLog, GameRecord, GameRunner } from '../../sim/core/types.js';
import { CK_ATTACK, CK_DEFENCE, CK_ILLUSION, CK_LIGHT_SWORD, CK_TELEPORT } from './cards.js';
import { ALIVE_RESIDUAL, ALIVE_YES } from './charts.js';
import { START_BYSTANDER, START_DEAD } from './config.js';
import * as D from './decisions.js';
import { END_DECK_OUT, END_NO_COMBAT, END_NO_CONTINUATION, END_NONE, END_ROUND_CAP, END_SIDE_GONE, LOC_DECK, LOC_DISCARD, ST_ACTIVE, ST_DEAD, ST_ESCAPED, ST_OUT, ST_RESIDUAL } from './state.js';
import type { MessageId } from '../../i18n/messages-en.js';
import type { MsgParams } from '../../i18n/t.js';
import { END_MSG, STATUS_MSG } from './narration-ids.js';
import * as Core from './game-core.js';
import { LkTurn } from './game-turn.js';

// Module-local copies of game-core's codes (a module-local const folds to a constant; an imported binding is
// reloaded and hole-checked at every use).
const { RATE_WIN, RATE_LOSS, RATE_ENEMY_GONE, RATE_LEADER_SURVIVES, RATE_ALL_SURVIVE, RATE_PARTY_ESCAPED, RATE_DECK_OUT, RATE_NO_COMBAT, VAL_ROUNDS, VAL_PARTY_ALIVE, VAL_ENEMY_ALIVE, VAL_PARTY_DUR, VAL_ENEMY_DUR, V_PARTY, V_ENEMY, V_PARTY_DUR, V_ENEMY_DUR, A_PASS, A_YES } = Core;

/** Weight of the depth-th initiative re-roll among tied espers (13^−depth, the same doubles as Math.pow). */
const REROLL_SCALE = Float64Array.from({ length: 12 }, (_, depth) => Math.pow(13, -depth));

export class LkGame extends LkTurn implements GameRunner {
  play(dice: Dice, policyDice: Dice, rec: GameRecord, log: GameLog | null): void {
    this.begin(dice, policyDice, log);
    const s = this.s;
    this.step(rec, 0);
    while (!s.over) {
      this.playRound();
      if (s.round <= this.def.maxRounds) this.step(rec, s.round);
    }
    this.finish(rec);
  }

  /** Reset the state for a new combat and run the start (10.1, 10.2). */
  begin(dice: Dice, policyDice: Dice, log: GameLog | null): void {
    const s = this.s;
    this.dice = dice;
    this.pdice = policyDice;
    this.log = log;
    this.stats.fill(0);
    const all = this.all;
    s.n = all.length;
    for (let e = 0; e < s.n; e++) {
      const d = all[e];
      s.level[e] = d.level;
      s.power[e] = d.power;
      s.dur[e] = d.start === START_DEAD ? 0 : d.durability;
      s.durMax[e] = d.durability;
      s.will[e] = d.willpower;
      s.status[e] = d.start === START_DEAD ? ST_DEAD : d.start === START_BYSTANDER ? ST_OUT : ST_ACTIVE;
      s.asleep[e] = 0;
      s.acted[e] = 0;
      s.synced[e] = 0;
      s.jammer[e] = d.jammer;
      s.jammerTarget[e] = -1;
      s.field[e] = d.field;
      s.suit[e] = d.suit;
      s.nikeDur[e] = d.nike;
      s.nikeOn[e] = 0;
      s.subspace[e] = d.subspace;
      for (let k = 0; k < d.specials.length; k++) s.specialUses[e * 4 + k] = d.specials[k].uses;
      s.jamKnown[e] = 0;
      s.residual[e] = 0;
      s.handN[e] = 0;
    }
    for (let c = 0; c < s.deck.length; c++) {
      s.deck[c] = c;
      s.cardLoc[c] = LOC_DECK;
    }
    s.deckN = s.deck.length;
    s.refreshJams();
    this.sidesChanged = true;
    s.round = 0;
    s.over = false;
    s.endReason = END_NONE;
    s.orderN = 0;
    if (log) {
      for (let e = 0; e < s.n; e++) {
        const d = s.espers[e];
        const tx = (id: MessageId, params?: MsgParams): string => this.tx(id, params);
        const extras = [d.minions ? tx('lkReplay.exMinions', { n: d.minions }) : '', d.jammer ? tx('lkReplay.exJammer', { level: d.jammer }) : '', d.field ? tx('lkReplay.exField', { level: d.field }) : '',
          d.suit ? tx('lkReplay.exSuit', { n: d.suit }) : '', d.nike ? tx('lkReplay.exNike', { durability: d.nike, power: d.nikePower }) : '',
          d.mirror ? tx('lkReplay.exMirror', { level: d.mirror }) : '', d.psychopod ? tx('lkReplay.exPod', { level: d.psychopod }) : '', d.ball ? tx('lkReplay.exBall', { level: d.ball }) : '',
          d.subspace ? tx('lkReplay.exSubspace', { n: d.subspace }) : '', ...d.specials.map((x) => `${x.kind} Lv${x.level}`), d.disintegrate ? tx('lkReplay.exDisintegrate') : ''].filter((x) => x);
        const start = tx(d.start === START_DEAD ? 'lkReplay.stDead' : d.start === START_BYSTANDER ? 'lkReplay.stElsewhere' : 'lkReplay.stIn');
        this.say('lkReplay.esper', { esper: s.name(e), ja: d.ja, level: d.level, power: d.power, durability: d.durability, willpower: d.willpower,
          extras: extras.length ? tx('lkReplay.extras', { list: extras.join(tx('lkReplay.listSep')) }) : '', start, policy: d.policy });
      }
    }
    // 10.1: the combat happens only if there are enough combat cards for it.
    let need = 0;
    for (let e = 0; e < s.n; e++) if (s.status[e] === ST_ACTIVE) need += s.handMax[e];
    if (need > s.deckN || s.activeCount(0) === 0 || s.activeCount(1) === 0) {
      if (log) this.say('lkReplay.noCombat', { need, deck: s.deckN });
      this.end(END_NO_COMBAT);
      return;
    }
    this.joiningChecks();
    s.refreshJams();
  }

  /**
   * 10.2.1: 実はそこにいた for bystanders who declare it (「行なうことができる」: decision `there`), 実は生きていた
   * (then 残留思念) for the dead.
   */
  protected joiningChecks(): void {
    const s = this.s, ch = this.def.charts;
    for (let e = 0; e < s.n; e++) {
      if (s.status[e] === ST_OUT) {
        this.nLegal = 0;
        this.push(A_PASS);
        this.push(A_YES);
        if (D.aKind(this.ask(D.D_THERE, e)) !== D.K_YES) {
          if (this.log) this.say('lkReplay.noThere', { esper: s.name(e) });
          continue;
        }
        const r = this.roll2d6();
        const there = ch.there[r - 2] === 1;
        if (this.log) this.say('lkReplay.there', { esper: s.name(e), r, outcome: this.tx(there ? 'lkReplay.wasThere' : 'lkReplay.notThere') });
        if (there) s.status[e] = ST_ACTIVE;
      } else if (s.status[e] === ST_DEAD) {
        const r = this.roll2d6();
        const res = ch.alive[r - 2];
        if (res === ALIVE_YES) {
          s.status[e] = ST_ACTIVE;
          s.dur[e] = Math.min(ch.aliveDurability, s.durMax[e]);
          if (this.log) this.say('lkReplay.aliveAfterAll', { esper: s.name(e), r, durability: s.dur[e] });
        } else if (res === ALIVE_RESIDUAL) {
          const r2 = this.roll2d6();
          const p = ch.residual[r2 - 2];
          if (this.log) this.say('lkReplay.residualCheck', { esper: s.name(e), r, r2, outcome: p > 0 ? this.tx('lkReplay.residualPower', { power: p }) : this.tx('lkReplay.residualNone') });
          if (p > 0) {
            s.status[e] = ST_RESIDUAL;
            s.residual[e] = p;
          }
        } else if (this.log) this.say('lkReplay.notAlive', { esper: s.name(e), r });
      }
    }
  }

  /** Play one round (public so rules tests can drive a combat round by round). */
  playRound(): void {
    const s = this.s;
    s.round++;
    this.attacksThisRound = 0;
    if (this.log) this.say('lkReplay.round', { round: s.round });
    // 10.3.1 preparation: deal / refill combat cards (+1 per minion).
    for (let e = 0; e < s.n; e++) {
      if (s.status[e] !== ST_ACTIVE) continue;
      let drawn = 0;
      while (s.handN[e] < s.handMax[e]) {
        if (s.deckN === 0) {
          if (this.log) this.say('lkReplay.deckOut', { esper: s.name(e) });
          this.end(END_DECK_OUT);
          return;
        }
        this.draw(e);
        drawn++;
      }
      if (this.log && drawn > 0) this.say('lkReplay.draws', { esper: s.name(e), n: drawn, hand: s.handN[e], minions: s.espers[e].minions ? this.tx('lkReplay.drawMinions', { n: s.espers[e].minions }) : '', deck: s.deckN });
    }
    // 10.3.2 declarations: ニケチェック (a working ニケ leaves only the jammer usable), then jammers.
    for (let e = 0; e < s.n; e++) {
      s.nikeOn[e] = 0;
      if (s.status[e] !== ST_ACTIVE || s.nikeDur[e] <= 0) continue;
      const r = this.roll2d6();
      s.nikeOn[e] = this.def.charts.nike[r - 2] === 1 ? 1 : 0;
      if (this.log) this.say('lkReplay.nikeCheck', { esper: s.name(e), r, outcome: this.tx(s.nikeOn[e] ? 'lkReplay.nikeWorks' : 'lkReplay.nikeIdle') });
    }
    for (let e = 0; e < s.n; e++) s.jamKnown[e] = 0;
    for (let e = 0; e < s.n; e++) {
      if (s.jammerTarget[e] >= 0) {
        s.jammerTarget[e] = -1;
        s.refreshJams();
      }
      if (s.status[e] !== ST_ACTIVE || s.jammer[e] === 0 || s.asleep[e]) continue;
      this.nLegal = 0;
      this.push(A_PASS);
      this.addTargets(e, D.K_TARGET);
      const a = this.ask(D.D_JAMMER, e);
      if (D.aKind(a) === D.K_TARGET) {
        s.jammerTarget[e] = D.aTarget(a);
        s.refreshJams();
        if (this.log) this.say('lkReplay.jammerOn', { esper: s.name(e), target: s.name(D.aTarget(a)), level: s.rulings.jammer_level === 'known' ? this.tx('lkReplay.jamLevel', { level: s.jammer[e] }) : this.tx('lkReplay.jamSecret') });
      }
    }
    // 10.3.3 initiative.
    this.initiative();
    // 10.4 each turn.
    for (let pos = 0; pos < s.orderN && !s.over; pos++) {
      const e = s.order[pos];
      this.curPos = pos;
      s.acted[e] = 1;
      if (s.status[e] === ST_RESIDUAL) this.residualTurn(e, pos);
      else if (s.status[e] === ST_ACTIVE) this.turn(e, pos);
      this.checkSides();
    }
    if (s.over) return;
    // 10.3.4 post-processing.
    for (let e = 0; e < s.n; e++) {
      if (this.wakeEachRound) s.asleep[e] = 0;
      s.acted[e] = 0;
      s.synced[e] = 0;
    }
    // 10.3.5 continuation.
    if (s.round >= this.def.maxRounds) {
      this.end(END_ROUND_CAP);
      return;
    }
    if (this.attacksThisRound > 0) return;
    if (s.rulings.continuation === 'attack-only') {
      if (this.log) this.say('lkReplay.noAttackEnds');
      this.end(END_NO_CONTINUATION);
      return;
    }
    for (let side = 0; side < 2; side++) {
      for (let e = 0; e < s.n; e++) {
        if (s.side[e] !== side || s.status[e] !== ST_ACTIVE) continue;
        this.nLegal = 0;
        this.push(A_PASS);
        this.push(A_YES);
        if (D.aKind(this.ask(D.D_CONTINUE, e)) === D.K_YES) {
          if (this.log) this.say('lkReplay.continues', { esper: s.name(e) });
          return;
        }
        break;
      }
    }
    if (this.log) this.say('lkReplay.noContinuation');
    this.end(END_NO_CONTINUATION);
  }

  /** 10.3.3: 2D6 each, high first (ties: ruling LK-R08). */
  protected initiative(): void {
    const s = this.s, k = this.keys;
    s.orderN = 0;
    for (let e = 0; e < s.n; e++) {
      if (s.status[e] !== ST_ACTIVE && s.status[e] !== ST_RESIDUAL) continue;
      k[e] = this.roll2d6();
      s.order[s.orderN++] = e;
    }
    this.sortOrder();
    if (this.rerollTies) {
      for (let depth = 1; depth < 12; depth++) {
        let tied = false;
        for (let i = 1; i < s.orderN; i++) if (k[s.order[i - 1]] === k[s.order[i]]) tied = true;
        if (!tied) break;
        // Roll again for every member of a tied run (in order), as a finer key.
        const scale = REROLL_SCALE[depth];
        let i = 0;
        while (i < s.orderN) {
          let j = i + 1;
          while (j < s.orderN && k[s.order[j]] === k[s.order[i]]) j++;
          if (j - i > 1) for (let m = i; m < j; m++) k[s.order[m]] += this.roll2d6() * scale;
          i = j;
        }
        this.sortOrder();
      }
    }
    if (this.log) this.say('lkReplay.initiative', { list: Array.from(s.order.subarray(0, s.orderN), (e) => `${s.name(e)} ${Math.floor(k[e])}`).join(this.tx('lkReplay.listSep')) });
  }

  protected sortOrder(): void {
    const s = this.s, k = this.keys;
    for (let i = 1; i < s.orderN; i++) {
      const e = s.order[i];
      let j = i - 1;
      while (j >= 0 && k[s.order[j]] < k[e]) {
        s.order[j + 1] = s.order[j];
        j--;
      }
      s.order[j + 1] = e;
    }
  }

  protected step(rec: GameRecord, r: number): void {
    const s = this.s;
    let pa = 0, ea = 0, pd = 0, ed = 0;
    for (let e = 0; e < s.n; e++) {
      const alive = s.status[e] === ST_ACTIVE;
      if (s.side[e] === 0) {
        pa += alive ? 1 : 0;
        pd += alive ? s.dur[e] : 0;
      } else {
        ea += alive ? 1 : 0;
        ed += alive ? s.dur[e] : 0;
      }
    }
    rec.set(r, V_PARTY, pa);
    rec.set(r, V_ENEMY, ea);
    rec.set(r, V_PARTY_DUR, pd);
    rec.set(r, V_ENEMY_DUR, ed);
  }

  protected finish(rec: GameRecord): void {
    const s = this.s;
    let partyAlive = 0, enemyAlive = 0, partyDur = 0, enemyDur = 0, partyIn = 0, enemyIn = 0, partyN = 0, partyEscaped = 0;
    for (let e = 0; e < s.n; e++) {
      const living = s.status[e] === ST_ACTIVE || s.status[e] === ST_ESCAPED || s.status[e] === ST_OUT;
      if (s.side[e] === 0) {
        partyN++;
        if (living) partyAlive++, partyDur += s.dur[e];
        if (s.status[e] === ST_ACTIVE) partyIn++;
        if (s.status[e] === ST_ESCAPED) partyEscaped++;
      } else {
        if (living) enemyAlive++, enemyDur += s.dur[e];
        if (s.status[e] === ST_ACTIVE) enemyIn++;
      }
    }
    let enemyLiving = 0;
    for (let e = 0; e < s.n; e++) if (s.side[e] === 1 && s.status[e] !== ST_DEAD && s.status[e] !== ST_RESIDUAL && s.status[e] !== ST_OUT) enemyLiving++;
    const lead = 0;
    const leadAlive = s.status[lead] !== ST_DEAD && s.status[lead] !== ST_RESIDUAL;
    rec.rates[RATE_WIN] = enemyLiving === 0 && s.endReason !== END_NO_COMBAT ? 1 : 0;
    rec.rates[RATE_LOSS] = partyAlive === 0 ? 1 : 0;
    rec.rates[RATE_ENEMY_GONE] = enemyIn === 0 && s.endReason !== END_NO_COMBAT ? 1 : 0;
    rec.rates[RATE_LEADER_SURVIVES] = leadAlive ? 1 : 0;
    rec.rates[RATE_ALL_SURVIVE] = partyAlive === partyN ? 1 : 0;
    rec.rates[RATE_PARTY_ESCAPED] = partyEscaped > 0 ? 1 : 0;
    rec.rates[RATE_DECK_OUT] = s.endReason === END_DECK_OUT ? 1 : 0;
    rec.rates[RATE_NO_COMBAT] = s.endReason === END_NO_COMBAT ? 1 : 0;
    const v = rec.values;
    for (let k = 0; k < this.stats.length; k++) v[k] = this.stats[k];
    v[VAL_ROUNDS] = s.round;
    v[VAL_PARTY_ALIVE] = partyAlive;
    v[VAL_ENEMY_ALIVE] = enemyAlive;
    v[VAL_PARTY_DUR] = partyDur;
    v[VAL_ENEMY_DUR] = enemyDur;
    void partyIn;
    if (this.log) {
      const end = END_MSG[s.endReason];
      this.say('lkReplay.combatEnds', { round: s.round, reason: end ? this.tx(end) : '' });
      for (let e = 0; e < s.n; e++) this.say('lkReplay.status', { esper: s.name(e), status: this.tx(STATUS_MSG[s.status[e]]), durability: s.dur[e], max: s.durMax[e], power: s.power[e] });
      this.say('lkReplay.result', { verdict: this.tx(rec.rates[RATE_WIN] ? 'lkReplay.win' : rec.rates[RATE_LOSS] ? 'lkReplay.loss' : 'lkReplay.noDecision'), party: partyAlive, enemies: enemyAlive });
    }
  }
}

export { MAX_CHECKS, RATE_WIN, RATE_LOSS, RATE_ENEMY_GONE, RATE_LEADER_SURVIVES, RATE_ALL_SURVIVE, RATE_PARTY_ESCAPED, RATE_DECK_OUT, RATE_NO_COMBAT, VAL_ROUNDS, VAL_PARTY_ALIVE, VAL_ENEMY_ALIVE, VAL_PARTY_DUR, VAL_ENEMY_DUR, VAL_ATTACKS, VAL_SYNC_ATTACKS, VAL_SYNC_POWER, VAL_SUPPLEMENTS, VAL_SUPPLEMENT_FAILS, VAL_BLOCKS, VAL_BLOCKS_WON, VAL_ESCAPES, VAL_REFUSALS, VAL_POWER_SPENT, VAL_CARDS_DRAWN, VAL_DAMAGE_DEALT, VAL_DAMAGE_TAKEN, V_PARTY, V_ENEMY, V_PARTY_DUR, V_ENEMY_DUR } from './game-core.js';

/** Kinds recognised in cards (re-exported for policies). */
export { CK_ATTACK, CK_DEFENCE, CK_ILLUSION, CK_LIGHT_SWORD, CK_TELEPORT, ST_ACTIVE, ST_DEAD, ST_ESCAPED, ST_OUT, ST_RESIDUAL, END_DECK_OUT, END_SIDE_GONE, END_NO_CONTINUATION, END_ROUND_CAP, END_NO_COMBAT, LOC_DECK, LOC_DISCARD };
