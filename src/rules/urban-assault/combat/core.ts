/**
 * The URBAN ASSAULT engine's state, rulings and the small helpers every rule area uses: the replay log, the
 * policy's decisions, 判定ロール (§07–§10) and the squad's hit slots (§32).
 *
 * Seed 004 §05–§10 (dice, 判定ロール, critical/fumble, sub-abilities), §32 (members by hit slot).
 * One layer of the engine's class chain (game-core → game-special → game-targets → game-attacks →
 * game-defence → game-combat → game-encounter → game.ts): each file adds one rule area.
 */
import type { Dice } from '../../../sim/core/dice.js';
import type { GameLog, GameRecord } from '../../../sim/core/types.js';
import { EXPENDABLE_DEFS, EXPENDABLES, N_ROLES, ROLE_DEFS, ROLES, roleCarry, R_ASSAULT, R_ENGINEER, R_GUNNER, R_MARKSMAN, R_MEDIC, R_SCOUT } from '../catalogue/catalogue.js';
import { type NextCombatEffects, type GauntletDef, type SquadDef } from '../config.js';
import * as D from '../decisions.js';
import type { EffectDef, ScenarioItemDef, ScenarioMemberDef } from '../scenario/scenario.js';
import { END_NONE, UaState } from './state.js';
import type { UaPolicy } from '../decisions.js';
import type { RulingSettings } from '../catalogue/rulings.js';
import type { MsgParams } from '../../../i18n/t.js';
import { narrate, narrateText } from '../../../sim/core/narrate.js';
import type { MessageId } from '../../../i18n/messages-en.js';
import type { UaRules } from '../catalogue/ruleset.js';

/** A modifier for the replay log: +2, −1, +0. */
export function sgn(m: number): string {
  return m < 0 ? `−${-m}` : `+${m}`;
}

export const SUB_MELEE = 0, SUB_DEX = 1, SUB_SHOOT = 2, SUB_COMMAND = 3;
export const ATT_NONE = 0, ATT_LASER = 1, ATT_FLASHLIGHT = 2, ATT_SUPPRESSOR = 3;
/** Rounds shown per engagement in the attrition series (later rounds fold into the last step). */
export const ROUNDS_SHOWN = 8;
/** UA-R105: a remembered 友好的 that was 支援的 (faces 1–6 are a 友好的 face met again). */
export const MEMO_FRIENDLY = 7;

/** Member attack order when the attacker cap bites: strongest first (sniper handled separately). */
export const MEMBER_ORDER = [R_GUNNER, R_MARKSMAN, R_ASSAULT, R_MEDIC, R_SCOUT, R_ENGINEER];
/** Hit slot of the combat drones (after the catalogue roles and the four scenario member types). */
export const DRONE_SLOT = N_ROLES + 4;
/** An event's target that is the leader (UA-R63 `leader`: no combatant member to pick). */
export const LEADER_TARGET = -2;
/** Attrition series variables. */
export const V_LIFE = 0, V_MEMBERS = 1, V_MAGAZINES = 2, V_ENEMIES = 3;

/** Rates and values recorded per game (indices into GameRecord). */
export const RATE_WIN = 0, RATE_LEADER_SURVIVED = 1, RATE_RETREATED = 2;
export const VAL_MAG_SPENT = 0, VAL_MAG_LEFT = 1, VAL_MEMBERS_LOST = 2, VAL_ROUNDS = 3, VAL_CLEARED = 4, VAL_LIFE_END = 5;

