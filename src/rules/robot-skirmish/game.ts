/**
 * The robot-skirmish rules (seed 000, 2−2 ターン進行 … 2−2−4 戦闘終了) on a 2D table. This file: the
 * game driver — initiative, rounds and each player's turn, the start phase (self-repair), the combat
 * phase (the legal attack actions and their dispatch) and the end of the game at the time limit
 * (surviving cost, tie-break) with the game's record.
 *
 * Seed 000 2−2 ターン進行 (イニシアチブ順, 開始/移動/戦闘フェイズ), 2−2−1 開始フェイズ (「ターン開始時に〜」),
 * 2−2−3 戦闘フェイズ (攻撃行動を与える), 2−2−4 戦闘終了 (制限時間, 生き残った機体のコスト値, 引き分け).
 * The engine is a chain of classes, one rule area per file: game-core (2−2 state, 合体 values, damage,
 * 2−2−4 end checks) → game-move-candidates (2−2−2 legal moves and destinations) → game-movement
 * (2−2−2 moves carried out, 離脱, 移動特殊行動) → game-attacks (2−2−3 攻撃行動, 射撃, 白兵, クリティカル,
 * 肉弾格闘, 集中) → game-formations (陣形攻撃, 複数攻撃) → game-charges (突撃, 迎撃, 投擲) → RsGame.
 * One {@link RsGame} is built per variant and replays many games; it allocates nothing per step. Every
 * random draw goes through the `Dice` handed in by the driver; each side's policy answers its own
 * decisions.
 */
import type { Dice } from '../../sim/core/dice.js';
import type { GameLog, GameRecord, GameRunner } from '../../sim/core/types.js';
import { EQ_SELF_REPAIR, MELEE } from './catalogue.js';
import * as D from './decisions.js';
import { END_ANNIHILATION, END_HQ, END_NONE, END_TIME, MAX_CARRY } from './state.js';
import {
  ATTACK_TYPES, KP_ATTACK, KP_REPAIR, LEGAL_MAX, RATE_DRAW, RATE_END_ANNIHILATION, RATE_END_HQ, RATE_END_TIME, RATE_LOSS, RATE_WIN, V_ENEMY_HP, V_ENEMY_UNITS, V_HP, V_UNITS,
  VAL_COST_LEFT, VAL_ENEMY_COST_LEFT, VAL_ENEMY_UNITS_LEFT, VAL_FORMATION_DOUBLED, VAL_ROUNDS, VAL_SELF_DAMAGE, VAL_TYPE_BASE, VAL_UNITS_LEFT, VAL_VICTORY_ROUND,
} from './game-core.js';
import { RsCharges } from './game-charges.js';
import { END_MSG } from './narration-ids.js';
import { MoveMemo } from './move-memo.js';
import { LK_INIT, LK_OTHER, LUCK_CONTROLS } from './luck.js';

export {
  ATTACK_TYPE_LABELS, ATTACK_TYPES, RATE_DRAW, RATE_END_ANNIHILATION, RATE_END_HQ, RATE_END_TIME, RATE_LOSS, RATE_WIN, T_CHARGE, T_FORMATION, T_FREE, T_INTERCEPT,
  T_KICK, T_MELEE, T_MULTI, T_PUNCH, T_SHOOT, T_THROW, V_ENEMY_HP, V_ENEMY_UNITS, V_HP, V_UNITS, VAL_COST_LEFT, VAL_ENEMY_COST_LEFT, VAL_ENEMY_UNITS_LEFT,
  VAL_FORMATION_DOUBLED, VAL_ROUNDS, VAL_SELF_DAMAGE, VAL_TYPE_BASE, VAL_UNITS_LEFT, VAL_VICTORY_ROUND,
} from './game-core.js';
/** Every attack kind (bits 1 << AK_*), for genAttacks. */
export const ALL_ATTACK_KINDS = (1 << 10) - 1;

/** The carried weapons of a form a unit does not have (shared: begin allocates nothing). */
const NO_WEAPONS: readonly number[] = [];

