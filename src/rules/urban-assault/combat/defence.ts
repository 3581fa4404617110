/**
 * The enemy's turn (§36): how enemy attacks split, the leader's and members' defence rolls (§22, §30), the hit
 * table (被弾表), and retreat (退却 §42).
 *
 * Seed 004 §22 (遮蔽物に隠れる, かばう), §30 (armour), §36 (the enemy's attack phase, defence rolls, 被弾表 the hit table), §42 (退却 retreat).
 * One layer of the engine's class chain (game-core → game-special → game-targets → game-attacks →
 * game-defence → game-combat → game-encounter → game.ts): each file adds one rule area.
 */
import { N_ROLES, HIT_TABLE_ROLES, SK_DODGE } from '../catalogue/catalogue.js';
import * as D from '../decisions.js';
import { END_LEADER_DOWN, END_NONE, END_RETREAT } from './state.js';
import { SP_SHIELD } from '../catalogue/special.js';
import { sgn, SUB_MELEE, SUB_SHOOT, ATT_FLASHLIGHT, DRONE_SLOT, LEADER_TARGET } from './core.js';
import { UaAttacks } from './attacks.js';
import { CHECK_LIFE, lifeRollBase, type RetreatCheckDef } from '../scenario/scenario.js';
export { LEADER_TARGET };

export abstract class UaDefence extends UaAttacks {
  // ───────────────────────── enemy turn ─────────────────────────

  /** Defence roll of the leader against one attack; returns true if he takes the hit. */
  protected leaderDefends(u: number): boolean {
    const s = this.s, unit = s.eng.units[u], lvl = this.level(u);
    let base = s.skill;
    if (s.sub === SUB_MELEE && s.subCur > 0) {
      if (this.askYes(D.D_COVER)) {
        base = s.subCur;
        s.subCur--;
      }
    }
    // 試作防弾シールド on the leader (UA-R83): +1 against shooting, one use per roll, declared before it.
    const proto = s.nSpecial > 0 && unit.gunArmed && this.shieldOnLeader && this.trySpecial(SP_SHIELD) ? 1 : 0;
    const mods = proto + this.leaderDefenceMods(u) + (s.anyDazed ? s.unitDazed[u] : 0);
    let ok = this.check(base + mods, lvl);
    if (this.log) this.sayT('uaLog.leaderDefends', { unit: unit.name, nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, lvl, ok: this.tx(ok ? 'uaLog.f.safe' : 'uaLog.f.fails') });
    // 負傷 (2026-03 §36): a fumbled 防御ロール of the leader gives 負傷+1, and the attack still hits (UA-V05).
    if (this.woundTrack && this.nat === 1) this.addWound('uaLog.why.defenceFumble');
    if (!ok) {
      ok = this.dodge(s.skill + mods, lvl, unit.gunArmed);
      // 見切り's new roll is his 防御ロール too: its fumble gives 負傷+1 as well (UA-V05).
      if (this.rerollFumbled) this.addWound('uaLog.why.defenceFumble');
    }
    return !ok;
  }

  /**
   * The modifiers of a 防御ロール the leader makes against unit `u`: armour, a shield against shooting,
   * 拠点構築 on himself, the combat's and the scenario's defence modifiers, a flashlight in the dark.
   */
  protected leaderDefenceMods(u: number): number {
    const s = this.s, unit = s.eng.units[u];
    // Leader-only modifiers (issue 28 item 4): round 1, and his first defence roll (used up here).
    const own = (s.round === 1 ? s.leaderR1DefMod : 0) + s.leaderFirstDefMod;
    s.leaderFirstDefMod = 0;
    return own + (s.armour ? s.armour.defence : 0) + (s.shield && unit.gunArmed ? s.shield.defenceVsShooting : 0) + s.fortifyLeader
      + (s.round === 1 ? s.firstDefenceMod : 0) + s.defenceModAll - (s.eng.dark && s.attachment === ATT_FLASHLIGHT ? 1 : 0) + this.scDefenceMod() + this.woundDefenceMod();
  }

