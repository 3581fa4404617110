/**
 * The URBAN ASSAULT engagement engine (seed 004 §05–§42) and the gauntlet that
 * chains engagements. One {@link UaGame} is built per variant and replays many
 * games; it allocates nothing per step. Every random draw goes through the
 * `Dice` handed in by the driver.
 */
import type { Dice } from '../../sim/dice.js';
import type { GameLog, GameRecord, GameRunner } from '../../sim/types.js';
import {
  EXPENDABLES, N_ROLES, EXP_AT4, EXP_C4, EXP_FLASHBANG, EXP_FRAG, EXP_MEDKIT, HIT_TABLE_ROLES, ROLES,
  R_ASSAULT, R_ENGINEER, R_GUNNER, R_INTERPRETER, R_MARKSMAN, R_MEDIC, R_SCOUT, R_SNIPER, R_SPOTTER,
  SK_DODGE, SK_FIRST_AID, SK_FORAGING, SK_FORTIFY, SK_GRENADE, SK_NEGOTIATION, SK_POLITICAL, SK_PREEMPT, SK_RAPID, SK_SHOTGUN, SK_STUN, SK_SUPPLY,
  type WeaponDef,
} from './catalogue.js';
import {
  IM_FLASHBANG, IM_FRAG, IM_GRENADE, IM_RAPID, IM_SHOTGUN, REACTIONS, RX_EXTORTION, RX_FIGHT, RX_FRIENDLY, RX_HOSTILE, RX_NEUTRAL, RX_OUTNUMBERED,
  RX_SUPPORTIVE, RX_WITHDRAW, type CountExpr, type EngagementDef, type NextCombatEffects, type GauntletDef, type SquadDef,
} from './config.js';
import * as D from './decisions.js';
import type { EffectDef, EncounterExtra, ScenarioItemDef, ScenarioMemberDef } from './scenario.js';
import { END_LEADER_DOWN, END_NONE, END_RETREAT, END_TIMEOUT, END_WIN, UaState } from './state.js';
import type { UaPolicy } from '../../policies/urban-assault/policy.js';
import type { RulingSettings } from './rulings.js';
import { MAX_SPECIAL, SPECIAL_DEFS, SP_ACOUSTIC, SP_AP, SP_BARRICADE, SP_DRONE, SP_SCANNER, SP_SHIELD } from './special.js';

/** A modifier for the replay log: +2, −1, +0. */
function sgn(m: number): string {
  return m < 0 ? `−${-m}` : `+${m}`;
}

const SUB_MELEE = 0, SUB_DEX = 1, SUB_SHOOT = 2, SUB_COMMAND = 3;
const ATT_NONE = 0, ATT_LASER = 1, ATT_FLASHLIGHT = 2, ATT_SUPPRESSOR = 3;
/** Rounds shown per engagement in the attrition series (later rounds fold into the last step). */
export const ROUNDS_SHOWN = 8;
/** Member attack order when the attacker cap bites: strongest first (sniper handled separately). */
const MEMBER_ORDER = [R_GUNNER, R_MARKSMAN, R_ASSAULT, R_MEDIC, R_SCOUT, R_ENGINEER];
/** Hit slot of the combat drones (after the catalogue roles and the four scenario member types). */
export const DRONE_SLOT = N_ROLES + 4;
/** Attrition series variables. */
export const V_LIFE = 0, V_MEMBERS = 1, V_MAGAZINES = 2, V_ENEMIES = 3;

/** Rates and values recorded per game (indices into GameRecord). */
export const RATE_WIN = 0, RATE_LEADER_SURVIVED = 1, RATE_RETREATED = 2;
export const VAL_MAG_SPENT = 0, VAL_MAG_LEFT = 1, VAL_MEMBERS_LOST = 2, VAL_ROUNDS = 3, VAL_CLEARED = 4, VAL_LIFE_END = 5;

export class UaGame implements GameRunner {
  readonly s = new UaState();
  protected readonly legal = new Int32Array(D.N_KINDS * 16);
  protected readonly unitAttacks = new Int32Array(8);
  protected readonly hitOnce = new Uint8Array(8);
  protected dice!: Dice;
  protected pdice!: Dice;
  protected log: GameLog | null = null;
  protected rec!: GameRecord;
  protected readonly gunnerExtraPerShot: boolean;
  protected readonly lmgExtraPerShot: boolean;
  protected readonly withdrawAtHalf: boolean;
  protected readonly httWithdraws: boolean;
  protected readonly screenWastes: boolean;
  protected readonly capBoth: boolean;
  protected readonly mixedRandom: boolean;
  protected readonly grenadeTwo: boolean;
  protected readonly critCosts: boolean;
  protected readonly darkPenalty: number;
  protected readonly memberArmour: boolean;
  protected readonly retreatFull: boolean;
  protected readonly bodyArmourCheck: boolean;
  /** Special equipment rulings: a spent scanner stays as standing equipment (UA-R82); the prototype shield is the leader's (UA-R83). */
  protected readonly scannerKeeps: boolean;
  protected readonly shieldOnLeader: boolean;
  /** Every special-equipment piece may be exchanged between operations (UA-R85 `all`), or only the drone. */
  protected readonly exchangeAll: boolean;
  /** Added to every loot-table roll (operation `loot_mod`, UA-R77). */
  protected lootMod = 0;
  /** AP rounds are loaded for the leader's current gun action (UA-R79). */
  protected apLoaded = false;
  /** Record the attrition series per engagement and round (gauntlets); operations record per tile instead. */
  protected roundSeries = true;
  /** Last check's natural die and achieved value. */
  protected nat = 0;
  protected value = 0;
  /** The rolled reaction entry's next-combat effects, applied if the encounter ends without a fight. */
  protected pendingEntry: NextCombatEffects | null = null;
  /** The encounter ended without loot (a paid bribe, a friendly reaction…). */
  protected noLoot = false;
  /** Scenario extensions (operations only; docs/scenarios/urban-assault.md, engine semantics). */
  /** The scenario's night penalty on dark tiles (0: ruling UA-R13's dark penalty). */
  protected nightMod = 0;
  protected scItemDefs: readonly ScenarioItemDef[] = [];
  protected scMemberDefs: readonly ScenarioMemberDef[] = [];
  /** Reaction modifier of the scenario members with the squad (the highest, capped result 6). */
  protected scReactionMod(): number {
    let m = 0;
    for (let i = 0; i < this.scMemberDefs.length; i++) if (this.s.scMembers[i] > 0 && this.scMemberDefs[i].reactionMod > m) m = this.scMemberDefs[i].reactionMod;
    return m;
  }

  constructor(
    readonly g: GauntletDef,
    readonly squad: SquadDef,
    readonly policy: UaPolicy,
    rulings: RulingSettings = g.rulings,
  ) {
    const r = rulings;
    this.gunnerExtraPerShot = r.gunner_ammo === 'extra-per-shot';
    this.lmgExtraPerShot = r.lmg_ammo === 'extra-per-shot';
    this.withdrawAtHalf = r.withdraw_threshold === 'at-or-below-half';
    this.httWithdraws = r.htt_hostile_withdraws === 'yes';
    this.screenWastes = r.screen_odd_hits === 'wasted';
    this.capBoth = r.attacker_cap_applies_to === 'both';
    this.mixedRandom = r.mixed_targeting === 'random';
    this.grenadeTwo = r.grenade_vs_group === 'two-soldiers';
    this.critCosts = r.critical_extra_ammo === 'costs';
    this.darkPenalty = r.dark_penalty === 'minus-2' ? 2 : 1;
    this.memberArmour = r.member_defence === 'leader-skill-and-armour';
    this.retreatFull = r.retreat_volley === 'full-volley';
    this.bodyArmourCheck = r.body_armor_initiative === 'preemptive-check';
    this.scannerKeeps = r.scanner_spent === 'standing';
    this.shieldOnLeader = r.prototype_shield_bearer === 'leader';
    this.exchangeAll = r.special_exchange === 'all';
  }

  // ───────────────────────── helpers ─────────────────────────

  /** Scenario effects inside an encounter (reaction faces, captures, items); the operation engine plays them. */
  protected applyEffects(_effects: readonly EffectDef[]): void {
    throw new Error('scenario effects need an operation');
  }

  /** Use scenario item `i` (removed, then its effects). */
  protected useScItem(i: number): void {
    this.s.scItems[i]--;
    if (this.log) this.say(`  uses ${this.scItemDefs[i].name}`);
    this.applyEffects(this.scItemDefs[i].effects);
  }

  /**
   * Offer the any_time scenario items in combat (round 0 and each round start, UA-R62): the policy may use
   * several, one at a time.
   */
  protected offerCombatItems(): void {
    const s = this.s;
    for (let guard = 0; guard < 8 && !this.over(); guard++) {
      let n = 0;
      this.legal[n++] = 0;
      for (let i = 0; i < this.scItemDefs.length; i++) if (s.scItems[i] > 0 && this.scItemDefs[i].use === 0) this.legal[n++] = 1 + i;
      if (n === 1) return;
      const a = this.ask(D.D_USE_ITEM, n);
      if (a === 0) return;
      this.useScItem(a - 1);
    }
  }

