/**
 * Event effects of an operation: 判定ロール at events (§07, §09; UA-R48), options and their costs, every effect
 * kind (UA-R52 … UA-R58, UA-R62, UA-R88, UA-R93) and the scenario's triggers and their cancelling (§25 察知; UA-R96,
 * UA-R100).
 *
 * One layer of the operation's class chain (game.ts → operation-base → operation-effects → operation-tiles →
 * operation.ts): each file adds one rule area.
 */
import { EXPENDABLE_DEFS, EXPENDABLES, HIT_TABLE_ROLES, R_SCOUT } from '../catalogue/catalogue.js';
import type { MessageId } from '../../../i18n/messages-en.js';
import type { EngagementDef } from '../config.js';
import * as D from '../decisions.js';
import { LEADER_TARGET } from '../combat/defence.js';
import { conditionHolds } from './condition.js';
import {
  CHECK_DEFENCE, CHECK_LIFE, lifeRollBase, E_CURE_WOUND, EV_SUPPLY, E_COUNTER, E_ENCOUNTER, E_IF, E_RECOVER_SUB, E_REINFORCE, E_GOTO_FINAL, E_DIFFERENCE_TABLE, TRIGGER_AT,
  T_COMBAT_START, T_ROUND_START, E_HEAL, E_HIT_TABLE, E_INFO, E_ITEM, E_KILL_ENEMIES, E_LEADER_DAMAGE, E_LOOT_TABLE, E_MAGAZINES,
  E_MAP_ROLL, E_MEMBER_DAMAGE, E_MRE, E_NEXT_COMBAT, E_RECOVER_MEMBER, E_SCENARIO_ITEM, E_SCRIP, E_SCRIP_AT_END, E_SPECIAL,
  type CheckDef, type ConditionDef, type TriggerDef, type EffectDef, type EncounterExtra, type OptionDef,
} from '../scenario/scenario.js';
import { END_LEADER_DOWN, END_NONE } from '../combat/state.js';
import { TILE_DONE, TILE_DOWN, SUB_DEX, UaOpBase } from './base.js';

/** Layer 2: event checks, options, effects and triggers (see the file header). */
export abstract class UaOpEffects extends UaOpBase {
  /** An encounter through the engagement engine (operation/tiles.ts). */
  protected abstract fight(e: EngagementDef, x: EncounterExtra | null): number;

  // ───────────────────────── rolls ─────────────────────────


  /**
   * A 判定ロール at an event (§07, §09; UA-R48): 技量点, or the named
   * sub-ability — the leader's own (current value, spent 1; none left → it
   * fails), or, for a sub-ability the leader lacks, 技量点 (or 0, by ruling).
   * Member modifiers and automatic success come from the event.
   */
  protected eventCheck(o: OptionDef): { ok: boolean; critical: boolean; fumble: boolean } {
    const c = o.check!, s = this.s;
    // §45 two players, UA-R172 `better`: the leader with the higher value for this check rolls it (the first on a tie);
    // what its result does stays with the first leader (UA-V64). 全員 checks are the first leader's and his squad's.
    if (this.checksBetter && this.players === 2 && s.active === 0 && !c.everyone) {
      const first = this.checkValue(c);
      s.swapLeader();
      if (this.checkValue(c) > first) {
        if (this.log) this.sayT('uatwo.rolls', { who: this.tx('uatwo.second') });
        const r = this.leaderCheck(o);
        s.swapLeader();
        return r;
      }
      s.swapLeader();
    }
    return this.leaderCheck(o);
  }

  /**
   * The value the leader in play rolls a check with, before members' modifiers (−1: a sub-ability with no point left),
   * for UA-R172 `better`.
   */
  private checkValue(c: CheckDef): number {
    const s = this.s;
    if (c.ability === CHECK_DEFENCE) return s.skill + (s.armour ? s.armour.defence : 0);
    if (c.ability === CHECK_LIFE) return lifeRollBase(s.life, s.skill);
    if (c.ability === 0) return s.skill;
    if (c.ability - 1 === s.sub) return s.subCur > 0 ? s.subCur : -1;
    return this.g.rulings.off_ability_check === 'zero' ? 0 : s.skill;
  }

