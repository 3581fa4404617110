/**
 * The mutable state of one URBAN ASSAULT game (a gauntlet of engagements).
 * Plain numbers and typed arrays, allocated once per runner and reset per game.
 * Policies receive it as a read-only {@link UaObservation}.
 */
import { EXPENDABLES, MAX_ADDED_EXPENDABLES, N_ROLES, type ArmourDef, type EquipmentDef, type ShieldDef, type WeaponDef } from '../catalogue/catalogue.js';
import type { EngagementDef } from '../config.js';
import type { EncounterExtra, TileDef } from '../scenario/scenario.js';

export const MAX_UNITS = 8;

/** Combat result of one engagement attempt. */
export const END_NONE = 0, END_WIN = 1, END_LEADER_DOWN = 2, END_RETREAT = 3, END_TIMEOUT = 4;
/**
 * Inside a combat only, never its outcome: no enemy stands before an `ends_after_round … hold` limit (UA-V53). Nobody
 * acts for the rest of the round; the fight goes on when the next round's reinforcements stand, or ends at the limit.
 */
export const END_LULL = 5;

/**
 * §45 two players (2人の分隊長): the leader and squad not in play at this moment. {@link UaState.swapLeader} exchanges
 * them with the state's own leader fields, so every procedure reads "the leader" and "his squad" as it does with one
 * player; what is not here (magazines, 軍票, scenario items, special equipment, counters …) is shared (UA-V61).
 */
export class LeaderStore {
  life = 0; lifeMax = 0; skill = 0; sub = 0; subCur = 0; subMax = 0; skills = 0;
  weapon: WeaponDef | null = null; attachment = 0; attDef: EquipmentDef | null = null;
  armour: ArmourDef | null = null; shield: ShieldDef | null = null;
  wounds = 0; gunEmpty = 0; nvg = false; tieWraps = false; mre = 0; xp = 0; squadSize = 0;
  fortifyLeader = 0; fortifyMembers = 0; leaderBusy = false; protectUsedThisRound = false; fieldTreated = false;
  drones = 0; droneGuards = 0;
  /** Carry slots beyond the variant's loadout and those a successor no longer carries; 物資支援要請 in force (campaigns). */
  carriedExtra = 0; gearDropped = 0;
  supplied = false; suppliedPrevWeapon: WeaponDef | null = null; suppliedPrevArmour: ArmourDef | null = null;
  readonly expendables = new Int32Array(EXPENDABLES.length + MAX_ADDED_EXPENDABLES);
  readonly members = new Int32Array(N_ROLES);
  readonly membersStart = new Int32Array(N_ROLES);
  readonly scMembers = new Int32Array(4);
  readonly scMembersStart = new Int32Array(4);
  readonly scWounds = new Int32Array(4);
}

/** Combatant members with a squad (not at the sniper point): the six roles, the scenario's member types, drones. */
function squadCount(m: Int32Array, x: Int32Array, drones: number): number {
  return m[0] + m[1] + m[2] + m[3] + m[4] + m[5] + x[0] + x[1] + x[2] + x[3] + drones;
}

/** Members of every type with a squad or at its sniper point, drones included (for 分隊規模). */
function headsOf(m: Int32Array, x: Int32Array, drones: number): number {
  let n = drones;
  for (let r = 0; r < m.length; r++) n += m[r];
  for (let i = 0; i < x.length; i++) n += x[i];
  return n;
}

/** Exchange the entries of two typed arrays of one length (no allocation). */
/**
 * Set every element of a short array to 0. A game's steps clear their arrays with this, never with TypedArray.fill: the
 * builtin is a call into the runtime that costs ~45 ns on an 8-element array, three times this loop (issue 44, per-game
 * cost of the specialised path).
 */
export function zeroFill(a: Int32Array | Uint8Array): void {
  for (let i = 0; i < a.length; i++) a[i] = 0;
}

function swapArrays(a: Int32Array, b: Int32Array): void {
  for (let i = 0; i < a.length; i++) { const x = a[i]; a[i] = b[i]; b[i] = x; }
}

