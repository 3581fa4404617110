/**
 * The URBAN ASSAULT engagement engine (seed 004 §05–§42) and the gauntlet that chains engagements.
 * This file: loot (戦利品表 §39–§40), the black market, between fights (MRE §31, medkits, the medic,
 * first aid), the reset of a game and the gauntlet driver. The engine is a chain of classes, one rule area
 * per file: game-core (§05–§10, state and helpers) → game-special (§40 special equipment) → game-targets
 * (§29, §36–§38) → game-attacks (§17–§24, §28–§29, §32–§33) → game-defence (§22, §30, §36 hit table, §42)
 * → game-combat (§35–§36 combat rounds) → game-encounter (§35 encounters and reactions) → UaGame.
 * One {@link UaGame} is built per variant and replays many games; it allocates nothing per step. Every
 * random draw goes through the `Dice` handed in by the driver.
 */
import type { Dice } from '../../../sim/core/dice.js';
import type { GameLog, GameRecord, GameRunner } from '../../../sim/core/types.js';
import { EXPENDABLES, N_ROLES, EXP_MEDKIT, R_MEDIC, R_SCOUT, SK_FIRST_AID, SK_FORAGING, SK_SUPPLY } from '../catalogue/catalogue.js';
import { type EngagementDef, type SecondLeaderDef, type SquadDef } from '../config.js';
import * as D from '../decisions.js';
import type { EncounterExtra } from '../scenario/scenario.js';
import { END_LEADER_DOWN, END_TIMEOUT, END_WIN, zeroFill } from './state.js';
import { sgn, SUB_DEX, SUB_COMMAND, ATT_NONE, ATT_LASER, ATT_FLASHLIGHT, ATT_SUPPRESSOR, RATE_WIN, RATE_LEADER_SURVIVED, RATE_RETREATED, VAL_MAG_SPENT, VAL_MAG_LEFT, VAL_MEMBERS_LOST, VAL_ROUNDS, VAL_CLEARED, VAL_LIFE_END } from './core.js';
import { UaEncounter } from './encounter.js';

export { DRONE_SLOT, RATE_LEADER_SURVIVED, RATE_RETREATED, RATE_WIN, ROUNDS_SHOWN, V_ENEMIES, V_LIFE, V_MAGAZINES, V_MEMBERS, VAL_CLEARED, VAL_LIFE_END, VAL_MAG_LEFT, VAL_MAG_SPENT, VAL_MEMBERS_LOST, VAL_ROUNDS } from './core.js';

/** A bought attachment's state index (state.ts UaState.attachment). */
function attachmentIndex(a: string | null): number {
  return a === 'laser_sight' ? ATT_LASER : a === 'flashlight' ? ATT_FLASHLIGHT : a === 'suppressor' ? ATT_SUPPRESSOR : ATT_NONE;
}

export class UaGame extends UaEncounter implements GameRunner {
  /** The squad's starting kit from the catalogue, looked up once (not per game). */
  private readonly kitWeapon = this.g.catalogue.weapons[this.squad.weapon];
  private readonly kitAttachment = attachmentIndex(this.squad.attachment);
  private readonly kitAttDef = this.squad.attachment ? this.g.catalogue.equipment[this.squad.attachment] ?? null : null;
  private readonly kitArmour = this.squad.armour ? this.g.catalogue.armours[this.squad.armour] : null;
  private readonly kitShield = this.squad.shield ? this.g.catalogue.shields[this.squad.shield] : null;
  /** §45 two players: the second leader's spec and kit (`second_leader:`, UA-V57), else the squad's (a copy, UA-V60). */
  private readonly spec2: SecondLeaderDef | SquadDef = this.squad.second ?? this.squad;
  private readonly kit2Weapon = this.g.catalogue.weapons[this.spec2.weapon];
  private readonly kit2Attachment = attachmentIndex(this.spec2.attachment);
  private readonly kit2AttDef = this.spec2.attachment ? this.g.catalogue.equipment[this.spec2.attachment] ?? null : null;
  private readonly kit2Armour = this.spec2.armour ? this.g.catalogue.armours[this.spec2.armour] : null;
  private readonly kit2Shield = this.spec2.shield ? this.g.catalogue.shields[this.spec2.shield] : null;