  /** {@link eventCheck} by the leader in play. */
  private leaderCheck(o: OptionDef): { ok: boolean; critical: boolean; fumble: boolean } {
    const c = o.check!, s = this.s;
    if (c.autoWith >= 0 && s.members[c.autoWith] > 0) {
      if (this.log) this.sayT('uaLog.autoMember', { who: this.roleName(c.autoWith) });
      return { ok: true, critical: false, fumble: false };
    }
    // A skill that makes the check automatic, at its cost in sub-ability points (UA-R97).
    if (c.autoSkill >= 0 && (s.skills & (1 << c.autoSkill)) && s.subCur >= c.autoSkillCost) {
      s.subCur -= c.autoSkillCost;
      if (this.log) this.sayT('uaLog.autoSkill', { cost: c.autoSkillCost > 0 ? this.tx('uaLog.f.skillCost', { cost: c.autoSkillCost, left: s.subCur }) : '' });
      return { ok: true, critical: false, fumble: false };
    }
    let mod = 0;
    for (const m of c.memberMods) if (s.members[m.role] > 0) mod += m.mod;
    // 降下ロープ 「特殊イベント判定に +1」 on a height tile (高所移動や建物突入, UA-R93).
    if ((s.active === 1 && this.squad.second ? this.squad.second.rope : this.squad.rope) && s.tile !== null && s.tile.height) mod += 1;
    let base: number, spend = false;
    const names = ['技量', '格闘', '器用', '射撃', '指揮', '防御', '生命'];
    if (c.ability === CHECK_DEFENCE || c.everyone) {
      // 防御ロール: 技量点 + the leader's defence modifiers (armour; no point spent). 全員: the leader and each
      // combatant member with the squad roll once each, with the leader's value (UA-R65).
      base = c.ability === CHECK_DEFENCE ? s.skill + (s.armour ? s.armour.defence : 0) : c.ability === CHECK_LIFE ? lifeRollBase(s.life, s.skill) : c.ability === 0 || c.ability - 1 !== s.sub ? (c.ability === 0 || this.g.rulings.off_ability_check !== 'zero' ? s.skill : 0) : s.subCur;
      const rolls = c.everyone ? 1 + s.withSquad() : 1;
      let ok = true, fumble = false, critical = false;
      for (let i = 0; i < rolls; i++) {
        const r = this.check(base + mod, c.target);
        if (!r) ok = false;
        if (this.nat === 1) fumble = true;
        if (rolls === 1 && this.nat === 6) critical = true;
        if (this.log) this.sayT('uaLog.checkRoll', { ability: names[c.ability], i: rolls > 1 ? ` ${i + 1}/${rolls}` : '', nat: this.nat, base: base + mod, value: this.value, target: c.target, ok: this.tx(r ? 'uaLog.f.success' : 'uaLog.f.failure'), crit: '' });
      }
      return { ok, critical, fumble: !ok && fumble };
    }
    if (c.ability === 0) base = s.skill;
    else if (c.ability === CHECK_LIFE) base = lifeRollBase(s.life, s.skill); // 生命ロール: nothing spent (UA-R106)
    else if (c.ability - 1 === s.sub) {
      if (s.subCur <= 0) {
        if (this.log) this.sayT('uaLog.checkNoPoints', { ability: names[c.ability] });
        return { ok: false, critical: false, fumble: false };
      }
      base = s.subCur;
      spend = true;
    } else base = this.g.rulings.off_ability_check === 'zero' ? 0 : s.skill;
    const ok = this.check(base + mod, c.target);
    if (spend) s.subCur--;
    if (this.log) this.sayT('uaLog.checkRoll', { ability: names[c.ability], i: '', nat: this.nat, base: base + mod, value: this.value, target: c.target, ok: this.tx(ok ? 'uaLog.f.success' : 'uaLog.f.failure'), crit: this.nat === 6 ? this.tx('uaLog.f.critical') : '' });
    return { ok, critical: this.nat === 6, fumble: !ok && this.nat === 1 };
  }