  /** The last {@link dodge} rolled a natural 1 under the 負傷 track (the caller settles the fumble, UA-V05). */
  protected rerollFumbled = false;

  /** 見切り: re-roll a failed defence against shooting (§19). */
  protected dodge(base: number, lvl: number, shooting: boolean): boolean {
    const s = this.s;
    this.rerollFumbled = false;
    if (!shooting || !(s.skills & SK_DODGE) || s.sub !== SUB_SHOOT || s.subCur <= 0) return false;
    if (!this.askYes(D.D_DODGE)) return false;
    s.subCur--;
    const ok = this.check(base, lvl);
    if (this.log) this.sayT('uaLog.dodge', { nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, ok: this.tx(ok ? 'uaLog.f.dodged' : 'uaLog.f.stillHit') });
    this.rerollFumbled = this.woundTrack && this.nat === 1;
    return ok;
  }

  /** An attack aimed at the members: defence with the leader's 技量点, かばう, then the hit table (§36). */
  protected memberDefends(u: number): void {
    const s = this.s, unit = s.eng.units[u], lvl = this.level(u);
    const armour = this.memberArmour ? (s.armour ? s.armour.defence : 0) + (s.shield && unit.gunArmed ? s.shield.defenceVsShooting : 0) : 0;
    // 試作防弾シールド on a member (UA-R83 `members`), or the leader's when his protection counts for the members (UA-R14).
    const proto = s.nSpecial > 0 && unit.gunArmed && (!this.shieldOnLeader || this.memberArmour) && this.trySpecial(SP_SHIELD) ? 1 : 0;
    const base = proto + s.skill + armour + s.fortifyMembers + (s.round === 1 ? s.firstDefenceMod : 0) + s.defenceModAll + this.scDefenceMod()
      + (this.woundOnMemberDefence ? this.woundDefenceMod() : 0) + (s.anyDazed ? s.unitDazed[u] : 0);
    let ok = this.check(base, lvl);
    if (this.log) this.sayT('uaLog.membersDefend', { unit: unit.name, nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, lvl, ok: this.tx(ok ? 'uaLog.f.safe' : 'uaLog.f.fails') });
    let fumbled = this.woundTrack && this.nat === 1;
    if (fumbled && this.fumbleWoundAndHit) {
      // v1.01 (UA-V05 `wound-and-hit`): no choice; the hit is processed as any failure (見切り, かばう, the hit table)
      // and the leader takes 負傷+1, kept even when かばう saves the member. 見切り's new roll replaces the fumbled
      // one (「ロール結果自体を置き換えると明記された効果は例外」): then the new roll decides.
      const before = s.subCur;
      ok = this.dodge(base, lvl, unit.gunArmed);
      if (s.subCur !== before) fumbled = this.nat === 1;
      if (fumbled) {
        if (this.log) this.sayT('uaLog.memberFumbleV101');
        this.addWound('uaLog.why.memberFumble');
      }
      if (!ok) ok = this.protect(u, lvl);
      if (!ok) this.hitTable();
      return;
    }
    // 負傷 (2026-03 §36): a fumble is settled at once (UA-V05); 見切り and かばう do not come into it.
    if (fumbled) return this.memberFumble();
    if (!ok) {
      ok = this.dodge(base, lvl, unit.gunArmed);
      // 見切り's new roll is the members' roll made again (UA-R31): its fumble is a members' fumble (UA-V05).
      if (this.rerollFumbled) return this.memberFumble();
    }
    if (!ok) ok = this.protect(u, lvl);
    if (!ok) this.hitTable();
  }

