/**
 * The squad's turn (§36): the leader's gun, melee, skills (§17–§24) and expendables (§28), the members'
 * attacks (§32–§33) and the attacker cap.
 *
 * Seed 004 §17–§24 (shooting/command/melee skills, 精密射撃), §28–§29 (weapons, expendables), §32–§33 (members' attacks), §36 (the squad's attack phase).
 * One layer of the engine's class chain (game-core → game-special → game-targets → game-attacks →
 * game-defence → game-combat → game-encounter → game.ts): each file adds one rule area.
 */
import { N_ROLES, EXP_AT4, EXP_C4, EXP_FLASHBANG, EXP_FRAG, EXP_MEDKIT, R_MEDIC, ROLES, R_ENGINEER, R_GUNNER, R_MARKSMAN, R_SNIPER, R_SPOTTER, SK_FIRST_AID, SK_FORTIFY, SK_GRENADE, SK_NEGOTIATION, SK_RAPID, SK_SHOTGUN, SK_STUN, type WeaponDef } from '../catalogue/catalogue.js';
import { IM_FLASHBANG, IM_FRAG, IM_GRENADE, IM_RAPID, IM_SHOTGUN, type CountExpr } from '../config.js';
import * as D from '../decisions.js';
import { END_NONE, END_WIN, zeroFill } from './state.js';
import { SX_MARKSMAN, SX_PRECISE, SX_SNIPER } from './engagement.js';
import { SP_ACOUSTIC, SP_AP, SP_BARRICADE } from '../catalogue/special.js';
import { sgn, SUB_MELEE, SUB_DEX, SUB_SHOOT, SUB_COMMAND, MEMBER_ORDER, DRONE_SLOT, LEADER_TARGET } from './core.js';
import { UaTargets } from './targets.js';

/** Parts of {@link UaAttacks.squadTurn}: the leader's action, the members' attacks. */
export const TURN_LEADER = 1, TURN_MEMBERS = 2;

export abstract class UaAttacks extends UaTargets {
  /** Retreat (退却 §42; game-defence). */
  protected abstract retreat(): void;
  /** Roll a count expression (game-combat). */
  protected abstract rollExpr(c: CountExpr): number;

  // ───────────────────────── squad turn ─────────────────────────

  /** Magazines for one shot of the leader's gun; returns whether the LMG's extra was paid. */
  protected payLeaderShot(w: WeaponDef, firstShot: boolean): boolean {
    const s = this.s;
    // UA-R02 per-action: the whole action (all of the gun's shots) was paid on its first shot.
    if (this.lmgPerAction && !firstShot) return this.actionBonus;
    let extra = w.extraAmmo > 0 && (this.lmgExtraPerShot || firstShot) ? w.extraAmmo : 0;
    if (s.magazines < w.magsPerShot + extra) extra = 0;
    this.spend(w.magsPerShot + extra);
    // Without the extra magazine the +1 is not bought (ruling UA-R02); in per-round mode the first shot paid it for both.
    if (this.lmgPerAction) return (this.actionBonus = w.extraAmmo === 0 || extra > 0);
    return w.extraAmmo === 0 || extra > 0 || !this.lmgExtraPerShot;
  }

  protected leaderGunMod(bonusPaid: boolean, u = -1): number {
    const s = this.s, w = s.weapon;
    const indoor = s.ex !== null ? this.unitIndoor(u) : s.indoorNow;
    let m = (w.extraAmmo > 0 ? (bonusPaid ? w.attackMod : 0) : w.attackMod) + this.darkMod(true);
    // A tile both 屋外 and 室内 (UA-R144): the outdoor penalty and the indoor bonuses all apply.
    if (s.ex !== null ? this.unitOutdoor(u) : !indoor || s.outdoorToo) m += w.outdoorMod;
    if (s.shield) m += s.wounds > 0 ? w.oneHandedModWounded : w.oneHandedMod;
    const a = s.attDef;
    if (a !== null) {
      m += a.attack;
      if (indoor) m += a.indoorAttack;
      // dev 2026-05 サプレッサー: 「先制射撃時、第1ラウンドの分隊長の攻撃ロールに+1」 (UA-V19).
      if (a.firstStrikeAttack !== 0 && s.round === 1 && s.squadFirst) m += a.firstStrikeAttack;
    }
    if (s.armour) m += s.armour.attack;
    return m + this.woundAttackMod();
  }

  /** K_SHOOT / K_PRECISE: every shot of the leader's gun, with AP rounds loaded if the policy says so (UA-R79). */
  protected leaderShoot(target: number, precise: boolean): void {
    const s = this.s, w = s.weapon;
    if (s.gunEmpty > 0) {
      // 装填 (the AMR, 2026-03): the leader's action this round reloads the empty gun (UA-V16).
      s.gunEmpty--;
      if (this.log) this.sayT('uaLog.reload', { weapon: this.jaLog ? w.ja : w.id });
      return;
    }
    this.apLoaded = s.nSpecial > 0 && s.magazines > 0 && this.askSpecial(SP_AP);
    if (w.damage !== 1 || w.armouredDamage !== 1) {
      this.hitDamage = w.damage;
      this.hitArmouredDamage = w.armouredDamage;
    }
    this.leaderGun(target, precise);
    s.screenPass = 0;
    this.hitDamage = this.hitArmouredDamage = 1;
    this.apLoaded = false;
    if (w.reloadRounds > 0 && s.magazinesSpent > this.spentBeforeAction) s.gunEmpty = w.reloadRounds;
  }