  // ───────────────────────── effects ─────────────────────────

  protected override applyEffects(effects: readonly EffectDef[]): void {
    this.apply(effects);
  }

  /** A scenario condition (`if:`, UA-R95). */
  /** 降下ロープ 「落下ダメージを無効化（1回）」: on a height tile the first fall of the operation is stopped (UA-R93). */
  protected ropeStopsFall(): boolean {
    const s = this.s;
    if (!this.squad.rope || s.tile === null || !s.tile.height || this.ropeUsed) return false;
    this.ropeUsed = true;
    if (this.log) this.sayT('uaLog.rope');
    return true;
  }

  /** The leader takes `n` damage from an event (a trap event's less the 対爆スーツ cut, UA-R88); true if the leader is down. */
  protected leaderDamage(n: number): boolean {
    const s = this.s;
    // 対爆スーツ 「爆発・トラップ系ダメージを -1」: a trap event's damage to the leader (UA-R88).
    const cut = this.inTrap && s.armour && n > 0 ? Math.min(n, s.armour.blastReduction) : 0;
    n -= cut;
    s.life -= n;
    if (this.log) this.sayT('uaLog.leaderDamage', { n, cut: cut > 0 ? this.tx('uaLog.f.trapCut', { armour: this.jaLog ? s.armour!.ja : s.armour!.id, cut }) : '', life: Math.max(0, s.life) });
    if (s.life > 0) return false;
    s.life = 0;
    s.endReason = END_LEADER_DOWN;
    return true;
  }

  protected holds(c: ConditionDef): boolean {
    return conditionHolds(c, this.s);
  }

  /** Add `n` to counter `i` (or set it to `n`), clamped to its range; narrated; `info` mirrors into the state (§43). */
  protected counterChange(i: number, n: number, set: boolean): void {
    const s = this.s, def = this.sc.counters[i];
    const before = s.counters[i];
    const v = Math.max(def.min, Math.min(def.max, set ? n : before + n));
    s.counters[i] = v;
    if (i === this.infoCounter) s.info = v;
    if (this.log && v !== before) this.sayT('uaLog.counter', { id: def.id, before, after: v });
  }