  /** 闇取引: buy offers one at a time within the carry limit, each in 軍票 or magazines (UA-R72). */
  protected market(x: EncounterExtra): void {
    const s = this.s, offers = x.market;
    for (let guard = 0; guard < 40; guard++) {
      let n = 0;
      this.legal[n++] = 0;
      const room = this.carried() < this.carryLimit();
      for (let k = 0; k < offers.length && room; k++) {
        const o = offers[k];
        if (o.expendable < 0 && ((o.id === 'nvg' && s.nvg) || (o.id === 'tie_wraps' && s.tieWraps))) continue; // standing equipment: one is enough
        if (o.scrip > 0 && s.scrip >= o.scrip) this.legal[n++] = 1 + 2 * k;
        if (o.magazines > 0 && s.magazines >= o.magazines) this.legal[n++] = 2 + 2 * k;
      }
      if (n === 1) return;
      const a = this.ask(D.D_MARKET, n);
      if (a === 0) return;
      const k = (a - 1) >> 1, o = offers[k];
      if ((a & 1) === 1) s.scrip -= o.scrip;
      else this.spend(o.magazines);
      if (o.expendable >= 0) s.expendables[o.expendable]++;
      else {
        s.carriedExtra++;
        if (o.id === 'nvg') s.nvg = true;
        if (o.id === 'tie_wraps') s.tieWraps = true;
      }
      if (this.log) this.sayT('uaLog.bought', { item: o.id, price: (a & 1) === 1 ? this.tx('uaLog.f.priceScrip', { n: o.scrip }) : this.tx('uaLog.f.priceMags', { n: o.magazines }) });
    }
  }

  /**
   * One roll on the standard loot table (§40): 1d6 + `mod` + the operation's `loot_mod`; 1 or less → 1
   * magazine, 7 or more → the special-equipment table (UA-R77).
   */
  /**
   * 現地調達 (§23, UA-R94): a 器用 leader with 器用点 left may add +1 to this roll (〈装備表〉 the loot table, or a
   * 〈補給表〉), at most once, after seeing it; 1 器用点. Returns whether he did.
   */
  protected localSupply(roll: number, loot: boolean): boolean {
    const s = this.s;
    if (s.sub !== SUB_DEX || s.subCur <= 0) return false;
    s.localSupplyRoll = roll;
    s.localSupplyLoot = loot;
    const yes = this.askYes(D.D_LOCAL_SUPPLY);
    if (!yes) return false;
    s.subCur--;
    if (this.log) this.sayT('uaLog.forage', { n: s.subCur });
    return true;
  }

  protected lootTableRoll(mod = 0): void {
    const s = this.s;
    const nat = this.dice.d6();
    let r = nat + mod + this.lootMod;
    if (this.localSupply(r, true)) r++;
    let mags = 0;
    if (r <= 6) {
      // The version's loot table (§40; ruleset loot_table): magazines or 軍票, expr × times, at least min.
      const f = this.rules.loot[r <= 1 ? 0 : r - 1];
      let v = this.rollExpr(f.expr);
      if (f.times !== null) v *= this.rollExpr(f.times);
      if (v < f.min) v = f.min;
      if (f.gives === 'magazines') mags = v;
      else s.scrip += v;
    } else {
      if (this.log) this.sayT('uaLog.lootSpecial', { nat, mod: r !== nat ? ` ${sgn(r - nat)} → ${r}` : '' });
      this.specialTableRoll();
      return;
    }
    s.magazines += mags;
    if (this.log) this.sayT('uaLog.lootMags', { nat, mod: r !== nat ? ` ${sgn(r - nat)} → ${r}` : '', mags, scrip: s.scrip });
  }

  /** Loot after a won encounter (§39–§40). */
  protected loot(e: EngagementDef): void {
    const s = this.s;
    if (e.lootMagazines > 0) {
      s.magazines += e.lootMagazines;
      if (this.log) this.sayT('uaLog.lootFixed', { n: e.lootMagazines });
    } else if (e.lootTable) this.lootTableRoll();
  }

  /** After a combat: medics, then MRE/medkit decisions (§28, §31). */
  protected between(afterCombat: boolean): void {
    if (this.players === 2) {
      // §45 two players: each leader's own recovery (his MRE, his kit, his squad's medics), the first's then the second's.
      const s = this.s;
      if (s.active === 1) s.swapLeader();
      this.betweenLeader(afterCombat);
      s.swapLeader();
      this.betweenLeader(afterCombat);
      s.swapLeader();
      return;
    }
    this.betweenLeader(afterCombat);
  }