  protected leaderGun(target: number, precise: boolean): void {
    const s = this.s, w = s.weapon;
    let aimed = target;
    this.spentBeforeAction = s.magazinesSpent;
    // UA-R155 scenario: a shot of 精密射撃 passes a screen whose screen_exempt names it (UA-R130 (b)).
    const passPrecise = precise && this.screenExemptOn;
    for (let shot = 0; shot < w.shots && !this.over(); shot++) {
      const noMagazine = s.magazines < w.magsPerShot && (shot === 0 || !this.lmgPerAction);
      if (passPrecise) s.screenPass = !noMagazine && s.subCur > 0 ? SX_PRECISE : 0;
      if (noMagazine) {
        // Out of magazines mid-action: the remaining shot becomes a melee attack (§29), criticals included (§08).
        const meleeBase = s.skill + this.meleeArmourMod() + this.woundAttackMod(); // 負傷's −1 as any melee (UA-V06)
        let crit = this.attackRoll('leader', meleeBase, aimed, false, false, true);
        if (this.enemyBroken()) return;
        for (let extra = 0; crit && extra < 10; extra++) {
          crit = this.attackRoll('leader', meleeBase, this.firstTargetable(true), false, false, true);
          if (this.enemyBroken()) return;
        }
        continue;
      }
      if (shot > 0 && !s.targetable(aimed)) aimed = this.aim(!precise);
      if (aimed < 0) return;
      const paid = this.payLeaderShot(w, shot === 0);
      const usePrecise = precise && s.subCur > 0;
      const base = (usePrecise ? s.subCur : s.skill) + this.leaderGunMod(paid, aimed);
      if (usePrecise) s.subCur--;
      let crit = this.attackRoll('leader', base, aimed, usePrecise, w.oddChoosesTarget, false);
      if (this.enemyBroken()) return;
      for (let extra = 0; crit && extra < 10; extra++) {
        if (this.critCosts) {
          if (s.magazines < 1) break;
          this.spend(1);
        }
        if (!s.targetable(aimed)) aimed = usePrecise ? this.aim() : this.firstTargetable(true);
        crit = this.attackRoll('leader', base, aimed, usePrecise, w.oddChoosesTarget, false);
        if (this.enemyBroken()) return;
      }
    }
  }

  /** The leader's armour attack modifier on a melee 攻撃ロール (対爆スーツ −1; UA-R90 every-attack-roll). */
  protected meleeArmourMod(): number {
    const s = this.s;
    return this.armourOnMelee && s.armour ? s.armour.attack : 0;
  }

  protected leaderMelee(target: number, fullPower: boolean): void {
    const s = this.s;
    let base = s.skill;
    if (fullPower) {
      base = s.subCur;
      s.subCur--;
    }
    base += this.meleeArmourMod() + this.woundAttackMod();
    let crit = this.attackRoll('leader', base, target, false, false, true);
    for (let extra = 0; crit && extra < 10 && !this.enemyBroken(); extra++) crit = this.attackRoll('leader', base, this.firstTargetable(true), false, false, true);
    this.enemyBroken();
  }

  /** 【ショットガン】 §19. */
  protected shotgun(target: number): void {
    const s = this.s, e = s.eng, lvl = this.level(target);
    this.spend(1);
    const r0 = this.dice.d6();
    const mod = s.subCur + this.unitAttackMod(target) + this.scopedAttackMod() + this.nightEveryMod();
    let value = r0 + mod;
    s.subCur--;
    let r = r0;
    while (r === 6) {
      r = this.dice.d6();
      value += r;
    }
    if (this.log) {
      const exploded = value - r0 - mod;
      this.sayT('uaLog.shotgun', { where: this.tx(s.indoorNow ? 'uaLog.f.indoor' : 'uaLog.f.outdoor'), r0, mod: sgn(mod), exploded: exploded > 0 ? this.tx('uaLog.f.exploded', { n: exploded }) : '', value, lvl });
    }
    if (r0 === 1 || (r0 !== 6 && value < lvl)) return;
    let bodies = s.indoorNow ? 1 + Math.max(0, value - lvl) : Math.max(1, Math.floor(value / lvl));
    // Indoors: the target first, then other targetable units, one damage per body; outdoors: one unit only.
    // Pass 0 hits the target; later passes (indoors only) spread to the other targetable units,
    // repeating while damage lands, so a unit whose screen falls in the same blast is reached too.
    const hitOnce = this.hitOnce;
    zeroFill(hitOnce);
    for (let pass = 0; bodies > 0 && pass <= s.nUnits; pass++) {
      let landed = false;
      for (let u = 0; u < s.nUnits && bodies > 0; u++) {
        if ((pass === 0) !== (u === target) || !s.targetable(u) || (e.units[u].immune & IM_SHOTGUN)) continue;
        if (e.units[u].htt && hitOnce[u]) continue; // one damage per body: a high-threat target only once
        const n = e.units[u].htt ? 1 : Math.min(bodies, s.unitLeft[u]);
        hitOnce[u] = 1;
        this.damage(u, n);
        bodies -= n;
        landed = true;
      }
      if (!s.indoorNow || (pass > 0 && !landed)) break;
    }
    this.enemyBroken();
  }

