/**
 * Targets and attack rolls: enemy levels and modifiers (§29, §36), who can be targeted and how hits land,
 * the attack roll with criticals, and when the enemy withdraws (撤退 §38).
 *
 * Seed 004 §29 (weapon modifiers, darkness), §36 (targeting, the attack roll, damage), §37–§38 (enemy groups, high-threat targets, withdrawal 撤退).
 * One layer of the engine's class chain (game-core → game-special → game-targets → game-attacks →
 * game-defence → game-combat → game-encounter → game.ts): each file adds one rule area.
 */
import { N_ROLES, R_SNIPER, R_SPOTTER, SK_NEGOTIATION } from '../catalogue/catalogue.js';
import * as D from '../decisions.js';
import { END_LULL, END_WIN } from './state.js';
import { SP_AP } from '../catalogue/special.js';
import { sgn, SUB_MELEE, SUB_COMMAND, ATT_FLASHLIGHT } from './core.js';
import { UaSpecial } from './special.js';
import type { EncounterExtra } from '../scenario/scenario.js';

export abstract class UaTargets extends UaSpecial {
  protected level(u: number): number {
    const s = this.s, x = s.ex;
    if (x !== null && u < x.units.length) {
      const ux = x.units[u];
      // 指揮統制 (led_by): the group's level drops once its leader unit is down.
      if (ux.ledBy >= 0 && s.unitLeft[ux.ledBy] <= 0) return ux.leaderlessLevel + s.levelMod;
    }
    return s.eng.units[u].level + s.levelMod;
  }

  /** Does unit `u` count as indoor for weapon and attachment modifiers (unit `location`, else the tile)? */
  protected unitIndoor(u: number): boolean {
    const x = this.s.ex;
    if (x !== null && u >= 0 && u < x.units.length && x.units[u].indoor !== null) return x.units[u].indoor!;
    return this.s.indoorNow;
  }

  /** Does unit `u` count as outdoor (unit `location`, else the tile: outdoor, or both 屋外 and 室内, UA-R144)? */
  protected unitOutdoor(u: number): boolean {
    const x = this.s.ex;
    if (x !== null && u >= 0 && u < x.units.length && x.units[u].indoor !== null) return !x.units[u].indoor!;
    return !this.s.indoorNow || this.s.outdoorToo;
  }

  /** Scenario squad attack modifiers of this roll: encounter mods, 先制攻撃 mods, while_alive, 数的優位. */
  protected scAttackMod(): number {
    const s = this.s, x = s.ex;
    if (x === null) return 0;
    const r1 = s.round === 1;
    let m = x.mods.attackMod + (r1 ? x.mods.firstRoundAttackMod : 0) + s.roundAttackMod;
    const f = x.ifSquadFirstStrike;
    if (f !== null && s.choseFirst) m += f.attackMod + (r1 ? f.firstRoundAttackMod : 0);
    for (let i = 0; i < x.whileAlive.length; i++) if (this.allStanding(x.whileAlive[i].units)) m += x.whileAlive[i].attackMod;
    return m;
  }

  /** Scenario defence modifiers of this roll (encounter mods, while_alive, 組織的防衛, the first-defence-roll modifier, used up here). */
  protected scDefenceMod(): number {
    const s = this.s, x = s.ex;
    let m = s.firstDefRollMod;
    s.firstDefRollMod = 0;
    if (x === null) return m;
    const r1 = s.round === 1;
    m += x.mods.defenceMod + (r1 ? x.mods.firstRoundDefenceMod : 0);
    const f = x.ifSquadFirstStrike;
    if (f !== null && s.choseFirst) m += f.defenceMod + (r1 ? f.firstRoundDefenceMod : 0);
    for (let i = 0; i < x.whileAlive.length; i++) if (this.allStanding(x.whileAlive[i].units)) m += x.whileAlive[i].defenceMod;
    if (x.membersDefenceMod.length > 0) {
      // Members still with the squad, any type (not at the sniper point, not dropped): UA-R67; with
      // members_defence_count: combatants only those with the squad this round (UA-V52, Black Sun audit §34).
      let n = 0;
      if (x.membersDefenceCombatants === true) n = s.withSquad();
      else {
        for (let r = 0; r < N_ROLES; r++) if (r !== R_SNIPER && r !== R_SPOTTER) n += s.members[r];
        for (let i = 0; i < s.scMembers.length; i++) n += s.scMembers[i];
        n += s.drones; // an activated combat drone is a member (UA-R84)
      }
      let best = 0, at = -1;
      for (const d of x.membersDefenceMod) if (n >= d.atLeast && d.atLeast > at) { at = d.atLeast; best = d.mod; }
      m += best;
    }
    return m;
  }