  /** Apply effects in order; returns TILE_DOWN if the leader fell, TILE_FLED if a triggered fight was fled. */
  protected apply(effects: readonly EffectDef[]): number {
    const s = this.s;
    for (const e of effects) {
      switch (e.kind) {
        case E_MAGAZINES: {
          const n = this.rollExpr(e.n);
          s.magazines = Math.max(0, s.magazines + n);
          if (this.log) this.sayT('uaLog.magazines', { n: `${n >= 0 ? '+' : ''}${n}`, total: s.magazines });
          break;
        }
        case E_ITEM: {
          if (e.ifHeld && s.expendables[e.item] > 0) {
            const r = this.apply(e.ifHeld);
            if (r !== TILE_DONE) return r;
            break;
          }
          const n = this.rollExpr(e.n);
          for (let i = 0; i < n; i++) {
            // 持ち物上限 (§27; UA-R53): an item that does not fit is left behind.
            if (this.carried() >= this.carryLimit()) {
              if (this.log) this.sayT('uaLog.itemLeft', { item: this.itemName(e.item), limit: this.carryLimit() });
              break;
            }
            // 最大携行数 (§28, e.g. AT4: 1): one more cannot be carried.
            const max = this.g.catalogue.expendableMax[EXPENDABLES[e.item]];
            if (s.expendables[e.item] >= max) {
              if (this.log) this.sayT('uaLog.itemLeftMax', { item: this.itemName(e.item), max });
              break;
            }
            s.expendables[e.item]++;
            if (this.log) this.sayT('uaLog.found', { item: this.itemName(e.item) });
          }
          break;
        }
        case E_MRE: s.mre = Math.max(0, s.mre + this.rollExpr(e.n)); break;
        case E_SCRIP: s.scrip += this.rollExpr(e.n); break;
        case E_SCRIP_AT_END: s.scripAtEnd += this.rollExpr(e.n); break;
        case E_INFO: this.counterChange(this.infoCounter, this.rollExpr(e.n), false); break;
        case E_RECOVER_SUB: {
          const before = s.subCur;
          s.subCur = Math.min(s.subMax, s.subCur + this.rollExpr(e.n));
          if (this.log) this.sayT('uaLog.recoverSub', { n: s.subCur - before, total: s.subCur });
          break;
        }
        case E_COUNTER: {
          const n = this.rollExpr(e.n);
          this.counterChange(e.item, e.mod === 1 ? n : e.mod === -1 ? -n : n, e.mod === 1);
          break;
        }
        case E_IF: {
          const r = this.apply(this.holds(e.cond!) ? e.ifHeld! : e.elseEffects!);
          if (r !== TILE_DONE) return r;
          break;
        }
        case E_LEADER_DAMAGE: {
          const n = this.rollExpr(e.n);
          // On a height tile the leader's damage is a fall too: the 降下ロープ stops the first one (UA-R93).
          if (n > 0 && this.ropeStopsFall()) break;
          if (this.leaderDamage(n)) return TILE_DOWN;
          break;
        }
        case E_HEAL: s.life = Math.min(s.lifeMax, s.life + this.rollExpr(e.n)); break;
        case E_CURE_WOUND: {
          // 「負傷をn回復」 (UA-V13): wound levels under the 負傷 track, life under the seed's rules (UA-R18).
          const n = this.rollExpr(e.n);
          if (this.woundTrack) {
            s.wounds = Math.max(0, s.wounds - n);
            if (this.log) this.sayT('uaLog.woundDown', { n, wounds: s.wounds });
          } else s.life = Math.min(s.lifeMax, s.life + n);
          break;
        }
        case E_HIT_TABLE: {
          const n = this.rollExpr(e.n);
          for (let i = 0; i < n; i++) {
            if (this.ropeStopsFall()) continue;
            // No combatant member left to take it: the leader takes the 1 damage (scenario format, `hit_table`).
            if (s.withSquad() > 0 && this.hitTable()) continue;
            if (this.log) this.sayT('uaLog.hitNoMember');
            if (this.leaderDamage(1)) return TILE_DOWN;
          }
          break;
        }
        case E_RECOVER_MEMBER: {
          // UA-R54: the most senior lost role comes back first (gunner, assault, marksman, engineer, scout, medic, then the rest).
          let n = this.rollExpr(e.n);
          for (let i = HIT_TABLE_ROLES.length - 1; i >= 1 && n > 0; i--) {
            const r = HIT_TABLE_ROLES[i];
            while (n > 0 && s.members[r] < s.membersStart[r]) { s.members[r]++; n--; }
          }
          for (let i = 0; i < s.scMembers.length && n > 0; i++) while (n > 0 && s.scMembers[i] < s.scMembersStart[i]) { s.scMembers[i]++; n--; }
          break;
        }
        case E_NEXT_COMBAT: {
          const c = e.combat!;
          if (this.carriedLatest && (c.enemyFirstStrike || c.squadFirstStrike)) {
            // carried_initiative: latest — the newest carried initiative replaces the other.
            s.nextEnemyFirst = c.enemyFirstStrike;
            s.nextSquadFirst = c.squadFirstStrike;
          } else {
            s.nextEnemyFirst ||= c.enemyFirstStrike;
            s.nextSquadFirst ||= c.squadFirstStrike;
          }
          s.nextDefenceMod += c.firstRoundDefenceMod;
          if (c.firstRoundAttackersCap > 0) s.nextAttackersCap = s.nextAttackersCap > 0 ? Math.min(s.nextAttackersCap, c.firstRoundAttackersCap) : c.firstRoundAttackersCap;
          s.nextEnemyAttacks += c.firstRoundEnemyAttacks;
          s.nextDefenceModAll += c.defenceMod;
          s.nextEnemyAttacksAll += c.enemyAttacks;
          s.nextFirstAttackMod += c.firstRoundAttackMod;
          s.nextFirstDefRollMod += c.firstDefenceRollMod;
          s.nextLeaderR1DefMod += c.leaderFirstRoundDefenceMod;
          s.nextLeaderFirstDefMod += c.leaderFirstDefenceRollMod;
          s.nextExtraEnemies += c.extraEnemies;
          s.nextMembersAttackingMod += c.membersAttackingMod;
          if (c.membersAttackingFromStart === true) s.nextMembersAttackingStart = true;
          // The target may be the leader (UA-R63 leader, Black Sun audit §27/§29): LEADER_TARGET is kept as the slot (UA-V44).
          if (c.targetNoAttackFirstRound && (this.optTarget >= 0 || this.optTarget === LEADER_TARGET)) s.nextNoAttackRole = this.optTarget;
          if (c.targetAbsentFirstRound && (this.optTarget >= 0 || this.optTarget === LEADER_TARGET)) s.nextAbsentRole = this.optTarget;
          s.nextAttackModAll += c.attackMod;
          s.nextFirstAttackRollMod += c.firstAttackRollMod;
          if (c.cancelUnitMod !== '') s.nextCancelUnitMod = c.cancelUnitMod;
          if (this.log) this.sayT('uaLog.nextCombat');
          break;
        }
        case E_MAP_ROLL: {
          const m = e.map!;
          s.mapTens += m.tens;
          s.mapUnits += m.units;
          s.mapEither ||= m.either;
          s.mapMandatory ||= m.mandatory;
          s.mapTwice ||= m.twice;
          if (m.setTens !== 0) s.mapSetTens = m.setTens;
          break;
        }
        case E_REINFORCE: {
          // Soldiers join the current combat's group of that name (UA-R100); nothing outside a combat.
          if (!s.inCombat || s.endReason !== END_NONE) break;
          for (let u = 0; u < s.nUnits; u++) {
            if (s.eng.units[u].htt || s.eng.units[u].name !== e.name) continue;
            const n = this.rollExpr(e.n);
            s.unitLeft[u] += n;
            s.unitStart[u] += n;
            if (this.log) this.sayT('uaLog.reinforce', { n, unit: e.name, left: s.unitLeft[u] });
            break;
          }
          break;
        }
        case E_DIFFERENCE_TABLE: {
          // Two d6, the larger minus the smaller, picks the entry (issue 28 item 6).
          const a = this.dice.d6(), b = this.dice.d6(), d = a > b ? a - b : b - a;
          if (this.log) this.sayT('uaDice.rollDifference', { a, b, d });
          const r = this.apply(e.table![d]);
          if (r !== TILE_DONE) return r;
          break;
        }
        case E_GOTO_FINAL:
          if (!s.gotoFinal && this.log) this.sayT('uaLog.gotoFinal');
          s.gotoFinal = true;
          break;
        case E_ENCOUNTER: {
          const r = this.fight(e.engagement!, e.extra);
          if (r !== TILE_DONE) return r;
          break;
        }
        case E_SCENARIO_ITEM: {
          const n = this.rollExpr(e.n), def = this.sc.items[e.item];
          for (let i = 0; i < n; i++) {
            if (def.carried && this.carried() >= this.carryLimit()) {
              if (this.log) this.sayT('uaLog.scItemRefused', { item: def.name, limit: this.carryLimit() });
              break;
            }
            s.scItems[e.item]++;
            if (this.log) this.sayT('uaLog.received', { item: def.name });
          }
          break;
        }
        case E_MEMBER_DAMAGE: {
          // Catalogue members have one life: any damage drops the target member (UA-R63); a scenario member with more
          // lives takes the n damage (UA-R132). No target: nothing.
          const n = this.rollExpr(e.n);
          // UA-R63 `leader` (v1.01 §36): with no combatant member the leader was made the target.
          if (n > 0 && this.optTarget === LEADER_TARGET && this.leaderDamage(n)) return TILE_DOWN;
          if (n > 0 && this.optTarget >= 0 && this.slotCount(this.optTarget) > 0) {
            if (this.log) this.sayT('uaLog.memberDamage', { who: this.slotName(this.optTarget), n });
            this.memberDown(this.optTarget, n);
            if (this.log) this.sayT('uaLog.membersLeft', { n: s.withSquad() });
          }
          break;
        }
        case E_KILL_ENEMIES: {
          const n = this.rollExpr(e.n);
          if (!s.inCombat || s.endReason !== END_NONE) {
            if (this.log) this.sayT('uaLog.noEnemyHere');
            break;
          }
          for (let i = 0; i < n; i++) {
            let m = 0;
            for (let u = 0; u < s.nUnits; u++) if (!s.eng.units[u].htt && s.unitLeft[u] > 0) this.legal[m++] = u;
            if (m === 0) break;
            this.damage(this.ask(D.D_KILL_GROUP, m), 1);
          }
          this.enemyBroken();
          break;
        }
        case E_LOOT_TABLE: {
          const n = this.rollExpr(e.n);
          for (let i = 0; i < n; i++) this.lootTableRoll(e.mod);
          break;
        }
        case E_SPECIAL: {
          // Special equipment found (a piece of a named kind, or a roll on the special-equipment table each).
          const n = this.rollExpr(e.n);
          for (let i = 0; i < n; i++) {
            if (e.item < 0) this.specialTableRoll();
            else this.gainSpecial(e.item, e.mod);
          }
          break;
        }
        default: break;
      }
    }
    return TILE_DONE;
  }