  /** 【グレネード】 skill §19: 2 damage, ignores cover. */
  protected grenadeSkill(target: number): void {
    const s = this.s, unit = s.eng.units[target];
    if (this.skillMagazines) this.spend(1); // UA-R22 per-roll (v1.01)
    const mod = unit.attackModIsCover ? 0 : this.unitAttackMod(target);
    const ok = this.check(s.subCur + mod + this.scopedAttackMod() + this.nightEveryMod(), this.level(target));
    s.subCur--;
    if (this.log) this.sayT('uaLog.grenadeSkill', { unit: unit.name, nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, ok: this.tx(ok ? 'uaLog.f.hit' : 'uaLog.f.miss') });
    if (ok && !(unit.immune & IM_GRENADE)) this.damage(target, unit.htt || this.grenadeTwo ? 2 : 1);
    this.enemyBroken();
  }

  /** 【ラピッドファイア】 §19: two 射撃ロール, +1 per critical. */
  protected rapidFire(target: number): void {
    const s = this.s, base = s.subCur;
    s.subCur--;
    let attacks = 2;
    for (let i = 0; i < attacks && i < 20; i++) {
      if (s.magazines < 1) break;
      if (!s.targetable(target)) target = this.aim();
      if (target < 0) return;
      this.spend(1);
      const unit = s.eng.units[target];
      const ok = this.check(base + this.unitAttackMod(target) + this.scopedAttackMod() + this.nightEveryMod(), this.level(target));
      if (this.log) this.sayT('uaLog.rapid', { i: i + 1, unit: unit.name, nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, ok: this.tx(ok ? 'uaLog.f.hit' : 'uaLog.f.miss') });
      if (ok && !(unit.immune & IM_RAPID)) {
        const u = s.eng.parity ? this.hitUnit(target, false) : target;
        if (u >= 0) this.damage(u, 1);
      }
      if (this.nat === 6) attacks++;
      if (this.enemyBroken()) return;
    }
  }

  /** Flashbang item or スタングレネード skill: nullify a group's attacks / −1 attack of a high-threat target. */
  protected stun(target: number, skill: boolean): void {
    const s = this.s, unit = s.eng.units[target];
    if (skill && this.skillMagazines) this.spend(1); // UA-R22 per-roll (v1.01): a shooting skill's roll costs a magazine
    if (skill && this.stunOwnSkill) {
      // v1.01 【スタングレネード】 (UA-R04 own-skill): 射撃ロール (indoors +1) ≥ level → 【スタン】 to the round's end.
      const ok = this.check(s.subCur + (s.indoorNow ? 1 : 0), this.level(target));
      s.subCur--;
      if (this.log) this.sayT('uaLog.stunV101', { unit: unit.name, nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, ok: this.tx(ok ? 'uaLog.f.stunned' : 'uaLog.f.noEffect') });
      if (ok && !(unit.immune & IM_FLASHBANG)) {
        s.unitDazed[target] = 1;
        s.anyDazed = true;
      }
      return;
    }
    let ok: boolean;
    if (skill) ok = this.subCheck(this.level(target));
    else {
      this.spendExpendable(EXP_FLASHBANG);
      ok = this.shootingRoll(this.level(target), 0);
    }
    if (this.log) this.sayT(skill ? 'uaLog.stunSkill' : 'uaLog.flashbang', { unit: unit.name, nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, ok: this.tx(ok ? 'uaLog.f.stunned' : 'uaLog.f.noEffect') });
    if (ok && !(unit.immune & IM_FLASHBANG)) s.unitStunned[target] = 1;
  }

  protected frag(target: number): void {
    const s = this.s, unit = s.eng.units[target], lvl = this.level(target);
    this.spendExpendable(EXP_FRAG);
    const ok = this.shootingRoll(lvl, this.unitAttackMod(target) + this.scopedAttackMod() + this.nightEveryMod() + (s.indoorNow ? 1 : 0));
    if (this.log) this.sayT('uaLog.frag', { unit: unit.name, nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, lvl });
    if (ok && !(unit.immune & IM_FRAG)) this.damage(target, this.nat !== 6 && this.value < lvl + 3 ? 1 : this.value >= lvl + 3 ? 2 : 1);
    this.enemyBroken();
  }

  protected at4(target: number): void {
    const s = this.s, unit = s.eng.units[target];
    this.spendExpendable(EXP_AT4);
    if (this.log) this.sayT('uaLog.at4', { unit: unit.name });
    this.damage(target, unit.armoured ? 2 : 1);
    this.enemyBroken();
  }

  protected c4Plant(target: number): void {
    const s = this.s;
    this.spendExpendable(EXP_C4);
    if (this.c4NextRound) {
      // v1.01 (UA-V26 roll-next-round): set now, the roll at the next round's start.
      s.c4Target = target;
      s.c4Pending = true;
      if (this.log) this.sayT('uaLog.c4Set', { unit: s.eng.units[target].name });
      return;
    }
    const ok = s.sub === SUB_DEX && s.subCur > 0 ? this.subCheck(4) : this.check(s.skill, 4);
    if (this.log) this.sayT('uaLog.c4Plant', { unit: s.eng.units[target].name, nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, ok: this.tx(ok ? 'uaLog.f.set' : 'uaLog.f.dud') });
    if (ok) s.c4Target = target;
  }

