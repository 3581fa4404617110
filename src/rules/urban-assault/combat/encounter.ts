/**
 * An encounter (遭遇 §35): the reaction table, pre-emptive attacks, negotiation, extortion and passing without a
 * fight, then the combat.
 *
 * Seed 004 §35 (遭遇 encounters, 反応表 the reaction table, 先制攻撃), §21 (negotiation and other pre-combat command skills).
 * One layer of the engine's class chain (game-core → game-special → game-targets → game-attacks →
 * game-defence → game-combat → game-encounter → game.ts): each file adds one rule area.
 */
import { R_INTERPRETER, SK_POLITICAL, SK_PREEMPT } from '../catalogue/catalogue.js';
import type { MessageId } from '../../../i18n/messages-en.js';
import { REACTIONS, RX_EXTORTION, RX_FIGHT, RX_FRIENDLY, RX_HOSTILE, RX_NEUTRAL, RX_OUTNUMBERED, RX_SUPPORTIVE, RX_WITHDRAW, type EngagementDef } from '../config.js';
import * as D from '../decisions.js';
import type { EncounterExtra } from '../scenario/scenario.js';
import { END_NONE, END_WIN, zeroFill } from './state.js';
import { MEMO_FRIENDLY, sgn, SUB_SHOOT, SUB_COMMAND } from './core.js';
import { UaCombat } from './combat.js';
import { conditionHolds } from '../operation/condition.js';

export abstract class UaEncounter extends UaCombat {
  /** A variation or cancelled modifier set per-unit flags in the last fight (cleared at the next). */
  private varsDirty = false;

  /** The black market (game.ts). */
  protected abstract market(x: EncounterExtra): void;