  /** Take an option: pay, its effects, its check and outcome, its d6 table. */
  protected takeOption(o: OptionDef): number {
    const s = this.s;
    s.magazines -= o.costMagazines;
    s.magazinesSpent += o.costMagazines;
    s.mre -= o.costMre;
    s.subCur -= o.costSub;
    if (o.costItem >= 0) s.expendables[o.costItem]--;
    if (this.log && o.label) this.sayT('uaLog.option', { label: o.label });
    if (o.targetMember) {
      // target: hit_table — the member picked before the check (§36 fallbacks; −1: no combatant member). UA-R63
      // `leader` (v1.01 §36 「対象となれる戦闘員が1名もいない場合、ロールは行わず分隊長を対象」): no roll, the leader.
      if (this.noCombatantLeader && !this.anyHitTarget()) {
        this.optTarget = LEADER_TARGET;
        if (this.log) this.sayT('uaLog.noCombatantLeader');
      } else {
        this.optTarget = this.hitSlot(false);
        if (this.log) this.sayT('uaLog.optHit', { roll: s.hitRoll, who: this.optTarget >= 0 ? this.tx('uaLog.f.theMember', { who: this.slotName(this.optTarget) }) : this.tx('uaLog.f.noMember') });
      }
    }
    let r = this.apply(o.effects);
    // C4's 「ブービートラップを自動解除」 (UA-R156): no check; the disarm's success effects only under disarm-and-reward.
    if (r === TILE_DONE && o.c4Disarm && this.c4TrapReward) r = this.apply(o.success);
    if (r === TILE_DONE && o.check) {
      const { ok, critical, fumble } = this.eventCheck(o);
      r = this.apply(critical && o.critical ? o.critical : ok ? o.success : fumble && o.fumble ? o.fumble : o.failure);
    }
    if (r === TILE_DONE && o.roll) {
      let f = this.dice.d6();
      if (this.log) this.sayT('uaLog.d6', { f });
      // 現地調達 (§23): +1 on a supply event's table (〈補給表〉), UA-R94.
      if (this.tileKind === EV_SUPPLY && f < 6 && this.localSupply(f, false)) f++;
      r = this.apply(o.roll[f - 1]);
    }
    this.optTarget = -1;
    return r;
  }