  protected c4Pre(target: number): void {
    const s = this.s, unit = s.eng.units[target];
    this.spendExpendable(EXP_C4);
    if (this.log) this.sayT('uaLog.c4Pre', { unit: unit.name });
    this.damage(target, unit.armoured ? 2 : 1);
    this.enemyBroken();
  }

  /** Enumerate the leader's legal actions into `legal`; round 0 allows only expendables and non-damage skills. */
  protected leaderLegal(round0: boolean): number {
    const s = this.s, e = s.eng, L = this.legal;
    let n = 0;
    L[n++] = D.act(D.K_PASS);
    const sub = s.subCur > 0;
    if (!round0 && !s.retreatUsed && e.retreatAllowed && (this.g.retreatMode === 'abort' || s.retreats < this.g.maxRetreats)) L[n++] = D.act(D.K_RETREAT);
    if (sub && s.sub === SUB_COMMAND) {
      // 拠点構築 「分隊長１人、または…隊員すべて」: one or the other per combat (UA-R41; each-side-once allows both).
      const fortifyOpen = !this.fortifyOneOrOther || s.fortifyLeader + s.fortifyMembers === 0;
      if ((s.skills & SK_FORTIFY) && fortifyOpen && s.fortifyLeader === 0) L[n++] = D.act(D.K_FORTIFY_LEADER);
      if ((s.skills & SK_FORTIFY) && fortifyOpen && s.fortifyMembers === 0 && s.withSquad() > 0) L[n++] = D.act(D.K_FORTIFY_MEMBERS);
      if ((s.skills & SK_FIRST_AID) && (this.woundTrack ? s.wounds > 0 : s.life < s.lifeMax)) L[n++] = D.act(D.K_FIRST_AID);
      if (!round0 && (s.skills & SK_NEGOTIATION) && e.negotiable && this.captureLife1) {
        // v1.01 (UA-R73 life-1): a group down to one soldier or a manned high-threat target at life 1, once per target
        // per fight (「同一の対象に対して1戦闘につき1回だけ」), other enemies standing or not.
        for (let u = 0; u < s.nUnits; u++) if (s.unitLeft[u] === 1 && s.targetable(u) && s.negotiated[u] === 0 && e.units[u].unmanned === undefined) L[n++] = D.act(D.K_NEGOTIATE, u);
      } else if (!round0 && (s.skills & SK_NEGOTIATION) && e.negotiable && s.enemiesStanding() === 1) {
        // on_capture: the scenario lets this high-threat target be taken prisoner too.
        const cap = s.ex !== null && s.ex.onCapture !== null ? s.ex.onCapture.unit : -1;
        for (let u = 0; u < s.nUnits; u++) if ((s.unitLeft[u] === 1 && !e.units[u].htt) || (u === cap && s.unitLeft[u] > 0)) L[n++] = D.act(D.K_NEGOTIATE, u);
      }
    }
    if (s.ex !== null && round0) {
      const uses = s.ex.roundZeroUses;
      for (let i = 0; i < uses.length; i++) {
        const u = uses[i].unit;
        if (s.expendables[uses[i].expendable] > 0 && s.unitLeft[u] > 0 && (i === 0 || uses[i - 1].unit !== u)) L[n++] = D.act(D.K_R0_USE, u);
      }
    }
    for (let i = 0; i < this.scItemDefs.length; i++) if (s.scItems[i] > 0 && this.scItemDefs[i].use === 1) L[n++] = D.act(D.K_ITEM, i);
    // 医療キット in combat (2026-03): 負傷 −1 as the leader's action (round 0 too: an expendable).
    if (this.medkitCures && s.wounds > 0 && this.held(EXP_MEDKIT) > 0) L[n++] = D.act(D.K_MEDKIT);
    // Special equipment: the barricade on an outdoor tile; the acoustic device on any targetable unit (round 0 too).
    const acoustic = s.nSpecial > 0 && s.specialCount(SP_ACOUSTIC) > 0;
    // Black Sun 42 on the leader (audit §27; UA-V44): no 攻撃ロール in round 1 — the gun, precise shot, melee and 全力攻撃;
    // skills and items roll their own 射撃ロール (the reading of UA-R44) and stay.
    const noAttackRoll = s.round === 1 && s.noAttackRole === LEADER_TARGET;
    if (s.nSpecial > 0 && (!s.indoorNow || s.outdoorToo) && s.specialCount(SP_BARRICADE) > 0) L[n++] = D.act(D.K_BARRICADE);
    const precise = sub && s.sub === SUB_DEX && s.magazines > 0 && !noAttackRoll && !round0;
    for (let u = 0; u < s.nUnits; u++) {
      if (!s.targetable(u)) {
        // UA-R155 scenario: 精密射撃 may aim past a screen whose screen_exempt names it (UA-R130 (b)).
        if (precise && this.screenExemptOn && this.passesScreen(u, SX_PRECISE)) L[n++] = D.act(D.K_PRECISE, u);
        continue;
      }
      const unit = e.units[u];
      if (acoustic) L[n++] = D.act(D.K_ACOUSTIC, u);
      if (this.held(EXP_FLASHBANG) > 0) L[n++] = D.act(D.K_FLASHBANG, u);
      if (this.held(EXP_FRAG) > 0) L[n++] = D.act(D.K_FRAG, u);
      if (this.held(EXP_AT4) > 0) L[n++] = D.act(D.K_AT4, u);
      if (this.held(EXP_C4) > 0) L[n++] = D.act(round0 ? D.K_C4_PRE : D.K_C4_PLANT, u);
      if (!s.iedUsed && !this.engineerIed && s.members[R_ENGINEER] > 0 && unit.armoured) L[n++] = D.act(D.K_IED, u);
      // UA-R22 per-roll (v1.01): a shooting skill needs a magazine for its roll.
      const skillMag = !this.skillMagazines || s.magazines > 0;
      if (sub && s.sub === SUB_SHOOT && (s.skills & SK_STUN) && skillMag) L[n++] = D.act(D.K_STUN_SKILL, u);
      if (round0) continue;
      // UA-R10 groups-first: the normal attacks (gun, melee, 全力攻撃) at a group while one stands.
      const normalOk = (!this.groupsFirst || this.normalAllowed(u)) && !noAttackRoll;
      if (s.magazines > 0 && normalOk) L[n++] = D.act(D.K_SHOOT, u);
      if (normalOk) L[n++] = D.act(D.K_MELEE, u);
      if (precise) L[n++] = D.act(D.K_PRECISE, u);
      if (sub && s.sub === SUB_MELEE && normalOk) L[n++] = D.act(D.K_FULL_POWER, u);
      if (sub && s.sub === SUB_SHOOT) {
        if ((s.skills & SK_SHOTGUN) && s.magazines > 0 && !(unit.immune & IM_SHOTGUN)) L[n++] = D.act(D.K_SHOTGUN, u);
        if ((s.skills & SK_GRENADE) && skillMag) L[n++] = D.act(D.K_GRENADE, u);
        if ((s.skills & SK_RAPID) && s.magazines > 0) L[n++] = D.act(D.K_RAPID, u);
      }
    }
    return n;
  }