  /** A unit's attack_mod (cover/armour) on the squad's attack rolls, unless cancelled this fight (UA-R102). */
  protected unitAttackMod(u: number): number {
    return this.s.unitModOff[u] !== 0 ? 0 : this.s.eng.units[u].attackMod;
  }

  /**
   * Scoped squad attack modifiers of one 攻撃ロール (UA-R102): the whole-combat modifier, and the first-attack-roll
   * modifier, used up by this roll.
   */
  protected scopedAttackMod(): number {
    const s = this.s;
    const m = s.attackModAll + s.firstAttackRollMod;
    s.firstAttackRollMod = 0;
    return m;
  }

  protected allStanding(units: readonly number[]): boolean {
    for (let i = 0; i < units.length; i++) if (this.s.unitLeft[units[i]] <= 0) return false;
    return true;
  }

  protected darkMod(leader: boolean): number {
    const s = this.s;
    if (!s.eng.dark) return 0;
    // The scenario's own night penalty (night_attack_mod): every squad attack roll, cancelled only by the leader's NVG.
    if (this.nightMod !== 0) return s.nvg ? 0 : this.nightMod;
    if (leader && (s.nvg || s.attachment === ATT_FLASHLIGHT)) return 0;
    return -this.darkPenalty;
  }

  /**
   * The scenario's night penalty on the attack rolls that the gun's modifiers do not carry (melee, shotgun, rapid fire,
   * the grenade skill, the frag grenade) when `night_attack_scope: every` (UA-R121); 0 otherwise.
   */
  protected nightEveryMod(): number {
    return this.nightEvery && this.nightMod !== 0 && this.s.eng.dark && !this.s.nvg ? this.nightMod : 0;
  }

  /** The first targetable unit; `normal`: a normal attack's, a group while any stands under UA-R10 groups-first. */
  protected firstTargetable(normal = false): number {
    const s = this.s;
    for (let u = 0; u < s.nUnits; u++) if (s.targetable(u) && (!normal || this.normalAllowed(u))) return u;
    return -1;
  }

  /**
   * May a normal attack (gun shot, melee, a member's non-precise shot) aim at unit `u`? Under UA-R10 `groups-first`
   * (v1.01 §36) a high-threat target only once no enemy group can be targeted; precise shots, skills, expendables
   * and the IED name their target and are not limited.
   */
  protected normalAllowed(u: number): boolean {
    const s = this.s;
    if (!this.groupsFirst || !s.eng.units[u].htt) return true;
    for (let i = 0; i < s.nUnits; i++) if (!s.eng.units[i].htt && s.targetable(i)) return false;
    return true;
  }

  protected countTargetable(): number {
    let n = 0;
    for (let u = 0; u < this.s.nUnits; u++) if (this.s.targetable(u)) n++;
    return n;
  }

  /** Let the policy aim (D_TARGET) when there is a choice; `normal`: a normal attack (UA-R10 groups-first). */
  protected aim(normal = false): number {
    const s = this.s;
    let n = 0;
    for (let u = 0; u < s.nUnits; u++) if (s.targetable(u) && (!normal || this.normalAllowed(u))) this.legal[n++] = u;
    if (n === 0) return -1;
    return this.ask(D.D_TARGET, n);
  }