  /** One encounter: opening choice, reaction (§35), then combat if it comes to that. */
  protected encounter(e: EngagementDef, x: EncounterExtra | null = null): void {
    const s = this.s;
    s.eng = e;
    s.ex = x;
    s.fought = false;
    s.indoorNow = e.indoor;
    s.outdoorToo = e.alsoOutdoor === true;
    this.noLoot = false;
    s.nUnits = e.units.length;
    s.endReason = END_NONE;
    s.round = 0;
    s.choseFirst = s.killedAll = s.endedNoLoot = false;
    s.roundAttackMod = 0;
    s.endedByLimit = s.groupWithdrew = false;
    if (this.varsDirty) {
      zeroFill(s.unitHidden);
      zeroFill(s.unitNoScreen);
      zeroFill(s.unitModOff);
      s.anyHidden = this.varsDirty = false;
    }
    let hasGroup = false;
    for (let u = 0; u < s.nUnits; u++) {
      const unit = e.units[u];
      // Cleared unit by unit: Int32Array.prototype.fill here cost ~230 heap bytes a game (issue 16's GC-free steady state).
      s.unitJoined[u] = 0;
      // An `absent` unit (UA-R98) is not in the fight unless a variation adds it: no dice are rolled for it.
      s.unitLeft[u] = s.unitStart[u] = x !== null && x.units[u].absent ? 0 : unit.htt ? unit.life : this.rollCount(u);
      if (!unit.htt) hasGroup = true;
    }
    let varEnemyFirst = false, varSquadFirst = false;
    if (x !== null && x.variations.length > 0) {
      for (const v of x.variations) {
        if (!conditionHolds(v.cond, s)) continue;
        this.varsDirty = true;
        for (const u of v.remove) {
          s.unitLeft[u] = s.unitStart[u] = 0;
          if (this.log) this.sayT('uaLog.varRemove', { unit: e.units[u].name });
        }
        for (const u of v.add) {
          s.unitLeft[u] = s.unitStart[u] = e.units[u].htt ? e.units[u].life : this.rollCount(u);
          if (this.log) this.sayT('uaLog.varAdd', { unit: e.units[u].name, n: s.unitLeft[u] });
        }
        for (const d of v.enemies) {
          const n = this.rollExpr(d.n), before = s.unitLeft[d.unit];
          if (before <= 0) continue;
          s.unitLeft[d.unit] = s.unitStart[d.unit] = Math.max(0, before + n);
          if (this.log) this.sayT('uaLog.varCount', { unit: e.units[d.unit].name, before, after: s.unitLeft[d.unit] });
        }
        for (const u of v.screenOff) s.unitNoScreen[u] = 1;
        for (const u of v.untargetable) {
          s.unitHidden[u] = 1;
          s.anyHidden = true;
        }
        for (const u of v.noUnitMod) s.unitModOff[u] = 1;
        varEnemyFirst ||= v.enemyFirstStrike;
        varSquadFirst ||= v.squadFirstStrike;
        if (this.log && (v.screenOff.length > 0 || v.untargetable.length > 0 || v.noUnitMod.length > 0 || v.enemyFirstStrike || v.squadFirstStrike)) {
          this.sayT('uaLog.varFlags', { parts: v.screenOff.map((u) => this.tx('uaLog.f.unscreened', { unit: e.units[u].name })).join('') + v.untargetable.map((u) => this.tx('uaLog.f.outOfReach', { unit: e.units[u].name })).join('')
            + v.noUnitMod.map((u) => this.tx('uaLog.f.noMod', { unit: e.units[u].name })).join('') + (v.enemyFirstStrike ? this.tx('uaLog.f.enemyFirst') : '') + (v.squadFirstStrike ? this.tx('uaLog.f.squadFirst') : '') });
        }
      }
    }
    if (s.nextCancelUnitMod !== '') {
      // An earlier event cancelled a named unit's attack_mod: the next fight with that unit (UA-R102).
      for (let u = 0; u < s.nUnits; u++) {
        if (e.units[u].name !== s.nextCancelUnitMod || s.unitLeft[u] <= 0) continue;
        s.unitModOff[u] = 1;
        this.varsDirty = true;
        if (this.log) this.sayT('uaLog.modCancelled', { unit: e.units[u].name });
        s.nextCancelUnitMod = '';
      }
    }
    if (s.nextExtraEnemies < 0 && hasGroup) {
      // A negative extra_enemies (e.g. a lap bonus 「初戦敵-1」): soldiers fewer in one group of the squad's choice.
      let n = 0;
      for (let u = 0; u < s.nUnits; u++) if (!e.units[u].htt && s.unitLeft[u] > 0) this.legal[n++] = u;
      if (n > 0) {
        const u = this.ask(D.D_KILL_GROUP, n);
        s.unitLeft[u] = s.unitStart[u] = Math.max(0, s.unitLeft[u] + s.nextExtraEnemies);
        if (this.log) this.sayT('uaLog.extraEnemiesSet', { n: s.nextExtraEnemies, unit: e.units[u].name, left: s.unitLeft[u] });
        s.nextExtraEnemies = 0;
      }
    }
    if (s.nextExtraEnemies > 0 && hasGroup) {
      // extra_enemies: carried to this, the next fight with a group; the squad picks the group.
      let n = 0;
      for (let u = 0; u < s.nUnits; u++) if (!e.units[u].htt) this.legal[n++] = u;
      const u = this.ask(D.D_EXTRA_GROUP, n);
      s.unitLeft[u] += s.nextExtraEnemies;
      s.unitStart[u] += s.nextExtraEnemies;
      if (this.log) this.sayT('uaLog.extraEnemies', { n: s.nextExtraEnemies, unit: e.units[u].name });
      s.nextExtraEnemies = 0;
    }
    if (this.log) {
      let line = this.tx('uaLog.engagement', { i: s.engIndex + 1, name: e.name, where: this.tx(e.alsoOutdoor ? 'uaDice.f.both' : e.indoor ? 'uaLog.f.indoor' : 'uaLog.f.outdoor'), dark: e.dark ? this.tx('uaLog.f.dark') : '' });
      // The level the squad meets: with 部隊再編 stage 3's modifier in the operation's first battle (§41).
      for (let u = 0; u < s.nUnits; u++) line += this.tx(e.units[u].htt ? 'uaLog.f.unitLife' : 'uaLog.f.unitCount', { unit: e.units[u].name, n: s.unitLeft[u], lvl: e.units[u].level + s.levelMod });
      if (s.levelMod !== 0) line += this.tx('uaLog.f.reorgLevel', { mod: s.levelMod });
      this.say(line);
    }
    let allFight = e.reactionTable !== null, allHtt = true;
    if (e.reactionTable) for (let f = 0; f < 6; f++) if (e.reactionTable[f].reaction !== RX_FIGHT) allFight = false;
    for (let u = 0; u < s.nUnits; u++) if (!e.units[u].htt) allHtt = false;
    // carried_initiative: latest (Black Sun for core 1.01): a fight's own initiative beats the carried one.
    const ownFirst = this.carriedLatest && (e.enemyFirstStrike || varEnemyFirst || varSquadFirst || (x !== null && x.squadFirstStrike));
    const carriedEnemy = s.nextEnemyFirst && !ownFirst, carriedSquad = s.nextSquadFirst && !ownFirst;
    let forced = e.enemyFirstStrike || carriedEnemy || varEnemyFirst;
    this.pendingEntry = null;

    let reaction = RX_HOSTILE;
    let opening = D.A_READ;
    if (x !== null && x.squadFirstStrike) {
      // squad_first_strike: no reaction roll; the table's reaction (one for every face, else hostile) sets the withdrawal rule.
      s.squadFirst = true;
      const t = e.reactionTable;
      let same = t !== null;
      if (t) for (let f = 1; f < 6; f++) if (t[f].reaction !== t[0].reaction) same = false;
      reaction = same ? t![0].reaction : allHtt ? RX_FIGHT : RX_HOSTILE;
      if (reaction !== RX_FIGHT) reaction = RX_HOSTILE;
      if (this.log && !forced) this.sayT('uaLog.alwaysFirst');
    } else {
      this.legal[0] = D.A_PREEMPT;
      this.legal[1] = D.A_READ;
      opening = this.ask(D.D_OPENING, 2);
    }
    if (x !== null && x.squadFirstStrike) {
      // (handled above)
    } else if (opening === D.A_PREEMPT) {
      s.squadFirst = true;
      s.choseFirst = true;
      // 2026-03: 「特に記載がない場合敵の反応は【死ぬまで戦う】になる」 (UA-V12); the seed: hostile unless always 死ぬまで戦う (UA-R25).
      reaction = this.firstStrikeFightToEnd || allFight || (e.reactionTable === null && allHtt) ? RX_FIGHT : RX_HOSTILE;
      if (this.bodyArmourCheck && s.armour && s.armour.initiative < 0 && !(forced && this.firstStrikeNeedsFire)) {
        const ok = this.check(s.skill + s.armour.initiative, 4);
        if (this.log) this.sayT('uaLog.initiative', { nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, ok: ok ? '' : this.tx('uaLog.f.tooSlow') });
        if (!ok) s.squadFirst = false;
      }
      if (this.log && !forced) this.sayT('uaLog.preempt');
    } else if (e.reactionTable === null) {
      s.squadFirst = false;
      reaction = allHtt ? RX_FIGHT : RX_HOSTILE;
      if (this.log) this.sayT('uaLog.noReactionTable');
    } else {
      // UA-R105 remembered (§35 支援的 「次回訪問時は【友好的】として扱う」, 友好的 「次回訪問時も同じ反応になります」): a place
      // that was 支援的 or 友好的 on an earlier visit of this campaign run is not rolled again.
      const memo = this.reactionMemoryOn ? this.rememberedReaction() : 0;
      if (memo === MEMO_FRIENDLY) {
        if (this.log) this.sayT('uaLog.reactionRemembered', { reaction: this.tx('uaLog.rx.friendly'), was: this.tx('uaLog.rx.supportive') });
        this.passWithout(false);
        return;
      }
      let roll = memo > 0 ? memo : this.dice.d6();
      if (memo > 0) {
        if (this.log) this.sayT('uaLog.reactionRemembered', { reaction: this.tx('uaLog.rx.friendly'), was: this.tx('uaLog.rx.friendly') });
      } else if (s.armour !== null && s.armour.reaction !== 0) {
        // dev 2026-05 ボディアーマー 「【反応ロール】 +1」: on the 反応表 roll, capped 1–6 (UA-V18).
        if (this.log) this.sayT('uaLog.armourReaction', { armour: s.armour.ja, roll, mod: sgn(s.armour.reaction) });
        roll = Math.max(1, Math.min(6, roll + s.armour.reaction));
      }
      if (memo === 0 && this.scMemberDefs.length > 0) {
        const m = this.scReactionMod();
        if (m !== 0) roll = Math.max(1, Math.min(6, roll + m));
      }
      let n = 0;
      this.legal[n++] = D.A_ADJ_NONE;
      if (s.sub === SUB_COMMAND && (s.skills & SK_POLITICAL) && s.subCur > 0) {
        this.legal[n++] = D.A_ADJ_POL_MINUS;
        this.legal[n++] = D.A_ADJ_POL_PLUS;
      }
      if (s.members[R_INTERPRETER] > 0 && !allHtt) {
        this.legal[n++] = D.A_ADJ_INT_MINUS;
        this.legal[n++] = D.A_ADJ_INT_PLUS;
      }
      const rolled = roll;
      s.reactionRoll = roll;
      const adj = memo > 0 ? D.A_ADJ_NONE : this.ask(D.D_REACTION_ADJUST, n); // a remembered reaction is not rolled, so not adjusted

      if (adj === D.A_ADJ_POL_MINUS || adj === D.A_ADJ_POL_PLUS) s.subCur--;
      if (adj === D.A_ADJ_POL_MINUS || adj === D.A_ADJ_INT_MINUS) roll--;
      if (adj === D.A_ADJ_POL_PLUS || adj === D.A_ADJ_INT_PLUS) roll++;
      roll = roll < 1 ? 1 : roll > 6 ? 6 : roll;
      const entry = e.reactionTable[roll - 1];
      reaction = entry.reaction;
      if (this.log && memo === 0) this.sayT('uaLog.reaction', { rolled, adj: roll !== rolled ? this.tx('uaLog.f.adjusted', { roll }) : '', reaction: this.tx(`uaLog.rx.${REACTIONS[reaction]}` as MessageId) });
      this.pendingEntry = entry.next;
      const fx = x !== null && x.reactions !== null ? x.reactions[roll - 1] : null;
      if (fx !== null && fx.effects.length > 0) {
        this.applyEffects(fx.effects);
        if (s.endReason !== END_NONE) return;
      }
      if (reaction === RX_OUTNUMBERED) {
        // Seed: 「分隊の戦闘員数」 (the leader + combatants with the squad); 2026-03: 「分隊の生存隊員」 (UA-V10).
        // §45: 「分隊側の人数」 counts both leaders and both squads.
        const ours = (this.outnumberedCount === 0 ? 1 + s.withSquad() : s.headcount() + (this.outnumberedCount === 2 ? 1 : 0))
          + (this.players === 2 ? (this.outnumberedCount === 1 ? 0 : 1) + (this.outnumberedCount === 0 ? s.otherWithSquad() : s.otherHeadcount()) : 0);
        reaction = ours > s.enemiesStanding() ? RX_WITHDRAW : RX_HOSTILE;
        if (this.log) this.sayT('uaLog.outnumbered', { ours, theirs: s.enemiesStanding(), what: this.tx(reaction === RX_WITHDRAW ? 'uaLog.f.theyWithdraw' : 'uaLog.f.theyFight') });
      }
      if (reaction === RX_EXTORTION) {
        // 政治工作: the demand ÷ 10, rounded down (UA-R40) or, v1.01, rounded up with a minimum of 1.
        const cost = e.extortionCost, cheap = this.politicalUp ? Math.max(1, Math.ceil(cost / 10)) : Math.floor(cost / 10);
        // Extortion in MREs / 軍票 too (scenario): every part is paid together, offered only when all can be (UA-R71).
        const mre = x !== null ? x.extortionMre : 0, scrip = x !== null ? x.extortionScrip : 0;
        let m = 0;
        this.legal[m++] = D.A_REFUSE;
        if (s.magazines >= cost && s.mre >= mre && s.scrip >= scrip) this.legal[m++] = D.A_PAY;
        if (mre === 0 && scrip === 0 && s.sub === SUB_COMMAND && (s.skills & SK_POLITICAL) && s.subCur > 0 && s.magazines >= cheap) this.legal[m++] = D.A_PAY_POLITICAL;
        const pay = this.ask(D.D_EXTORTION, m);
        if (pay === D.A_REFUSE) reaction = RX_HOSTILE;
        else {
          if (pay === D.A_PAY_POLITICAL) s.subCur--;
          const paid = pay === D.A_PAY ? cost : cheap;
          this.spend(paid);
          if (pay === D.A_PAY) {
            s.mre -= mre;
            s.scrip -= scrip;
          }
          if (this.log) this.sayT('uaLog.paid', { paid, mre: mre ? this.tx('uaLog.f.mre', { mre }) : '', scrip: scrip ? this.tx('uaLog.f.scrip', { scrip }) : '' });
          this.passWithout(false);
          return;
        }
      }
      let fightInstead = false;
      if (fx !== null && (reaction === RX_SUPPORTIVE || reaction === RX_FRIENDLY || reaction === RX_NEUTRAL)) {
        // Reaction extras: pass (after any 闇取引) or fight with the first strike (UA-R72).
        this.legal[0] = D.A_YES;
        this.legal[1] = D.A_NO;
        if (this.ask(D.D_PASS, 2) === D.A_YES) {
          if (fx.market && x!.market.length > 0) this.market(x!);
          if (fx.pass.length > 0) this.applyEffects(fx.pass);
          if (reaction === RX_SUPPORTIVE) s.life = Math.min(s.lifeMax, s.life + 1);
          if (this.reactionMemoryOn && reaction !== RX_NEUTRAL) this.rememberReaction(reaction === RX_SUPPORTIVE ? MEMO_FRIENDLY : roll);
          this.passWithout(false);
          return;
        }
        if (this.log) this.sayT('uaLog.opensFire');
        fightInstead = true;
        reaction = RX_HOSTILE;
      }
      if (reaction === RX_SUPPORTIVE) {
        s.life = Math.min(s.lifeMax, s.life + 1);
        if (this.reactionMemoryOn) this.rememberReaction(MEMO_FRIENDLY);
        this.passWithout(false);
        return;
      }
      if (reaction === RX_FRIENDLY || reaction === RX_NEUTRAL) {
        if (this.reactionMemoryOn && reaction === RX_FRIENDLY) this.rememberReaction(roll);
        this.passWithout(false);
        return;
      }
      if (reaction === RX_WITHDRAW) {
        // UA-R42: the withdrawal's loot, or none (v1.01 「敵が撤退したこと自体によって…獲得することはありません」).
        if (this.noWithdrawalLoot && this.log) this.sayT('uaLog.noLootWithdrawal');
        this.passWithout(!this.noWithdrawalLoot);
        return;
      }
      s.squadFirst = fightInstead;
    }
    s.fightToEnd = reaction === RX_FIGHT || (allHtt && !this.httWithdraws);
    // Modifiers for this combat.
    s.firstDefenceMod = e.firstRoundDefenceMod + s.nextDefenceMod;
    s.firstAttackersCap = s.nextAttackersCap;
    s.firstEnemyAttacks = s.nextEnemyAttacks;
    s.defenceModAll = s.nextDefenceModAll;
    s.enemyAttacksAll = s.nextEnemyAttacksAll;
    s.firstAttackMod = s.nextFirstAttackMod;
    const squadForced = carriedSquad || varSquadFirst;
    s.firstDefRollMod = s.nextFirstDefRollMod + (x !== null ? x.firstDefenceRollMod : 0);
    s.attackModAll = s.nextAttackModAll;
    s.firstAttackRollMod = s.nextFirstAttackRollMod + (x !== null ? x.firstAttackRollMod : 0);
    s.nextAttackModAll = s.nextFirstAttackRollMod = 0;
    s.membersAttackingMod = s.nextMembersAttackingMod;
    s.membersAttackingStart = s.nextMembersAttackingStart;
    s.nextMembersAttackingStart = false;
    s.noAttackRole = s.nextNoAttackRole;
    s.absentRole = s.nextAbsentRole;
    s.nextFirstDefRollMod = s.nextMembersAttackingMod = 0;
    s.leaderR1DefMod = s.nextLeaderR1DefMod;
    s.leaderFirstDefMod = s.nextLeaderFirstDefMod;
    s.nextLeaderR1DefMod = s.nextLeaderFirstDefMod = 0;
    s.nextNoAttackRole = s.nextAbsentRole = -1;
    s.nextEnemyFirst = s.nextSquadFirst = false;
    s.nextDefenceMod = s.nextAttackersCap = s.nextEnemyAttacks = s.nextDefenceModAll = s.nextEnemyAttacksAll = s.nextFirstAttackMod = 0;
    if (squadForced && !forced && !s.squadFirst) {
      s.squadFirst = true;
      if (this.log) this.sayT('uaLog.squadFirstEvent');
    }
    if (forced && s.squadFirst) {
      s.squadFirst = false;
      if (this.log) this.sayT('uaLog.enemyFirstForced');
    }
    if (!s.squadFirst && s.sub === SUB_SHOOT && (s.skills & SK_PREEMPT) && s.subCur > 0) {
      if (this.askYes(D.D_SEIZE)) {
        s.subCur--;
        s.squadFirst = true;
        if (this.log) this.sayT('uaLog.seize');
      }
    }
    // UA-R107 `fired-first`: a 先制攻撃 chosen but not fired first (the enemy forced first) has no effect.
    if (this.firstStrikeNeedsFire && !s.squadFirst) s.choseFirst = false;
    forced = false;
    this.combat();
  }