  /** May a shot that passes screens `pass` (SX_*) reach unit `u`, which is not targetable otherwise (UA-R155)? */
  private passesScreen(u: number, pass: number): boolean {
    const s = this.s;
    s.screenPass = pass;
    const ok = s.targetable(u);
    s.screenPass = 0;
    return ok;
  }

  /** Carry out one leader action; returns false if the action was a retreat. */
  protected leaderAct(a: number): boolean {
    const s = this.s, k = D.kindOf(a), u = D.targetOf(a);
    switch (k) {
      case D.K_PASS: break;
      case D.K_RETREAT: this.retreat(); return false;
      case D.K_SHOOT: this.leaderShoot(u, false); break;
      case D.K_PRECISE: this.leaderShoot(u, true); break;
      case D.K_MELEE: this.leaderMelee(u, false); break;
      case D.K_FULL_POWER: this.leaderMelee(u, true); break;
      case D.K_SHOTGUN: this.shotgun(u); break;
      case D.K_GRENADE: this.grenadeSkill(u); break;
      case D.K_RAPID: this.rapidFire(u); break;
      case D.K_STUN_SKILL: this.stun(u, true); break;
      case D.K_FLASHBANG: this.stun(u, false); break;
      case D.K_FRAG: this.frag(u); break;
      case D.K_AT4: this.at4(u); break;
      case D.K_C4_PLANT: this.c4Plant(u); break;
      case D.K_C4_PRE: this.c4Pre(u); break;
      case D.K_IED:
        s.iedUsed = true;
        if (this.log) this.sayT('uaLog.ied', { unit: s.eng.units[u].name });
        this.damage(u, 1);
        this.enemyBroken();
        break;
      case D.K_FORTIFY_LEADER: s.subCur--; s.fortifyLeader = 1; if (this.log) this.sayT('uaLog.fortifyLeader'); break;
      case D.K_FORTIFY_MEMBERS: s.subCur--; s.fortifyMembers = 1; if (this.log) this.sayT('uaLog.fortifyMembers'); break;
      case D.K_FIRST_AID:
        s.subCur--;
        // 2026-03: ファーストエイド removes one 負傷 level (「回復効果は、特記がない限り負傷を1段階減少」, UA-V07); the seed: +1 life (UA-R18).
        if (this.woundTrack) this.cureWound('uaLog.by.firstAid');
        else {
          s.life = Math.min(s.lifeMax, s.life + 1);
          if (this.log) this.sayT('uaLog.firstAidLife', { life: s.life });
        }
        break;
      case D.K_MEDKIT:
        this.spendExpendable(EXP_MEDKIT);
        this.cureWound('uaLog.by.medkitCombat');
        break;
      case D.K_NEGOTIATE: {
        const ok = this.subCheck(this.level(u));
        if (this.log) this.sayT('uaLog.negotiate', { nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, ok: this.tx(ok ? 'uaLog.f.captured' : 'uaLog.f.refused') });
        s.negotiated[u] = 1;
        if (ok && this.captureLife1) {
          // 【捕虜】/【鹵獲】 (v1.01): the unit leaves the fight; the fight goes on while others stand.
          this.captureUnit(u);
          if (s.endReason === END_NONE) this.enemyBroken();
        } else if (ok) {
          s.unitLeft[u] = 0;
          s.endReason = END_WIN;
          this.captureEffects(u);
        }
        break;
      }
      case D.K_R0_USE: {
        const uses = s.ex!.roundZeroUses;
        let i = 0;
        while (uses[i].unit !== u || s.expendables[uses[i].expendable] <= 0) i++;
        s.expendables[uses[i].expendable]--;
        const kills = this.rollExpr(uses[i].kills);
        if (this.log) this.sayT('uaLog.round0Use', { item: this.itemName(uses[i].expendable), unit: s.eng.units[u].name, kills });
        this.damage(u, kills);
        this.enemyBroken();
        break;
      }
      case D.K_ITEM: this.useScItem(u); break;
      case D.K_ACOUSTIC: {
        // 音響制圧デバイス (UA-R80): the stun effect with no roll and no magazine.
        this.useSpecial(SP_ACOUSTIC);
        const unit = s.eng.units[u];
        if (!(unit.immune & IM_FLASHBANG)) s.unitStunned[u] = 1;
        if (this.log) this.sayT('uaLog.acoustic', { unit: unit.name, effect: this.tx(unit.immune & IM_FLASHBANG ? 'uaLog.f.acousticNone' : unit.htt ? 'uaLog.f.acousticOne' : 'uaLog.f.acousticAll') });
        break;
      }
      case D.K_BARRICADE:
        // 展開式バリケードユニット (UA-R81): the rest of this combat counts as indoor.
        this.useSpecial(SP_BARRICADE);
        s.indoorNow = true;
        s.outdoorToo = false;
        if (this.log) this.sayT('uaLog.barricade');
        break;
    }
    return true;
  }

