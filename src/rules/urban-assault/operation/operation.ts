/**
 * One operation (作戦) on a scenario map: its flow — start-of-operation setup (issued items, 部隊再編), the
 * one-way progression (一本道) of random tiles, the mid event and the final event, the end of the operation (§44)
 * and its recorded outputs. Rulings UA-R48 … UA-R58 (docs/rules/urban-assault.md).
 *
 * The operation is a class chain, one rule area per file: game.ts → operation/base.ts (state, output layout) →
 * operation/effects.ts (event checks, options, effects, triggers) → operation/tiles.ts (fights, tiles, map rolls,
 * 察知 §25, 逃走 = 退却 §42) → this file.
 */
import type { Dice } from '../../../sim/core/dice.js';
import type { GameLog, GameRecord } from '../../../sim/core/types.js';
import { END_LEADER_DOWN, zeroFill } from '../combat/state.js';
import { N_ROLES } from '../catalogue/catalogue.js';
import { recordFrameworkRates } from './framework-metrics.js';
import { A_MEMBERS_LOST, A_RETREATS, recordAuditOperation } from './audit-measures.js';
import {
  TILE_DONE, OP_RATE_WIN, OP_RATE_SURVIVED, OP_RATE_FLED, OP_RATE_STALLED, OP_RATE_FELL, OP_VAL_MAG_SPENT,
  OP_VAL_MAG_LEFT, OP_VAL_MEMBERS_LOST, OP_VAL_ROUNDS, OP_VAL_TILES, OP_VAL_LIFE_END, OP_VAL_FLEES, OP_VAL_FIGHTS,
  OP_VAL_SCRIP, OP_VAL_DETECTS, OP_VAL_SPECIAL_FOUND, OP_V_LIFE, OP_V_MEMBERS, OP_V_MAGAZINES, maxSlots,
} from './base.js';
import { UaOpTiles } from './tiles.js';

/** The operation's indices and helpers live in operation/base.ts; re-exported for the engine and campaign. */
export {
  TILE_DONE, TILE_FLED, TILE_DOWN, TILE_STALLED, OP_RATE_WIN, OP_RATE_SURVIVED, OP_RATE_FLED, OP_RATE_STALLED, OP_RATE_FELL,
  OP_VAL_MAG_SPENT, OP_VAL_MAG_LEFT, OP_VAL_MEMBERS_LOST, OP_VAL_ROUNDS, OP_VAL_TILES, OP_VAL_LIFE_END, OP_VAL_FLEES, OP_VAL_FIGHTS,
  OP_VAL_SCRIP, OP_VAL_DETECTS, OP_VAL_SPECIAL_FOUND, OP_V_LIFE, OP_V_MEMBERS, OP_V_MAGAZINES, fallPlaces, counterBins, maxSlots,
} from './base.js';

/** One operation (作戦): the last layer, the flow of an operation from start to end (§43–§44). */
export class UaOperation extends UaOpTiles {
  protected recordSlot(): void {
    if (!this.tileSeries) return;
    const s = this.s, slot = s.tilesDone;
    if (slot >= maxSlots(this.sc) + 1) return;
    this.rec.set(slot, OP_V_LIFE, this.lifeLeft());
    this.rec.set(slot, OP_V_MEMBERS, this.membersLeft());
    this.rec.set(slot, OP_V_MAGAZINES, s.magazines);
  }