export class UaState {
  // Leader (分隊長).
  life = 0;
  lifeMax = 0;
  skill = 0;
  /** Sub-ability index (0 melee, 1 dexterity, 2 shooting, 3 command). */
  sub = 0;
  /** Current sub-ability value (spent 1 per use, unusable at ≤ 0; §09). */
  subCur = 0;
  subMax = 0;
  skills = 0;
  weapon!: WeaponDef;
  /** Attachment on the active gun: 0 none, 1 laser sight, 2 flashlight, 3 suppressor. */
  attachment = 0;
  /** The fitted attachment's catalogue entry (its attack modifiers), or null. */
  attDef: EquipmentDef | null = null;
  /** 負傷 level 0–3 (the 2026-03 wound track, §36); always 0 under the seed's rules. */
  wounds = 0;
  /** The variant's rules keep a 負傷 track (so policies can read what a medkit or first aid does). */
  woundTrack = false;
  /** Rounds the leader's gun still needs to be 装填 reloaded (the AMR, 2026-03): 0 = loaded. */
  gunEmpty = 0;
  /** 戦場治療 given on the current tile (once per map, 2026-03 メディック). */
  fieldTreated = false;
  armour: ArmourDef | null = null;
  /** 物資支援要請 (§21) in force this operation: the gear it replaced, given back when the operation ends (UA-R34). */
  /** Combats played so far in this game (§36 combat() calls): tells an encounter that was fought from one that was not. */
  combats = 0;
  /** The scenario's counters this operation (ScenarioDef.counters order; `info` among them). */
  readonly counters = new Int32Array(8);
  /** What a point of each counter is worth to the scripted policies (CounterDef.value; `info`: 0.5 unless declared), UA-R95. */
  readonly counterWorth = new Float64Array(8);
  /** Index of the `info` counter in `counters`. */
  infoIndex = 0;
  /** The lap being played (0-based) and the operation's difficulty, for scenario conditions (UA-R95). */
  lap = 0;
  difficulty = '';
  /** 現地調達 (§23) being offered: the roll so far, and whether it is the loot table (else a supply table). */
  localSupplyRoll = 0;
  localSupplyLoot = false;
  /** The current (or last) encounter came to combat (§36): the medic treats only then (UA-R89). */
  fought = false;
  supplied = false;
  suppliedPrevWeapon: WeaponDef | null = null;
  suppliedPrevArmour: ArmourDef | null = null;
  shield: ShieldDef | null = null;
  readonly expendables = new Int32Array(EXPENDABLES.length + MAX_ADDED_EXPENDABLES);
  nvg = false;
  magazines = 0;
  mre = 0;
  scrip = 0;
  /** Members standing, by role index (catalogue ROLES). */
  readonly members = new Int32Array(N_ROLES);
  readonly membersStart = new Int32Array(N_ROLES);