export abstract class UaCore {
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
  /** UA-R01 `per-roll` (v1.01): each of the gunner's rolls costs 1 magazine; none left, no shot. */
  protected readonly gunnerPerRoll: boolean;
  /** UA-R02 `per-action`: one shooting action of a multi-shot gun is paid once (1 + its extra), on the first shot. */
  protected readonly lmgPerAction: boolean;
  /** UA-R89: the medic treats only after a combat (not after an encounter settled without one). */
  protected readonly medicAfterCombatOnly: boolean;
  /** UA-R90: the armour's attack modifier (対爆スーツ −1) applies to melee 攻撃ロール too. */
  protected readonly armourOnMelee: boolean;
  /** UA-R41: 拠点構築 once per combat, for the leader or for the members (not both). */
  protected readonly fortifyOneOrOther: boolean;
  /** UA-R91: かばう is the leader's own 防御ロール (his defence modifiers apply). */
  protected readonly protectWithLeaderMods: boolean;
  /** UA-R103 `after-combat`: the seed's medkit only after an encounter that came to combat. */
  protected readonly medkitAfterCombatOnly: boolean;
  /** UA-R107 `fired-first`: the squad's 先制攻撃 counts only when it really fires first. */
  protected readonly firstStrikeNeedsFire: boolean;
  /** UA-R150 `after-end-too`: 負傷 3's round-end life loss also in the round in which the combat ended. */
  protected readonly bleedAfterEnd: boolean;
  /** UA-R151 `cleared`: a campaign's recovery between operations sets 負傷 to 0. */
  protected readonly woundsClearedAtRefit: boolean;
  /** UA-R105 `remembered`: a place met 支援的 or 友好的 is 友好的 on the next visit of the campaign run (the operation layer keeps it). */
  protected readonly reactionMemoryOn: boolean;
  /** UA-R155 `scenario`: a unit's `screen_exempt` lets the shots it names pass its screen (UA-R130 reading (b)). */
  protected readonly screenExemptOn: boolean;
  /** Whether the current action's first shot bought the gun's bonus (UA-R02 per-round and per-action). */
  protected actionBonus = false;
  protected readonly withdrawAtHalf: boolean;
  protected readonly httWithdraws: boolean;
  protected readonly screenWastes: boolean;
  protected readonly capBoth: boolean;
  protected readonly mixedRandom: boolean;
  /** UA-R04 `own-skill` (v1.01 §19): the 【スタングレネード】 skill's own procedure (【スタン】 +1/+1, no damage). */
  protected readonly stunOwnSkill: boolean;
  /** UA-V26 `roll-next-round` (v1.01 §28 C4): the roll at the next round's start, as the leader's action. */
  protected readonly c4NextRound: boolean;
  /** UA-R73 `life-1` (v1.01 §21 【鹵獲】): negotiation at 1 soldier / life 1, once per target per fight; the fight goes on. */
  protected readonly captureLife1: boolean;
  /** UA-R47 `engineer-attack` (v1.01 §28): the IED is the engineer's own attack, never in round 0. */
  protected readonly engineerIed: boolean;
  /** UA-R22 `per-roll` (v1.01 §18): the グレネード and スタングレネード skills cost a magazine a roll. */
  protected readonly skillMagazines: boolean;
  /** UA-V05 `wound-and-hit` (v1.01 §36): a member's fumble is the normal hit plus the leader's 負傷+1, no choice. */
  protected readonly fumbleWoundAndHit: boolean;
  /** UA-R63 `leader` (v1.01 §36): an event's hit-table target with no combatant member is the leader. */
  protected readonly noCombatantLeader: boolean;
  /** UA-R42 `none` (v1.01 §38): an enemy withdrawal gives no loot by itself. */
  protected readonly noWithdrawalLoot: boolean;
  /** UA-R23 `per-unit` (v1.01 §36): each enemy unit splits its own attacks. */
  protected readonly perUnitSplit: boolean;
  /** UA-R24 `per-unit` (v1.01 §38): each enemy group withdraws on its own; the fight goes on. */
  protected readonly perUnitWithdrawal: boolean;
  /** UA-R10 `groups-first` (v1.01 §36): normal attacks aim at enemy groups while any stand. */
  protected readonly groupsFirst: boolean;
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
  /** Damage of the current gun's hits on an unarmoured / armoured (「装甲」) target (the AMR: 2 / 3; else 1). */
  protected hitDamage = 1;
  protected hitArmouredDamage = 1;
  /** Magazines spent before the leader's current gun action (to tell whether it fired). */
  protected spentBeforeAction = 0;

  /** The leader's 負傷 on his 攻撃ロール (2026-03 §36: level 1 and up −1). */
  protected woundAttackMod(): number {
    return this.s.wounds > 0 ? -1 : 0;
  }