  /** Members of a hit slot (catalogue role r < N_ROLES, or scenario member N_ROLES + i). */
  protected slotCount(slot: number): number {
    return slot < N_ROLES ? this.s.members[slot] : slot === DRONE_SLOT ? this.s.drones : this.s.scMembers[slot - N_ROLES];
  }

  protected slotAdd(slot: number, d: number): void {
    if (slot < N_ROLES) this.s.members[slot] += d;
    else if (slot === DRONE_SLOT) this.s.drones += d;
    else this.s.scMembers[slot - N_ROLES] += d;
  }

  protected slotName(slot: number): string {
    return slot < N_ROLES ? ROLES[slot] : slot === DRONE_SLOT ? 'combat drone' : this.scMemberDefs[slot - N_ROLES].name;
  }

  /**
   * A member of `slot` takes damage and drops — except a combat drone whose once-per-operation damage
   * negation is unused: it spends that instead (UA-R84).
   */
  protected memberDown(slot: number): void {
    const s = this.s;
    if (slot === DRONE_SLOT && s.droneGuards > 0) {
      s.droneGuards--;
      if (this.log) this.say('    the combat drone negates the damage (once per operation)');
      return;
    }
    this.slotAdd(slot, -1);
  }

  // ───────────────────────── special equipment (特殊装備 §40) ─────────────────────────

  /** Roll the special-equipment table (特殊装備表 §40): one d6 picks the piece, no modifier (UA-R77). */
  protected specialTableRoll(): void {
    const f = this.dice.d6();
    if (this.log) this.say(`  special-equipment table d6=${f}: ${SPECIAL_DEFS[f - 1].name}`);
    this.gainSpecial(f - 1, 0);
  }

  /**
   * The squad picks up a piece of kind `kind` with `uses` uses (0: the table's; the tactical scanner's 1d6
   * is rolled now). A piece that does not fit the carry limit is left behind (UA-R78).
   */
  protected gainSpecial(kind: number, uses: number): boolean {
    const s = this.s;
    if (this.carried() >= this.squad.carryLimit || s.nSpecial >= MAX_SPECIAL) {
      if (this.log) this.say(`  ${SPECIAL_DEFS[kind].name} left behind (carry limit ${this.squad.carryLimit})`);
      return false;
    }
    const n = uses > 0 ? uses : SPECIAL_DEFS[kind].uses > 0 ? SPECIAL_DEFS[kind].uses : this.dice.d6();
    const i = s.nSpecial++;
    s.spKind[i] = kind;
    s.spUses[i] = s.spTotal[i] = n;
    s.specialFound++;
    if (this.log) this.say(`  found: ${SPECIAL_DEFS[kind].name} (${n} use${n > 1 ? 's' : ''})`);
    return true;
  }

  /** Remove piece `i` (used up, exchanged or lost), keeping pickup order. */
  protected dropSpecial(i: number): void {
    const s = this.s;
    for (let j = i + 1; j < s.nSpecial; j++) {
      s.spKind[j - 1] = s.spKind[j];
      s.spUses[j - 1] = s.spUses[j];
      s.spTotal[j - 1] = s.spTotal[j];
    }
    s.nSpecial--;
  }

  /**
   * Spend one use of a piece of kind `k` — the one with the fewest uses left, keeping fuller ones' exchange
   * value. A piece with no use left breaks and is discarded; a spent tactical scanner becomes standing
   * equipment under UA-R82 `standing`.
   */
  protected useSpecial(k: number): void {
    const s = this.s;
    let best = -1;
    for (let i = 0; i < s.nSpecial; i++) if (s.spKind[i] === k && s.spUses[i] > 0 && (best < 0 || s.spUses[i] < s.spUses[best])) best = i;
    if (best < 0) throw new Error(`no ${SPECIAL_DEFS[k].name} to use`);
    if (--s.spUses[best] === 0) {
      if (k === SP_SCANNER && this.scannerKeeps) s.scannerStanding++;
      this.dropSpecial(best);
    }
  }

  /** Ask the policy whether to use a piece of kind `k` now (decision `special`); nothing is spent here. */
  protected askSpecial(k: number): boolean {
    const s = this.s;
    if (s.specialCount(k) === 0) return false;
    s.specialOffer = k;
    const yes = this.askYes(D.D_SPECIAL);
    s.specialOffer = -1;
    return yes;
  }

  /** Ask, and if the policy says yes spend one use of a piece of kind `k` (the shield, the scanner); true when used. */
  protected trySpecial(k: number): boolean {
    if (!this.askSpecial(k)) return false;
    this.useSpecial(k);
    return true;
  }

  /** Offer the combat drone's activation (1 magazine, a free 分隊規模 slot; not an action, UA-R84). */
  protected offerDrone(): void {
    const s = this.s;
    while (s.specialCount(SP_DRONE) > 0 && s.magazines >= 1 && s.headcount() < s.squadSize && this.askSpecial(SP_DRONE)) {
      this.useSpecial(SP_DRONE);
      this.spend(1);
      s.drones++;
      s.droneGuards++;
      if (this.log) this.say(`  a combat drone is activated (1 magazine): ${s.withSquad()} members with the squad`);
    }
  }


  protected say(text: string): void {
    this.log!.line(text);
  }

  /** Ask a yes/no decision (legal: A_NO, A_YES); true for yes. */
  protected askYes(decision: number): boolean {
    this.legal[0] = D.A_NO;
    this.legal[1] = D.A_YES;
    return this.ask(decision, 2) === D.A_YES;
  }

  /** Ask the policy; the engine never asks with zero legal actions. */
  protected ask(decision: number, n: number): number {
    if (n === 1) return this.legal[0];
    if (n < 1) throw new Error(`no legal action at decision ${D.DECISION_NAMES[decision]}`);
    const a = this.policy.decide(decision, this.s, this.legal, n, this.pdice);
    for (let i = 0; i < n; i++) if (this.legal[i] === a) return a;
    throw new Error(`policy returned illegal action ${a} at decision ${D.DECISION_NAMES[decision]}`);
  }

  /** A 判定ロール: 1d6 + base ≥ target; natural 6 always succeeds, natural 1 always fails (§07–§08). */
  protected check(base: number, target: number): boolean {
    const r = this.dice.d6();
    this.nat = r;
    this.value = r + base;
    return r === 6 || (r !== 1 && this.value >= target);
  }

  /** Roll a sub-ability check (§09): d6 + current value, then spend 1. */
  protected subCheck(target: number): boolean {
    const ok = this.check(this.s.subCur, target);
    this.s.subCur--;
    return ok;
  }