  protected mixed(): boolean {
    const s = this.s;
    let groups = 0, htts = 0;
    for (let u = 0; u < s.nUnits; u++) if (s.targetable(u)) s.eng.units[u].htt ? htts++ : groups++;
    return groups > 0 && htts > 0;
  }

  /** Apply damage to a unit: soldiers removed or life lost. */
  protected damage(u: number, n: number): void {
    const s = this.s;
    const before = s.unitLeft[u];
    s.unitLeft[u] = before > n ? before - n : 0;
    if (this.log) this.sayT(s.eng.units[u].htt ? 'uaLog.damageLife' : 'uaLog.damageStanding', { unit: s.eng.units[u].name, before, after: s.unitLeft[u] });
  }

  /** Resolve which unit a successful attack hits (parity targeting — precise shots too when it binds them, UA-R141 — screens, mixed targets). */
  protected hitUnit(aimed: number, precise: boolean): number {
    const s = this.s, e = s.eng;
    if (e.parity && (!precise || e.parity.bindsPrecise)) {
      const u = (this.value & 1) === 0 ? e.parity.even : e.parity.odd;
      if (s.unitLeft[u] <= 0) {
        const other = u === e.parity.even ? e.parity.odd : e.parity.even;
        return s.targetable(other) ? other : this.firstTargetable();
      }
      if (!s.targetable(u)) {
        if (this.screenWastes) {
          if (this.log) this.sayT('uaLog.screened', { unit: e.units[u].name });
          return -1;
        }
        return e.units[u].screenedBy;
      }
      return u;
    }
    if (!precise && this.mixedRandom && this.mixed()) {
      const k = this.dice.below(this.countTargetable());
      let seen = 0;
      for (let u = 0; u < s.nUnits; u++) if (s.targetable(u) && seen++ === k) return u;
    }
    if (!precise && this.groupsFirst) return s.targetable(aimed) && this.normalAllowed(aimed) ? aimed : this.firstTargetable(true);
    return s.targetable(aimed) ? aimed : this.firstTargetable();
  }

  /**
   * One 攻撃ロール (§36) against `aimed`: returns true on a critical (an extra
   * attack roll follows, §08). `base` already holds skill and weapon modifiers.
   */
  protected attackRoll(who: string, base: number, aimed: number, precise: boolean, oddChooses: boolean, melee: boolean): boolean {
    const s = this.s;
    // UA-R10 groups-first: a normal attack is made against a group while one stands (precise ones choose freely).
    const normal = this.groupsFirst && !precise;
    const u0 = s.targetable(aimed) && (!normal || this.normalAllowed(aimed)) ? aimed : this.firstTargetable(normal);
    if (u0 < 0) return false;
    const unit = s.eng.units[u0];
    const meleePenalty = melee && unit.gunArmed && !(who === 'leader' && s.sub === SUB_MELEE) ? -2 : 0;
    // AP rounds (UA-R79): one per attack roll of the leader's gun, +2, the target's armour modifier ignored.
    let ap = false;
    if (this.apLoaded && !melee && s.specialCount(SP_AP) > 0) {
      this.useSpecial(SP_AP);
      ap = true;
    }
    const um = this.unitAttackMod(u0);
    const unitMod = ap && !unit.attackModIsCover && um < 0 ? 0 : um;
    const ok = this.check(base + (ap ? 2 : 0) + unitMod + meleePenalty + (s.anyDazed ? s.unitDazed[u0] : 0) + (s.round === 1 ? s.firstAttackMod : 0) + (s.ex !== null || s.roundAttackMod !== 0 ? this.scAttackMod() : 0) + this.scopedAttackMod() + (melee ? this.nightEveryMod() : 0), this.level(u0));
    if (this.log) this.sayT(melee ? 'uaLog.attackMelee' : 'uaLog.attackShoot', { who: this.whoName(who), ap: ap ? this.tx('uaLog.f.ap') : '', unit: unit.name, nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, lvl: this.level(u0), ok: this.tx(ok ? 'uaLog.f.hit' : 'uaLog.f.miss'), crit: this.nat === 6 ? this.tx('uaLog.f.critical') : '' });
    if (!ok) {
      if (this.betweenItems) this.offerBetweenAttacks();
      return false;
    }
    const chooses = precise || (oddChooses && (this.value & 1) === 1);
    const u = this.hitUnit(chooses ? aimed : u0, chooses);
    if (u >= 0) this.damage(u, melee || (this.hitDamage === 1 && this.hitArmouredDamage === 1) ? 1 : s.eng.units[u].armoured ? this.hitArmouredDamage : this.hitDamage);
    const crit = this.nat === 6;
    if (this.betweenItems) this.offerBetweenAttacks();
    return crit;
  }