  /** The leader's 負傷 on his 防御ロール (2026-03 §36: level 2 and up −1). */
  protected woundDefenceMod(): number {
    return this.s.wounds >= 2 ? -1 : 0;
  }

  /** 負傷+1 (2026-03 §36; never above 3). */
  protected addWound(why: MessageId): void {
    const s = this.s;
    if (s.wounds < 3) s.wounds++;
    if (this.log) this.sayT('uaLog.woundUp', { why: this.tx(why), wounds: s.wounds });
  }

  /** One 負傷 level cured (メディック, 医療キット, ファーストエイド; 2026-03). */
  protected cureWound(by: MessageId, toZero = false): void {
    const s = this.s;
    s.wounds = toZero ? 0 : s.wounds - 1;
    if (this.log) this.sayT('uaLog.woundCured', { by: this.tx(by), wounds: s.wounds });
  }

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
  /** `night_attack_scope: every`: the night penalty on every attack roll, melee and skill rolls included (issue 28 item 4, UA-R121). */
  protected nightEvery = false;
  /**
   * The scenario's `rules.carried_initiative: latest` (Black Sun for core 1.01, audit §43–45): one carried initiative,
   * the latest overwriting; a fight's own initiative beats a carried one.
   */
  protected carriedLatest = false;
  protected scItemDefs: readonly ScenarioItemDef[] = [];
  protected scMemberDefs: readonly ScenarioMemberDef[] = [];
  /** Reaction modifier of the scenario members with the squad (the highest, capped result 6). */
  protected scReactionMod(): number {
    let m = 0;
    for (let i = 0; i < this.scMemberDefs.length; i++) if (this.s.scMembers[i] > 0 && this.scMemberDefs[i].reactionMod > m) m = this.scMemberDefs[i].reactionMod;
    return m;
  }

  /** The experiment's settings, with this variant's rule version's catalogue (SquadDef.rules). */
  readonly g: GauntletDef;
  /** The variant's rule version (ruleset.ts). */
  readonly rules: UaRules;
  /** 負傷 is a 3-level wound track (2026-03 §36) instead of lost life points (seed, UA-R18). */
  protected readonly woundTrack: boolean;
  /** The medic's 応急処置 / 戦場治療 cure wounds (2026-03) instead of healing 1 life after a combat. */
  protected readonly medicCures: boolean;
  /** v1.01 戦場治療 (UA-V34): once per scenario, 負傷 → 0, also after a won fight. */
  protected readonly treatOnce: boolean;
  /** The medkit cures wounds (2026-03) instead of healing 1 life. */
  protected readonly medkitCures: boolean;
  /** After the squad's 先制攻撃 the enemy fights to the end (2026-03 §35). */
  protected readonly firstStrikeFightToEnd: boolean;
  /** The odd enemy attack goes to the leader (public 2026-03 §36, UA-V11) instead of the player's choice. */
  protected readonly oddToLeader: boolean;
  /** 劣勢なら撤退 counts 0 the leader + combatants with the squad (seed), 1 every living member, 2 every living member + the leader (UA-V10). */
  protected readonly outnumberedCount: number;
  /** The spotter shoots from the sniper point, outdoors (dev 2026-05, UA-V20). */
  protected readonly spotterFires: boolean;
  /** UA-V05 `member_fumble: wound-always`: the wound that spares a member is offered at 負傷 3 too. */
  protected readonly fumbleWoundAlways: boolean;
  /** UA-V06 `wound_defence: leader-and-member-rolls`: 負傷 2's −1 also on the members' 防御ロール. */
  protected readonly woundOnMemberDefence: boolean;
  /** Added expendables (their state indices) by the fixed expendable whose procedure plays them (use_as). */
  protected readonly expAdded: readonly (readonly number[])[];
  /** Expendables of the catalogue, fixed and added (the state's counters in use). */
  protected readonly nExpendables: number;
  /** 持ち物上限 each member role adds (§28: ポーター +2; v1.01 ポーター +3, K9 +1). */
  protected readonly roleCarry: Int8Array;
  /** The tactical scanner's uses when found (0: 1d6; v1.01: 3). */
  protected readonly scannerUses: number;
  /** 政治工作 on an extortion: ÷ 10 rounded up, at least 1 (v1.01) instead of rounded down. */
  protected readonly politicalUp: boolean;
  /** 察知 helpers (v1.01): each scout once per scenario and the spotter outdoors give an unconditional success. */
  protected readonly detectUnconditional: boolean;
  /** v1.01 §45 two players (`players: 2`, 2人の分隊長): 2, else 1. */
  protected readonly players: number;
  /** UA-R170 `first`: §45's odd attack at the leaders goes to the first leader (else to the one with more life). */
  protected readonly oddLeaderFirst: boolean;
  /** UA-R171 `first`: §45's odd attack at the squads goes to the first squad (else to the one with more members standing). */
  protected readonly oddSquadFirst: boolean;
  /** UA-R172 `better`: §45's checks outside the two-player steps (events' 判定ロール, 察知) are rolled by the leader with the higher value. */
  protected readonly checksBetter: boolean;
  /** UA-R173 `extra`: a scenario's fumbled-blast 負傷 (`fumble_wound`) is the blast's own, on top of the core fumble's +1. */
  protected readonly iedFumbleExtra: boolean;
  /** C4 planted in combat: soldiers removed, high-threat life lost (§28). */
  protected readonly c4Soldiers: number;
  protected readonly c4HighThreat: number;