  /** Between fights for the leader in play and his squad: medics, then MRE, medkits and first aid (§28, §31). */
  protected betweenLeader(afterCombat: boolean): void {
    const s = this.s;
    if (afterCombat && !this.medicCures && (s.fought || !this.medicAfterCombatOnly)) {
      for (let i = 0; i < s.members[R_MEDIC] && s.life < s.lifeMax; i++) {
        s.life++;
        if (this.log) this.sayT('uaLog.medic', { life: s.life });
      }
    }
    for (let guard = 0; guard < 20; guard++) {
      let n = 0;
      this.legal[n++] = D.A_CONTINUE;
      if (s.mre > 0 && s.life < s.lifeMax) this.legal[n++] = D.A_EAT_MRE;
      // 2026-03: the medkit and first aid cure 負傷 (UA-V07, UA-V09); the seed: +1 life each (UA-R18).
      // The seed's 「戦闘終了後に使用できます」: after any event, or only after a combat (UA-R103).
      if (this.held(EXP_MEDKIT) > 0 && (this.medkitCures ? s.wounds > 0 : s.life < s.lifeMax && (!this.medkitAfterCombatOnly || (afterCombat && s.fought)))) this.legal[n++] = D.A_MEDKIT;
      // ファーストエイド between fights too (指揮 skill, 1 指揮点: +1 life, UA-R18).
      if ((s.skills & SK_FIRST_AID) && s.sub === SUB_COMMAND && s.subCur > 0 && (this.woundTrack ? s.wounds > 0 : s.life < s.lifeMax)) this.legal[n++] = D.A_FIRST_AID;
      const a = this.ask(D.D_BETWEEN, n);
      if (a === D.A_CONTINUE) return;
      if (a === D.A_FIRST_AID && this.woundTrack) {
        s.subCur--;
        this.cureWound('uaLog.by.firstAid');
        continue;
      }
      if (a === D.A_MEDKIT && this.medkitCures) {
        // 「マップ移動中、負傷を0にする」.
        this.spendExpendable(EXP_MEDKIT);
        this.cureWound('uaLog.by.medkitMap', true);
        continue;
      }
      if (a === D.A_FIRST_AID) {
        s.subCur--;
        s.life = Math.min(s.lifeMax, s.life + 1);
        if (this.log) this.sayT('uaLog.firstAidLife', { life: s.life });
        continue;
      }
      if (a === D.A_EAT_MRE) {
        s.mre--;
        let heal = 2;
        if (s.sub === SUB_COMMAND && (s.skills & SK_FORAGING) && s.subCur > 0 && s.life + 3 <= s.lifeMax) {
          s.subCur--;
          heal = 3;
        }
        s.life = Math.min(s.lifeMax, s.life + heal);
        if (this.log) this.sayT('uaLog.mre', { life: s.life });
      } else {
        this.spendExpendable(EXP_MEDKIT);
        s.life = Math.min(s.lifeMax, s.life + 1);
        if (this.log) this.sayT('uaLog.medkit', { life: s.life });
      }
    }
  }

  protected reset(): void {
    const s = this.s, q = this.squad;
    if (s.active === 1) s.swapLeader();
    if (this.players === 2) {
      // §45 two players (UA-V60): the second leader on the same spec and kit, then the members dealt between the squads.
      s.swapLeader();
      this.kitLeader();
      s.swapLeader();
    }
    this.kitLeader();
    s.woundTrack = this.woundTrack;
    s.attackersCap = this.g.attackersCap;
    s.magazines = q.magazines;
    s.scrip = q.scripStart;
    if (this.players === 2) this.dealMembers();
    zeroFill(s.scItems);
    s.nSpecial = s.scannerStanding = 0;
    s.specialFound = s.exchangeMagazines = 0;
    s.specialOffer = s.exchangeKind = -1;
    // The variant's what-if special equipment (`special_equipment`, UA-R87): held from the start.
    if (q.special) for (const p of q.special) {
      const i = s.nSpecial++;
      s.spKind[i] = p.kind;
      s.spUses[i] = p.uses;
      s.spTotal[i] = p.total;
    }
    s.ex = null;
    s.inCombat = false;
    s.dropNextCombat();
    s.attackModAll = s.firstAttackRollMod = 0;
    s.gotoFinal = s.endedByLimit = false;
    s.firstDefRollMod = s.membersAttackingMod = 0;
    s.membersAttackingStart = false;
    s.leaderR1DefMod = s.leaderFirstDefMod = 0;
    s.noAttackRole = s.absentRole = -1;
    s.mapSetTens = 0;
    s.levelMod = 0;
    s.retreats = 0;
    s.iedUsed = false;
    s.magazinesSpent = 0;
    s.totalRounds = 0;
    s.engagementsCleared = 0;
    s.engIndex = 0;
    if (this.players === 2) {
      s.swapLeader();
      this.requestSupply();
      s.swapLeader();
    }
    this.requestSupply();
  }