  // Current engagement.
  eng!: EngagementDef;
  engIndex = 0;
  nUnits = 0;
  /** Soldiers left (groups) or life left (high-threat targets). */
  readonly unitLeft = new Int32Array(MAX_UNITS);
  readonly unitStart = new Int32Array(MAX_UNITS);
  /**
   * Soldiers who joined by 増援 without raising the starting count (`raises_start: false`, Black Sun 56 v1.01):
   * they count as down when they fall, and bound `unitLeft` above with `unitStart`, but not the withdrawal threshold.
   */
  readonly unitJoined = new Int32Array(MAX_UNITS);
  /** Unit's attacks are nullified this round (flashbang on a group) or reduced (on a high-threat target). */
  readonly unitStunned = new Int32Array(MAX_UNITS);
  /** Units a negotiation was tried on in this fight (v1.01: once per target per fight, UA-R73 life-1). */
  readonly negotiated = new Uint8Array(MAX_UNITS);
  /** v1.01 【スタン】 (UA-R04 own-skill) until the round's end: +1 on the squad's 攻撃ロール at the unit and on defence against it. */
  readonly unitDazed = new Uint8Array(MAX_UNITS);
  /** Any unit 【スタン】 this round (so a round without one pays nothing). */
  anyDazed = false;
  /** Scenario variations (UA-R98) in force this fight: unit cannot be targeted / its screen is down / its attack_mod is off. */
  readonly unitHidden = new Uint8Array(MAX_UNITS);
  readonly unitNoScreen = new Uint8Array(MAX_UNITS);
  readonly unitModOff = new Uint8Array(MAX_UNITS);
  /** Some unit is untargetable this fight (unitHidden). */
  anyHidden = false;
  /** What decision `cancel` offers (UA-R100): 1 an item, 2 察知. */
  cancelBy = 0;
  /** A group left by a scenario withdrawal rule this fight (so the fight was not a wipe-out, UA-R99). */
  groupWithdrew = false;
  /** Enemy level modifier for this combat (reorganization stage 3 in a later issue). */
  levelMod = 0;
  /** The enemy never withdraws (死ぬまで戦う). */
  fightToEnd = false;
  round = 0;
  /** The reaction-table face just rolled (for the adjust decision). */
  reactionRoll = 0;
  squadFirst = false;
  enemyActedThisRound = false;
  fortifyLeader = 0;
  fortifyMembers = 0;
  protectUsedThisRound = false;
  retreatUsed = false;
  /** Unit index a planted C4 explodes on at the start of next round, or −1. */
  c4Target = -1;
  /** v1.01 C4 (UA-V26 roll-next-round): planted, its roll still to come at the next round's start. */
  c4Pending = false;
  /** The leader's action of this round is taken already (v1.01 C4's roll): he does not act in the squad's turn. */
  leaderBusy = false;
  /** Modifiers carried to the next combat. */
  nextEnemyFirst = false;
  nextDefenceMod = 0;
  nextAttackersCap = 0;
  nextEnemyAttacks = 0;
  /** Event effects on the next combat (scenario events): the squad strikes first; whole-combat defence and enemy-attack modifiers; first-round attack modifier. */
  nextSquadFirst = false;
  nextDefenceModAll = 0;
  nextEnemyAttacksAll = 0;
  nextFirstAttackMod = 0;
  /** In force for the current combat (from the above). */
  defenceModAll = 0;
  enemyAttacksAll = 0;
  firstAttackMod = 0;
  /** Modifiers in force for the current combat's first round. */
  firstDefenceMod = 0;
  firstAttackersCap = 0;
  firstEnemyAttacks = 0;
  forcedEnemyFirst = false;