  /** Only enemies that cannot be targeted this fight are left (UA-R98): they cannot be engaged and the fight ends, won. */
  protected onlyHiddenLeft(): boolean {
    const s = this.s;
    for (let u = 0; u < s.nUnits; u++) if (s.unitLeft[u] > 0 && s.unitHidden[u] === 0) return false;
    if (this.log) this.sayT('uaLog.onlyOutOfReach');
    s.endReason = END_WIN;
    return true;
  }

  /** Enemies of unit `u` (−1: the whole force) down so far: soldiers lost, or life lost by a high-threat target. */
  protected downOf(u: number): number {
    const s = this.s;
    if (u >= 0) return s.unitStart[u] + s.unitJoined[u] - s.unitLeft[u];
    let n = 0;
    for (let i = 0; i < s.nUnits; i++) n += s.unitStart[i] + s.unitJoined[i] - s.unitLeft[i];
    return n;
  }

  /**
   * Scenario withdrawal (`withdraw:`, UA-R99), checked after damage (`roundEnd` false) and at the end of each round
   * (true): a rule on a group makes that group leave; a rule on the whole force ends the fight, won. Rounds count as
   * passed at the end of the round; an enemy that fights to the end never withdraws. Returns true when the fight is over.
   */
  protected scenarioWithdraw(x: EncounterExtra, roundEnd: boolean): boolean {
    const s = this.s;
    if (s.fightToEnd) return false;
    for (let i = 0; i < x.withdraw.length; i++) {
      const w = x.withdraw[i];
      if (w.unit >= 0 && s.unitLeft[w.unit] <= 0) continue;
      const r = w.afterRound > 0, d = w.down > 0;
      const roundOk = r && (s.round > w.afterRound || (roundEnd && s.round >= w.afterRound));
      const downOk = d && this.downOf(w.unit) >= w.down;
      if (!(w.both ? (!r || roundOk) && (!d || downOk) : roundOk || downOk)) continue;
      if (w.unit < 0) {
        this.negotiateForce();
        if (this.log) this.sayT('uaLog.enemyWithdrawsRule', { when: roundOk ? this.tx('uaLog.f.afterRound', { round: w.afterRound }) : this.tx('uaLog.f.nDown', { n: this.downOf(-1) }) });
        s.endReason = END_WIN;
        this.wonByWithdrawal();
        return true;
      }
      if (this.negotiateWithdrawing(w.unit)) continue;
      if (this.log) this.sayT('uaLog.unitWithdrawsRule', { unit: s.eng.units[w.unit].name, when: roundOk ? this.tx('uaLog.f.afterRound', { round: w.afterRound }) : this.tx('uaLog.f.nDown', { n: this.downOf(w.unit) }) });
      s.unitLeft[w.unit] = 0;
      s.groupWithdrew = true;
    }
    let left = 0;
    for (let u = 0; u < s.nUnits; u++) left += s.unitLeft[u];
    if (left === 0) {
      if (this.log) this.sayT('uaLog.noEnemyLeft');
      s.endReason = END_WIN;
      return true;
    }
    return s.anyHidden && this.onlyHiddenLeft();
  }