  /**
   * §45 two players (UA-V60): the variant's members dealt one by one, role by role in the catalogue's order, to the first
   * squad and the second in turn (each gets at most half the 分隊規模, rounded down: checked when compiled); the second
   * leader's part is in {@link UaState.other}.
   */
  private dealMembers(): void {
    const s = this.s, o = s.other;
    let k = 0;
    for (let r = 0; r < s.members.length; r++) {
      const n = s.members[r];
      const second = (n + (k & 1)) >> 1;
      o.members[r] = o.membersStart[r] = second;
      s.members[r] = s.membersStart[r] = n - second;
      k += n;
    }
    for (let i = 0; i < s.scMembers.length; i++) {
      const n = s.scMembers[i];
      const second = (n + (k & 1)) >> 1;
      o.scMembers[i] = o.scMembersStart[i] = second;
      s.scMembers[i] = s.scMembersStart[i] = n - second;
      k += n;
    }
    s.squadSize = this.squad.squadSize >> 1;
    o.squadSize = this.spec2.squadSize >> 1;
  }

  /**
   * The leader in play on the variant's spec and kit (§45's second leader in play: on his own, UA-V57), with the
   * squad's members (a fresh game; a campaign's successor).
   */
  protected kitLeader(): void {
    const s = this.s, q = this.squad, second = s.active === 1;
    const l = second ? this.spec2 : q;
    s.sub = l.sub;
    s.skill = l.skill;
    s.lifeMax = l.lifeMax;
    s.life = l.lifeMax;
    s.subMax = s.subCur = l.subMax;
    s.skills = l.skills;
    s.weapon = second ? this.kit2Weapon : this.kitWeapon;
    s.attachment = second ? this.kit2Attachment : this.kitAttachment;
    s.attDef = second ? this.kit2AttDef : this.kitAttDef;
    s.wounds = s.gunEmpty = 0;
    s.fieldTreated = false;
    s.armour = second ? this.kit2Armour : this.kitArmour;
    s.shield = second ? this.kit2Shield : this.kitShield;
    for (let i = 0; i < l.expendables.length; i++) s.expendables[i] = l.expendables[i];
    s.nvg = l.nvg;
    s.mre = q.mre;
    for (let r = 0; r < q.members.length; r++) s.members[r] = s.membersStart[r] = q.members[r];
    for (let i = 0; i < this.scMemberDefs.length; i++) s.scMembers[i] = s.scMembersStart[i] = q.members[N_ROLES + i] ?? 0;
    zeroFill(s.scWounds);
    s.squadSize = l.squadSize;
    s.drones = s.droneGuards = 0;
    s.fortifyLeader = s.fortifyMembers = 0;
    s.leaderBusy = s.protectUsedThisRound = false;
    // タイラップ: the 器用 starting kit has it (§26); bought equipment is not in the compiled squad (UA-R73).
    s.tieWraps = l.sub === SUB_DEX;
    s.xp = 0;
    s.carriedExtra = s.gearDropped = 0;
    s.supplied = false;
  }

  /**
   * 物資支援要請 (§21): used once at the start of an operation (or gauntlet), not an action; 1 指揮点. The
   * requested weapon or armour replaces the leader's for that operation only (「その作戦が終了すると失われます」,
   * UA-R34): {@link returnSupply} gives the replaced gear back when it ends.
   */
  protected requestSupply(): void {
    const s = this.s, q = this.squad, cat = this.g.catalogue;
    if (!q.supplyRequest || s.sub !== SUB_COMMAND || !(s.skills & SK_SUPPLY) || s.subCur <= 0) return;
    s.subCur--;
    s.supplied = true;
    s.suppliedPrevWeapon = s.weapon;
    s.suppliedPrevArmour = s.armour;
    if (cat.weapons[q.supplyRequest]) s.weapon = cat.weapons[q.supplyRequest];
    else {
      const old = s.armour ? s.armour.life : 0;
      s.armour = cat.armours[q.supplyRequest];
      s.lifeMax += s.armour.life - old;
      s.life = s.lifeMax;
    }
    if (this.log) this.sayT('uaLog.supplyRequest', { item: q.supplyRequest, n: s.subCur });
  }