  // Scenario extensions (Black Sun; docs/scenarios/urban-assault.md, engine semantics). All zero/null outside them.
  /** The current encounter's scenario extensions (null: none). */
  ex: EncounterExtra | null = null;
  /** A combat is being fought (kill effects and combat items apply). */
  inCombat = false;
  /** The squad chose 先制攻撃 in this encounter (if_squad_first_strike). */
  choseFirst = false;
  /** Every enemy was killed in this encounter (if_wiped_out). */
  killedAll = false;
  /** The fight ended by the scenario's win condition without loot (ends_after_round). */
  endedNoLoot = false;
  /** The squad attack modifier of this round (数的優位). */
  roundAttackMod = 0;
  /** Carried to the next combat: first single defence roll modifier; members-attacking modifier; extra soldiers (next fight with a group). */
  nextFirstDefRollMod = 0;
  /** Leader-only defence modifiers carried to the next combat: round 1, and his first roll (issue 28 item 4). */
  nextLeaderR1DefMod = 0;
  nextLeaderFirstDefMod = 0;
  nextMembersAttackingMod = 0;
  /** Carried: members_attacking_base fight_start (UA-V51) — the modifier's base is the combatants at the fight's start. */
  nextMembersAttackingStart = false;
  nextExtraEnemies = 0;
  /** Carried to the next combat: the option target's role (−1: none) that makes no attack / is absent in round 1. */
  nextNoAttackRole = -1;
  nextAbsentRole = -1;
  /** Carried to the next combat (UA-R102): whole-combat attack modifier, first-attack-roll modifier, a unit name whose attack_mod is cancelled. */
  nextAttackModAll = 0;
  nextFirstAttackRollMod = 0;
  nextCancelUnitMod = '';
  /** In force in the current combat (UA-R102); the first-attack-roll modifier is used up by the squad's first attack roll. */
  attackModAll = 0;
  firstAttackRollMod = 0;
  /** The operation goes straight to the final event after this tile (goto_final, UA-R101). */
  gotoFinal = false;
  /** The fight ended by its round limit (ends_after_round; its effects follow, UA-R99). */
  endedByLimit = false;
  /** In force in the current combat. */
  firstDefRollMod = 0;
  /** Leader-only defence modifiers in force: round 1, and his first roll (used up by it). */
  leaderR1DefMod = 0;
  leaderFirstDefMod = 0;
  membersAttackingMod = 0;
  /** In force: members_attacking_mod counts from startCombatants (UA-V51). */
  membersAttackingStart = false;
  /** Combatant members with the squad when the current combat began (before a member is cut off for round 1). */
  startCombatants = 0;
  noAttackRole = -1;
  absentRole = -1;
  /** Next map roll: the tens die is set to this (0 = not set). */
  mapSetTens = 0;
  /** Scenario items held (index = ScenarioDef.items). */
  readonly scItems = new Int32Array(8);
  /** Scenario members with the squad / at the start (index = ScenarioDef.members). */
  readonly scMembers = new Int32Array(4);
  readonly scMembersStart = new Int32Array(4);
  /**
   * Damage on the wounded member of each scenario member type whose `life` is above 1 (issue 28 item 7, UA-R132):
   * hits on a type go to its wounded member until he drops (then 0); cleared at every operation start.
   */
  readonly scWounds = new Int32Array(4);
  /** Standing equipment gained during the operation (market): items carried beyond the squad's; タイラップ held. */
  carriedExtra = 0;
  /** Carry slots of the variant's bought guns and shield that a successor on the starting kit no longer carries (§41). */
  gearDropped = 0;
  tieWraps = false;
  /** 経験点 gained (scenario success_xp). */
  xp = 0;

  // Special equipment (特殊装備 §40; special.ts, UA-R77 … R87).
  /** Pieces held, in pickup order: kind (SPECIALS index), uses left and uses when found. */
  readonly spKind = new Int8Array(16);
  readonly spUses = new Int8Array(16);
  readonly spTotal = new Int8Array(16);
  nSpecial = 0;
  /** Spent tactical scanners kept as standing equipment (ruling UA-R82 `standing`): +1 to every 察知. */
  scannerStanding = 0;
  /** Combat drones activated in this operation (members: skill 1, one shot, hit-table number 6) and those whose damage negation is unused. */
  drones = 0;
  droneGuards = 0;
  /** The current combat counts as indoor (the tile's attribute, or an outdoor tile turned indoor by a barricade). */
  indoorNow = false;
  /** The current combat also counts as outdoor (a `location: both` tile, UA-R144; a barricade clears it). */
  outdoorToo = false;
  /** The special-equipment kind offered at decision `special` (−1: none). */
  specialOffer = -1;
  /** Campaigns: the special-equipment kind and its value offered at decision `exchange`. */
  exchangeKind = -1;
  exchangeValue = 0;
  /** Special-equipment pieces picked up (found, not left behind) and magazines got by exchanging pieces, this game. */
  specialFound = 0;
  exchangeMagazines = 0;
  /** Campaigns: the variant's loadout for the coming operation (what decision `buy` would restock). */
  readonly restockMembers = new Int32Array(N_ROLES);
  readonly restockScMembers = new Int32Array(4);
  readonly restockExpendables = new Int32Array(EXPENDABLES.length + MAX_ADDED_EXPENDABLES);
  /** 分隊規模: members (all types, drones included) the squad may field. */
  squadSize = 0;
  /** 攻撃人数制限 of the gauntlet or operation (0: none); a fight's own cap may lower it. Policies count a round's rolls by it. */
  attackersCap = 0;
  /** Pieces of special-equipment kind `k` with uses left. */
  specialCount(k: number): number {
    let n = 0;
    for (let i = 0; i < this.nSpecial; i++) if (this.spKind[i] === k && this.spUses[i] > 0) n++;
    return n;
  }
  /** Members of every type with the squad or at the sniper point, drones included (for 分隊規模). */
  headcount(): number {
    return headsOf(this.members, this.scMembers, this.drones);
  }

