/**
 * One combat (§36): round 0, the order of each round, reinforcements and round-0 blasts, and the attrition
 * series.
 *
 * Seed 004 §35–§36 (combat: round 0, the order of a round, reinforcements, the end of a combat).
 * One layer of the engine's class chain (game-core → game-special → game-targets → game-attacks →
 * game-defence → game-combat → game-encounter → game.ts): each file adds one rule area.
 */
import { R_SNIPER } from '../catalogue/catalogue.js';
import { type CountExpr } from '../config.js';
import * as D from '../decisions.js';
import type { EncounterExtra, RoundZeroBlast } from '../scenario/scenario.js';
import { END_LEADER_DOWN, END_LULL, END_NONE, END_TIMEOUT, END_WIN, zeroFill } from './state.js';
import { sgn, SUB_DEX, LEADER_TARGET, ROUNDS_SHOWN, V_LIFE, V_MEMBERS, V_MAGAZINES, V_ENEMIES } from './core.js';
import { UaDefence } from './defence.js';

export abstract class UaCombat extends UaDefence {
  // ───────────────────────── combat and encounter ─────────────────────────

  protected record(): void {
    if (!this.roundSeries) return;
    const s = this.s, base = s.engIndex * (ROUNDS_SHOWN + 1);
    const from = Math.min(s.round, ROUNDS_SHOWN);
    const to = this.over() ? ROUNDS_SHOWN : from;
    const rec = this.rec, life = this.lifeLeft(), members = this.membersLeft(), magazines = s.magazines, enemies = s.enemiesStanding();
    for (let r = from; r <= to; r++) {
      rec.set(base + r, V_LIFE, life);
      rec.set(base + r, V_MEMBERS, members);
      rec.set(base + r, V_MAGAZINES, magazines);
      rec.set(base + r, V_ENEMIES, enemies);
    }
  }

  /** A scenario's combat-start triggers (operations, UA-R96); nothing in a gauntlet. */
  protected onCombatStart(): void {}

  /** A scenario's round-start triggers (operations, UA-R100); nothing in a gauntlet. */
  protected onRoundStart(): void {}

  /** Does any scenario round-start trigger exist (so a gauntlet pays nothing per round)? */
  protected roundTriggers = false;