  /** One member's attacks (all its shots); melee at 0 magazines or when told to hold fire. */
  protected memberAttack(role: number, shoot = true): void {
    const s = this.s, def = this.g.catalogue.roles[role];
    if (role === R_ENGINEER && this.engineerIed && !s.iedUsed && this.engineerIedNow()) return;
    if (role === R_MEDIC && this.medicCures && s.wounds > 0 && s.magazines > 0 && this.askYes(D.D_MEDIC_AID)) {
      // メディック 応急処置 (2026-03): instead of its shot, 1 magazine cures one 負傷 level (UA-V08).
      this.spend(1);
      this.cureWound('uaLog.by.medicFirstAid');
      return;
    }
    // UA-R155 scenario: the marksman's and the sniper's shots pass a screen whose screen_exempt names them (UA-R130 (b)).
    const pass = this.screenExemptOn ? (role === R_MARKSMAN ? SX_MARKSMAN : role === R_SNIPER ? SX_SNIPER : 0) : 0;
    if (pass === 0) {
      this.memberShots(role, shoot, 0);
      return;
    }
    this.memberShots(role, shoot, pass);
    s.screenPass = 0;
  }

  /** A member's shots (melee without a magazine or when told to hold fire); `pass`: the screens its shots pass (UA-R155). */
  private memberShots(role: number, shoot: boolean, pass: number): void {
    const s = this.s, def = this.g.catalogue.roles[role];
    const precise = role === R_MARKSMAN || role === R_SNIPER;
    const skill = def.skill + (role === R_SNIPER && s.members[R_SPOTTER] > 0 ? 1 : 0) + this.darkMod(false);
    const name = ROLES[role];
    let paidFirst = false;
    for (let shot = 0; shot < def.shots && !this.over(); shot++) {
      s.screenPass = pass;
      const parityDecides = s.eng.parity !== null && (!precise || s.eng.parity.bindsPrecise);
      const target = parityDecides || this.countTargetable() === 1 ? this.firstTargetable(!precise) : this.aim(!precise);
      if (target < 0) return;
      if ((role === R_SNIPER || role === R_SPOTTER) && s.magazines < 1) return; // the sniper point: no melee
      // UA-R01 two-per-round: the gunner's round is one shooting action paid 1 + the LMG's extra, one per roll; with 1
      // magazine left the action is paid and its second roll still fires without the extra (as the leader's LMG, UA-R02).
      const actionPaid = paidFirst && role === R_GUNNER && !this.gunnerExtraPerShot && !this.gunnerPerRoll;
      if ((s.magazines < 1 && !actionPaid) || !shoot) {
        s.screenPass = 0; // a melee attack is no shot: it passes no screen
        let crit = this.attackRoll(name, def.skill, target, false, false, true);
        for (let x = 0; crit && x < 10 && !this.enemyBroken(); x++) crit = this.attackRoll(name, def.skill, this.firstTargetable(true), false, false, true);
        this.enemyBroken();
        continue;
      }
      if (s.magazines >= 1) this.spend(role === R_GUNNER && this.gunnerExtraPerShot && s.magazines >= 2 ? 2 : 1);
      if (shot === 0) paidFirst = true;
      let crit = this.attackRoll(name, skill, target, precise, false, false);
      if (this.enemyBroken()) return;
      for (let x = 0; crit && x < 10; x++) {
        if (this.critCosts) {
          if (s.magazines < 1) break;
          this.spend(1);
        }
        crit = this.attackRoll(name, skill, precise ? (s.targetable(target) ? target : this.aim()) : this.firstTargetable(true), precise, false, false);
        if (this.enemyBroken()) return;
      }
    }
  }