  /**
   * UA-R105: the reaction remembered for the place being visited — 0 none, 1–6 a 友好的 face met again (the same face),
   * MEMO_FRIENDLY 友好的 after a 支援的 visit. A gauntlet has no places to come back to; the operation layer keeps them.
   */
  protected rememberedReaction(): number {
    return 0;
  }
  /** UA-R105: remember the place being visited as `memo` (a 友好的 face 1–6, or MEMO_FRIENDLY). */
  protected rememberReaction(_memo: number): void {}

  /** The encounter ends without a fight; `loot` when the enemy withdrew. */
  protected passWithout(loot: boolean): void {
    const s = this.s;
    // A reaction entry's "next combat" effects (e.g. the guards warn the others) carry to the next fight (UA-R28).
    const next = this.pendingEntry;
    if (next) {
      s.nextEnemyFirst ||= next.enemyFirstStrike;
      if (this.carriedLatest && next.enemyFirstStrike) s.nextSquadFirst = false; // carried_initiative: latest
      s.nextDefenceMod += next.firstRoundDefenceMod;
      if (next.firstRoundAttackersCap > 0) s.nextAttackersCap = next.firstRoundAttackersCap;
      s.nextEnemyAttacks += next.firstRoundEnemyAttacks;
    }
    s.endReason = END_WIN;
    for (let u = 0; u < s.nUnits; u++) s.unitLeft[u] = 0;
    this.record();
    this.noLoot = !loot;
  }
}