  /** The rounds of one combat (§36). */
  protected combat(): void {
    const s = this.s;
    s.round = 0;
    s.inCombat = true;
    s.combats++;
    s.fought = true;
    s.fortifyLeader = 0;
    s.fortifyMembers = 0;
    s.retreatUsed = false;
    s.c4Target = -1;
    s.c4Pending = s.leaderBusy = false;
    s.gunEmpty = 0; // reloaded between fights (UA-V16)
    if (this.players === 2) {
      const o = s.other;
      o.fortifyLeader = o.fortifyMembers = o.gunEmpty = 0;
      o.leaderBusy = false;
    }
    s.clearStunned();
    if (s.anyDazed) {
      zeroFill(s.unitDazed);
      s.anyDazed = false;
    }
    if (this.captureLife1) zeroFill(s.negotiated);
    s.roundAttackMod = 0;
    s.startCombatants = s.withSquad();
    const x = s.ex;
    if (this.log) this.sayT(s.squadFirst ? 'uaLog.round0Squad' : 'uaLog.round0Enemy');
    this.onCombatStart();
    if (x !== null && x.roundZeroBlast !== null) this.roundZeroBlast(x.roundZeroBlast);
    // §45 two players: each leader's round 0 in turn, the first's then the second's (his sniper's shot, his action).
    for (let p = 0; p < this.players; p++) {
      if (p === 1) s.swapLeader();
      this.roundZero();
    }
    if (s.active === 1) s.swapLeader();
    if (this.scItemDefs.length > 0 && !this.over()) this.offerCombatItems();
    if (s.nSpecial > 0 && !this.over()) this.offerDrone();
    this.record();
    let absent = -1;
    while (!this.over() || s.endReason === END_LULL) {
      s.round++;
      s.totalRounds++;
      s.protectUsedThisRound = false;
      if (this.players === 2) s.other.protectUsedThisRound = false;
      s.enemyActedThisRound = false;
      if (x !== null) {
        // A failed retreat check (UA-R99) may be tried again next round.
        if (x.retreatCheck !== null) s.retreatUsed = false;
        this.reinforce(x);
        // UA-V53: a lull ends when this round's reinforcements stand.
        if (s.endReason === END_LULL && s.enemiesStanding() > 0) s.endReason = END_NONE;
        if (x.advantageAttackMod !== 0) {
          // 数的優位: leader + combatant members present vs enemies standing, at the round start.
          // §45: 「分隊側の人数」 counts both leaders and both squads.
          s.roundAttackMod = 1 + s.withSquad() + (this.players === 2 ? 1 + s.otherWithSquad() : 0) >= s.enemiesStanding() ? x.advantageAttackMod : 0;
          if (this.log && s.roundAttackMod !== 0) this.sayT('uaLog.advantage', { mod: sgn(s.roundAttackMod) });
        }
      }
      if (s.round === 1 && s.absentRole === LEADER_TARGET) {
        // The leader cut off (Black Sun 46 with no combatant, audit §29; UA-V44): no action in round 1, still a target.
        s.leaderBusy = true;
        if (this.log) this.sayT('uaLog.leaderCutOff');
      } else if (s.round === 1 && s.absentRole >= 0 && this.slotCount(s.absentRole) > 0) {
        // target_absent_first_round: that member is not in round 1 at all.
        absent = s.absentRole;
        this.slotAdd(absent, -1);
        if (this.log) this.sayT('uaLog.cutOff', { who: this.slotName(absent) });
      } else if (s.round === 2 && absent >= 0) {
        this.slotAdd(absent, 1);
        absent = -1;
      }
      if (this.roundTriggers) {
        this.onRoundStart();
        if (this.over() && s.endReason !== END_LULL) {
          this.record();
          break;
        }
      }
      if (this.log) this.sayT('uaLog.roundHead', { round: s.round, life: s.life, members: s.withSquad(), magazines: s.magazines, enemies: s.enemiesStanding() });
      if (this.log && this.players === 2) this.sayT('uatwo.secondHead', { life: s.other.life, members: s.otherWithSquad() });
      if (this.scItemDefs.length > 0) this.offerCombatItems();
      if (s.nSpecial > 0 && s.endReason !== END_LULL) this.offerDrone();
      if (s.c4Pending) {
        // v1.01 C4 (UA-V26): before either side acts, the 技量/器用 roll as the leader's action; success blasts now.
        const u = s.c4Target;
        s.c4Pending = false;
        if (s.unitLeft[u] > 0) {
          s.leaderBusy = true;
          const ok = s.sub === SUB_DEX && s.subCur > 0 ? this.subCheck(4) : this.check(s.skill, 4);
          if (this.log) this.sayT('uaLog.c4Plant', { unit: s.eng.units[u].name, nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, ok: this.tx(ok ? 'uaLog.f.set' : 'uaLog.f.dud') });
          if (!ok) s.c4Target = -1;
        } else s.c4Target = -1;
      }
      if (s.c4Target >= 0) {
        const u = s.c4Target;
        s.c4Target = -1;
        if (s.unitLeft[u] > 0) {
          if (this.log) this.sayT('uaLog.c4Off');
          this.damage(u, s.eng.units[u].htt ? this.c4HighThreat : this.c4Soldiers);
          this.enemyBroken();
        }
      }
      if (!this.over()) {
        if (s.squadFirst) {
          this.squadPhase();
          if (!this.over()) this.enemyPhase();
        } else {
          this.enemyPhase();
          if (!this.over()) this.squadPhase();
        }
      }
      // Did the round's turns end the combat (enemy wiped out or withdrawn, squad retreated)? Then no round-end step
      // follows under UA-R150 `while-fighting`; the scenario's round-end limits below act at the round's end.
      const lull = s.endReason === END_LULL;
      const endedInRound = this.over() && !lull;
      // Scenario withdrawal after N rounds (UA-R99), then the round limit.
      if (!this.over() && x !== null && x.withdraw.length > 0) this.scenarioWithdraw(x, true);
      if ((!this.over() || lull) && x !== null && x.endsAfterRound > 0 && s.round >= x.endsAfterRound) {
        if (this.log) this.sayT('uaLog.endsAfterRound', { round: s.round });
        s.endReason = END_WIN;
        s.endedNoLoot = !x.endsAfterLoot;
        s.endedByLimit = true;
      }
      if (s.anyDazed) {
        // v1.01 【スタン】 lasts to the round's end (UA-R04 own-skill).
        zeroFill(s.unitDazed);
        s.anyDazed = false;
      }
      // 負傷 3 (2026-03 §36): 「ラウンド終了時に生命点 −1」 — at the end of every combat round while the leader stands (UA-V06),
      // and only while the combat goes on (UA-R150: 「戦闘終了」 comes before the round's end).
      if (this.woundTrack && s.wounds >= 3 && s.endReason !== END_LEADER_DOWN && (!endedInRound || this.bleedAfterEnd)) this.woundBleed();
      if (this.players === 2 && this.woundTrack && s.other.wounds >= 3 && s.endReason !== END_LEADER_DOWN && (!endedInRound || this.bleedAfterEnd)) {
        // §45: the second leader's 負傷 3 as well.
        s.swapLeader();
        this.woundBleed();
        s.swapLeader();
      }
      if ((!this.over() || s.endReason === END_LULL) && s.round >= this.g.maxRounds) {
        if (this.log) this.sayT('uaLog.noDecision', { round: s.round });
        s.endReason = END_TIMEOUT;
      }
      this.record();
    }
    if (absent >= 0) this.slotAdd(absent, 1);
    s.inCombat = false;
  }