  /** Over? Sets endReason on a win by elimination or withdrawal (§38). */
  protected enemyBroken(): boolean {
    const s = this.s, x = s.ex;
    let left = 0, start = 0;
    for (let u = 0; u < s.nUnits; u++) {
      left += s.unitLeft[u];
      start += s.unitStart[u];
    }
    if (left === 0) {
      if (x !== null && x.holdUntilLimit === true && s.round < x.endsAfterRound) {
        // ends_after_round … hold (UA-V53): not over before the limit; the next waves still come.
        if (this.log) this.sayT('uaLog.lull', { round: x.endsAfterRound });
        s.endReason = END_LULL;
        return true;
      }
      if (this.log) this.sayT('uaLog.allDown');
      s.endReason = END_WIN;
      s.killedAll = !s.groupWithdrew;
      return true;
    }
    if (x !== null) {
      if (x.endsWhenDown >= 0 && s.unitLeft[x.endsWhenDown] <= 0) {
        if (this.log) this.sayT('uaLog.leaderUnitDown', { unit: s.eng.units[x.endsWhenDown].name });
        s.endReason = END_WIN;
        return true;
      }
      if (s.anyHidden && this.onlyHiddenLeft()) return true;
      // Scenario withdrawal rules (UA-R99) replace §38's half-strength withdrawal.
      if (x.withdraw.length > 0) return this.scenarioWithdraw(x, false);
      if (x.withdrawOn >= 0) {
        // 撤退条件 (withdraw_on): hostile only, when that group is at most half its starting count (rounded down);
        // a list of groups counts as one group (UA-V55, Black Sun 53).
        const w = x.withdrawOn, g = x.withdrawOnGroup;
        let wLeft = s.unitLeft[w], wStart = s.unitStart[w];
        if (g !== undefined) {
          wLeft = wStart = 0;
          for (let i = 0; i < g.length; i++) {
            wLeft += s.unitLeft[g[i]];
            wStart += s.unitStart[g[i]];
          }
        }
        if (!s.fightToEnd && wLeft * 2 <= wStart) {
          if (g === undefined) this.negotiateForce();
          else this.negotiateGroup(g);
          if (this.log) this.sayT('uaLog.unitDownTo', { unit: g === undefined ? s.eng.units[w].name : g.map((u) => s.eng.units[u].name).join('+'), left: wLeft, start: wStart });
          s.endReason = END_WIN;
          this.wonByWithdrawal();
          return true;
        }
        return false;
      }
      // A scenario win condition (ends_after_round / ends_when_down) replaces withdrawal (UA-R68).
      if (x.endsAfterRound > 0 || x.endsWhenDown >= 0) return false;
    }
    if (this.perUnitWithdrawal) return this.unitsWithdraw();
    if (!s.fightToEnd && (this.withdrawAtHalf ? left * 2 <= start : left * 2 < start)) {
      this.negotiateForce();
      if (this.log) this.sayT('uaLog.enemyWithdrawsAt', { left, start });
      s.endReason = END_WIN;
      this.wonByWithdrawal();
      return true;
    }
    return false;
  }

  /**
   * v1.01 §38 (UA-R24 per-unit): each enemy group at half its starting count or less (UA-R06) leaves alone; a
   * high-threat target only under UA-R07 `yes` (at half life). The fight ends, won, when no unit is left.
   */
  protected unitsWithdraw(): boolean {
    const s = this.s;
    if (s.fightToEnd) return false;
    let left = 0, withdrew = false;
    for (let u = 0; u < s.nUnits; u++) {
      const n = s.unitLeft[u], start = s.unitStart[u];
      if (n > 0 && (!s.eng.units[u].htt || this.httWithdraws) && (this.withdrawAtHalf ? n * 2 <= start : n * 2 < start) && !this.negotiateWithdrawing(u)) {
        if (this.log) this.sayT('uaLog.unitWithdraws', { unit: s.eng.units[u].name, left: n, start });
        s.unitLeft[u] = 0;
        s.groupWithdrew = withdrew = true;
      }
      left += s.unitLeft[u];
    }
    if (left > 0) return false;
    s.endReason = END_WIN;
    // The last unit captured rather than withdrawn: a won fight, the loot as usual (UA-V32).
    if (withdrew) this.wonByWithdrawal();
    return true;
  }