  /** かばう (§22) after a member's failed defence against unit `u`: true when the leader covered him. */
  private protect(u: number, lvl: number): boolean {
    const s = this.s;
    if (s.sub !== SUB_MELEE || s.subCur <= 0 || s.protectUsedThisRound || !this.askYes(D.D_PROTECT)) return false;
    s.protectUsedThisRound = true;
    // かばう is the leader's own 防御ロール with 格闘点 (UA-R91): his defence modifiers apply, as for 遮蔽物に隠れる.
    const ok = this.check(s.subCur + (this.protectWithLeaderMods ? this.leaderDefenceMods(u) : 0), lvl);
    s.subCur--;
    if (this.log) this.sayT('uaLog.protect', { nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, ok: this.tx(ok ? 'uaLog.f.covered' : 'uaLog.f.failed') });
    // A fumbled かばう is a fumbled 防御ロール of the leader: 負傷+1, and the member is hit (UA-V05).
    if (this.woundTrack && this.nat === 1) this.addWound('uaLog.why.defenceFumble');
    return ok;
  }

  /**
   * A fumbled members' 防御ロール under the 負傷 track (2026-03 §36, UA-V05): 負傷+1 for the leader and the member is
   * spared, or the member the hit table picks is lost (decision `fumble`, offered below 負傷 3 unless wound-always).
   */
  protected memberFumble(): void {
    if (this.s.wounds < 3 || this.fumbleWoundAlways) {
      this.legal[0] = D.A_WOUND;
      this.legal[1] = D.A_LOSE_MEMBER;
      if (this.ask(D.D_FUMBLE, 2) === D.A_WOUND) {
        this.addWound('uaLog.why.memberFumble');
        return;
      }
    }
    this.hitTable();
  }

  /** 被弾テーブル: the role hit, searching upward then downward (§36); false if it found no member to hit. */
  protected hitTable(): boolean {
    const s = this.s;
    if (this.scMemberDefs.length > 0 || s.drones > 0) {
      const slot = this.hitSlot(true);
      if (slot < 0) return false;
      const before = this.slotCount(slot);
      this.memberDown(slot);
      if (this.log) this.sayT(this.slotCount(slot) < before ? 'uaLog.hitDrops' : 'uaLog.hitStays', { roll: s.hitRoll, who: this.slotName(slot), left: s.withSquad() });
      return true;
    }
    let roll = this.dice.d6();
    // 部隊再編 stage 2 (§41): once per operation the roll may be modified by −1.
    if (s.hitTableUses > 0 && roll > 1) {
      s.hitRoll = roll;
      if (this.askYes(D.D_HIT_ADJUST)) {
        s.hitTableUses--;
        if (this.log) this.sayT('uaLog.reorgHit', { roll, to: roll - 1 });
        roll--;
      }
    }
    let role = -1;
    for (let i = roll; i <= 6 && role < 0; i++) if (s.members[HIT_TABLE_ROLES[i]] > 0) role = HIT_TABLE_ROLES[i];
    for (let i = roll - 1; i >= 1 && role < 0; i--) if (s.members[HIT_TABLE_ROLES[i]] > 0) role = HIT_TABLE_ROLES[i];
    if (role < 0) return false;
    s.members[role]--;
    if (this.log) this.sayT('uaLog.hitDrops', { roll, who: this.roleName(role), left: s.withSquad() });
    return true;
  }

  /**
   * Roll the 被弾テーブル and return the member slot it picks (catalogue role, or N_ROLES + scenario member
   * index; −1: no combatant member), searching upward then downward (§36). A scenario member answers to its
   * `hitTable` number; with a catalogue role of the same number present, the role is picked first (UA-R64).
   * `adjustable`: the 部隊再編 −1 may be used (not when the roll only picks an event's target, UA-R63).
   */
  protected hitSlot(adjustable: boolean): number {
    const s = this.s;
    let roll = this.dice.d6();
    if (adjustable && s.hitTableUses > 0 && roll > 1) {
      s.hitRoll = roll;
      if (this.askYes(D.D_HIT_ADJUST)) {
        s.hitTableUses--;
        if (this.log) this.sayT('uaLog.reorgHit', { roll, to: roll - 1 });
        roll--;
      }
    }
    s.hitRoll = roll;
    let slot = -1;
    for (let i = roll; i <= 6 && slot < 0; i++) slot = this.slotAt(i);
    for (let i = roll - 1; i >= 1 && slot < 0; i--) slot = this.slotAt(i);
    return slot;
  }