  protected affordable(o: OptionDef): boolean {
    const s = this.s;
    if (o.cond !== null && !this.holds(o.cond)) return false;
    if (o.c4Disarm && !this.c4TrapOffered) return false; // UA-R156 not-offered
    return s.magazines >= o.costMagazines && s.mre >= o.costMre && s.subCur >= o.costSub && (o.costItem < 0 || s.expendables[o.costItem] > 0) && (o.needsRole < 0 || s.members[o.needsRole] > 0);
  }


  /** Fire the triggers of moment `at` whose condition holds; returns TILE_DOWN if the leader fell. */
  protected fire(at: number): number {
    const list = this.triggersAt[at];
    for (let i = 0; i < list.length; i++) {
      const t = list[i];
      if (t.cond !== null && !this.holds(t.cond)) continue;
      if (this.log) this.sayT('uaLog.trigger', { at: this.tx(`uaLog.at.${TRIGGER_AT[at]}` as MessageId) });
      if ((t.cancelByDetect || t.cancelByItem >= 0 || t.cancelByScItem >= 0 || t.cancelBySkill >= 0) && this.cancelTrigger(t)) continue;
      const r = this.apply(t.effects);
      if (r !== TILE_DONE) return r;
    }
    return TILE_DONE;
  }

  /**
   * A trigger the scenario lets the squad cancel (UA-R100): by a skill the leader knows (always, no roll), by an item (spent; decision `cancel`), then by
   * 察知 (§25: a 器用 leader with points left, 1 point, the same roll and modifiers as on the map; decision `cancel`).
   * Returns true when this firing is cancelled.
   */
  protected cancelTrigger(t: TriggerDef): boolean {
    const s = this.s;
    if (t.cancelBySkill >= 0 && (s.skills & (1 << t.cancelBySkill)) !== 0) {
      if (this.log) this.sayT('uaLog.cancelSkill');
      return true;
    }
    const hasItem = (t.cancelByItem >= 0 && s.expendables[t.cancelByItem] > 0) || (t.cancelByScItem >= 0 && s.scItems[t.cancelByScItem] > 0);
    if (hasItem) {
      s.cancelBy = 1;
      if (this.askYes(D.D_CANCEL)) {
        if (t.cancelByItem >= 0 && s.expendables[t.cancelByItem] > 0) s.expendables[t.cancelByItem]--;
        else s.scItems[t.cancelByScItem]--;
        if (this.log) this.sayT('uaLog.cancelItem', { item: t.cancelByItem >= 0 ? this.itemName(t.cancelByItem) : this.sc.items[t.cancelByScItem].name });
        return true;
      }
    }
    if (t.cancelByDetect && s.sub === SUB_DEX && s.subCur > 0) {
      s.cancelBy = 2;
      if (!this.askYes(D.D_CANCEL)) return false;
      this.detects++;
      const base = s.subCur + (s.armour ? s.armour.detect : 0) + Math.min(2, s.members[R_SCOUT]);
      s.subCur--;
      const ok = this.check(base, 4);
      if (this.log) this.sayT('uaLog.detectCancel', { nat: this.nat, base, value: this.value, ok: this.tx(ok ? 'uaLog.f.cancelled' : 'uaLog.f.notInTime') });
      return ok;
    }
    return false;
  }

  protected override onCombatStart(): void {
    if (this.triggersAt[T_COMBAT_START].length > 0) this.fire(T_COMBAT_START);
  }

  protected override onRoundStart(): void {
    this.fire(T_ROUND_START);
  }
}