  /**
   * v1.01 IED (UA-R47 `engineer-attack`): once per operation, in round 1 or later, instead of the engineer's attack, on
   * the first 車両/装甲 (`armoured`) high-threat target standing: 1 damage, no roll, no magazine. True when set.
   */
  private engineerIedNow(): boolean {
    const s = this.s;
    if (s.round < 1) return false;
    let u = 0;
    while (u < s.nUnits && !(s.targetable(u) && s.eng.units[u].htt && s.eng.units[u].armoured)) u++;
    if (u >= s.nUnits || !this.askYes(D.D_IED)) return false;
    s.iedUsed = true;
    if (this.log) this.sayT('uaLog.iedEngineer', { unit: s.eng.units[u].name });
    this.damage(u, 1);
    this.enemyBroken();
    return true;
  }

  /** A scenario member's attacks (skill and shots from the scenario; melee at 0 magazines or when told to hold fire). */
  protected scMemberAttack(i: number, shoot: boolean): void {
    const def = this.scMemberDefs[i];
    this.plainAttacks(def.name, def.skill, def.shots, shoot);
  }

  /**
   * The attacks of a member without special abilities (a scenario member type, or the combat drone with
   * 技量点 1 and one shot, UA-R84): each shot costs a magazine; at 0 magazines or when told to hold fire it
   * melees instead (the drone is never called then: it does not melee).
   */
  protected plainAttacks(name: string, baseSkill: number, shots: number, shoot: boolean): void {
    const s = this.s;
    const skill = baseSkill + this.darkMod(false);
    for (let shot = 0; shot < shots && !this.over(); shot++) {
      const target = s.eng.parity !== null || this.countTargetable() === 1 ? this.firstTargetable(true) : this.aim(true);
      if (target < 0) return;
      const melee = s.magazines < 1 || !shoot;
      if (!melee) this.spend(1);
      let crit = this.attackRoll(name, melee ? baseSkill : skill, target, false, false, melee);
      if (this.enemyBroken()) return;
      for (let x = 0; crit && x < 10; x++) {
        if (!melee && this.critCosts) {
          if (s.magazines < 1) break;
          this.spend(1);
        }
        crit = this.attackRoll(name, melee ? baseSkill : skill, this.firstTargetable(true), false, false, melee);
        if (this.enemyBroken()) return;
      }
    }
  }

  protected attackersCap(): number {
    const s = this.s;
    let cap = s.eng.attackersCap || this.g.attackersCap;
    if (s.round === 1 && s.firstAttackersCap > 0) cap = cap > 0 ? Math.min(cap, s.firstAttackersCap) : s.firstAttackersCap;
    return cap;
  }

  protected squadPhase(): void {
    if (this.log) this.sayT('uaLog.squadTurn');
    if (this.players === 2) {
      // §45 two players: the two leaders act (the first, then the second), then the first squad's members and the
      // second's (UA-V62); 「戦闘参加人数上限」 counts the two leaders and both squads together.
      const s = this.s;
      let used = this.squadTurn(0, TURN_LEADER);
      for (let part = 1; part < 4 && used >= 0 && !this.over(); part++) {
        s.swapLeader();
        if (this.log) this.sayT('uatwo.swap', { who: this.tx(s.active === 1 ? 'uatwo.second' : 'uatwo.first') });
        used = this.squadTurn(used, part === 1 ? TURN_LEADER : TURN_MEMBERS);
      }
      if (s.active === 1) s.swapLeader();
      return;
    }
    // One player: the leader's action, then the members' (the same parts as squadTurn, called straight).
    const used = this.leaderTurn(0);
    if (used >= 0) this.membersTurn(used, this.attackersCap());
  }

  /**
   * One leader's and his squad's part of the squad's turn (§36): the leader's action (`parts` & TURN_LEADER), then the
   * members' attacks (& TURN_MEMBERS) within the round's 攻撃人数制限, `used` slots of it already taken (§45: by the other
   * leader and squad). Returns the slots taken, or −1 when the squad's turn ends (a 退却, the fight over).
   */
  protected squadTurn(used: number, parts: number): number {
    const cap = this.attackersCap();
    let attackers = used;
    if ((parts & TURN_LEADER) !== 0) attackers = this.leaderTurn(attackers);
    if ((parts & TURN_MEMBERS) === 0 || attackers < 0) return attackers;
    return this.membersTurn(attackers, cap);
  }