  /** Start-of-operation setup: issued items, 部隊再編 stage 1–2 effects. */
  protected startOperation(): void {
    const s = this.s, lap = this.sc.laps[this.lap];
    this.used.fill(0);
    zeroFill(s.scWounds); // a wounded scenario member is whole again at the next operation (UA-R132)
    if (this.players === 2) zeroFill(s.other.scWounds);
    this.lastFled = 0;
    this.ropeUsed = false;
    this.fights = this.detects = 0;
    // v1.01's 「1シナリオにつき1回」 (a scout's free 察知, the medic's 戦場治療): back at each operation, or once for the
    // whole campaign run (UA-R154 `per-campaign`; a chain's next scenario starts afresh, its state is its own).
    // UA-R105: the places' remembered reactions last the campaign run (a game or a chain's next scenario starts afresh).
    if (this.opIndex === 0) for (let i = 0; i < this.reactionMemo.length; i++) this.reactionMemo[i] = 0;
    if (!this.usesPerCampaign || this.opIndex === 0) {
      this.scoutDetects = 0;
      this.treated = false;
    }
    this.audit.reset();
    this.firstBattle = true;
    this.afterMid = false;
    this.fellAt = -1;
    s.tilesDone = 0;
    s.info = s.scripAtEnd = 0;
    s.lap = this.lap;
    s.difficulty = this.op.difficulty;
    // Counters start each operation at their start value (by lap when given).
    for (let i = 0; i < this.sc.counters.length; i++) {
      const c = this.sc.counters[i];
      // keep: campaign — the value carries over from the campaign's earlier operations (UA-R95).
      if (c.keepCampaign && this.opIndex > 0) continue;
      s.counters[i] = this.lap < c.startByLap.length ? c.startByLap[this.lap] : c.start;
    }
    // A chain's carry_over counters start at the previous scenario's end value (UA-R134).
    for (let i = 0; i < this.sc.counters.length && this.carryFrom; i++) if (this.carriedCounters[i] >= 0) s.counters[i] = this.carriedCounters[i];
    this.opIndex++;
    s.info = s.counters[this.infoCounter];
    // A track the player cannot see yet (visible_from_lap) is worth nothing to the policies' option values.
    for (let i = 0; i < this.sc.counters.length; i++) s.counterWorth[i] = this.lap + 1 >= this.sc.counters[i].visibleFromLap ? this.worth[i] : 0;
    s.capturedVehicle = false;
    // A next-fight or next-map-roll effect left pending by the last operation of a campaign (UA-R152): dropped at the
    // refit, or carried to this operation's first fight and map roll. A game, a successor and a chain start without any.
    if (!this.pendingCarried) {
      s.mapTens = s.mapUnits = s.mapSetTens = 0;
      s.mapEither = s.mapTwice = s.mapMandatory = false;
      if (s.dropNextCombat() && this.log) this.sayT('uaLog.pendingDropped');
    }
    s.tile = null;
    s.retreats = 0;
    // §45 two players: this operation's issued expendables are one pool for both leaders (UA-V58); what is left of the
    // last operation's is the holder's own.
    if (this.players === 2) zeroFill(s.issuedPool);
    for (const item of lap.issued) {
      if (this.carried() >= this.carryLimit()) continue;
      s.expendables[item]++;
      if (this.players === 2) s.issuedPool[item]++;
    }
    // Issued scenario items (rules.issued, then the lap's), each if the carry limit allows it.
    for (const item of lap.issuedItems) {
      if (this.sc.items[item].carried && this.carried() >= this.carryLimit()) {
        if (this.log) this.sayT('uaLog.scItemRefused', { item: this.sc.items[item].name, limit: this.carryLimit() });
        continue;
      }
      s.scItems[item]++;
    }
    if (s.reorgStage >= 1) s.magazines += this.op.reorg.magazines;
    s.hitTableUses = s.reorgStage >= 2 ? this.op.reorg.hitTableUses : 0;
  }

  /** The audit's tallies the operation's end knows: retreats (退却) and members lost. */
  protected auditEnd(lost: number): void {
    this.audit.v[A_RETREATS] = this.s.retreats;
    this.audit.v[A_MEMBERS_LOST] = lost;
  }

  /** Does the operation go straight to the final event now (goto_final, progression.final_when; UA-R101)? */
  protected toFinal(): boolean {
    const s = this.s;
    if (!s.gotoFinal && this.sc.finalWhen !== null && this.holds(this.sc.finalWhen)) {
      if (this.log) this.sayT('uaLog.finalWhen');
      s.gotoFinal = true;
    }
    return s.gotoFinal;
  }

  /** Play one operation from the current state; returns true when the final event is won. */
  protected operation(): boolean {
    const s = this.s, sc = this.sc, lap = sc.laps[this.lap];
    this.startOperation();
    this.recordSlot();
    let r = TILE_DONE;
    const jumps = sc.finalWhen !== null || this.hasGoto;
    if (jumps) s.gotoFinal = false;
    // The lap's briefing: an event before the first tile, not counted as a slot.
    if (lap.briefing !== null) r = this.resolveFixed(lap.briefing);
    for (let i = 0; i < sc.tilesBeforeMid && r === TILE_DONE && !(jumps && this.toFinal()); i++) {
      r = this.randomSlot(-1);
      s.tilesDone++;
      this.recordSlot();
    }
    if (jumps && r === TILE_DONE && this.toFinal()) {
      this.enterFinal();
      r = this.resolveFixed(lap.final);
      s.tilesDone++;
      this.recordSlot();
      return this.endOperation(r === TILE_DONE);
    }
    if (r === TILE_DONE && lap.mid) {
      s.capturedVehicle = false; // 「次の固定イベントに到達した時点で車両の【鹵獲】効果は終了」 (UA-V42)
      this.snapCounters(this.atMid);
      // The first operation's mid event (a campaign reports its first attempt's).
      if (!this.fw.reachedMid) {
        this.fw.reachedMid = true;
        this.snapCounters(this.fw.mid);
      }
      r = this.resolveFixed(lap.mid);
      s.tilesDone++;
      this.recordSlot();
    }
    this.afterMid = true;
    let final = false;
    if (sc.finalAtMost) {
      for (let k = 0; r === TILE_DONE && !final; k++) {
        const at = jumps && this.toFinal() ? 66 : k < sc.finalAtMost.length ? sc.finalAtMost[k] : 66;
        if (at >= 66) {
          this.enterFinal();
          r = this.resolveFixed(lap.final);
          final = true;
        } else {
          r = this.randomSlot(at);
          final = this.slotFinal;
        }
        s.tilesDone++;
        this.recordSlot();
      }
    } else {
      for (let i = 0; i < sc.tilesAfterMid && r === TILE_DONE && !(jumps && this.toFinal()); i++) {
        r = this.randomSlot(-1);
        s.tilesDone++;
        this.recordSlot();
      }
      if (r === TILE_DONE) {
        this.enterFinal();
        r = this.resolveFixed(lap.final);
        final = true;
        s.tilesDone++;
        this.recordSlot();
      }
    }
    return this.endOperation(r === TILE_DONE && final);
  }