  /** 【捕虜】/【鹵獲】 (v1.01 §21): unit `u` leaves the fight; a captured 車両 gives the map-roll modifier (UA-V42). */
  protected captureUnit(u: number): void {
    const s = this.s, unit = s.eng.units[u];
    s.unitLeft[u] = 0;
    if (this.log) this.sayT('uaLog.captured', { unit: unit.name });
    // 【鹵獲】 of a 車両 (an armoured high-threat target): the map-roll modifier until the next fixed event.
    if (unit.htt && unit.armoured) s.capturedVehicle = true;
    this.captureEffects(u);
  }

  /** The scenario's on_capture effects when `u` is its unit (with the named equipment's extra effects). */
  protected captureEffects(u: number): void {
    const s = this.s, c = s.ex !== null ? s.ex.onCapture : null;
    if (c === null || c.unit !== u) return;
    this.applyEffects(c.effects);
    if ((c.withEquipment === 'tie_wraps' && s.tieWraps) || (c.withEquipment === 'nvg' && s.nvg)) this.applyEffects(c.withEffects);
  }

  /**
   * v1.01 【ネゴシエーション】 at a withdrawal (§21, UA-V43; UA-R73 `life-1` only): a withdrawing group may be negotiated
   * once (「「敵戦闘集団」が撤退した場合にも1度だけ」: success takes a prisoner — the scenario's on_capture effects if it is
   * that unit — and the group still leaves); a manned high-threat target at life 1 whose withdrawal comes at that
   * moment gets one try first (「撤退を処理する直前に…1度だけ」: success captures it and it does not withdraw). The try
   * shares the once-per-target-per-fight count. Returns true when `u` was captured instead of withdrawing.
   */
  protected negotiateWithdrawing(u: number): boolean {
    const s = this.s, unit = s.eng.units[u];
    if (!this.captureLife1 || s.sub !== SUB_COMMAND || s.subCur <= 0 || (s.skills & SK_NEGOTIATION) === 0 || !s.eng.negotiable) return false;
    if (s.life <= 0 || s.unitLeft[u] <= 0 || s.negotiated[u] !== 0 || (unit.htt && (s.unitLeft[u] !== 1 || unit.unmanned !== undefined))) return false;
    s.negotiateUnit = u;
    const yes = this.askYes(D.D_NEGOTIATE_WITHDRAWING);
    s.negotiateUnit = -1;
    if (!yes) return false;
    const ok = this.subCheck(this.level(u));
    s.negotiated[u] = 1;
    if (this.log) this.sayT('uaLog.negotiateWithdrawing', { unit: unit.name, nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, ok: this.tx(ok ? 'uaLog.f.captured' : 'uaLog.f.refused') });
    if (!ok) return false;
    if (unit.htt) {
      this.captureUnit(u);
      return true;
    }
    this.captureEffects(u);
    return false;
  }

  /** A whole-force withdrawal: each standing unit's one try first (UA-V43); the force leaves all the same. */
  protected negotiateForce(): void {
    if (!this.captureLife1) return;
    for (let u = 0; u < this.s.nUnits; u++) this.negotiateWithdrawing(u);
  }

  /**
   * A whole-force withdrawal where `group`'s units count as one group (UA-V55): one try for that group (its first
   * standing unit), one for each other standing unit (UA-V43).
   */
  protected negotiateGroup(group: readonly number[]): void {
    if (!this.captureLife1) return;
    let tried = false;
    for (let u = 0; u < this.s.nUnits; u++) {
      if (!group.includes(u)) this.negotiateWithdrawing(u);
      else if (!tried && this.s.unitLeft[u] > 0) {
        tried = true;
        this.negotiateWithdrawing(u);
      }
    }
  }

  /** The fight ended by the enemy's withdrawal: under UA-R42 `none` (v1.01) that alone gives no loot. */
  protected wonByWithdrawal(): void {
    if (!this.noWithdrawalLoot) return;
    this.s.endedNoLoot = true;
    if (this.log) this.sayT('uaLog.noLootWithdrawal');
  }

}