  /** Is any member on the 被弾テーブル (a slot its roll could pick)? */
  protected anyHitTarget(): boolean {
    for (let i = 1; i <= 6; i++) if (this.slotAt(i) >= 0) return true;
    return false;
  }

  private slotAt(num: number): number {
    const s = this.s;
    // A combat drone counts as number 6, hit before a gunner (UA-R84).
    if (num === 6 && s.drones > 0) return DRONE_SLOT;
    if (s.members[HIT_TABLE_ROLES[num]] > 0) return HIT_TABLE_ROLES[num];
    for (let i = 0; i < this.scMemberDefs.length; i++) if (this.scMemberDefs[i].hitTable === num && s.scMembers[i] > 0) return N_ROLES + i;
    return -1;
  }

  /** The enemy fires `total` attacks, split between the leader and members (§36). */
  protected volley(total: number): void {
    const s = this.s, x = s.ex;
    if (total <= 0) return;
    if (x !== null) {
      // hit_by_parity units: the leader defends; a failure hits the leader on an odd value, a member on an even one (UA-R69).
      for (let u = 0; u < s.nUnits && u < x.units.length; u++) {
        const ht = x.units[u].hitTarget;
        if (ht !== undefined) {
          // hit_target (Black Sun for core 1.01): always the leader, or the 着弾対象ロール before each defence roll.
          for (let i = 0; i < this.unitAttacks[u]; i++) {
            let atLeader = ht === 1 || s.withSquad() === 0;
            if (ht === 2) {
              const f = this.dice.d6();
              if (this.log) this.sayT('uaLog.targetRoll', { f, who: this.tx((f & 1) === 1 || s.withSquad() === 0 ? 'uaLog.f.theLeader' : 'uaLog.f.theMembers') });
              atLeader ||= (f & 1) === 1;
            }
            if (!atLeader) this.memberDefends(u);
            else if (this.leaderDefends(u) && this.leaderHit(u)) return;
          }
          total -= this.unitAttacks[u];
          this.unitAttacks[u] = 0;
          continue;
        }
        if (!x.units[u].hitByParity) continue;
        for (let i = 0; i < this.unitAttacks[u]; i++) {
          if (!this.leaderDefends(u)) continue;
          if ((this.value & 1) === 0 && s.withSquad() > 0) {
            if (this.log) this.sayT('uaLog.evenHit', { value: this.value });
            this.hitTable();
          } else if (this.leaderHit(u)) return;
        }
        total -= this.unitAttacks[u];
        this.unitAttacks[u] = 0;
      }
      if (total <= 0) return;
    }
    if (this.players === 2) return this.volleyTwo(total);
    if (this.perUnitSplit) {
      // v1.01 (UA-R23 per-unit): each enemy unit splits its own attacks and is resolved to the end before the next,
      // in the engagement's order (「プレイヤーは…処理順を決めます」: a fixed order, see the ruling).
      for (let u = 0; u < s.nUnits; u++) {
        const n = this.unitAttacks[u];
        if (n <= 0) continue;
        const toLeader = this.leaderShare(n, u);
        for (let i = 0; i < n; i++) {
          if (i < toLeader || s.withSquad() === 0) {
            if (this.leaderDefends(u) && this.leaderHit(u)) return;
          } else this.memberDefends(u);
        }
      }
      return;
    }
    const toLeader = this.leaderShare(total, -1);
    let k = 0;
    for (let u = 0; u < s.nUnits; u++) {
      for (let i = 0; i < this.unitAttacks[u]; i++, k++) {
        if (k < toLeader || s.withSquad() === 0) {
          if (this.leaderDefends(u) && this.leaderHit(u)) return;
        } else this.memberDefends(u);
      }
    }
  }