  /** The end of an operation (§44): experience for a success, drones stopped, returned items handed back. */
  protected endOperation(win: boolean): boolean {
    const s = this.s, sc = this.sc;
    if (win && s.life > 0) s.xp += sc.successXp;
    // §45: 「作戦完了による経験点も、特記がない限り各分隊長が個別に獲得します」.
    if (win && this.players === 2 && s.other.life > 0) s.other.xp += sc.successXp;
    // 全滅: the leader is down and no combatant member stands with the squad.
    this.fw.wiped = !(s.life > 0 && s.endReason !== END_LEADER_DOWN) && this.membersLeft() === 0;
    // Combat drones stop at the end of the operation and cannot be restarted (§40).
    s.drones = s.droneGuards = 0;
    // Items handed back at the end of the operation (returned), used or not.
    for (let i = 0; i < sc.items.length; i++) if (sc.items[i].returned) s.scItems[i] = 0;
    return win;
  }

  /** The previous scenario of a chain whose end state this operation starts from (UA-R134); null: none. */
  carryFrom: UaOperation | null = null;
  /** Per counter, the value carried in from the previous scenario (−1: none). */
  protected readonly carriedCounters = new Int32Array(8);
  /** Magazines as the operation started (after a chain's carry; before the reorganization bonus). */
  protected startMagazines = 0;

  /**
   * Start from the previous scenario's end state (a chain, UA-R134): the squad goes on — members lost stay lost,
   * expendables used stay used, 軍票 kept (§45 two players: each squad and leader his own, UA-V68) — with the leader
   * recovered as after any operation (§44); the magazines
   * only where this scenario's `carry_over.magazines` says so, and its `carry_over.counters` by name.
   */
  protected carryIn(): void {
    const s = this.s, f = this.carryFrom;
    this.carriedCounters.fill(-1);
    if (!f) return;
    const p = f.s, alive = p.life > 0 && p.endReason !== END_LEADER_DOWN;
    for (let r = 0; r < N_ROLES; r++) s.members[r] = s.membersStart[r] = Math.min(s.members[r], p.members[r]);
    for (let i = 0; i < p.expendables.length; i++) s.expendables[i] = p.expendables[i];
    if (this.players === 2) {
      // §45 (UA-V68): each squad goes on with its own survivors, each leader with his own expendables.
      const o = s.other, po = p.other;
      for (let r = 0; r < N_ROLES; r++) o.members[r] = o.membersStart[r] = Math.min(o.members[r], po.members[r]);
      for (let i = 0; i < po.expendables.length; i++) o.expendables[i] = po.expendables[i];
    }
    s.scrip = p.scrip + (alive ? p.scripAtEnd : 0);
    if (this.sc.carryMagazines) s.magazines = p.magazines;
    for (const i of this.sc.carryCounters ?? []) {
      const j = f.sc.counters.findIndex((c) => c.id === this.sc.counters[i].id);
      if (j >= 0) this.carriedCounters[i] = p.counters[j];
    }
    if (this.log) {
      const counters = (this.sc.carryCounters ?? []).filter((i) => this.carriedCounters[i] >= 0).map((i) => `, ${this.sc.counters[i].id} ${this.carriedCounters[i]}`).join('');
      this.sayT('uaState.chainNext', { from: f.sc.title, what: this.tx(f.rec.rates[OP_RATE_WIN] === 1 ? 'uaLog.f.opSuccess' : 'uaLog.f.notCleared'), to: this.sc.title, magazines: s.magazines, counters });
    }
  }