  constructor(
    g: GauntletDef,
    readonly squad: SquadDef,
    readonly policy: UaPolicy,
    rulings: RulingSettings = g.rulings,
  ) {
    this.rules = squad.rules;
    this.g = squad.rules && squad.rules.catalogue !== g.catalogue ? { ...g, catalogue: squad.rules.catalogue } : g;
    const p = squad.rules.procedures;
    this.woundTrack = p.wounds === 'track';
    this.medicCures = p.medic !== 'heal-after-combat';
    this.treatOnce = p.medic === 'first-aid-and-treatment-once';
    this.medkitCures = p.medkit === 'cure-wounds';
    this.firstStrikeFightToEnd = p.first_strike_attitude === 'fight-to-the-end';
    this.c4Soldiers = squad.rules.c4.combatSoldiers;
    this.c4HighThreat = squad.rules.c4.combatHighThreat;
    this.oddToLeader = p.odd_attack === 'leader';
    this.outnumberedCount = p.outnumbered_counts === 'living-members' ? 1 : p.outnumbered_counts === 'living-members-and-leader' ? 2 : 0;
    this.spotterFires = p.spotter_fires === 'outdoors';
    this.fumbleWoundAlways = p.member_fumble === 'wound-always';
    this.fumbleWoundAndHit = p.member_fumble === 'wound-and-hit';
    this.woundOnMemberDefence = p.wound_defence === 'leader-and-member-rolls';
    this.roleCarry = Int8Array.from(this.g.catalogue.roles, (r) => roleCarry(r));
    this.scannerUses = squad.rules.scannerUses ?? 0;
    this.politicalUp = p.political_rounding === 'up-min-1';
    this.detectUnconditional = p.detect_helpers === 'unconditional';
    const list = this.g.catalogue.expendableList;
    this.nExpendables = list.length;
    this.expAdded = EXPENDABLES.map((_, e) => list.flatMap((x, i) => (i >= EXPENDABLES.length && x.useAs === e ? [i] : [])));
    // A ruleset's added member roles are member types without special abilities, as a scenario's own (the
    // operation puts the scenario's first, operation/base.ts).
    this.scMemberDefs = this.g.catalogue.extraRoles;
    const r = rulings;
    this.gunnerExtraPerShot = r.gunner_ammo === 'extra-per-shot';
    // v1.01 per-roll: each roll pays its own magazines (with the ruleset's LMG extra_ammo 0, one a roll, +1 always).
    this.lmgExtraPerShot = r.lmg_ammo === 'extra-per-shot' || r.lmg_ammo === 'per-roll';
    this.gunnerPerRoll = r.gunner_ammo === 'per-roll';
    this.lmgPerAction = r.lmg_ammo === 'per-action';
    this.medicAfterCombatOnly = r.medic_timing === 'after-combat';
    this.armourOnMelee = r.eod_attack_penalty === 'every-attack-roll';
    this.fortifyOneOrOther = r.fortify_uses === 'one-or-other';
    this.protectWithLeaderMods = r.protect_roll === 'leader-defence';
    this.bleedAfterEnd = r.wound_bleed === 'after-end-too';
    this.firstStrikeNeedsFire = r.first_strike_counts === 'fired-first';
    this.medkitAfterCombatOnly = r.medkit_timing === 'after-combat';
    this.woundsClearedAtRefit = r.wounds_at_refit === 'cleared';
    this.screenExemptOn = r.screen_exemptions === 'scenario';
    this.reactionMemoryOn = r.reaction_memory === 'remembered';
    this.withdrawAtHalf = r.withdraw_threshold === 'at-or-below-half';
    this.httWithdraws = r.htt_hostile_withdraws === 'yes';
    this.screenWastes = r.screen_odd_hits === 'wasted';
    this.capBoth = r.attacker_cap_applies_to === 'both';
    this.mixedRandom = r.mixed_targeting === 'random';
    this.groupsFirst = r.mixed_targeting === 'groups-first';
    this.perUnitSplit = r.enemy_attack_split === 'per-unit';
    this.noWithdrawalLoot = r.withdrawal_loot === 'none';
    this.noCombatantLeader = r.no_combatant_hit === 'leader';
    this.stunOwnSkill = r.stun_skill === 'own-skill';
    this.engineerIed = r.engineer_ied === 'engineer-attack';
    this.captureLife1 = r.capture === 'life-1';
    this.c4NextRound = r.c4_timing === 'roll-next-round';
    this.skillMagazines = r.skill_magazines === 'per-roll';
    this.perUnitWithdrawal = r.withdrawal_scope === 'per-unit';
    this.grenadeTwo = r.grenade_vs_group === 'two-soldiers';
    this.critCosts = r.critical_extra_ammo === 'costs';
    this.darkPenalty = r.dark_penalty === 'minus-2' ? 2 : 1;
    this.memberArmour = r.member_defence === 'leader-skill-and-armour';
    this.retreatFull = r.retreat_volley === 'full-volley';
    this.bodyArmourCheck = r.body_armor_initiative === 'preemptive-check';
    this.scannerKeeps = r.scanner_spent === 'standing';
    this.shieldOnLeader = r.prototype_shield_bearer === 'leader';
    this.exchangeAll = r.special_exchange === 'all';
    this.players = squad.players ?? 1;
    this.oddLeaderFirst = r.two_player_odd_leader === 'first';
    this.oddSquadFirst = r.two_player_odd_squad === 'first';
    this.checksBetter = r.two_player_checks === 'better';
    this.iedFumbleExtra = r.ied_fumble_wound === 'extra';
  }