  /**
   * §36's split of `total` attacks (of unit `u`, or −1: the round's total): half (rounded down) at the leader, the
   * rest at the members; the odd one by the player's choice (or the leader, UA-V11); beyond the members standing,
   * at the leader. Returns the attacks at the leader.
   */
  private leaderShare(total: number, u: number): number {
    const s = this.s, members = s.withSquad();
    let toLeader = this.halfAtLeader(total, members);
    let toMembers = total - toLeader;
    if (toMembers > members) {
      toLeader += toMembers - members;
      toMembers = members;
    }
    if (this.log) {
      if (u < 0) this.sayT('uaLog.enemyAttacks', { total, toLeader, toMembers });
      else this.sayT('uaLog.unitAttacks', { unit: s.eng.units[u].name, total, toLeader, toMembers });
    }
    return toLeader;
  }

  /**
   * §36's first step: half of `total` attacks (rounded down) at the leader side, the odd one by the player's choice (or
   * the leader's, UA-V11) when `members` stand; returns the attacks at the leader side.
   */
  private halfAtLeader(total: number, members: number): number {
    let toLeader = total >> 1;
    if ((total & 1) === 1 && members > 0 && this.oddToLeader) {
      // Published 2026-03: 「分隊長が余りの攻撃を受けます」 (UA-V11).
      toLeader++;
    } else if ((total & 1) === 1 && members > 0) {
      this.legal[0] = D.A_TO_LEADER;
      this.legal[1] = D.A_TO_MEMBERS;
      if (this.ask(D.D_ODD_ATTACK, 2) === D.A_TO_LEADER) toLeader++;
    }
    return toLeader;
  }

  /** §45 two players: the attacks at the first leader, the first squad, the second leader, the second squad ({@link shareTwo}). */
  private readonly twoShare = new Int32Array(4);

  /**
   * §45 two players (2人の分隊長): the enemy's attacks split as §36 (per unit under UA-R23 `per-unit`, else the round's),
   * then each side between the two leaders and the two squads as evenly as possible (the odd one: UA-R170, UA-R171);
   * a squad's share beyond its members standing goes to its own leader. Each squad defends with its own leader's
   * 技量点 and effects and only its members are on its 被弾テーブル: the same procedures, with that leader in play.
   */
  private volleyTwo(total: number): void {
    const s = this.s, was = s.active;
    if (was === 1) s.swapLeader();
    if (this.perUnitSplit) {
      for (let u = 0; u < s.nUnits; u++) {
        const n = this.unitAttacks[u];
        if (n <= 0) continue;
        this.shareTwo(n, u);
        if (this.resolveTwo(u)) break;
      }
    } else {
      this.shareTwo(total, -1);
      this.resolveTwo(0);
    }
    if (s.active !== was) s.swapLeader();
  }

  /** §45's split of `total` attacks (of unit `u`, or −1: the round's) into {@link twoShare}; the first leader is in play. */
  private shareTwo(total: number, _u: number): void {
    const s = this.s, sh = this.twoShare, a = s.withSquad(), b = s.otherWithSquad();
    const toLeader = this.halfAtLeader(total, a + b), toMembers = total - toLeader;
    sh[0] = sh[2] = toLeader >> 1;
    if ((toLeader & 1) === 1) sh[this.oddLeaderFirst || s.life >= s.other.life ? 0 : 2]++;
    sh[1] = sh[3] = toMembers >> 1;
    if ((toMembers & 1) === 1) sh[this.oddSquadFirst || a >= b ? 1 : 3]++;
    // 「分隊員側の攻撃回数が、その分隊で攻撃対象となれる分隊員数を超えた場合、超過分はその分隊の分隊長が受けます」
    if (sh[1] > a) { sh[0] += sh[1] - a; sh[1] = a; }
    if (sh[3] > b) { sh[2] += sh[3] - b; sh[3] = b; }
    if (this.log) this.sayT('uatwo.split', { toLeader: sh[0] + sh[2], a: sh[0], b: sh[2], toMembers: sh[1] + sh[3], ma: sh[1], mb: sh[3] });
  }