  override play(dice: Dice, policyDice: Dice, rec: GameRecord, log: GameLog | null): void {
    this.dice = dice;
    this.pdice = policyDice;
    this.rec = rec;
    this.log = log;
    this.reset();
    this.carryIn();
    const s = this.s;
    this.startMagazines = s.magazines;
    this.lap = this.op.lap;
    this.opIndex = 0;
    this.atMid.fill(-1);
    this.atFinal.fill(-1);
    this.fw.reset();
    s.reorgStage = this.op.reorgStage;
    if (log) this.sayT('uaLog.operation', { title: this.sc.title, difficulty: this.op.difficulty, life: s.life, sub: ['格闘', '器用', '射撃', '指揮'][s.sub], subCur: s.subCur, weapon: this.jaLog ? s.weapon.ja : s.weapon.id, magazines: s.magazines, members: s.withSquad() });
    if (log && this.players === 2) this.sayTwoSquads();
    const win = this.operation();
    const alive = s.life > 0 && s.endReason !== END_LEADER_DOWN;
    rec.rates[OP_RATE_WIN] = win ? 1 : 0;
    rec.rates[OP_RATE_SURVIVED] = alive ? 1 : 0;
    rec.rates[OP_RATE_FLED] = s.retreats > 0 ? 1 : 0;
    rec.rates[OP_RATE_STALLED] = !win && alive ? 1 : 0;
    if (!alive && this.fellAt >= 0) rec.rates[OP_RATE_FELL + this.fellAt] = 1;
    let lost = 0;
    for (let r = 0; r < s.members.length; r++) lost += Math.max(0, s.membersStart[r] - s.members[r]);
    if (this.players === 2) lost += this.otherLost(s.members.length);
    rec.values[OP_VAL_MAG_SPENT] = s.magazinesSpent;
    rec.values[OP_VAL_MAG_LEFT] = s.magazines;
    rec.values[OP_VAL_MEMBERS_LOST] = lost;
    rec.values[OP_VAL_ROUNDS] = s.totalRounds;
    rec.values[OP_VAL_TILES] = s.tilesDone;
    rec.values[OP_VAL_LIFE_END] = this.lifeLeft();
    rec.values[OP_VAL_FLEES] = s.retreats;
    rec.values[OP_VAL_FIGHTS] = this.fights;
    // 2026-03 on: unused magazines become 軍票 when the operation ends (§27, §44 弾薬整理; rate 0 under the seed).
    rec.values[OP_VAL_SCRIP] = s.scrip + (alive ? s.scripAtEnd : 0) + s.magazines * this.rules.economy.magazineToGunpyo;
    rec.values[OP_VAL_DETECTS] = this.detects;
    rec.values[OP_VAL_SPECIAL_FOUND] = s.specialFound;
    // Counters (UA-R95): the value at the end, then as the mid and the final event started (the end value if never reached).
    // In the layout's order; a counter this variant's scenario lacks stays 0 (issue 28 item 9).
    for (let j = 0, k = OP_VAL_SPECIAL_FOUND + 1; j < this.layout.counters.length; j++) {
      if (!this.layout.counters[j].reported) continue;
      const i = this.layoutCounters[j];
      rec.values[k++] = i < 0 ? 0 : s.counters[i];
      rec.values[k++] = i < 0 ? 0 : this.atMid[i] >= 0 ? this.atMid[i] : s.counters[i];
      rec.values[k++] = i < 0 ? 0 : this.atFinal[i] >= 0 ? this.atFinal[i] : s.counters[i];
    }
    for (let b = 0, k = this.counterRates; b < this.bins.length; b++) {
      const { index, lo, n } = this.bins[b], v = index < 0 ? -1 : s.counters[index] - lo;
      for (let x = 0; x < n; x++) {
        rec.rates[k + x] = v === x ? 1 : 0;
        rec.rates[k + n + x] = v === x && win ? 1 : 0;
      }
      k += 2 * n;
    }
    recordFrameworkRates(rec, this.fwRates, [!alive, this.fw.wiped], this.bins, this.fw);
    rec.values[this.fwValues] = this.fw.combats;
    rec.values[this.fwValues + 1] = this.fw.combatMagazines;
    if (this.woundTrack) rec.values[this.fwValues + 2] = this.woundsEnd();
    if (this.auditOn) {
      this.auditEnd(lost);
      recordAuditOperation(rec, this.audit);
    }
    if (log) this.sayT('uaLog.opResult', { what: this.tx(win ? 'uaLog.f.opSuccess' : alive ? 'uaLog.f.notCleared' : 'uaLog.f.leaderDown'), tiles: s.tilesDone, fights: this.fights, spent: s.magazinesSpent, left: s.magazines, lost });
  }
}