  /**
   * §45 two players: the expendables the scenario issued at this operation's start (「作戦単位で支給される消耗装備」,
   * shared, UA-V58), by expendable: that many of the leader in play's {@link expendables} are the pool's.
   */
  readonly issuedPool = new Int32Array(EXPENDABLES.length + MAX_ADDED_EXPENDABLES);
  /** §45 two players: the leader in play (0 the first, 1 the second) and the other one's part of the state. */
  active = 0;
  readonly other = new LeaderStore();
  /** Put the other leader (and his squad) in play: every per-leader field is exchanged with {@link other} (UA-V61). */
  swapLeader(): void {
    const o = this.other;
    let n = this.life; this.life = o.life; o.life = n;
    n = this.lifeMax; this.lifeMax = o.lifeMax; o.lifeMax = n;
    n = this.skill; this.skill = o.skill; o.skill = n;
    n = this.sub; this.sub = o.sub; o.sub = n;
    n = this.subCur; this.subCur = o.subCur; o.subCur = n;
    n = this.subMax; this.subMax = o.subMax; o.subMax = n;
    n = this.skills; this.skills = o.skills; o.skills = n;
    n = this.attachment; this.attachment = o.attachment; o.attachment = n;
    n = this.wounds; this.wounds = o.wounds; o.wounds = n;
    n = this.gunEmpty; this.gunEmpty = o.gunEmpty; o.gunEmpty = n;
    n = this.mre; this.mre = o.mre; o.mre = n;
    n = this.xp; this.xp = o.xp; o.xp = n;
    n = this.squadSize; this.squadSize = o.squadSize; o.squadSize = n;
    n = this.fortifyLeader; this.fortifyLeader = o.fortifyLeader; o.fortifyLeader = n;
    n = this.fortifyMembers; this.fortifyMembers = o.fortifyMembers; o.fortifyMembers = n;
    n = this.drones; this.drones = o.drones; o.drones = n;
    n = this.droneGuards; this.droneGuards = o.droneGuards; o.droneGuards = n;
    n = this.carriedExtra; this.carriedExtra = o.carriedExtra; o.carriedExtra = n;
    n = this.gearDropped; this.gearDropped = o.gearDropped; o.gearDropped = n;
    let b = this.nvg; this.nvg = o.nvg; o.nvg = b;
    b = this.tieWraps; this.tieWraps = o.tieWraps; o.tieWraps = b;
    b = this.leaderBusy; this.leaderBusy = o.leaderBusy; o.leaderBusy = b;
    b = this.protectUsedThisRound; this.protectUsedThisRound = o.protectUsedThisRound; o.protectUsedThisRound = b;
    b = this.fieldTreated; this.fieldTreated = o.fieldTreated; o.fieldTreated = b;
    b = this.supplied; this.supplied = o.supplied; o.supplied = b;
    const w = this.weapon; this.weapon = o.weapon!; o.weapon = w;
    const d = this.attDef; this.attDef = o.attDef; o.attDef = d;
    const a = this.armour; this.armour = o.armour; o.armour = a;
    const sh = this.shield; this.shield = o.shield; o.shield = sh;
    const pw = this.suppliedPrevWeapon; this.suppliedPrevWeapon = o.suppliedPrevWeapon; o.suppliedPrevWeapon = pw;
    const pa = this.suppliedPrevArmour; this.suppliedPrevArmour = o.suppliedPrevArmour; o.suppliedPrevArmour = pa;
    // The operation's issued expendables (§45 shared, UA-V58) go with the leader put in play: what is left of the pool
    // among the leader's expendables (his own are spent first) moves to the other, whose turn it is to draw from it.
    const p = this.issuedPool;
    for (let i = 0; i < p.length; i++) {
      if (p[i] === 0) continue;
      const n = p[i] < this.expendables[i] ? p[i] : this.expendables[i];
      this.expendables[i] -= n;
      o.expendables[i] += n;
      p[i] = n;
    }
    swapArrays(this.expendables, o.expendables);
    swapArrays(this.members, o.members);
    swapArrays(this.membersStart, o.membersStart);
    swapArrays(this.scMembers, o.scMembers);
    swapArrays(this.scMembersStart, o.scMembersStart);
    swapArrays(this.scWounds, o.scWounds);
    this.active ^= 1;
  }