  /**
   * Resolve the attacks of {@link twoShare} from unit `from` on, in the units' order: the first leader's, the first
   * squad's, then (the second leader in play) the second leader's and squad's (UA-V62). True when a leader fell (then
   * the second leader may still be in play: {@link volleyTwo} puts the first back).
   */
  private resolveTwo(from: number): boolean {
    const s = this.s, sh = this.twoShare, n2 = sh[2] + sh[3];
    let u = from, i = 0;
    for (let side = 0; side < 2; side++) {
      if (side === 1) {
        s.swapLeader();
        if (this.log && n2 > 0) this.sayT('uatwo.swap', { who: this.tx('uatwo.second') });
      }
      const nl = sh[2 * side], n = nl + sh[2 * side + 1];
      for (let k = 0; k < n; k++) {
        while (i >= this.unitAttacks[u]) { u++; i = 0; }
        i++;
        if (k < nl || s.withSquad() === 0) {
          if (this.leaderDefends(u) && this.leaderHit(u)) return true;
        } else this.memberDefends(u);
      }
    }
    s.swapLeader();
    return false;
  }

  /** The leader takes a hit from unit `u` (its fumble_damage on a natural 1); true when he is down. */
  protected leaderHit(u: number): boolean {
    const s = this.s, x = s.ex;
    const dmg = x !== null && u < x.units.length && x.units[u].fumbleDamage > 0 && this.nat === 1 ? x.units[u].fumbleDamage : 1;
    s.life -= dmg;
    if (this.log) this.sayT('uaLog.leaderHit', { nat1: dmg > 1 ? this.tx('uaLog.f.nat1', { dmg }) : '', life: Math.max(0, s.life) });
    // Splash (scenario trait, UA-R76): one more wound for the leader, or a member drops (the squad chooses).
    if (x !== null && u < x.units.length && x.units[u].splash && s.life > 0) {
      let toLeader = true;
      if (s.withSquad() > 0) {
        this.legal[0] = D.A_TO_LEADER;
        this.legal[1] = D.A_TO_MEMBERS;
        toLeader = this.ask(D.D_SPLASH, 2) === D.A_TO_LEADER;
      }
      if (toLeader && this.woundTrack) this.addWound('uaLog.why.splash'); // 2026-03: the splash's 負傷+1 is a wound level (UA-V13)
      else if (toLeader) {
        s.life--;
        if (this.log) this.sayT('uaLog.splashLeader', { life: Math.max(0, s.life) });
      } else {
        if (this.log) this.sayT('uaLog.splashMembers');
        this.hitTable();
      }
    }
    if (s.life <= 0) {
      s.life = 0;
      if (this.log) this.sayT('uaLog.leaderDown');
      s.endReason = END_LEADER_DOWN;
      return true;
    }
    return false;
  }

  /** Count this round's enemy attacks per unit into unitAttacks; returns the total. */
  protected countAttacks(onlyIfNotActed: boolean): number {
    const s = this.s;
    let total = 0;
    for (let u = 0; u < s.nUnits; u++) {
      const unit = s.eng.units[u];
      let a = 0;
      if (s.unitLeft[u] > 0 && !(onlyIfNotActed && s.enemyActedThisRound)) {
        let per = unit.attacks;
        const ux = s.ex !== null && u < s.ex.units.length ? s.ex.units[u] : null;
        if (ux !== null) {
          if (ux.roundAttacks !== null) per = (s.round & 1) === 1 ? ux.roundAttacks.odd : ux.roundAttacks.even;
          if (ux.wounded !== null && unit.htt && s.unitLeft[u] <= ux.wounded.lifeAtMost) per = ux.wounded.attacks;
        }
        a = unit.htt ? per : s.unitLeft[u] * per;
        if (s.unitStunned[u]) a = unit.htt ? a - 1 : 0;
        if (a < 0) a = 0;
      }
      this.unitAttacks[u] = a;
      total += a;
    }
    if ((s.round === 1 && s.firstEnemyAttacks !== 0) || s.enemyAttacksAll !== 0) {
      const add = (s.round === 1 ? s.firstEnemyAttacks : 0) + s.enemyAttacksAll;
      for (let u = 0; u < s.nUnits; u++) if (s.unitLeft[u] > 0) { this.unitAttacks[u] = Math.max(0, this.unitAttacks[u] + add); total = Math.max(0, total + add); break; }
    }
    const x = s.ex;
    if (x !== null && s.round === 1) {
      // The encounter's round-1 enemy attacks ± n (and 先制攻撃's): never below 1 when there was at least 1 (最低1).
      const add = x.mods.firstRoundEnemyAttacks + (x.ifSquadFirstStrike !== null && s.choseFirst ? x.ifSquadFirstStrike.firstRoundEnemyAttacks : 0);
      if (add !== 0 && total > 0) {
        let d = Math.max(1, total + add) - total;
        for (let u = 0; u < s.nUnits && d !== 0; u++) {
          if (s.unitLeft[u] <= 0) continue;
          const c = d > 0 ? d : -Math.min(-d, this.unitAttacks[u]);
          this.unitAttacks[u] += c;
          total += c;
          d -= c;
        }
      }
    }
    if (this.capBoth) {
      const cap = this.attackersCap();
      if (cap > 0 && total > cap) {
        let left = cap;
        for (let u = 0; u < s.nUnits; u++) {
          if (this.unitAttacks[u] > left) this.unitAttacks[u] = left;
          left -= this.unitAttacks[u];
        }
        total = cap;
      }
    }
    return total;
  }