export class RsGame extends RsCharges implements GameRunner {
  /** drawsSoFar() when begin ended (after the initiative). */
  private drawsAtStart = 0;
  /** Both policies keep nothing between decisions (RsPolicy.memoryless): the opening move phase may be replayed. */
  private readonly memoryless = this.policies[0].memoryless === true && this.policies[1].memoryless === true;
  /**
   * The other move phases by the state they began in (move-memo.ts), with memoryless policies; its tallies hold
   * typeActions, typeDamage, selfDamage and formationDoubled (a phase that changed them is not remembered).
   */
  private readonly memo = this.memoryless ? new MoveMemo(this.s, this.moveAdj, this.fallPending, new Float64Array(2 * ATTACK_TYPES.length + 2)) : null;

  /** Move phases the table of move phases has put back so far (tests and measurement). */
  get memoHits(): number {
    return this.memo === null ? 0 : this.memo.hitCount;
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
    this.lucky = rec !== null && rec.controls.length > 0;
    if (this.lucky) this.luck.reset();
    this.beginKeyed();
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
        const ws = f < d.forms.length ? d.forms[f].weapons : NO_WEAPONS;
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
      this.say('rsReplay.battle', { subject: v.subject.army.name, subjectPolicy: v.subject.policy, reference: v.reference.army.name, referencePolicy: v.reference.policy, width: t.width, height: t.height, unit: t.unit, rounds: this.def.turnLimit });
    }
    // Initiative (RS-R01).
    if (this.initiative === 0) {
      const prev = this.keyInitiative();
      for (;;) {
        const x = this.dice.d6(), y = this.dice.d6();
        if (log) this.say(x === y ? 'rsReplay.initiativeTie' : 'rsReplay.initiative', { x, y });
        if (x !== y) {
          s.firstSide = x > y ? 0 : 1;
          break;
        }
      }
      this.keyEnd(prev);
      // Luck: the roll-off (ties rolled again) puts side 0 first with probability exactly ½.
      if (this.lucky) this.luck.addTo(LK_INIT, 0, s.firstSide === 0 ? 0.5 : -0.5);
    } else s.firstSide = this.initiative === 1 ? 0 : 1;
    if (log) this.say(s.firstSide === 0 ? 'rsReplay.subjectFirst' : 'rsReplay.referenceFirst');
    this.recordStep(0);
    this.drawsAtStart = this.drawsSoFar();
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
      const verdict = this.tx(s.winner === 0 ? 'rsReplay.win' : s.winner === 1 ? 'rsReplay.loss' : 'rsReplay.draw');
      this.say('rsReplay.result', { verdict, end: this.tx(END_MSG[s.endReason]), round: s.round, unitsA: s.unitsAlive(0), unitsB: s.unitsAlive(1), costA: s.costAlive(0), costB: s.costAlive(1) });
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
    if (this.lucky) this.writeControls(rec);
    for (let k = 0; k < ATTACK_TYPES.length; k++) {
      rec.values[VAL_TYPE_BASE + 2 * k] = this.typeActions[k];
      rec.values[VAL_TYPE_BASE + 2 * k + 1] = this.typeDamage[k];
    }
    // The attrition series: the final state carries forward to the time limit.
    for (let r = this.lastStep + 1; r <= this.def.turnLimit; r++) this.recordStep(r);
  }

  /** The game's controls (rsMetrics' `controls`, in that order) from the raw luck. */
  private writeControls(rec: GameRecord): void {
    const raw = this.luck.raw, c = rec.controls;
    for (let j = 0; j < LUCK_CONTROLS; j++) c[j] = raw[j];
  }

  protected recordStep(r: number): void {
    const rec = this.rec, s = this.s;
    if (!rec || r > this.def.turnLimit || r <= this.lastStep) return;
    rec.set(r, V_UNITS, s.unitsAlive(0));
    rec.set(r, V_ENEMY_UNITS, s.unitsAlive(1));
    rec.set(r, V_HP, s.hpTotal(0));
    rec.set(r, V_ENEMY_HP, s.hpTotal(1));
    this.lastStep = r;
  }

  protected timeLimit(): void {
    const s = this.s;
    const a = s.costAlive(0), b = s.costAlive(1);
    s.over = true;
    s.endReason = END_TIME;
    if (a !== b) s.winner = a > b ? 0 : 1;
    else if (this.tieDice) {
      const prev = this.keyTiebreak();
      for (;;) {
        const x = this.dice.d6(), y = this.dice.d6();
        if (this.log) this.say('rsReplay.timeTieBreak', { x, y });
        if (x !== y) {
          s.winner = x > y ? 0 : 1;
          break;
        }
      }
      this.keyEnd(prev);
      if (this.lucky) this.luck.addTo(LK_OTHER, 0, s.winner === 0 ? 0.5 : -0.5);
    } else s.winner = -1;
    if (this.log) this.say('rsReplay.timeLimit', { round: s.round, a, b });
  }

  // ───────────────────────── turns ─────────────────────────

  /** One player's turn: start, move and combat phases, then the end of turn. */
  playTurn(side: number): void {
    const s = this.s;
    s.turnSide = side;
    s.turnNo[side]++;
    if (this.log) {
      this.say(side === 0 ? 'rsReplay.subjectTurn' : 'rsReplay.referenceTurn', { round: s.round });
      const parts: string[] = [];
      for (let u = 0; u < s.nUnits; u++) {
        if (!s.onTable(u)) continue;
        let p = this.tx('rsReplay.posUnit', { unit: s.name(u), pos: this.pos(u), hp: s.hp[u], max: s.hpMax[u] });
        if (s.nMembers[u] > 1) p += this.tx('rsReplay.posCombined', { n: s.nMembers[u] - 1 });
        if (s.hover[u]) p += this.tx('rsReplay.posHover');
        if (s.stealth[u]) p += this.tx('rsReplay.posStealth');
        if (s.fallen[u]) p += this.tx('rsReplay.posFallen');
        if (s.concTurn[u]) p += this.tx('rsReplay.posConc');
        parts.push(p);
      }
      this.say('rsReplay.positions', { list: parts.join('; ') });
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
    this.openingOrMovePhase(side);
    if (s.over) return;
    s.phase = 2;
    this.combatPhase(side);
    if (s.over) return;
    // End of turn: tokens placed before this turn began are removed (集中).
    for (let u = s.sideStart[side]; u < s.sideStart[side] + s.sideCount[side]; u++) {
      if (s.concTurn[u] !== 0 && s.concTurn[u] <= s.turnNo[side]) {
        s.concTurn[u] = 0;
        if (this.log) this.say('rsReplay.concRemoved', { unit: s.name(u) });
      }
    }
  }

  /**
   * The move phase, the game's first one remembered and replayed. Until something is drawn after the initiative,
   * a game is the same in every game with the same first side (begin resets the state; memoryless policies answer
   * from it alone). So when the first side's first move phase draws nothing, the game after it is saved once per
   * first side and put back in later games instead of played again: the same state, with nothing drawn either way.
   * Not with a log (the replay narrates the phase).
   */
  private openingOrMovePhase(side: number): void {
    const s = this.s;
    if (this.log !== null || !this.memoryless || s.round !== 1 || side !== s.firstSide || this.drawsSoFar() !== this.drawsAtStart) {
      this.movePhaseMemo(side);
      return;
    }
    if (this.restoreOpening(side)) return;
    this.movePhase(side);
    if (this.drawsSoFar() === this.drawsAtStart) this.saveOpening(side);
  }

  /**
   * The move phase through the table of move phases (move-memo.ts) when there is one and no log is kept (the replay
   * narrates the phase): a state met before gives the state the phase ended in then; otherwise the phase is played
   * and, when it drew nothing, its outcome may be remembered.
   */
  private movePhaseMemo(side: number): void {
    const memo = this.memo;
    if (memo === null || this.log !== null || !memo.fits()) {
      this.movePhase(side);
      return;
    }
    if (memo.lookUp(side)) return;
    if (!memo.storing) {
      this.movePhase(side);
      return;
    }
    this.talliesInto(memo.tally0);
    const drawn = this.drawsSoFar();
    this.movePhase(side);
    if (this.drawsSoFar() !== drawn) return;
    this.talliesInto(memo.tallies);
    memo.end();
  }

  /** The record's tallies a move phase may change, into `t` (see memo). */
  private talliesInto(t: Float64Array): void {
    const n = ATTACK_TYPES.length;
    for (let k = 0; k < n; k++) {
      t[k] = this.typeActions[k];
      t[n + k] = this.typeDamage[k];
    }
    t[2 * n] = this.selfDamage;
    t[2 * n + 1] = this.formationDoubled;
  }

  /** 開始フェイズ: 「ターン開始時に〜」 effects — self-repair (1d6−2, min 1; no attack this turn). */
  protected startPhase(side: number): void {
    const s = this.s;
    for (let u = s.sideStart[side]; u < s.sideStart[side] + s.sideCount[side]; u++) {
      if (!s.onTable(u) || s.nMembers[u] !== 1 || !(s.eq[u] & EQ_SELF_REPAIR) || s.hp[u] >= s.hpMax[u]) continue;
      s.actor = u;
      this.legal[0] = D.A_NO;
      this.legal[1] = D.A_YES;
      if (this.ask(side, D.D_REPAIR, 2) !== D.A_YES) continue;
      const prev = this.keyTurn(side, KP_REPAIR, u);
      const r = this.dice.d6();
      this.keyEnd(prev);
      const heal = Math.max(1, r - 2);
      if (this.lucky) this.luck.repair(u, heal);
      const before = s.hp[u];
      s.hp[u] = Math.min(s.hpMax[u], s.hp[u] + heal);
      s.noAttack[u] = 1;
      if (this.log) this.say('rsReplay.selfRepair', { unit: s.name(u), r, heal, before, after: s.hp[u] });
    }
  }

  // ───────────────────────── combat phase ─────────────────────────

  protected combatPhase(side: number): void {
    const s = this.s;
    const policy = this.policies[side];
    for (;;) {
      // Kinds the policy will never take are left out (see RsPolicy.attackKinds): the same choice, and no
      // decision either way when only the end of the phase is left.
      const n = this.genAttacks(side, policy.attackKinds === undefined ? ALL_ATTACK_KINDS : policy.attackKinds(s));
      if (n <= 1) break;
      s.actor = -1;
      const a = this.ask(side, D.D_ATTACK, n);
      if (D.atKind(a) === D.AK_END) break;
      const prev = this.keyTurn(side, KP_ATTACK, D.atActor(a));
      this.execAttack(a);
      this.keyEnd(prev);
      s.action = -1;
      if (s.over) return;
    }
    if (this.log && !s.over) this.say('rsReplay.combatEnds');
    this.fallChecks();
  }

  /**
   * Legal attack actions of `side` (legal[0] = end of phase); returns the count. `kinds` (bits 1 << AK_*):
   * only the actions of those kinds, in the order they have in the whole list — unless that list could
   * outgrow LEGAL_MAX (it is cut there), when every kind is listed.
   */
  genAttacks(side: number, kinds = ALL_ATTACK_KINDS): number {
    this.beginShotCache();
    let n = this.listAttacks(side, kinds);
    if (kinds !== ALL_ATTACK_KINDS && this.listBound >= LEGAL_MAX) n = this.listAttacks(side, ALL_ATTACK_KINDS);
    this.endShotCache();
    return n;
  }

  /** More than the number of attack actions the last listAttacks could have listed, every kind counted. */
  private listBound = 0;

  /** genAttacks' list of the kinds in `kinds` (contacts and lines of fire remembered meanwhile). */
  private listAttacks(side: number, kinds: number): number {
    const s = this.s;
    let n = 0;
    n = this.push(n, D.at(D.AK_END, 0));
    const targets = this.tgtBuf;
    const nt = this.targetsOf(side, targets);
    const throwPer = s.cat.base.throwRangePerAttack;
    const shoot = (kinds & (1 << D.AK_SHOOT)) !== 0, melee = (kinds & (1 << D.AK_MELEE)) !== 0, thrown = (kinds & (1 << D.AK_THROW)) !== 0;
    const punch = (kinds & (1 << D.AK_PUNCH)) !== 0, kick = (kinds & (1 << D.AK_KICK)) !== 0;
    // listBound: shots, melee and throws, punches and kicks, multi-attack subsets and charges of each unit,
    // then the formations (each unit leading with at most its weapons, punch and kick, per set of others).
    let bound = 1, leads = 0, units = 0;
    for (let u = s.sideStart[side]; u < s.sideStart[side] + s.sideCount[side]; u++) {
      if (!s.canAttack(u)) continue;
      const nr = this.refsOf(u);
      bound += 3 * nr * nt + 2 * nt + (1 << Math.min(nr, 10));
      leads += nr + 2;
      units++;
      const inContact = this.enemiesTouching(u) > 0;
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
              if (melee) n = this.push(n, D.at(D.AK_MELEE, u, t, w));
              any = true;
            }
          } else if (this.canShoot(u, t, this.wRange[wi])) {
            if (shoot) n = this.push(n, D.at(D.AK_SHOOT, u, t, w));
            any = true;
          }
          if (thrown && this.wHands[wi] > 0 && this.canShoot(u, t, s.atk[u] * throwPer)) n = this.push(n, D.at(D.AK_THROW, u, t, w));
        }
        if (this.wKind[wi] === MELEE) hasMelee = true;
        if (any && i < 10) usable |= 1 << i;
      }
      for (let j = 0; j < nt; j++) {
        const t = targets[j];
        if (!this.canMelee(u, t)) continue;
        if (punch) n = this.push(n, D.at(D.AK_PUNCH, u, t));
        if (kick && s.legs[u]) n = this.push(n, D.at(D.AK_KICK, u, t));
      }
      // 複数攻撃: every subset of ≥ 2 usable weapons (identical weapons taken in order).
      if (kinds & (1 << D.AK_MULTI) && usable && (usable & (usable - 1))) {
        for (let mask = usable; mask; mask = (mask - 1) & usable) {
          if (!(mask & (mask - 1))) continue;
          if (!this.canonical(mask, nr)) continue;
          n = this.push(n, D.at(D.AK_MULTI, u, 0, D.WR_NONE, mask));
        }
      }
      // 突撃: not already in contact; move into contact, then melee with a melee weapon.
      if (kinds & (1 << D.AK_CHARGE) && hasMelee && !inContact) {
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
    this.listBound = bound + 2 * nt * leads * (1 << units);
    if (kinds & ((1 << D.AK_FORM_SHOOT) | (1 << D.AK_FORM_MELEE))) n = this.genFormations(side, n, targets, nt, kinds);
    return n;
  }

  protected execAttack(a: number): void {
    const s = this.s;
    const kind = D.atKind(a), u = D.atActor(a), t = D.atTarget(a), w = D.atWeapon(a), mask = D.atMask(a);
    s.action = a;
    s.acted[u] = 1;
    switch (kind) {
      case D.AK_SHOOT:
      case D.AK_MELEE:
      case D.AK_PUNCH:
      case D.AK_KICK:
      case D.AK_THROW:
        this.singleAttack(kind, u, t, w);
        break;
      case D.AK_MULTI:
        this.multiAttack(u, mask);
        break;
      case D.AK_FORM_SHOOT:
      case D.AK_FORM_MELEE:
        this.formationAttack(kind, u, t, w, mask);
        break;
      case D.AK_CHARGE:
        this.charge(u, t, w);
        break;
      default:
        throw new Error(`unknown attack action ${a}`);
    }
    this.curType = -1;
    this.concLeft = 0;
  }
}