  /** Round 0 of one leader and his squad (§36): the sniper's shots before initiative, then the leader's round-0 action. */
  protected roundZero(): void {
    const s = this.s;
    if (s.members[R_SNIPER] > 0 && (!s.indoorNow || s.outdoorToo) && !this.over()) {
      for (let i = 0; i < s.members[R_SNIPER] && !this.over(); i++) this.memberAttack(R_SNIPER);
    }
    if (!this.over()) {
      const n = this.leaderLegal(true);
      if (n > 1) {
        const a = this.ask(D.D_ROUND0, n);
        if (D.kindOf(a) !== D.K_PASS) {
          if (this.log) this.sayT('uaLog.round0Leader', { kind: this.kindName(D.kindOf(a)) });
          this.leaderAct(a);
        }
      }
    }
  }

  /** 負傷 3: the leader loses 1 life at a round's end; at 0 he is down. */
  protected woundBleed(): void {
    const s = this.s;
    s.life--;
    if (this.log) this.sayT('uaLog.bleed', { life: Math.max(0, s.life) });
    if (s.life <= 0) {
      s.life = 0;
      if (this.log) this.sayT('uaLog.leaderDown');
      s.endReason = END_LEADER_DOWN;
    }
  }

  /** 増援 (reinforcements) at the start of a round, before anyone acts. */
  protected reinforce(x: EncounterExtra): void {
    const s = this.s;
    for (const r of x.reinforcements) {
      if (s.round !== r.round && !(r.every && s.round > r.round)) continue;
      if (s.enemiesStanding() < r.ifStandingAtLeast) continue;
      const n = this.rollExpr(r.count);
      s.unitLeft[r.unit] += n;
      if (r.keepStart !== true) s.unitStart[r.unit] += n;
      else s.unitJoined[r.unit] += n;
      if (this.log) this.sayT('uaLog.reinforce', { n, unit: s.eng.units[r.unit].name, left: s.unitLeft[r.unit] });
    }
  }

  /** 即席爆弾 in round 0: 1d6 ≤ faces → the leader's defence roll vs target; a failure costs `damage` (UA-R70). */
  protected roundZeroBlast(b: RoundZeroBlast): void {
    const s = this.s;
    const r = this.dice.d6();
    if (this.log) this.sayT('uaLog.blast', { r, ok: this.tx(r <= b.faces ? 'uaLog.f.goesOff' : 'uaLog.f.nothing') });
    if (r > b.faces) return;
    const ok = this.check(s.skill + (s.armour ? s.armour.defence : 0) + this.woundDefenceMod(), b.target);
    if (this.log) this.sayT('uaLog.defendBlast', { nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, target: b.target, ok: this.tx(ok ? 'uaLog.f.safe' : 'uaLog.f.fails') });
    if (this.woundTrack && this.nat === 1) this.addWound('uaLog.why.defenceFumble');
    if (ok) return;
    // The blast's 負傷+1 (UA-V13): a wound level under the 負傷 track; one more life point under the seed's rules (UA-R18).
    // A fumble where the scenario gives its 負傷 (Black Sun 54 for core 1.01, UA-R173): `total` — the core fumble's +1
    // just given is part of it; `extra` — the blast's own, on top of the core fumble's.
    const own = this.woundTrack && this.nat === 1 && b.fumbleWound !== undefined ? (this.iedFumbleExtra ? b.fumbleWound : Math.max(0, b.fumbleWound - 1)) : b.wound;
    if (this.woundTrack) for (let i = 0; i < own; i++) this.addWound('uaLog.why.blast');
    const dmg = Math.max(0, b.damage + (this.woundTrack ? 0 : b.wound) - (s.armour ? s.armour.blastReduction : 0));
    s.life -= dmg;
    if (this.log) this.sayT('uaLog.leaderTakes', { dmg, life: Math.max(0, s.life) });
    if (s.life <= 0) {
      s.life = 0;
      s.endReason = END_LEADER_DOWN;
    }
  }

  /** Roll a count like `1d3+1` (a d2 is one uniform draw of two values, UA-R55). */
  protected rollExpr(c: CountExpr): number {
    let n = c.bonus;
    for (let i = 0; i < c.n; i++) n += c.sides === 6 ? this.dice.d6() : c.sides === 3 ? this.dice.d3() : this.dice.below(c.sides) + 1;
    return n;
  }

  protected rollCount(u: number): number {
    return this.rollExpr(this.s.eng.units[u].count);
  }
}