  /** The leader's action in the squad's turn (§36); returns the attacker slots taken so far (UA-R27), or −1: the turn ends here. */
  private leaderTurn(used: number): number {
    const s = this.s;
    let attackers = used;
    if (this.betweenItems) {
      this.offerBetweenAttacks();
      if (this.over()) return -1;
    }
    // v1.01 C4: the roll at the round's start was the leader's action of this round (UA-V26).
    const busy = s.leaderBusy;
    s.leaderBusy = false;
    const a = busy ? D.act(D.K_PASS) : this.ask(D.D_LEADER, this.leaderLegal(false));
    if (this.log && !busy && D.kindOf(a) !== D.K_SHOOT) this.sayT('uaLog.leaderAction', { kind: this.kindName(D.kindOf(a)), target: (D.kindOf(a) > D.K_PASS && D.kindOf(a) < D.K_FORTIFY_LEADER) || D.kindOf(a) === D.K_NEGOTIATE || D.kindOf(a) === D.K_IED || D.kindOf(a) === D.K_ACOUSTIC ? ` → ${s.eng.units[D.targetOf(a)].name}` : '' });
    if (!this.leaderAct(a) || this.over()) return -1;
    if (this.betweenItems) {
      this.offerBetweenAttacks();
      if (this.over()) return -1;
    }
    const k = D.kindOf(a);
    if ((k >= D.K_SHOOT && k <= D.K_C4_PLANT) || k === D.K_IED || k === D.K_ACOUSTIC) attackers++; // only an attack takes one of the attacker slots (UA-R27)
    return attackers;
  }

  /** The members' attacks in the squad's turn (§36) after `used` attacker slots, within `cap`; returns the slots taken. */
  private membersTurn(used: number, cap: number): number {
    const s = this.s;
    let attackers = used;
    if (s.members[R_SNIPER] > 0 && (!s.indoorNow || s.outdoorToo)) {
      // sniper_outside_cap (UA-V54, Black Sun 65 audit §59): the sniper shoots beside the capped attackers.
      const capped = s.ex === null || s.ex.sniperOutsideCap !== true;
      for (let i = 0; i < s.members[R_SNIPER] && !this.over(); i++) {
        if (capped && cap > 0 && attackers >= cap) return attackers;
        this.memberAttack(R_SNIPER);
        if (capped) attackers++;
      }
    }
    if (this.spotterFires && s.members[R_SPOTTER] > 0 && (!s.indoorNow || s.outdoorToo)) {
      // dev 2026-05: the spotter has a gun (技量点 0, 射撃回数 1) and shoots from the sniper point like the sniper (UA-V20).
      for (let i = 0; i < s.members[R_SPOTTER] && !this.over(); i++) {
        if (cap > 0 && attackers >= cap) return attackers;
        this.memberAttack(R_SPOTTER);
        attackers++;
      }
    }
    // How many of the attacking members shoot (the rest melee): a policy decision when magazines are left.
    let attacking = 0;
    // Round 1: the option target kept out of the attack (target_no_attack_first_round) — one member of that slot.
    const held = s.round === 1 ? s.noAttackRole : -1;
    for (let i = 0; i < MEMBER_ORDER.length; i++) attacking += s.members[MEMBER_ORDER[i]] - (MEMBER_ORDER[i] === held && s.members[held] > 0 ? 1 : 0);
    for (let i = 0; i < this.scMemberDefs.length; i++) if (this.scMemberDefs[i].shots > 0) attacking += s.scMembers[i] - (N_ROLES + i === held && s.scMembers[i] > 0 ? 1 : 0);
    attacking += s.drones - (held === DRONE_SLOT && s.drones > 0 ? 1 : 0);
    if (cap > 0 && attacking > cap - attackers) attacking = Math.max(0, cap - attackers);
    if (s.membersAttackingMod !== 0) {
      // members_attacking_mod: (cap − 1, or the members present) ± n, at least 1 (UA-R66); with members_attacking_base
      // fight_start the combatants alive at the fight's start ± n (UA-V51, Black Sun 46).
      const limit = Math.max(1, (s.membersAttackingStart ? s.startCombatants : cap > 0 ? cap - 1 : s.withSquad()) + s.membersAttackingMod);
      if (attacking > limit) attacking = limit;
    }
    const memberCap = attackers + attacking;
    let shooters = attacking;
    if (attacking > 0 && s.magazines > 0) {
      for (let i = 0; i <= attacking; i++) this.legal[i] = i;
      shooters = this.ask(D.D_MEMBER_FIRE, attacking + 1);
      if (this.log && shooters < attacking) this.sayT('uaLog.holdFire', { n: attacking - shooters });
    }
    for (let i = 0; i < MEMBER_ORDER.length; i++) {
      const role = MEMBER_ORDER[i];
      for (let k = role === held ? 1 : 0; k < s.members[role]; k++) {
        if (this.over() || (cap > 0 && attackers >= cap) || attackers >= memberCap) return attackers;
        this.memberAttack(role, shooters > 0);
        shooters--;
        attackers++;
      }
    }
    for (let i = 0; i < this.scMemberDefs.length; i++) {
      if (this.scMemberDefs[i].shots === 0) continue;
      for (let k = N_ROLES + i === held ? 1 : 0; k < s.scMembers[i]; k++) {
        if (this.over() || (cap > 0 && attackers >= cap) || attackers >= memberCap) return attackers;
        this.scMemberAttack(i, shooters > 0);
        shooters--;
        attackers++;
      }
    }
    // Combat drones last (the weakest); one told to hold fire, or with no magazine left, does not attack (UA-R84).
    for (let k = held === DRONE_SLOT ? 1 : 0; k < s.drones; k++) {
      if (this.over() || (cap > 0 && attackers >= cap) || attackers >= memberCap) return attackers;
      if (shooters > 0 && s.magazines > 0) this.plainAttacks('combat drone', 1, 1, true);
      shooters--;
      attackers++;
    }
    return attackers;
  }


}