  /** The operation is over: the requested gear is lost and the leader's own comes back (§21, UA-R34). */
  protected returnSupply(): void {
    const s = this.s;
    if (!s.supplied) return;
    s.supplied = false;
    if (s.weapon !== s.suppliedPrevWeapon) s.weapon = s.suppliedPrevWeapon!;
    if (s.armour !== s.suppliedPrevArmour) {
      s.lifeMax += (s.suppliedPrevArmour ? s.suppliedPrevArmour.life : 0) - (s.armour ? s.armour.life : 0);
      s.armour = s.suppliedPrevArmour;
      if (s.life > s.lifeMax) s.life = s.lifeMax;
    }
    if (this.log) this.sayT('uaLog.supplyLost');
  }

  play(dice: Dice, policyDice: Dice, rec: GameRecord, log: GameLog | null): void {
    this.dice = dice;
    this.pdice = policyDice;
    this.rec = rec;
    this.log = log;
    this.reset();
    const s = this.s, g = this.g;
    if (log) this.sayT('uaLog.squad', { life: s.life, skill: s.skill, sub: ['格闘', '器用', '射撃', '指揮'][s.sub], subCur: s.subCur, weapon: this.jaLog ? s.weapon.ja : s.weapon.id, magazines: s.magazines, members: s.withSquad() });
    if (log && this.players === 2) this.sayTwoSquads();
    let alive = true, cleared = true;
    for (let e = 0; e < g.engagements.length && alive && cleared; e++) {
      s.engIndex = e;
      for (;;) {
        this.encounter(g.engagements[e]);
        const end = s.endReason;
        if (end === END_WIN) {
          s.engagementsCleared++;
          if (!this.noLoot && !s.endedNoLoot) this.loot(g.engagements[e]);
          this.between(true);
          break;
        }
        if (end === END_LEADER_DOWN) {
          alive = false;
          break;
        }
        if (end === END_TIMEOUT) {
          cleared = false;
          break;
        }
        // Retreat.
        s.retreats++;
        if (g.retreatMode === 'abort') {
          cleared = false;
          break;
        }
        this.between(true);
      }
    }
    const win = alive && cleared && s.engagementsCleared === g.engagements.length;
    rec.rates[RATE_WIN] = win ? 1 : 0;
    rec.rates[RATE_LEADER_SURVIVED] = alive ? 1 : 0;
    rec.rates[RATE_RETREATED] = s.retreats > 0 ? 1 : 0;
    let lost = 0;
    for (let r = 0; r < 6; r++) lost += s.membersStart[r] - s.members[r];
    if (this.players === 2) lost += this.otherLost(6);
    rec.values[VAL_MAG_SPENT] = s.magazinesSpent;
    rec.values[VAL_MAG_LEFT] = s.magazines;
    rec.values[VAL_MEMBERS_LOST] = lost;
    rec.values[VAL_ROUNDS] = s.totalRounds;
    rec.values[VAL_CLEARED] = s.engagementsCleared;
    rec.values[VAL_LIFE_END] = this.lifeLeft();
    // A 軍票 economy (2026-03 on): 軍票 left after purchases + unused magazines converted at the end (§27, §44).
    let k = VAL_LIFE_END + 1;
    if (g.gunpyo) rec.values[k++] = s.scrip + s.magazines * this.rules.economy.magazineToGunpyo;
    if (g.wounds) rec.values[k++] = this.woundsEnd();
    if (log) this.sayT('uaLog.result', { what: this.tx(win ? 'uaLog.f.cleared' : alive ? 'uaLog.f.notCleared' : 'uaLog.f.leaderDown'), cleared: s.engagementsCleared, total: g.engagements.length, spent: s.magazinesSpent, left: s.magazines, lost });
  }
}

/** Unused-import guard for catalogue constants that document roles. */
void R_SCOUT;