  // Whole game.
  retreats = 0;
  /** The combat engineer's once-per-operation IED has been used. */
  iedUsed = false;
  magazinesSpent = 0;
  totalRounds = 0;
  engagementsCleared = 0;
  endReason = END_NONE;

  // Operation (scenario map, operation.ts).
  /** The tile being decided on or resolved (its event and threat are visible to policies), or null. */
  tile: TileDef | null = null;
  /** Tiles counted so far in this operation (the mid event and final event count). */
  tilesDone = 0;
  /** 情報 tokens (§43). */
  info = 0;
  /** 軍票 awarded when the operation ends (e.g. a rescued notable). */
  scripAtEnd = 0;
  /** Pending modifiers on the next map roll. */
  mapTens = 0;
  mapUnits = 0;
  mapEither = false;
  /** The pending tens/units modifier must be applied: the unmodified code is not a candidate (issue 28 item 4). */
  mapMandatory = false;
  mapTwice = false;
  /**
   * A vehicle captured (【鹵獲】 車両, core 1.01 §21): until the next fixed event each d66 map roll's units die may be moved
   * ±1 (once per roll, after the forced modifiers). One vehicle's effect at a time: a flag.
   */
  capturedVehicle = false;
  /** The withdrawing unit offered to 【ネゴシエーション】 (decision negotiate-withdrawing), else −1. */
  negotiateUnit = -1;
  /** 部隊再編 stage (§41) and its once-per-operation hit-table modifier uses left. */
  reorgStage = 0;
  hitTableUses = 0;
  /** Threat (0–3) of each map code of the scenario (index = code), for map choices; empty outside operations. */
  tileThreat: Uint8Array = new Uint8Array(0);
  /** Threat of the tile a map code leads to (0 if unknown). */
  scenarioThreat(code: number): number {
    return code < this.tileThreat.length ? this.tileThreat[code] : 0;
  }
  /** The expendable offered for sale (campaigns, decision sell). */
  sellItem = 0;
  /** The 被弾テーブル face just rolled (for the hit-adjust decision). */
  hitRoll = 0;
  /** Combatant members with the squad (not at the sniper point). */
  withSquad(): number {
    return squadCount(this.members, this.scMembers, this.drones);
  }
  /** §45 two players: members of every type with the other leader's squad, drones included. */
  otherHeadcount(): number {
    const o = this.other;
    return headsOf(o.members, o.scMembers, o.drones);
  }
  /** §45 two players: combatant members with the other leader's squad. */
  otherWithSquad(): number {
    const o = this.other;
    return squadCount(o.members, o.scMembers, o.drones);
  }
  /**
   * Drop every pending 「次の戦闘」 effect (the `next…` fields: scenario events' next_combat, reaction entries' UA-R28,
   * 察知's 敵数−1); true when one was pending. A game starts without any; a campaign's refit drops them under UA-R152.
   */
  dropNextCombat(): boolean {
    const any = this.nextEnemyFirst || this.nextSquadFirst || this.nextDefenceMod !== 0 || this.nextAttackersCap !== 0
      || this.nextEnemyAttacks !== 0 || this.nextDefenceModAll !== 0 || this.nextEnemyAttacksAll !== 0 || this.nextFirstAttackMod !== 0
      || this.nextFirstDefRollMod !== 0 || this.nextLeaderR1DefMod !== 0 || this.nextLeaderFirstDefMod !== 0 || this.nextMembersAttackingMod !== 0
      || this.nextExtraEnemies !== 0 || this.nextNoAttackRole >= 0 || this.nextAbsentRole >= 0 || this.nextAttackModAll !== 0
      || this.nextFirstAttackRollMod !== 0 || this.nextCancelUnitMod !== '';
    this.nextEnemyFirst = this.nextSquadFirst = false;
    this.nextDefenceMod = this.nextAttackersCap = this.nextEnemyAttacks = this.nextDefenceModAll = this.nextEnemyAttacksAll = this.nextFirstAttackMod = 0;
    this.nextFirstDefRollMod = this.nextLeaderR1DefMod = this.nextLeaderFirstDefMod = this.nextMembersAttackingMod = this.nextExtraEnemies = 0;
    this.nextMembersAttackingStart = false;
    this.nextNoAttackRole = this.nextAbsentRole = -1;
    this.nextAttackModAll = this.nextFirstAttackRollMod = 0;
    this.nextCancelUnitMod = '';
    return any;
  }
  /** No unit stunned (every entry, as `fill(0)`; a plain loop, cheaper than the builtin on 8 entries). */
  clearStunned(): void {
    const a = this.unitStunned;
    for (let i = 0; i < a.length; i++) a[i] = 0;
  }
  /** Enemies standing: soldiers plus high-threat targets alive. */
  enemiesStanding(): number {
    let n = 0;
    for (let u = 0; u < this.nUnits; u++) {
      if (this.unitLeft[u] > 0) n += this.eng.units[u].htt ? 1 : this.unitLeft[u];
    }
    return n;
  }
  /**
   * The shot being taken passes screens that exempt it (an SX_* bit: the leader's 精密射撃, the marksman, the sniper;
   * UA-R130 `screen_exemptions: scenario`); 0 outside such a shot.
   */
  screenPass = 0;
  /** Is unit `u` alive and not behind an alive screen (one the shot being taken does not pass, UA-R130)? */
  targetable(u: number): boolean {
    if (this.unitLeft[u] <= 0 || this.unitHidden[u] !== 0) return false;
    const unit = this.eng.units[u], s = unit.screenedBy;
    return s < 0 || this.unitLeft[s] <= 0 || this.unitNoScreen[u] !== 0 || (this.screenPass !== 0 && ((unit.screenExempt ?? 0) & this.screenPass) !== 0);
  }
}