  // ───────────────────────── helpers ─────────────────────────

  /** The leaders' life left, each at least 0 (§45 two players: both leaders'), for the recorded outputs. */
  protected lifeLeft(): number {
    const s = this.s;
    return Math.max(0, s.life) + (this.players === 2 ? Math.max(0, s.other.life) : 0);
  }

  /** 負傷 at the end, for the recorded outputs: §45 two players, the more wounded leader's (UA-V59). */
  protected woundsEnd(): number {
    const s = this.s;
    return this.players === 2 && s.other.wounds > s.wounds ? s.other.wounds : s.wounds;
  }

  /** Combatant members with the squad (§45 two players: both squads), for the recorded outputs. */
  protected membersLeft(): number {
    return this.s.withSquad() + (this.players === 2 ? this.s.otherWithSquad() : 0);
  }

  /** §45 two players: the replay's line on the two squads at the start (the second leader's own spec: his line too, UA-V57). */
  protected sayTwoSquads(): void {
    const s = this.s, o = s.other;
    if (!this.squad.second) this.sayT('uatwo.squads', { a: s.withSquad(), b: s.otherWithSquad(), life: o.life, size: s.squadSize });
    else this.sayT('uatwo.squadsOwn', { a: s.withSquad(), b: s.otherWithSquad(), life: o.life, skill: o.skill, sub: ['格闘', '器用', '射撃', '指揮'][o.sub], subCur: o.subCur, weapon: this.jaLog ? o.weapon!.ja : o.weapon!.id, size: s.squadSize, size2: o.squadSize });
  }