  /** 射撃ロール for items: 射撃点 (spent) for a shooting leader who has some left, else 技量点 (ruling UA-R16). */
  protected shootingRoll(target: number, mod: number): boolean {
    const s = this.s;
    if (s.sub === SUB_SHOOT && s.subCur > 0) {
      const ok = this.check(s.subCur + mod, target);
      s.subCur--;
      return ok;
    }
    return this.check(s.skill + mod, target);
  }

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
      // Members still with the squad, any type (not at the sniper point, not dropped): UA-R67.
      let n = 0;
      for (let r = 0; r < N_ROLES; r++) if (r !== R_SNIPER && r !== R_SPOTTER) n += s.members[r];
      for (let i = 0; i < s.scMembers.length; i++) n += s.scMembers[i];
      n += s.drones; // an activated combat drone is a member (UA-R84)
      let best = 0, at = -1;
      for (const d of x.membersDefenceMod) if (n >= d.atLeast && d.atLeast > at) { at = d.atLeast; best = d.mod; }
      m += best;
    }
    return m;
  }

  protected allStanding(units: readonly number[]): boolean {
    for (let i = 0; i < units.length; i++) if (this.s.unitLeft[units[i]] <= 0) return false;
    return true;
  }

  protected spend(n: number): void {
    this.s.magazines -= n;
    this.s.magazinesSpent += n;
  }

  protected darkMod(leader: boolean): number {
    const s = this.s;
    if (!s.eng.dark) return 0;
    // The scenario's own night penalty (night_attack_mod): every squad attack roll, cancelled only by the leader's NVG.
    if (this.nightMod !== 0) return s.nvg ? 0 : this.nightMod;
    if (leader && (s.nvg || s.attachment === ATT_FLASHLIGHT)) return 0;
    return -this.darkPenalty;
  }

  protected firstTargetable(): number {
    const s = this.s;
    for (let u = 0; u < s.nUnits; u++) if (s.targetable(u)) return u;
    return -1;
  }

  protected countTargetable(): number {
    let n = 0;
    for (let u = 0; u < this.s.nUnits; u++) if (this.s.targetable(u)) n++;
    return n;
  }

  /** Let the policy aim (D_TARGET) when there is a choice. */
  protected aim(): number {
    const s = this.s;
    let n = 0;
    for (let u = 0; u < s.nUnits; u++) if (s.targetable(u)) this.legal[n++] = u;
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
    if (this.log) this.say(`    → ${s.eng.units[u].name}: ${before} → ${s.unitLeft[u]}${s.eng.units[u].htt ? ' life' : ' standing'}`);
  }

  /** Resolve which unit a successful normal attack hits (parity targeting, screens, mixed targets). */
  protected hitUnit(aimed: number, precise: boolean): number {
    const s = this.s, e = s.eng;
    if (e.parity && !precise) {
      const u = (this.value & 1) === 0 ? e.parity.even : e.parity.odd;
      if (s.unitLeft[u] <= 0) {
        const other = u === e.parity.even ? e.parity.odd : e.parity.even;
        return s.targetable(other) ? other : this.firstTargetable();
      }
      if (!s.targetable(u)) {
        if (this.screenWastes) {
          if (this.log) this.say(`    → ${e.units[u].name} is behind the screen: the hit is stopped (UA-R08)`);
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
    return s.targetable(aimed) ? aimed : this.firstTargetable();
  }

  /**
   * One 攻撃ロール (§36) against `aimed`: returns true on a critical (an extra
   * attack roll follows, §08). `base` already holds skill and weapon modifiers.
   */
  protected attackRoll(who: string, base: number, aimed: number, precise: boolean, oddChooses: boolean, melee: boolean): boolean {
    const s = this.s;
    const u0 = s.targetable(aimed) ? aimed : this.firstTargetable();
    if (u0 < 0) return false;
    const unit = s.eng.units[u0];
    const meleePenalty = melee && unit.gunArmed && !(who === 'leader' && s.sub === SUB_MELEE) ? -2 : 0;
    // AP rounds (UA-R79): one per attack roll of the leader's gun, +2, the target's armour modifier ignored.
    let ap = false;
    if (this.apLoaded && !melee && s.specialCount(SP_AP) > 0) {
      this.useSpecial(SP_AP);
      ap = true;
    }
    const unitMod = ap && !unit.attackModIsCover && unit.attackMod < 0 ? 0 : unit.attackMod;
    const ok = this.check(base + (ap ? 2 : 0) + unitMod + meleePenalty + (s.round === 1 ? s.firstAttackMod : 0) + (s.ex !== null || s.roundAttackMod !== 0 ? this.scAttackMod() : 0), this.level(u0));
    if (this.log) this.say(`  ${who} ${melee ? 'melee' : 'shoots'}${ap ? ' (AP round)' : ''} at ${unit.name}: d6=${this.nat} ${sgn(this.value - this.nat)} → ${this.value} vs level ${this.level(u0)}${ok ? ' hit' : ' miss'}${this.nat === 6 ? ' (critical)' : ''}`);
    if (!ok) return false;
    const chooses = precise || (oddChooses && (this.value & 1) === 1);
    const u = this.hitUnit(chooses ? aimed : u0, chooses);
    if (u >= 0) this.damage(u, 1);
    return this.nat === 6;
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
      if (this.log) this.say('  all enemies down');
      s.endReason = END_WIN;
      s.killedAll = true;
      return true;
    }
    if (x !== null) {
      if (x.endsWhenDown >= 0 && s.unitLeft[x.endsWhenDown] <= 0) {
        if (this.log) this.say(`  ${s.eng.units[x.endsWhenDown].name} is down: the others rout, the fight is won`);
        s.endReason = END_WIN;
        return true;
      }
      if (x.withdrawOn >= 0) {
        // 撤退条件 (withdraw_on): hostile only, when that group is at most half its starting count (rounded down).
        const w = x.withdrawOn;
        if (!s.fightToEnd && s.unitLeft[w] * 2 <= s.unitStart[w]) {
          if (this.log) this.say(`  ${s.eng.units[w].name} down to ${s.unitLeft[w]}/${s.unitStart[w]}: the enemy withdraws`);
          s.endReason = END_WIN;
          return true;
        }
        return false;
      }
      // A scenario win condition (ends_after_round / ends_when_down) replaces withdrawal (UA-R68).
      if (x.endsAfterRound > 0 || x.endsWhenDown >= 0) return false;
    }
    if (!s.fightToEnd && (this.withdrawAtHalf ? left * 2 <= start : left * 2 < start)) {
      if (this.log) this.say(`  the enemy withdraws at ${left}/${start} strength (撤退 §38)`);
      s.endReason = END_WIN;
      return true;
    }
    return false;
  }

  protected over(): boolean {
    return this.s.endReason !== END_NONE;
  }

  // ───────────────────────── squad turn ─────────────────────────

  /** Magazines for one shot of the leader's gun; returns whether the LMG's extra was paid. */
  protected payLeaderShot(w: WeaponDef, firstShot: boolean): boolean {
    const s = this.s;
    let extra = w.extraAmmo > 0 && (this.lmgExtraPerShot || firstShot) ? w.extraAmmo : 0;
    if (s.magazines < 1 + extra) extra = 0;
    this.spend(1 + extra);
    // Without the extra magazine the +1 is not bought (ruling UA-R02); in per-round mode the first shot paid it for both.
    return w.extraAmmo === 0 || extra > 0 || !this.lmgExtraPerShot;
  }

  protected leaderGunMod(bonusPaid: boolean, u = -1): number {
    const s = this.s, w = s.weapon;
    const indoor = s.ex !== null ? this.unitIndoor(u) : s.indoorNow;
    let m = (w.extraAmmo > 0 ? (bonusPaid ? w.attackMod : 0) : w.attackMod) + this.darkMod(true);
    if (!indoor) m += w.outdoorMod;
    if (s.shield) m += w.oneHandedMod;
    if (s.attachment === ATT_LASER && indoor) m += 1;
    if (s.attachment === ATT_SUPPRESSOR) m -= 1;
    if (s.armour) m += s.armour.attack;
    return m;
  }

  /** K_SHOOT / K_PRECISE: every shot of the leader's gun, with AP rounds loaded if the policy says so (UA-R79). */
  protected leaderShoot(target: number, precise: boolean): void {
    const s = this.s;
    this.apLoaded = s.nSpecial > 0 && s.magazines > 0 && this.askSpecial(SP_AP);
    this.leaderGun(target, precise);
    this.apLoaded = false;
  }

  protected leaderGun(target: number, precise: boolean): void {
    const s = this.s, w = s.weapon;
    let aimed = target;
    for (let shot = 0; shot < w.shots && !this.over(); shot++) {
      if (s.magazines < 1) {
        // Out of magazines mid-action: the remaining shot becomes a melee attack (§29), criticals included (§08).
        let crit = this.attackRoll('leader', s.skill, aimed, false, false, true);
        if (this.enemyBroken()) return;
        for (let extra = 0; crit && extra < 10; extra++) {
          crit = this.attackRoll('leader', s.skill, this.firstTargetable(), false, false, true);
          if (this.enemyBroken()) return;
        }
        continue;
      }
      if (shot > 0 && !s.targetable(aimed)) aimed = this.aim();
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
        if (!s.targetable(aimed)) aimed = usePrecise ? this.aim() : this.firstTargetable();
        crit = this.attackRoll('leader', base, aimed, usePrecise, w.oddChoosesTarget, false);
        if (this.enemyBroken()) return;
      }
    }
  }

  protected leaderMelee(target: number, fullPower: boolean): void {
    const s = this.s;
    let base = s.skill;
    if (fullPower) {
      base = s.subCur;
      s.subCur--;
    }
    let crit = this.attackRoll('leader', base, target, false, false, true);
    for (let extra = 0; crit && extra < 10 && !this.enemyBroken(); extra++) crit = this.attackRoll('leader', base, this.firstTargetable(), false, false, true);
    this.enemyBroken();
  }

  /** 【ショットガン】 §19. */
  protected shotgun(target: number): void {
    const s = this.s, e = s.eng, lvl = this.level(target);
    this.spend(1);
    const r0 = this.dice.d6();
    const mod = s.subCur + e.units[target].attackMod;
    let value = r0 + mod;
    s.subCur--;
    let r = r0;
    while (r === 6) {
      r = this.dice.d6();
      value += r;
    }
    if (this.log) {
      const exploded = value - r0 - mod;
      this.say(`  leader fires the shotgun (${s.indoorNow ? 'indoor' : 'outdoor'}): d6=${r0} ${sgn(mod)}${exploded > 0 ? ` +${exploded} (critical dice)` : ''} → ${value} vs level ${lvl}`);
    }
    if (r0 === 1 || (r0 !== 6 && value < lvl)) return;
    let bodies = s.indoorNow ? 1 + Math.max(0, value - lvl) : Math.max(1, Math.floor(value / lvl));
    // Indoors: the target first, then other targetable units, one damage per body; outdoors: one unit only.
    // Pass 0 hits the target; later passes (indoors only) spread to the other targetable units,
    // repeating while damage lands, so a unit whose screen falls in the same blast is reached too.
    const hitOnce = this.hitOnce;
    hitOnce.fill(0);
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
    const mod = unit.attackModIsCover ? 0 : unit.attackMod;
    const ok = this.check(s.subCur + mod, this.level(target));
    s.subCur--;
    if (this.log) this.say(`  leader throws a grenade (skill) at ${unit.name}: d6=${this.nat} ${sgn(this.value - this.nat)} → ${this.value}${ok ? ' hit' : ' miss'}`);
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
      const ok = this.check(base + unit.attackMod, this.level(target));
      if (this.log) this.say(`  rapid fire ${i + 1} at ${unit.name}: d6=${this.nat} ${sgn(this.value - this.nat)} → ${this.value}${ok ? ' hit' : ' miss'}`);
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
    let ok: boolean;
    if (skill) ok = this.subCheck(this.level(target));
    else {
      s.expendables[EXP_FLASHBANG]--;
      ok = this.shootingRoll(this.level(target), 0);
    }
    if (this.log) this.say(`  leader ${skill ? 'uses スタングレネード' : 'throws a flashbang'} at ${unit.name}: d6=${this.nat} ${sgn(this.value - this.nat)} → ${this.value}${ok ? ' stunned' : ' no effect'}`);
    if (ok && !(unit.immune & IM_FLASHBANG)) s.unitStunned[target] = 1;
  }

  protected frag(target: number): void {
    const s = this.s, unit = s.eng.units[target], lvl = this.level(target);
    s.expendables[EXP_FRAG]--;
    const ok = this.shootingRoll(lvl, unit.attackMod + (s.indoorNow ? 1 : 0));
    if (this.log) this.say(`  leader throws a frag grenade at ${unit.name}: d6=${this.nat} ${sgn(this.value - this.nat)} → ${this.value} vs ${lvl}`);
    if (ok && !(unit.immune & IM_FRAG)) this.damage(target, this.nat !== 6 && this.value < lvl + 3 ? 1 : this.value >= lvl + 3 ? 2 : 1);
    this.enemyBroken();
  }

  protected at4(target: number): void {
    const s = this.s, unit = s.eng.units[target];
    s.expendables[EXP_AT4]--;
    if (this.log) this.say(`  leader fires the AT4 at ${unit.name}`);
    this.damage(target, unit.armoured ? 2 : 1);
    this.enemyBroken();
  }

  protected c4Plant(target: number): void {
    const s = this.s;
    s.expendables[EXP_C4]--;
    const ok = s.sub === SUB_DEX && s.subCur > 0 ? this.subCheck(4) : this.check(s.skill, 4);
    if (this.log) this.say(`  leader plants C4 on ${s.eng.units[target].name}: d6=${this.nat} ${sgn(this.value - this.nat)} → ${this.value}${ok ? ' set' : ' dud'}`);
    if (ok) s.c4Target = target;
  }

  protected c4Pre(target: number): void {
    const s = this.s, unit = s.eng.units[target];
    s.expendables[EXP_C4]--;
    if (this.log) this.say(`  leader sets off C4 before the fight on ${unit.name}`);
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
      if ((s.skills & SK_FORTIFY) && s.fortifyLeader === 0) L[n++] = D.act(D.K_FORTIFY_LEADER);
      if ((s.skills & SK_FORTIFY) && s.fortifyMembers === 0 && s.withSquad() > 0) L[n++] = D.act(D.K_FORTIFY_MEMBERS);
      if ((s.skills & SK_FIRST_AID) && s.life < s.lifeMax) L[n++] = D.act(D.K_FIRST_AID);
      if (!round0 && (s.skills & SK_NEGOTIATION) && e.negotiable && s.enemiesStanding() === 1) {
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
    // Special equipment: the barricade on an outdoor tile; the acoustic device on any targetable unit (round 0 too).
    const acoustic = s.nSpecial > 0 && s.specialCount(SP_ACOUSTIC) > 0;
    if (s.nSpecial > 0 && !s.indoorNow && s.specialCount(SP_BARRICADE) > 0) L[n++] = D.act(D.K_BARRICADE);
    for (let u = 0; u < s.nUnits; u++) {
      if (!s.targetable(u)) continue;
      const unit = e.units[u];
      if (acoustic) L[n++] = D.act(D.K_ACOUSTIC, u);
      if (s.expendables[EXP_FLASHBANG] > 0) L[n++] = D.act(D.K_FLASHBANG, u);
      if (s.expendables[EXP_FRAG] > 0) L[n++] = D.act(D.K_FRAG, u);
      if (s.expendables[EXP_AT4] > 0) L[n++] = D.act(D.K_AT4, u);
      if (s.expendables[EXP_C4] > 0) L[n++] = D.act(round0 ? D.K_C4_PRE : D.K_C4_PLANT, u);
      if (!s.iedUsed && s.members[R_ENGINEER] > 0 && unit.armoured) L[n++] = D.act(D.K_IED, u);
      if (sub && s.sub === SUB_SHOOT && (s.skills & SK_STUN)) L[n++] = D.act(D.K_STUN_SKILL, u);
      if (round0) continue;
      if (s.magazines > 0) L[n++] = D.act(D.K_SHOOT, u);
      L[n++] = D.act(D.K_MELEE, u);
      if (sub && s.sub === SUB_DEX && s.magazines > 0) L[n++] = D.act(D.K_PRECISE, u);
      if (sub && s.sub === SUB_MELEE) L[n++] = D.act(D.K_FULL_POWER, u);
      if (sub && s.sub === SUB_SHOOT) {
        if ((s.skills & SK_SHOTGUN) && s.magazines > 0 && !(unit.immune & IM_SHOTGUN)) L[n++] = D.act(D.K_SHOTGUN, u);
        if (s.skills & SK_GRENADE) L[n++] = D.act(D.K_GRENADE, u);
        if ((s.skills & SK_RAPID) && s.magazines > 0) L[n++] = D.act(D.K_RAPID, u);
      }
    }
    return n;
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
        if (this.log) this.say(`  the engineer's IED hits ${s.eng.units[u].name}`);
        this.damage(u, 1);
        this.enemyBroken();
        break;
      case D.K_FORTIFY_LEADER: s.subCur--; s.fortifyLeader = 1; if (this.log) this.say('  leader fortifies: +1 to his defence (拠点構築)'); break;
      case D.K_FORTIFY_MEMBERS: s.subCur--; s.fortifyMembers = 1; if (this.log) this.say('  leader fortifies: +1 to the members\' defence (拠点構築)'); break;
      case D.K_FIRST_AID: s.subCur--; s.life = Math.min(s.lifeMax, s.life + 1); if (this.log) this.say(`  first aid: leader life ${s.life}`); break;
      case D.K_NEGOTIATE: {
        const ok = this.subCheck(this.level(u));
        if (this.log) this.say(`  negotiation with the last soldier: d6=${this.nat} ${sgn(this.value - this.nat)} → ${this.value}${ok ? ' captured' : ' refused'}`);
        if (ok) {
          s.unitLeft[u] = 0;
          s.endReason = END_WIN;
          const c = s.ex !== null ? s.ex.onCapture : null;
          if (c !== null && c.unit === u) {
            this.applyEffects(c.effects);
            if ((c.withEquipment === 'tie_wraps' && s.tieWraps) || (c.withEquipment === 'nvg' && s.nvg)) this.applyEffects(c.withEffects);
          }
        }
        break;
      }
      case D.K_R0_USE: {
        const uses = s.ex!.roundZeroUses;
        let i = 0;
        while (uses[i].unit !== u || s.expendables[uses[i].expendable] <= 0) i++;
        s.expendables[uses[i].expendable]--;
        const kills = this.rollExpr(uses[i].kills);
        if (this.log) this.say(`  round 0: ${EXPENDABLES[uses[i].expendable]} on ${s.eng.units[u].name} — ${kills} down (no roll)`);
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
        if (this.log) this.say(`  leader uses the acoustic device on ${unit.name}: ${unit.immune & IM_FLASHBANG ? 'no effect' : unit.htt ? 'one attack fewer this round' : 'its attacks are nullified this round'}`);
        break;
      }
      case D.K_BARRICADE:
        // 展開式バリケードユニット (UA-R81): the rest of this combat counts as indoor.
        this.useSpecial(SP_BARRICADE);
        s.indoorNow = true;
        if (this.log) this.say('  leader deploys the barricade: this combat counts as indoor from now on');
        break;
    }
    return true;
  }

  /** One member's attacks (all its shots); melee at 0 magazines or when told to hold fire. */
  protected memberAttack(role: number, shoot = true): void {
    const s = this.s, def = this.g.catalogue.roles[role];
    const precise = role === R_MARKSMAN || role === R_SNIPER;
    const skill = def.skill + (role === R_SNIPER && s.members[R_SPOTTER] > 0 ? 1 : 0) + this.darkMod(false);
    const name = ROLES[role];
    for (let shot = 0; shot < def.shots && !this.over(); shot++) {
      const parityDecides = s.eng.parity !== null && !precise;
      const target = parityDecides || this.countTargetable() === 1 ? this.firstTargetable() : this.aim();
      if (target < 0) return;
      if (role === R_SNIPER && s.magazines < 1) return; // the sniper stays at the sniper point: no melee
      if (s.magazines < 1 || !shoot) {
        let crit = this.attackRoll(name, def.skill, target, false, false, true);
        for (let x = 0; crit && x < 10 && !this.enemyBroken(); x++) crit = this.attackRoll(name, def.skill, this.firstTargetable(), false, false, true);
        this.enemyBroken();
        continue;
      }
      this.spend(role === R_GUNNER && this.gunnerExtraPerShot && s.magazines >= 2 ? 2 : 1);
      let crit = this.attackRoll(name, skill, target, precise, false, false);
      if (this.enemyBroken()) return;
      for (let x = 0; crit && x < 10; x++) {
        if (this.critCosts) {
          if (s.magazines < 1) break;
          this.spend(1);
        }
        crit = this.attackRoll(name, skill, precise ? (s.targetable(target) ? target : this.aim()) : this.firstTargetable(), precise, false, false);
        if (this.enemyBroken()) return;
      }
    }
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
      const target = s.eng.parity !== null || this.countTargetable() === 1 ? this.firstTargetable() : this.aim();
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
        crit = this.attackRoll(name, melee ? baseSkill : skill, this.firstTargetable(), false, false, melee);
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
    const s = this.s;
    if (this.log) this.say(` squad's turn`);
    const cap = this.attackersCap();
    let attackers = 0;
    const a = this.ask(D.D_LEADER, this.leaderLegal(false));
    if (this.log && D.kindOf(a) !== D.K_SHOOT) this.say(`  leader: ${D.KIND_NAMES[D.kindOf(a)]}${(D.kindOf(a) > D.K_PASS && D.kindOf(a) < D.K_FORTIFY_LEADER) || D.kindOf(a) === D.K_NEGOTIATE || D.kindOf(a) === D.K_IED || D.kindOf(a) === D.K_ACOUSTIC ? ` → ${s.eng.units[D.targetOf(a)].name}` : ''}`);
    if (!this.leaderAct(a) || this.over()) return;
    const k = D.kindOf(a);
    if ((k >= D.K_SHOOT && k <= D.K_C4_PLANT) || k === D.K_IED || k === D.K_ACOUSTIC) attackers++; // only an attack takes one of the attacker slots (UA-R27)
    if (s.members[R_SNIPER] > 0 && !s.indoorNow) {
      for (let i = 0; i < s.members[R_SNIPER] && !this.over(); i++) {
        if (cap > 0 && attackers >= cap) return;
        this.memberAttack(R_SNIPER);
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
      // members_attacking_mod: (cap − 1, or the members present) ± n, at least 1 (UA-R66).
      const limit = Math.max(1, (cap > 0 ? cap - 1 : s.withSquad()) + s.membersAttackingMod);
      if (attacking > limit) attacking = limit;
    }
    const memberCap = attackers + attacking;
    let shooters = attacking;
    if (attacking > 0 && s.magazines > 0) {
      for (let i = 0; i <= attacking; i++) this.legal[i] = i;
      shooters = this.ask(D.D_MEMBER_FIRE, attacking + 1);
      if (this.log && shooters < attacking) this.say(`  ${attacking - shooters} member(s) hold fire and close in for melee`);
    }
    for (let i = 0; i < MEMBER_ORDER.length; i++) {
      const role = MEMBER_ORDER[i];
      for (let k = role === held ? 1 : 0; k < s.members[role]; k++) {
        if (this.over() || (cap > 0 && attackers >= cap) || attackers >= memberCap) return;
        this.memberAttack(role, shooters > 0);
        shooters--;
        attackers++;
      }
    }
    for (let i = 0; i < this.scMemberDefs.length; i++) {
      if (this.scMemberDefs[i].shots === 0) continue;
      for (let k = N_ROLES + i === held ? 1 : 0; k < s.scMembers[i]; k++) {
        if (this.over() || (cap > 0 && attackers >= cap) || attackers >= memberCap) return;
        this.scMemberAttack(i, shooters > 0);
        shooters--;
        attackers++;
      }
    }
    // Combat drones last (the weakest); one told to hold fire, or with no magazine left, does not attack (UA-R84).
    for (let k = held === DRONE_SLOT ? 1 : 0; k < s.drones; k++) {
      if (this.over() || (cap > 0 && attackers >= cap) || attackers >= memberCap) return;
      if (shooters > 0 && s.magazines > 0) this.plainAttacks('combat drone', 1, 1, true);
      shooters--;
      attackers++;
    }
  }

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
    const mods = proto + (s.armour ? s.armour.defence : 0) + (s.shield && unit.gunArmed ? s.shield.defenceVsShooting : 0) + s.fortifyLeader
      + (s.round === 1 ? s.firstDefenceMod : 0) + s.defenceModAll - (s.eng.dark && s.attachment === ATT_FLASHLIGHT ? 1 : 0) + this.scDefenceMod();
    let ok = this.check(base + mods, lvl);
    if (this.log) this.say(`  leader defends vs ${unit.name}: d6=${this.nat} ${sgn(this.value - this.nat)} → ${this.value} vs ${lvl}${ok ? ' safe' : ' fails'}`);
    if (!ok) ok = this.dodge(s.skill + mods, lvl, unit.gunArmed);
    return !ok;
  }

  /** 見切り: re-roll a failed defence against shooting (§19). */
  protected dodge(base: number, lvl: number, shooting: boolean): boolean {
    const s = this.s;
    if (!shooting || !(s.skills & SK_DODGE) || s.sub !== SUB_SHOOT || s.subCur <= 0) return false;
    if (!this.askYes(D.D_DODGE)) return false;
    s.subCur--;
    const ok = this.check(base, lvl);
    if (this.log) this.say(`  見切り: d6=${this.nat} ${sgn(this.value - this.nat)} → ${this.value}${ok ? ' dodged' : ' still hit'}`);
    return ok;
  }

  /** An attack aimed at the members: defence with the leader's 技量点, かばう, then the hit table (§36). */
  protected memberDefends(u: number): void {
    const s = this.s, unit = s.eng.units[u], lvl = this.level(u);
    const armour = this.memberArmour ? (s.armour ? s.armour.defence : 0) + (s.shield && unit.gunArmed ? s.shield.defenceVsShooting : 0) : 0;
    // 試作防弾シールド on a member (UA-R83 `members`), or the leader's when his protection counts for the members (UA-R14).
    const proto = s.nSpecial > 0 && unit.gunArmed && (!this.shieldOnLeader || this.memberArmour) && this.trySpecial(SP_SHIELD) ? 1 : 0;
    const base = proto + s.skill + armour + s.fortifyMembers + (s.round === 1 ? s.firstDefenceMod : 0) + s.defenceModAll + this.scDefenceMod();
    let ok = this.check(base, lvl);
    if (this.log) this.say(`  members defend vs ${unit.name}: d6=${this.nat} ${sgn(this.value - this.nat)} → ${this.value} vs ${lvl}${ok ? ' safe' : ' fails'}`);
    if (!ok) ok = this.dodge(base, lvl, unit.gunArmed);
    if (!ok && s.sub === SUB_MELEE && s.subCur > 0 && !s.protectUsedThisRound) {
      if (this.askYes(D.D_PROTECT)) {
        s.protectUsedThisRound = true;
        ok = this.subCheck(lvl);
        if (this.log) this.say(`  かばう: d6=${this.nat} ${sgn(this.value - this.nat)} → ${this.value}${ok ? ' covered' : ' failed'}`);
      }
    }
    if (!ok) this.hitTable();
  }

  /** 被弾テーブル: the role hit, searching upward then downward (§36). */
  protected hitTable(): void {
    const s = this.s;
    if (this.scMemberDefs.length > 0 || s.drones > 0) {
      const slot = this.hitSlot(true);
      if (slot < 0) return;
      const before = this.slotCount(slot);
      this.memberDown(slot);
      if (this.log) this.say(this.slotCount(slot) < before ? `    hit table d6=${s.hitRoll}: a ${this.slotName(slot)} drops (${s.withSquad()} members left)` : `    hit table d6=${s.hitRoll}: the ${this.slotName(slot)} is hit but stays`);
      return;
    }
    let roll = this.dice.d6();
    // 部隊再編 stage 2 (§41): once per operation the roll may be modified by −1.
    if (s.hitTableUses > 0 && roll > 1) {
      s.hitRoll = roll;
      if (this.askYes(D.D_HIT_ADJUST)) {
        s.hitTableUses--;
        if (this.log) this.say(`    部隊再編: hit table d6=${roll} modified to ${roll - 1}`);
        roll--;
      }
    }
    let role = -1;
    for (let i = roll; i <= 6 && role < 0; i++) if (s.members[HIT_TABLE_ROLES[i]] > 0) role = HIT_TABLE_ROLES[i];
    for (let i = roll - 1; i >= 1 && role < 0; i--) if (s.members[HIT_TABLE_ROLES[i]] > 0) role = HIT_TABLE_ROLES[i];
    if (role < 0) return;
    s.members[role]--;
    if (this.log) this.say(`    hit table d6=${roll}: a ${ROLES[role]} drops (${s.withSquad()} members left)`);
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
        if (this.log) this.say(`    部隊再編: hit table d6=${roll} modified to ${roll - 1}`);
        roll--;
      }
    }
    s.hitRoll = roll;
    let slot = -1;
    for (let i = roll; i <= 6 && slot < 0; i++) slot = this.slotAt(i);
    for (let i = roll - 1; i >= 1 && slot < 0; i--) slot = this.slotAt(i);
    return slot;
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
        if (!x.units[u].hitByParity) continue;
        for (let i = 0; i < this.unitAttacks[u]; i++) {
          if (!this.leaderDefends(u)) continue;
          if ((this.value & 1) === 0 && s.withSquad() > 0) {
            if (this.log) this.say(`    even value ${this.value}: a member is hit`);
            this.hitTable();
          } else if (this.leaderHit(u)) return;
        }
        total -= this.unitAttacks[u];
        this.unitAttacks[u] = 0;
      }
      if (total <= 0) return;
    }
    const members = s.withSquad();
    let toLeader = total >> 1;
    let toMembers = total - toLeader;
    if ((total & 1) === 1 && members > 0) {
      this.legal[0] = D.A_TO_LEADER;
      this.legal[1] = D.A_TO_MEMBERS;
      if (this.ask(D.D_ODD_ATTACK, 2) === D.A_TO_LEADER) {
        toLeader++;
        toMembers--;
      }
    }
    if (toMembers > members) {
      toLeader += toMembers - members;
      toMembers = members;
    }
    if (this.log) this.say(`  ${total} enemy attacks: ${toLeader} at the leader, ${toMembers} at the members`);
    let k = 0;
    for (let u = 0; u < s.nUnits; u++) {
      for (let i = 0; i < this.unitAttacks[u]; i++, k++) {
        if (k < toLeader || s.withSquad() === 0) {
          if (this.leaderDefends(u) && this.leaderHit(u)) return;
        } else this.memberDefends(u);
      }
    }
  }

  /** The leader takes a hit from unit `u` (its fumble_damage on a natural 1); true when he is down. */
  protected leaderHit(u: number): boolean {
    const s = this.s, x = s.ex;
    const dmg = x !== null && u < x.units.length && x.units[u].fumbleDamage > 0 && this.nat === 1 ? x.units[u].fumbleDamage : 1;
    s.life -= dmg;
    if (this.log) this.say(`    leader hit${dmg > 1 ? ` (natural 1: ${dmg} damage)` : ''}: life ${Math.max(0, s.life)}`);
    // Splash (scenario trait, UA-R76): one more wound for the leader, or a member drops (the squad chooses).
    if (x !== null && u < x.units.length && x.units[u].splash && s.life > 0) {
      let toLeader = true;
      if (s.withSquad() > 0) {
        this.legal[0] = D.A_TO_LEADER;
        this.legal[1] = D.A_TO_MEMBERS;
        toLeader = this.ask(D.D_SPLASH, 2) === D.A_TO_LEADER;
      }
      if (toLeader) {
        s.life--;
        if (this.log) this.say(`    splash: the leader takes one more wound: life ${Math.max(0, s.life)}`);
      } else {
        if (this.log) this.say('    splash: the members take it');
        this.hitTable();
      }
    }
    if (s.life <= 0) {
      s.life = 0;
      if (this.log) this.say('  the leader is down (行動不能)');
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
    if (this.log) this.say(' enemy turn');
    const total = this.countAttacks(false);
    s.unitStunned.fill(0);
    this.volley(total);
    s.enemyActedThisRound = true;
  }

  /** 退却 §42: the enemy fires first, then the squad falls back. */
  protected retreat(): void {
    const s = this.s;
    s.retreatUsed = true;
    if (this.log) this.say('  the leader orders a retreat (退却 §42)');
    const total = this.countAttacks(!this.retreatFull);
    s.unitStunned.fill(0);
    this.volley(total);
    if (s.endReason === END_NONE) s.endReason = END_RETREAT;
  }

  // ───────────────────────── combat and encounter ─────────────────────────

  protected record(): void {
    if (!this.roundSeries) return;
    const s = this.s, base = s.engIndex * (ROUNDS_SHOWN + 1);
    const from = Math.min(s.round, ROUNDS_SHOWN);
    const to = this.over() ? ROUNDS_SHOWN : from;
    const enemies = s.enemiesStanding();
    for (let r = from; r <= to; r++) {
      this.rec.set(base + r, V_LIFE, s.life > 0 ? s.life : 0);
      this.rec.set(base + r, V_MEMBERS, s.withSquad());
      this.rec.set(base + r, V_MAGAZINES, s.magazines);
      this.rec.set(base + r, V_ENEMIES, enemies);
    }
  }

  /** The rounds of one combat (§36). */
  protected combat(): void {
    const s = this.s;
    s.round = 0;
    s.inCombat = true;
    s.fortifyLeader = 0;
    s.fortifyMembers = 0;
    s.retreatUsed = false;
    s.c4Target = -1;
    s.unitStunned.fill(0);
    s.roundAttackMod = 0;
    const x = s.ex;
    if (this.log) this.say(` round 0 (${s.squadFirst ? 'squad' : 'enemy'} acts first in each round)`);
    if (x !== null && x.roundZeroBlast !== null) this.roundZeroBlast(x.roundZeroBlast);
    if (s.members[R_SNIPER] > 0 && !s.indoorNow && !this.over()) {
      for (let i = 0; i < s.members[R_SNIPER] && !this.over(); i++) this.memberAttack(R_SNIPER);
    }
    if (!this.over()) {
      const n = this.leaderLegal(true);
      if (n > 1) {
        const a = this.ask(D.D_ROUND0, n);
        if (D.kindOf(a) !== D.K_PASS) {
          if (this.log) this.say(`  round 0: leader ${D.KIND_NAMES[D.kindOf(a)]}`);
          this.leaderAct(a);
        }
      }
    }
    if (this.scItemDefs.length > 0 && !this.over()) this.offerCombatItems();
    if (s.nSpecial > 0 && !this.over()) this.offerDrone();
    this.record();
    let absent = -1;
    while (!this.over()) {
      s.round++;
      s.totalRounds++;
      s.protectUsedThisRound = false;
      s.enemyActedThisRound = false;
      if (x !== null) {
        this.reinforce(x);
        if (x.advantageAttackMod !== 0) {
          // 数的優位: leader + combatant members present vs enemies standing, at the round start.
          s.roundAttackMod = 1 + s.withSquad() >= s.enemiesStanding() ? x.advantageAttackMod : 0;
          if (this.log && s.roundAttackMod !== 0) this.say(`  数的優位: attack ${sgn(s.roundAttackMod)} this round`);
        }
      }
      if (s.round === 1 && s.absentRole >= 0 && this.slotCount(s.absentRole) > 0) {
        // target_absent_first_round: that member is not in round 1 at all.
        absent = s.absentRole;
        this.slotAdd(absent, -1);
        if (this.log) this.say(`  a ${this.slotName(absent)} is cut off in round 1`);
      } else if (s.round === 2 && absent >= 0) {
        this.slotAdd(absent, 1);
        absent = -1;
      }
      if (this.log) this.say(` round ${s.round}: leader life ${s.life}, members ${s.withSquad()}, magazines ${s.magazines}, enemies ${s.enemiesStanding()}`);
      if (this.scItemDefs.length > 0) this.offerCombatItems();
      if (s.nSpecial > 0) this.offerDrone();
      if (s.c4Target >= 0) {
        const u = s.c4Target;
        s.c4Target = -1;
        if (s.unitLeft[u] > 0) {
          if (this.log) this.say('  the C4 goes off');
          this.damage(u, s.eng.units[u].htt ? 1 : 2);
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
      if (!this.over() && x !== null && x.endsAfterRound > 0 && s.round >= x.endsAfterRound) {
        if (this.log) this.say(`  the fight ends after round ${s.round}: won (the scenario's win condition)`);
        s.endReason = END_WIN;
        s.endedNoLoot = true;
      }
      if (!this.over() && s.round >= this.g.maxRounds) {
        if (this.log) this.say(`  no decision after ${s.round} rounds`);
        s.endReason = END_TIMEOUT;
      }
      this.record();
    }
    if (absent >= 0) this.slotAdd(absent, 1);
    s.inCombat = false;
  }

  /** 増援 (reinforcements) at the start of a round, before anyone acts. */
  protected reinforce(x: EncounterExtra): void {
    const s = this.s;
    for (const r of x.reinforcements) {
      if (s.round !== r.round && !(r.every && s.round > r.round)) continue;
      if (s.enemiesStanding() < r.ifStandingAtLeast) continue;
      const n = this.rollExpr(r.count);
      s.unitLeft[r.unit] += n;
      s.unitStart[r.unit] += n;
      if (this.log) this.say(`  reinforcements: +${n} ${s.eng.units[r.unit].name} (${s.unitLeft[r.unit]})`);
    }
  }

  /** 即席爆弾 in round 0: 1d6 ≤ faces → the leader's defence roll vs target; a failure costs `damage` (UA-R70). */
  protected roundZeroBlast(b: { readonly faces: number; readonly target: number; readonly damage: number }): void {
    const s = this.s;
    const r = this.dice.d6();
    if (this.log) this.say(`  round-0 blast: d6=${r}${r <= b.faces ? ' — it goes off' : ' — nothing'}`);
    if (r > b.faces) return;
    const ok = this.check(s.skill + (s.armour ? s.armour.defence : 0), b.target);
    if (this.log) this.say(`  leader defends vs the blast: d6=${this.nat} ${sgn(this.value - this.nat)} → ${this.value} vs ${b.target}${ok ? ' safe' : ' fails'}`);
    if (ok) return;
    const dmg = Math.max(0, b.damage - (s.armour ? s.armour.blastReduction : 0));
    s.life -= dmg;
    if (this.log) this.say(`    leader takes ${dmg}: life ${Math.max(0, s.life)}`);
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

  /** One encounter: opening choice, reaction (§35), then combat if it comes to that. */
  protected encounter(e: EngagementDef, x: EncounterExtra | null = null): void {
    const s = this.s;
    s.eng = e;
    s.ex = x;
    s.indoorNow = e.indoor;
    this.noLoot = false;
    s.nUnits = e.units.length;
    s.endReason = END_NONE;
    s.round = 0;
    s.choseFirst = s.killedAll = s.endedNoLoot = false;
    s.roundAttackMod = 0;
    let hasGroup = false;
    for (let u = 0; u < s.nUnits; u++) {
      const unit = e.units[u];
      s.unitLeft[u] = s.unitStart[u] = unit.htt ? unit.life : this.rollCount(u);
      if (!unit.htt) hasGroup = true;
    }
    if (s.nextExtraEnemies > 0 && hasGroup) {
      // extra_enemies: carried to this, the next fight with a group; the squad picks the group.
      let n = 0;
      for (let u = 0; u < s.nUnits; u++) if (!e.units[u].htt) this.legal[n++] = u;
      const u = this.ask(D.D_EXTRA_GROUP, n);
      s.unitLeft[u] += s.nextExtraEnemies;
      s.unitStart[u] += s.nextExtraEnemies;
      if (this.log) this.say(`  +${s.nextExtraEnemies} ${e.units[u].name} (an earlier event)`);
      s.nextExtraEnemies = 0;
    }
    if (this.log) {
      let line = `engagement ${s.engIndex + 1}: ${e.name} (${e.indoor ? 'indoor' : 'outdoor'}${e.dark ? ', dark' : ''}) —`;
      for (let u = 0; u < s.nUnits; u++) line += ` ${e.units[u].name} ${e.units[u].htt ? `life ${s.unitLeft[u]}` : `×${s.unitLeft[u]}`} L${e.units[u].level}`;
      this.say(line);
    }
    let allFight = e.reactionTable !== null, allHtt = true;
    if (e.reactionTable) for (let f = 0; f < 6; f++) if (e.reactionTable[f].reaction !== RX_FIGHT) allFight = false;
    for (let u = 0; u < s.nUnits; u++) if (!e.units[u].htt) allHtt = false;
    let forced = e.enemyFirstStrike || s.nextEnemyFirst;
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
      if (this.log) this.say('  the squad always attacks first here');
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
      reaction = allFight || (e.reactionTable === null && allHtt) ? RX_FIGHT : RX_HOSTILE;
      if (this.bodyArmourCheck && s.armour && s.armour.initiative < 0) {
        const ok = this.check(s.skill + s.armour.initiative, 4);
        if (this.log) this.say(`  body-armour initiative check: d6=${this.nat} ${sgn(this.value - this.nat)} → ${this.value}${ok ? '' : ' — too slow, the enemy strikes first'}`);
        if (!ok) s.squadFirst = false;
      }
      if (this.log) this.say('  the squad attacks first (先制攻撃)');
    } else if (e.reactionTable === null) {
      s.squadFirst = false;
      reaction = allHtt ? RX_FIGHT : RX_HOSTILE;
      if (this.log) this.say('  no reaction table: the enemy attacks at once');
    } else {
      let roll = this.dice.d6();
      if (this.scMemberDefs.length > 0) {
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
      const adj = this.ask(D.D_REACTION_ADJUST, n);
      if (adj === D.A_ADJ_POL_MINUS || adj === D.A_ADJ_POL_PLUS) s.subCur--;
      if (adj === D.A_ADJ_POL_MINUS || adj === D.A_ADJ_INT_MINUS) roll--;
      if (adj === D.A_ADJ_POL_PLUS || adj === D.A_ADJ_INT_PLUS) roll++;
      roll = roll < 1 ? 1 : roll > 6 ? 6 : roll;
      const entry = e.reactionTable[roll - 1];
      reaction = entry.reaction;
      if (this.log) this.say(`  reaction: d6=${rolled}${roll !== rolled ? ` adjusted to ${roll}` : ''} → ${REACTIONS[reaction]}`);
      this.pendingEntry = entry.next;
      const fx = x !== null && x.reactions !== null ? x.reactions[roll - 1] : null;
      if (fx !== null && fx.effects.length > 0) {
        this.applyEffects(fx.effects);
        if (s.endReason !== END_NONE) return;
      }
      if (reaction === RX_OUTNUMBERED) {
        const ours = 1 + s.withSquad();
        reaction = ours > s.enemiesStanding() ? RX_WITHDRAW : RX_HOSTILE;
        if (this.log) this.say(`  ${ours} of ours vs ${s.enemiesStanding()}: ${reaction === RX_WITHDRAW ? 'they withdraw' : 'they fight'}`);
      }
      if (reaction === RX_EXTORTION) {
        const cost = e.extortionCost, cheap = Math.floor(cost / 10);
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
          if (this.log) this.say(`  paid ${paid} magazine(s)${mre ? `, ${mre} MRE(s)` : ''}${scrip ? `, ${scrip} 軍票` : ''}: they leave`);
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
          this.passWithout(false);
          return;
        }
        if (this.log) this.say('  the squad opens fire instead of passing');
        fightInstead = true;
        reaction = RX_HOSTILE;
      }
      if (reaction === RX_SUPPORTIVE) {
        s.life = Math.min(s.lifeMax, s.life + 1);
        this.passWithout(false);
        return;
      }
      if (reaction === RX_FRIENDLY || reaction === RX_NEUTRAL) {
        this.passWithout(false);
        return;
      }
      if (reaction === RX_WITHDRAW) {
        this.passWithout(true);
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
    const squadForced = s.nextSquadFirst;
    s.firstDefRollMod = s.nextFirstDefRollMod;
    s.membersAttackingMod = s.nextMembersAttackingMod;
    s.noAttackRole = s.nextNoAttackRole;
    s.absentRole = s.nextAbsentRole;
    s.nextFirstDefRollMod = s.nextMembersAttackingMod = 0;
    s.nextNoAttackRole = s.nextAbsentRole = -1;
    s.nextEnemyFirst = s.nextSquadFirst = false;
    s.nextDefenceMod = s.nextAttackersCap = s.nextEnemyAttacks = s.nextDefenceModAll = s.nextEnemyAttacksAll = s.nextFirstAttackMod = 0;
    if (squadForced && !forced && !s.squadFirst) {
      s.squadFirst = true;
      if (this.log) this.say('  the squad strikes first (an earlier event)');
    }
    if (forced && s.squadFirst) {
      s.squadFirst = false;
      if (this.log) this.say('  the enemy strikes first (forced)');
    }
    if (!s.squadFirst && s.sub === SUB_SHOOT && (s.skills & SK_PREEMPT) && s.subCur > 0) {
      if (this.askYes(D.D_SEIZE)) {
        s.subCur--;
        s.squadFirst = true;
        if (this.log) this.say('  先制射撃: the squad seizes the first turn');
      }
    }
    forced = false;
    this.combat();
  }

  /** The encounter ends without a fight; `loot` when the enemy withdrew. */
  protected passWithout(loot: boolean): void {
    const s = this.s;
    // A reaction entry's "next combat" effects (e.g. the guards warn the others) carry to the next fight (UA-R28).
    const next = this.pendingEntry;
    if (next) {
      s.nextEnemyFirst ||= next.enemyFirstStrike;
      s.nextDefenceMod += next.firstRoundDefenceMod;
      if (next.firstRoundAttackersCap > 0) s.nextAttackersCap = next.firstRoundAttackersCap;
      s.nextEnemyAttacks += next.firstRoundEnemyAttacks;
    }
    s.endReason = END_WIN;
    for (let u = 0; u < s.nUnits; u++) s.unitLeft[u] = 0;
    this.record();
    this.noLoot = !loot;
  }

  /** Items the squad carries toward the carry limit (持ち物上限 §27). */
  protected carried(): number {
    const s = this.s;
    let n = this.squad.carriedFixed + s.carriedExtra;
    for (let i = 0; i < EXPENDABLES.length; i++) n += s.expendables[i];
    for (let i = 0; i < this.scItemDefs.length; i++) if (this.scItemDefs[i].carried) n += s.scItems[i];
    // Special equipment is equipment (装備品は持ち物上限に数えます §39; an activated drone is a member, UA-R78).
    return n + s.nSpecial + s.scannerStanding;
  }

  /** 闇取引: buy offers one at a time within the carry limit, each in 軍票 or magazines (UA-R72). */
  protected market(x: EncounterExtra): void {
    const s = this.s, offers = x.market;
    for (let guard = 0; guard < 40; guard++) {
      let n = 0;
      this.legal[n++] = 0;
      const room = this.carried() < this.squad.carryLimit;
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
      if (this.log) this.say(`  bought ${o.id} for ${(a & 1) === 1 ? `${o.scrip} 軍票` : `${o.magazines} magazine(s)`}`);
    }
  }

  /**
   * One roll on the standard loot table (§40): 1d6 + `mod` + the operation's `loot_mod`; 1 or less → 1
   * magazine, 7 or more → the special-equipment table (UA-R77).
   */
  protected lootTableRoll(mod = 0): void {
    const s = this.s;
    const nat = this.dice.d6();
    const r = nat + mod + this.lootMod;
    let mags = 0;
    if (r <= 1) mags = 1;
    else if (r === 2) mags = this.dice.d6();
    else if (r === 3) mags = Math.max(5, this.dice.nd(2, 6));
    else if (r === 4) s.scrip += this.dice.d6() * this.dice.d6();
    else if (r === 5) s.scrip += Math.max(15, this.dice.d6() * 5);
    else if (r === 6) s.scrip += Math.max(30, this.dice.nd(2, 6) * 5);
    else {
      if (this.log) this.say(`  loot table d6=${nat}${r !== nat ? ` ${sgn(r - nat)} → ${r}` : ''}: special equipment`);
      this.specialTableRoll();
      return;
    }
    s.magazines += mags;
    if (this.log) this.say(`  loot table d6=${nat}${r !== nat ? ` ${sgn(r - nat)} → ${r}` : ''}: ${mags} magazine(s), scrip ${s.scrip}`);
  }

  /** Loot after a won encounter (§39–§40). */
  protected loot(e: EngagementDef): void {
    const s = this.s;
    if (e.lootMagazines > 0) {
      s.magazines += e.lootMagazines;
      if (this.log) this.say(`  loot: ${e.lootMagazines} magazine(s)`);
    } else if (e.lootTable) this.lootTableRoll();
  }

  /** After a combat: medics, then MRE/medkit decisions (§28, §31). */
  protected between(afterCombat: boolean): void {
    const s = this.s;
    if (afterCombat) {
      for (let i = 0; i < s.members[R_MEDIC] && s.life < s.lifeMax; i++) {
        s.life++;
        if (this.log) this.say(`  medic treats the leader: life ${s.life}`);
      }
    }
    for (let guard = 0; guard < 20; guard++) {
      let n = 0;
      this.legal[n++] = D.A_CONTINUE;
      if (s.mre > 0 && s.life < s.lifeMax) this.legal[n++] = D.A_EAT_MRE;
      if (s.expendables[EXP_MEDKIT] > 0 && s.life < s.lifeMax) this.legal[n++] = D.A_MEDKIT;
      // ファーストエイド between fights too (指揮 skill, 1 指揮点: +1 life, UA-R18).
      if ((s.skills & SK_FIRST_AID) && s.sub === SUB_COMMAND && s.subCur > 0 && s.life < s.lifeMax) this.legal[n++] = D.A_FIRST_AID;
      const a = this.ask(D.D_BETWEEN, n);
      if (a === D.A_CONTINUE) return;
      if (a === D.A_FIRST_AID) {
        s.subCur--;
        s.life = Math.min(s.lifeMax, s.life + 1);
        if (this.log) this.say(`  first aid: leader life ${s.life}`);
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
        if (this.log) this.say(`  leader eats an MRE: life ${s.life}`);
      } else {
        s.expendables[EXP_MEDKIT]--;
        s.life = Math.min(s.lifeMax, s.life + 1);
        if (this.log) this.say(`  medkit: life ${s.life}`);
      }
    }
  }

  protected reset(): void {
    const s = this.s, q = this.squad;
    s.sub = q.sub;
    s.skill = q.skill;
    s.lifeMax = q.lifeMax;
    s.life = q.lifeMax;
    s.subMax = s.subCur = q.subMax;
    s.skills = q.skills;
    const cat = this.g.catalogue;
    s.weapon = cat.weapons[q.weapon];
    s.attachment = q.attachment === 'laser_sight' ? ATT_LASER : q.attachment === 'flashlight' ? ATT_FLASHLIGHT : q.attachment === 'suppressor' ? ATT_SUPPRESSOR : ATT_NONE;
    s.armour = q.armour ? cat.armours[q.armour] : null;
    s.shield = q.shield ? cat.shields[q.shield] : null;
    for (let i = 0; i < EXPENDABLES.length; i++) s.expendables[i] = q.expendables[i];
    s.nvg = q.nvg;
    s.magazines = q.magazines;
    s.mre = q.mre;
    s.scrip = 0;
    for (let r = 0; r < q.members.length; r++) s.members[r] = s.membersStart[r] = q.members[r];
    for (let i = 0; i < this.scMemberDefs.length; i++) s.scMembers[i] = s.scMembersStart[i] = q.members[N_ROLES + i] ?? 0;
    s.scItems.fill(0);
    s.carriedExtra = 0;
    s.squadSize = q.squadSize;
    s.nSpecial = s.scannerStanding = s.drones = s.droneGuards = 0;
    s.specialFound = s.exchangeMagazines = 0;
    s.specialOffer = s.exchangeKind = -1;
    // The variant's what-if special equipment (`special_equipment`, UA-R87): held from the start.
    if (q.special) for (const p of q.special) {
      const i = s.nSpecial++;
      s.spKind[i] = p.kind;
      s.spUses[i] = p.uses;
      s.spTotal[i] = p.total;
    }
    // タイラップ: the 器用 starting kit has it (§26); bought equipment is not in the compiled squad (UA-R73).
    s.tieWraps = q.sub === SUB_DEX;
    s.xp = 0;
    s.ex = null;
    s.inCombat = false;
    s.nextFirstDefRollMod = s.nextMembersAttackingMod = s.nextExtraEnemies = 0;
    s.nextNoAttackRole = s.nextAbsentRole = -1;
    s.firstDefRollMod = s.membersAttackingMod = 0;
    s.noAttackRole = s.absentRole = -1;
    s.mapSetTens = 0;
    s.levelMod = 0;
    s.retreats = 0;
    s.iedUsed = false;
    s.magazinesSpent = 0;
    s.totalRounds = 0;
    s.engagementsCleared = 0;
    s.nextEnemyFirst = s.nextSquadFirst = false;
    s.nextDefenceMod = s.nextAttackersCap = s.nextEnemyAttacks = s.nextDefenceModAll = s.nextEnemyAttacksAll = s.nextFirstAttackMod = 0;
    s.engIndex = 0;
    // 物資支援要請 (§21): used once at the start, not an action.
    if (q.supplyRequest && s.sub === SUB_COMMAND && (s.skills & SK_SUPPLY) && s.subCur > 0) {
      s.subCur--;
      if (cat.weapons[q.supplyRequest]) s.weapon = cat.weapons[q.supplyRequest];
      else {
        const old = s.armour ? s.armour.life : 0;
        s.armour = cat.armours[q.supplyRequest];
        s.lifeMax += s.armour.life - old;
        s.life = s.lifeMax;
      }
    }
  }

  play(dice: Dice, policyDice: Dice, rec: GameRecord, log: GameLog | null): void {
    this.dice = dice;
    this.pdice = policyDice;
    this.rec = rec;
    this.log = log;
    this.reset();
    const s = this.s, g = this.g;
    if (log) this.say(`squad: life ${s.life}, skill ${s.skill}, ${['格闘', '器用', '射撃', '指揮'][s.sub]} ${s.subCur}, ${s.weapon.id}, magazines ${s.magazines}, members ${s.withSquad()}`);
    let alive = true, cleared = true;
    for (let e = 0; e < g.engagements.length && alive && cleared; e++) {
      s.engIndex = e;
      for (;;) {
        this.encounter(g.engagements[e]);
        const end = s.endReason;
        if (end === END_WIN) {
          s.engagementsCleared++;
          if (!this.noLoot) this.loot(g.engagements[e]);
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
    rec.values[VAL_MAG_SPENT] = s.magazinesSpent;
    rec.values[VAL_MAG_LEFT] = s.magazines;
    rec.values[VAL_MEMBERS_LOST] = lost;
    rec.values[VAL_ROUNDS] = s.totalRounds;
    rec.values[VAL_CLEARED] = s.engagementsCleared;
    rec.values[VAL_LIFE_END] = Math.max(0, s.life);
    if (log) this.say(`result: ${win ? 'CLEARED' : alive ? 'not cleared (leader alive)' : 'leader down'} — engagements ${s.engagementsCleared}/${g.engagements.length}, magazines spent ${s.magazinesSpent}, left ${s.magazines}, members lost ${lost}`);
  }
}

/** Unused-import guard for catalogue constants that document roles. */
void R_SCOUT;