/** What a policy sees: the state, read-only. */
export type UaObservation = Readonly<Omit<UaState, 'other' | 'expendables' | 'members' | 'unitLeft' | 'unitStart' | 'unitJoined' | 'unitStunned' | 'unitDazed' | 'negotiated' | 'unitHidden' | 'unitNoScreen' | 'unitModOff' | 'tileThreat' | 'scItems' | 'scMembers' | 'scMembersStart' | 'spKind' | 'spUses' | 'spTotal' | 'restockMembers' | 'restockScMembers' | 'restockExpendables'>> & {
  readonly restockMembers: Readonly<Int32Array>;
  readonly restockScMembers: Readonly<Int32Array>;
  readonly restockExpendables: Readonly<Int32Array>;
  readonly spKind: Readonly<Int8Array>;
  readonly spUses: Readonly<Int8Array>;
  readonly spTotal: Readonly<Int8Array>;
  readonly scItems: Readonly<Int32Array>;
  readonly scMembers: Readonly<Int32Array>;
  readonly scMembersStart: Readonly<Int32Array>;
  readonly tileThreat: Readonly<Uint8Array>;
  readonly expendables: Readonly<Int32Array>;
  readonly members: Readonly<Int32Array>;
  readonly unitLeft: Readonly<Int32Array>;
  readonly unitStart: Readonly<Int32Array>;
  readonly unitJoined: Readonly<Int32Array>;
  readonly unitStunned: Readonly<Int32Array>;
  readonly unitDazed: Readonly<Uint8Array>;
  readonly negotiated: Readonly<Uint8Array>;
  readonly unitHidden: Readonly<Uint8Array>;
  readonly unitNoScreen: Readonly<Uint8Array>;
  readonly unitModOff: Readonly<Uint8Array>;
};