  /** §45 two players: members the other leader's squad lost since the start, of the catalogue's first `roles` roles. */
  protected otherLost(roles: number): number {
    const o = this.s.other;
    let lost = 0;
    for (let r = 0; r < roles; r++) lost += Math.max(0, o.membersStart[r] - o.members[r]);
    return lost;
  }

  /** Scenario effects inside an encounter (reaction faces, captures, items); the operation engine plays them. */
  protected applyEffects(_effects: readonly EffectDef[]): void {
    throw new Error('scenario effects need an operation');
  }

  /** Use scenario item `i` (removed, then its effects). */
  protected useScItem(i: number): void {
    this.s.scItems[i]--;
    if (this.log) this.sayT('uaLog.usesScItem', { item: this.scItemDefs[i].name });
    this.applyEffects(this.scItemDefs[i].effects);
  }

  /** 判定ロール made so far (every check); the between-attacks offer comes once per new roll (UA-R143). */
  protected rolls = 0;
  private rollsAtOffer = -1;
  /** Some scenario item may be used between single attacks (`between_attacks`, UA-R143). */
  protected betweenItems = false;

  /**
   * Offer the any_time scenario items in combat (round 0 and each round start, UA-R62): the policy may use
   * several, one at a time. `betweenOnly`: only those marked `between_attacks` (UA-R143).
   */
  protected offerCombatItems(betweenOnly = false): void {
    const s = this.s;
    this.rollsAtOffer = this.rolls;
    for (let guard = 0; guard < 8 && !this.over(); guard++) {
      let n = 0;
      this.legal[n++] = 0;
      for (let i = 0; i < this.scItemDefs.length; i++) if (s.scItems[i] > 0 && this.scItemDefs[i].use === 0 && (!betweenOnly || this.scItemDefs[i].betweenAttacks)) this.legal[n++] = 1 + i;
      if (n === 1) return;
      const a = this.ask(D.D_USE_ITEM, n);
      if (a === 0) return;
      this.useScItem(a - 1);
    }
  }

  /**
   * Between two single attacks (UA-R143): after an attack roll of the squad, after the leader's action, and before each
   * side's turn, offer the `between_attacks` items — once per new roll, so a moment with nothing new is not asked twice.
   */
  protected offerBetweenAttacks(): void {
    if (!this.betweenItems || this.rolls === this.rollsAtOffer || !this.s.inCombat || this.over()) return;
    this.offerCombatItems(true);
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
    return slot < N_ROLES ? this.roleName(slot) : slot === DRONE_SLOT ? this.tx('uaLog.combatDrone') : this.scMemberDefs[slot - N_ROLES].name;
  }

  /**
   * A member of `slot` takes damage and drops — except a combat drone whose once-per-operation damage
   * negation is unused: it spends that instead (UA-R84).
   */
  protected memberDown(slot: number, damage = 1): void {
    const s = this.s;
    if (slot === DRONE_SLOT && s.droneGuards > 0) {
      s.droneGuards--;
      if (this.log) this.sayT('uaLog.droneNegates');
      return;
    }
    // A scenario member with more than one life (UA-R132): the damage goes on the type's wounded member; he drops at 0.
    if (slot >= N_ROLES && slot !== DRONE_SLOT) {
      const i = slot - N_ROLES, life = this.scMemberDefs[i].life;
      if (life > 1) {
        s.scWounds[i] += damage;
        if (s.scWounds[i] < life) {
          if (this.log) this.sayT('uaState.memberWounded', { who: this.scMemberDefs[i].name, left: life - s.scWounds[i] });
          return;
        }
        s.scWounds[i] = 0;
      }
    }
    this.slotAdd(slot, -1);
  }