  protected enemyPhase(): void {
    const s = this.s;
    if (this.betweenItems) {
      // Before the enemy's volley (UA-R143): its attacks are counted now, so a kill between them would change nothing.
      this.offerBetweenAttacks();
      if (this.over()) return;
    }
    if (this.log) this.sayT('uaLog.enemyTurn');
    const total = this.countAttacks(false);
    s.clearStunned();
    this.volley(total);
    s.enemyActedThisRound = true;
  }

  /** 退却 §42: the enemy fires first, then the squad falls back. A scenario's retreat check comes first (UA-R99). */
  protected retreat(): void {
    const s = this.s;
    s.retreatUsed = true;
    if (this.log) this.sayT('uaLog.retreat');
    const rc = s.ex !== null ? s.ex.retreatCheck : null;
    if (rc !== null && !this.retreatCheck(rc)) return;
    const total = this.countAttacks(!this.retreatFull);
    s.clearStunned();
    this.volley(total);
    if (s.endReason === END_NONE) s.endReason = END_RETREAT;
  }

  /**
   * A scenario's retreat check (`retreat_check`, UA-R99): the leader's roll of the named ability — his own
   * sub-ability at its current value (1 point spent; none left: the check fails), 技量点 for 技量 or a sub-ability
   * he lacks (0 with off_ability_check: zero), 技量点 + armour for defence — plus the check's modifier and those of
   * named units still standing. A failure loses the action; the squad may try again next round.
   */
  protected retreatCheck(rc: RetreatCheckDef): boolean {
    const s = this.s;
    let mod = rc.mod;
    for (let i = 0; i < rc.whileStanding.length; i++) if (s.unitLeft[rc.whileStanding[i].unit] > 0) mod += rc.whileStanding[i].mod;
    let base: number, spend = false;
    if (rc.ability === 5) base = s.skill + (s.armour ? s.armour.defence : 0);
    else if (rc.ability === 0) base = s.skill;
    else if (rc.ability === CHECK_LIFE) base = lifeRollBase(s.life, s.skill);
    else if (rc.ability - 1 === s.sub) {
      if (s.subCur <= 0) {
        if (this.log) this.sayT('uaLog.retreatNoPoints');
        return false;
      }
      base = s.subCur;
      spend = true;
    } else base = this.g.rulings.off_ability_check === 'zero' ? 0 : s.skill;
    const ok = this.check(base + mod, rc.target);
    if (spend) s.subCur--;
    if (this.log) this.sayT('uaLog.retreatCheck', { nat: this.nat, mod: sgn(this.value - this.nat), value: this.value, target: rc.target, ok: this.tx(ok ? 'uaLog.f.fallsBack' : 'uaLog.f.retreatFails') });
    return ok;
  }

}