  protected say(text: string): void {
    this.log!.line(text);
  }

  /**
   * Narrate catalogue line `id` (areas ua-log-*.ts) in the log's language (issue 26, docs/i18n.md). Every call sits
   * behind `if (this.log)`: a game without a log formats nothing.
   */
  protected sayT(id: MessageId, params?: MsgParams): void {
    narrate(this.log!, id, params);
  }

  /** A catalogue fragment of a narration line, in the log's language (only with a log). */
  protected tx(id: MessageId, params?: MsgParams): string {
    return narrateText(this.log!, id, params);
  }

  /** The replay is narrated in Japanese: catalogue names are then written in their Japanese form (English: the ids). */
  protected get jaLog(): boolean {
    return this.log !== null && this.log.lang === 'ja';
  }

  /** A member role's name for the replay: its id (English) or its Japanese name. */
  protected roleName(r: number): string {
    return this.jaLog ? ROLE_DEFS[r].ja : ROLES[r];
  }

  /** An expendable's name for the replay: its id (English) or its Japanese name. */
  protected itemName(e: number): string {
    const x = this.g.catalogue.expendableList[e];
    return this.jaLog ? x.ja : x.id;
  }

  /** Expendables held that are played as fixed expendable `e` (EXPENDABLES index): its own, then those added with `use_as` e. */
  protected held(e: number): number {
    const s = this.s, a = this.expAdded[e];
    let n = s.expendables[e];
    for (let i = 0; i < a.length; i++) n += s.expendables[a[i]];
    return n;
  }

  /** Spend one expendable played as `e`: the fixed one first, then the added ones in catalogue order (UA-V23). */
  protected spendExpendable(e: number): void {
    const s = this.s, a = this.expAdded[e];
    if (s.expendables[e] > 0 || a.length === 0) {
      s.expendables[e]--;
      return;
    }
    for (let i = 0; i < a.length; i++) if (s.expendables[a[i]] > 0) { s.expendables[a[i]]--; return; }
  }

  /** A leader action's name for the replay (decisions.ts KIND_NAMES). */
  protected kindName(k: number): string {
    return this.tx(`uaLog.kind.${D.KIND_NAMES[k]}` as MessageId);
  }

  /** Who attacks, for the replay: the leader, a role id, or a scenario member's name. */
  protected whoName(who: string): string {
    if (who === 'leader') return this.tx('uaLog.leader');
    const r = (ROLES as readonly string[]).indexOf(who);
    return r >= 0 ? this.roleName(r) : who;
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
    this.rolls++;
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

  protected over(): boolean {
    return this.s.endReason !== END_NONE;
  }

  protected spend(n: number): void {
    this.s.magazines -= n;
    this.s.magazinesSpent += n;
  }

  /** Items the squad carries toward the carry limit (持ち物上限 §27). */
  /**
   * 持ち物上限 (§27): the leader's current maximum life (growth, a requested or bought armour, a successor's kit
   * included) + 2 per ポーター with the squad (§28). Bought items are checked against the compiled limit.
   */
  protected carryLimit(): number {
    const s = this.s;
    let n = s.lifeMax;
    for (let r = 0; r < N_ROLES; r++) if (this.roleCarry[r] !== 0) n += this.roleCarry[r] * s.members[r];
    return n;
  }

  protected carried(): number {
    const s = this.s;
    // §45 two players: the second leader in play carries his own gear (`second_leader:`, UA-V57).
    let n = (s.active === 1 && this.squad.second ? this.squad.second.carriedFixed : this.squad.carriedFixed) - s.gearDropped + s.carriedExtra;
    for (let i = 0; i < this.nExpendables; i++) n += s.expendables[i];
    for (let i = 0; i < this.scItemDefs.length; i++) if (this.scItemDefs[i].carried) n += s.scItems[i];
    // Special equipment is equipment (装備品は持ち物上限に数えます §39; an activated drone is a member, UA-R78).
    return n + s.nSpecial + s.scannerStanding;
  }

}
