/**
 * One operation (作戦) on a scenario map: the one-way progression (一本道) of
 * random tiles, the mid event and the final event, map rolls with the
 * repeated-tile rule, 察知 (§25), fleeing (逃走 = 退却 §42: the tile does not
 * count), tile events (encounters through the engagement engine, checks,
 * choices, traps, supply finds) and their effects, with everything carried
 * across tiles; the end of the operation (§44) and the tile the leader fell
 * at. Rulings UA-R48 … UA-R58 (docs/rules/urban-assault.md).
 */
import type { Dice } from '../../sim/dice.js';
import type { GameLog, GameRecord } from '../../sim/types.js';
import type { UaPolicy } from '../../policies/urban-assault/policy.js';
import { EXPENDABLE_DEFS, EXPENDABLES, HIT_TABLE_ROLES, N_ROLES, ROLES, R_K9, R_MEDIC, R_SCOUT, R_SPOTTER } from './catalogue.js';
import type { EngagementDef, GauntletDef, OperationDef, SquadDef } from './config.js';
import * as D from './decisions.js';
import { UaGame } from './game.js';
import { conditionHolds } from './condition.js';
import type { RulingSettings } from './rulings.js';
import {
  CHECK_DEFENCE, E_CURE_WOUND, EV_ENCOUNTER, EV_SUPPLY, EV_TRAP, E_COUNTER, E_ENCOUNTER, E_IF, E_RECOVER_SUB, E_REINFORCE, E_GOTO_FINAL, TRIGGER_AT, T_COMBAT_END, T_COMBAT_START, T_TILE_ENTER, T_ROUND_START, E_HEAL, E_HIT_TABLE, E_INFO, E_ITEM, E_KILL_ENEMIES, E_LEADER_DAMAGE, E_LOOT_TABLE, E_MAGAZINES, E_MAP_ROLL,
  E_MEMBER_DAMAGE, E_MRE, E_NEXT_COMBAT, E_RECOVER_MEMBER, E_SCENARIO_ITEM, E_SCRIP, E_SCRIP_AT_END, E_SPECIAL, USE_ANY_TIME, USE_MAP_ROLL,
  type ConditionDef, type TriggerDef, type EffectDef, type EncounterExtra, type OptionDef, type ScenarioDef, type TileDef,
} from './scenario.js';
import { END_LEADER_DOWN, END_NONE, END_RETREAT, END_TIMEOUT, END_WIN } from './state.js';
import { SP_SCANNER } from './special.js';
import { FrameworkTally, recordFrameworkRates } from './framework-metrics.js';

/** Outcome of one tile. */
export const TILE_DONE = 0, TILE_FLED = 1, TILE_DOWN = 2, TILE_STALLED = 3;

/** Operation rates: clear, leader survived, fled at least once, stalled; then one "leader fell at" rate per place. */
export const OP_RATE_WIN = 0, OP_RATE_SURVIVED = 1, OP_RATE_FLED = 2, OP_RATE_STALLED = 3, OP_RATE_FELL = 4;
/** Operation values. */
export const OP_VAL_MAG_SPENT = 0, OP_VAL_MAG_LEFT = 1, OP_VAL_MEMBERS_LOST = 2, OP_VAL_ROUNDS = 3, OP_VAL_TILES = 4, OP_VAL_LIFE_END = 5,
  OP_VAL_FLEES = 6, OP_VAL_FIGHTS = 7, OP_VAL_SCRIP = 8, OP_VAL_DETECTS = 9, OP_VAL_SPECIAL_FOUND = 10;
/** Per-tile attrition variables. */
export const OP_V_LIFE = 0, OP_V_MEMBERS = 1, OP_V_MAGAZINES = 2;

/** Places a leader can fall at: every map code of the table, then the mid event, then the final event. */
export function fallPlaces(sc: ScenarioDef): { code: number; name: string }[] {
  const out: { code: number; name: string }[] = [];
  for (const t of sc.tiles) if (t) out.push({ code: t.code, name: t.name });
  if (sc.laps.some((l) => l.briefing !== null)) out.push({ code: 97, name: 'briefing' });
  out.push({ code: 0, name: 'mid event' });
  out.push({ code: 99, name: 'final event' });
  return out;
}

/**
 * The reported counters whose end value is broken down (UA-R95): range at most 12 wide. Each gets one rate per value
 * (`counter_<id>_end_<k>`) and one joint rate "success and that value" (`win_given_<id>_<k>`, conditional on it).
 */
export function counterBins(sc: ScenarioDef): { index: number; id: string; lo: number; n: number }[] {
  const out: { index: number; id: string; lo: number; n: number }[] = [];
  sc.counters.forEach((c, index) => { if (c.reported && c.max - c.min <= 12) out.push({ index, id: c.id, lo: c.min, n: c.max - c.min + 1 }); });
  return out;
}

/** A die face kept within 1…d (a map-roll modifier never leaves the die). */
function clampDie(x: number, d: number): number {
  return x < 1 ? 1 : x > d ? d : x;
}

/** An any_time item's effects work out of combat (any effect but kill_enemies), UA-R62. */
function worksOutOfCombat(effects: readonly EffectDef[]): boolean {
  for (let k = 0; k < effects.length; k++) if (effects[k].kind !== E_KILL_ENEMIES) return true;
  return false;
}

/** The most slots an operation can count (random tiles + mid + final). */
export function maxSlots(sc: ScenarioDef): number {
  const after = sc.finalAtMost ? sc.finalAtMost.length + 1 : sc.tilesAfterMid;
  return sc.tilesBeforeMid + 1 + after + 1;
}

const SUB_DEX = 1;

export class UaOperation extends UaGame {
  readonly op: OperationDef;
  readonly sc: ScenarioDef;
  /** Map codes resolved in this operation (1 = used). */
  protected readonly used = new Uint8Array(67);
  /** Map codes resolved in earlier operations of a campaign (scenario `tiles_persist`). */
  protected readonly usedBefore = new Uint8Array(67);
  /** Index of a map code in the `fell at` rates. */
  private readonly fellIndex = new Int32Array(100).fill(-1);
  /** Tiles (by code) as they are after the mid event in a lap that turns dark (night). */
  private readonly darkTiles: (TileDef | null)[];
  private readonly codes: number[];
  protected lap = 0;
  private afterMid = false;
  private lastFled = 0;
  protected fights = 0;
  protected detects = 0;
  private firstBattle = true;

  constructor(g: GauntletDef, squad: SquadDef, policy: UaPolicy, rulings: RulingSettings = g.rulings) {
    super(g, squad, policy, rulings);
    this.op = g.operation!;
    this.sc = this.op.scenario;
    this.roundSeries = false;
    fallPlaces(this.sc).forEach((p, i) => { this.fellIndex[p.code] = i; });
    this.counterRates = OP_RATE_FELL + fallPlaces(this.sc).length;
    this.codes = this.sc.tiles.filter((t): t is TileDef => t !== null).map((t) => t.code);
    this.s.tileThreat = new Uint8Array(67);
    for (const t of this.sc.tiles) if (t) this.s.tileThreat[t.code] = t.threat;
    this.darkTiles = this.sc.tiles.map((t) => (t && t.engagement ? { ...t, dark: true, engagement: { ...t.engagement, dark: true } } : t));
    this.nightMod = this.sc.nightAttackMod;
    this.lootMod = this.op.lootMod;
    this.infoCounter = this.s.infoIndex = this.sc.counters.findIndex((c) => c.id === 'info');
    this.triggersAt = [0, 1, 2, 3].map((at) => this.sc.triggers.filter((t) => t.at === at));
    this.roundTriggers = this.triggersAt[T_ROUND_START].length > 0;
    this.hasGoto = this.sc.usesGoto;
    this.bins = counterBins(this.sc);
    this.fwRates = this.counterRates + this.bins.reduce((n, b) => n + 2 * b.n, 0);
    this.fwValues = OP_VAL_SPECIAL_FOUND + 1 + 3 * this.sc.counters.filter((c) => c.reported).length;
    this.worth = this.sc.counters.map((c) => (c.id === 'info' && c.value === 0 && !c.reported ? 0.5 : c.value));
    this.worth.forEach((w, i) => { this.s.counterWorth[i] = w; });
    this.scItemDefs = this.sc.items;
    this.scMemberDefs = this.sc.members;
    // Scenario members (squad.members[N_ROLES + i]) may be fielded only from their lap on.
    this.sc.members.forEach((m, i) => {
      if (!this.op.campaign && (squad.members[N_ROLES + i] ?? 0) > 0 && this.op.lap + 1 < m.fromLap) throw new Error(`${m.name} may be recruited from lap ${m.fromLap} on (this is lap ${this.op.lap + 1})`);
    });
  }

  /** The option being taken's target member slot (target: hit_table), or −1. */
  private optTarget = -1;

  // ───────────────────────── rolls ─────────────────────────


  /**
   * A 判定ロール at an event (§07, §09; UA-R48): 技量点, or the named
   * sub-ability — the leader's own (current value, spent 1; none left → it
   * fails), or, for a sub-ability the leader lacks, 技量点 (or 0, by ruling).
   * Member modifiers and automatic success come from the event.
   */
  private eventCheck(o: OptionDef): { ok: boolean; critical: boolean; fumble: boolean } {
    const c = o.check!, s = this.s;
    if (c.autoWith >= 0 && s.members[c.autoWith] > 0) {
      if (this.log) this.say(`  check succeeds without a roll (${ROLES[c.autoWith]} with the squad)`);
      return { ok: true, critical: false, fumble: false };
    }
    // A skill that makes the check automatic, at its cost in sub-ability points (UA-R97).
    if (c.autoSkill >= 0 && (s.skills & (1 << c.autoSkill)) && s.subCur >= c.autoSkillCost) {
      s.subCur -= c.autoSkillCost;
      if (this.log) this.say(`  check succeeds without a roll (the leader's skill${c.autoSkillCost > 0 ? `, ${c.autoSkillCost} point(s): ${s.subCur} left` : ''})`);
      return { ok: true, critical: false, fumble: false };
    }
    let mod = 0;
    for (const m of c.memberMods) if (s.members[m.role] > 0) mod += m.mod;
    // 降下ロープ 「特殊イベント判定に +1」 on a height tile (高所移動や建物突入, UA-R93).
    if (this.squad.rope && s.tile !== null && s.tile.height) mod += 1;
    let base: number, spend = false;
    const names = ['技量', '格闘', '器用', '射撃', '指揮', '防御'];
    if (c.ability === CHECK_DEFENCE || c.everyone) {
      // 防御ロール: 技量点 + the leader's defence modifiers (armour; no point spent). 全員: the leader and each
      // combatant member with the squad roll once each, with the leader's value (UA-R65).
      base = c.ability === CHECK_DEFENCE ? s.skill + (s.armour ? s.armour.defence : 0) : c.ability === 0 || c.ability - 1 !== s.sub ? (c.ability === 0 || this.g.rulings.off_ability_check !== 'zero' ? s.skill : 0) : s.subCur;
      const rolls = c.everyone ? 1 + s.withSquad() : 1;
      let ok = true, fumble = false, critical = false;
      for (let i = 0; i < rolls; i++) {
        const r = this.check(base + mod, c.target);
        if (!r) ok = false;
        if (this.nat === 1) fumble = true;
        if (rolls === 1 && this.nat === 6) critical = true;
        if (this.log) this.say(`  ${names[c.ability]}ロール${rolls > 1 ? ` ${i + 1}/${rolls}` : ''}: d6=${this.nat} +${base + mod} → ${this.value} vs ${c.target}${r ? ' success' : ' failure'}`);
      }
      return { ok, critical, fumble: !ok && fumble };
    }
    if (c.ability === 0) base = s.skill;
    else if (c.ability - 1 === s.sub) {
      if (s.subCur <= 0) {
        if (this.log) this.say(`  ${names[c.ability]}ロール: no ${names[c.ability]}点 left — the check fails (§09)`);
        return { ok: false, critical: false, fumble: false };
      }
      base = s.subCur;
      spend = true;
    } else base = this.g.rulings.off_ability_check === 'zero' ? 0 : s.skill;
    const ok = this.check(base + mod, c.target);
    if (spend) s.subCur--;
    if (this.log) this.say(`  ${names[c.ability]}ロール: d6=${this.nat} +${base + mod} → ${this.value} vs ${c.target}${ok ? ' success' : ' failure'}${this.nat === 6 ? ' (critical)' : ''}`);
    return { ok, critical: this.nat === 6, fumble: !ok && this.nat === 1 };
  }

  // ───────────────────────── effects ─────────────────────────

  protected override applyEffects(effects: readonly EffectDef[]): void {
    this.apply(effects);
  }

  /** A scenario condition (`if:`, UA-R95). */
  /** 降下ロープ 「落下ダメージを無効化（1回）」: on a height tile the first fall of the operation is stopped (UA-R93). */
  private ropeStopsFall(): boolean {
    const s = this.s;
    if (!this.squad.rope || s.tile === null || !s.tile.height || this.ropeUsed) return false;
    this.ropeUsed = true;
    if (this.log) this.say('  the 降下ロープ stops the fall (once per operation)');
    return true;
  }

  /** The leader takes `n` damage from an event (a trap event's less the 対爆スーツ cut, UA-R88); true if the leader is down. */
  private leaderDamage(n: number): boolean {
    const s = this.s;
    // 対爆スーツ 「爆発・トラップ系ダメージを -1」: a trap event's damage to the leader (UA-R88).
    const cut = this.inTrap && s.armour && n > 0 ? Math.min(n, s.armour.blastReduction) : 0;
    n -= cut;
    s.life -= n;
    if (this.log) this.say(`  the leader takes ${n} damage${cut > 0 ? ` (${s.armour!.id} −${cut}, トラップ系)` : ''}: life ${Math.max(0, s.life)}`);
    if (s.life > 0) return false;
    s.life = 0;
    s.endReason = END_LEADER_DOWN;
    return true;
  }

  private holds(c: ConditionDef): boolean {
    return conditionHolds(c, this.s);
  }

  /** Add `n` to counter `i` (or set it to `n`), clamped to its range; narrated; `info` mirrors into the state (§43). */
  private counterChange(i: number, n: number, set: boolean): void {
    const s = this.s, def = this.sc.counters[i];
    const before = s.counters[i];
    const v = Math.max(def.min, Math.min(def.max, set ? n : before + n));
    s.counters[i] = v;
    if (i === this.infoCounter) s.info = v;
    if (this.log && v !== before) this.say(`  counter ${def.id}: ${before} → ${v}`);
  }

  /** Apply effects in order; returns TILE_DOWN if the leader fell, TILE_FLED if a triggered fight was fled. */
  private apply(effects: readonly EffectDef[]): number {
    const s = this.s;
    for (const e of effects) {
      switch (e.kind) {
        case E_MAGAZINES: {
          const n = this.rollExpr(e.n);
          s.magazines = Math.max(0, s.magazines + n);
          if (this.log) this.say(`  ${n >= 0 ? '+' : ''}${n} magazine(s): ${s.magazines}`);
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
              if (this.log) this.say(`  ${EXPENDABLES[e.item]} left behind (carry limit ${this.carryLimit()})`);
              break;
            }
            // 最大携行数 (§28, e.g. AT4: 1): one more cannot be carried.
            if (s.expendables[e.item] >= EXPENDABLE_DEFS[EXPENDABLES[e.item]].maxCarried) {
              if (this.log) this.say(`  ${EXPENDABLES[e.item]} left behind (at most ${EXPENDABLE_DEFS[EXPENDABLES[e.item]].maxCarried} carried, §28)`);
              break;
            }
            s.expendables[e.item]++;
            if (this.log) this.say(`  found: ${EXPENDABLES[e.item]}`);
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
          if (this.log) this.say(`  the leader recovers ${s.subCur - before} sub-ability point(s): ${s.subCur}`);
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
            if (this.log) this.say(`  負傷 −${n}: 負傷 ${s.wounds}`);
          } else s.life = Math.min(s.lifeMax, s.life + n);
          break;
        }
        case E_HIT_TABLE: {
          const n = this.rollExpr(e.n);
          for (let i = 0; i < n; i++) {
            if (this.ropeStopsFall()) continue;
            // No combatant member left to take it: the leader takes the 1 damage (scenario format, `hit_table`).
            if (s.withSquad() > 0 && this.hitTable()) continue;
            if (this.log) this.say('    hit table: no combatant member stands — the leader takes it');
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
          s.nextEnemyFirst ||= c.enemyFirstStrike;
          s.nextSquadFirst ||= c.squadFirstStrike;
          s.nextDefenceMod += c.firstRoundDefenceMod;
          if (c.firstRoundAttackersCap > 0) s.nextAttackersCap = s.nextAttackersCap > 0 ? Math.min(s.nextAttackersCap, c.firstRoundAttackersCap) : c.firstRoundAttackersCap;
          s.nextEnemyAttacks += c.firstRoundEnemyAttacks;
          s.nextDefenceModAll += c.defenceMod;
          s.nextEnemyAttacksAll += c.enemyAttacks;
          s.nextFirstAttackMod += c.firstRoundAttackMod;
          s.nextFirstDefRollMod += c.firstDefenceRollMod;
          s.nextExtraEnemies += c.extraEnemies;
          s.nextMembersAttackingMod += c.membersAttackingMod;
          if (c.targetNoAttackFirstRound && this.optTarget >= 0) s.nextNoAttackRole = this.optTarget;
          if (c.targetAbsentFirstRound && this.optTarget >= 0) s.nextAbsentRole = this.optTarget;
          s.nextAttackModAll += c.attackMod;
          s.nextFirstAttackRollMod += c.firstAttackRollMod;
          if (c.cancelUnitMod !== '') s.nextCancelUnitMod = c.cancelUnitMod;
          if (this.log) this.say('  the next combat is modified');
          break;
        }
        case E_MAP_ROLL: {
          const m = e.map!;
          s.mapTens += m.tens;
          s.mapUnits += m.units;
          s.mapEither ||= m.either;
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
            if (this.log) this.say(`  reinforcements: +${n} ${e.name} (${s.unitLeft[u]})`);
            break;
          }
          break;
        }
        case E_GOTO_FINAL:
          if (!s.gotoFinal && this.log) this.say('  the operation goes straight to the final event');
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
              if (this.log) this.say(`  ${def.name} refused (carry limit ${this.carryLimit()})`);
              break;
            }
            s.scItems[e.item]++;
            if (this.log) this.say(`  received: ${def.name}`);
          }
          break;
        }
        case E_MEMBER_DAMAGE: {
          // Members have one life: any damage drops the target member (UA-R63). No target: nothing.
          const n = this.rollExpr(e.n);
          if (n > 0 && this.optTarget >= 0 && this.slotCount(this.optTarget) > 0) {
            if (this.log) this.say(`  the ${this.slotName(this.optTarget)} takes ${n} damage`);
            this.memberDown(this.optTarget);
            if (this.log) this.say(`  ${s.withSquad()} members left`);
          }
          break;
        }
        case E_KILL_ENEMIES: {
          const n = this.rollExpr(e.n);
          if (!s.inCombat || s.endReason !== END_NONE) {
            if (this.log) this.say('  no enemy to kill here');
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
  private takeOption(o: OptionDef): number {
    const s = this.s;
    s.magazines -= o.costMagazines;
    s.magazinesSpent += o.costMagazines;
    s.mre -= o.costMre;
    s.subCur -= o.costSub;
    if (o.costItem >= 0) s.expendables[o.costItem]--;
    if (this.log && o.label) this.say(`  → ${o.label}`);
    if (o.targetMember) {
      // target: hit_table — the member picked before the check (§36 fallbacks; −1: no combatant member).
      this.optTarget = this.hitSlot(false);
      if (this.log) this.say(`  hit table d6=${s.hitRoll}: ${this.optTarget >= 0 ? `the ${this.slotName(this.optTarget)}` : 'no member'}`);
    }
    let r = this.apply(o.effects);
    if (r === TILE_DONE && o.check) {
      const { ok, critical, fumble } = this.eventCheck(o);
      r = this.apply(critical && o.critical ? o.critical : ok ? o.success : fumble && o.fumble ? o.fumble : o.failure);
    }
    if (r === TILE_DONE && o.roll) {
      let f = this.dice.d6();
      if (this.log) this.say(`  d6=${f}`);
      // 現地調達 (§23): +1 on a supply event's table (〈補給表〉), UA-R94.
      if (this.tileKind === EV_SUPPLY && f < 6 && this.localSupply(f, false)) f++;
      r = this.apply(o.roll[f - 1]);
    }
    this.optTarget = -1;
    return r;
  }

  private affordable(o: OptionDef): boolean {
    const s = this.s;
    if (o.cond !== null && !this.holds(o.cond)) return false;
    return s.magazines >= o.costMagazines && s.mre >= o.costMre && s.subCur >= o.costSub && (o.costItem < 0 || s.expendables[o.costItem] > 0) && (o.needsRole < 0 || s.members[o.needsRole] > 0);
  }

  // ───────────────────────── fights ─────────────────────────

  /** An encounter through the engagement engine; fleeing is 退却 (§42). */
  private fight(e: EngagementDef, x: EncounterExtra | null): number {
    const s = this.s;
    this.fights++;
    if (this.firstBattle) {
      // 部隊再編 stage 3 (§41): the enemy's level in the operation's first battle.
      s.levelMod = s.reorgStage >= 3 ? this.op.reorg.levelMod : 0;
    }
    const combatsBefore = s.combats, spentBefore = s.magazinesSpent;
    this.encounter(e, x);
    if (s.combats > combatsBefore) {
      // The framework's 戦闘密度 and 弾倉消費: encounters that came to combat, and what they cost.
      this.fw.combats += s.combats - combatsBefore;
      this.fw.combatMagazines += s.magazinesSpent - spentBefore;
    }
    s.inCombat = false;
    if (s.combats > combatsBefore && this.triggersAt[T_COMBAT_END].length > 0 && s.endReason !== END_LEADER_DOWN) {
      // Combat-end triggers see the enemies still standing (e.g. a high-threat target that withdrew).
      if (this.fire(T_COMBAT_END) === TILE_DOWN) return TILE_DOWN;
    }
    if (this.firstBattle) {
      // 「最初の戦闘」: only an encounter that came to combat uses it up — not one that ended without a fight
      // (a friendly or neutral reaction, a paid extortion, passing by; UA-R59).
      if (s.combats > combatsBefore) this.firstBattle = false;
      s.levelMod = 0;
    }
    const end = s.endReason;
    if (end === END_WIN) {
      s.engagementsCleared++;
      if (!this.noLoot && !s.endedNoLoot) {
        if (x !== null && x.loot !== null) {
          const mags = this.rollExpr(x.loot.magazines), scrip = this.rollExpr(x.loot.scrip);
          s.magazines += mags;
          s.scrip += scrip;
          if (this.log) this.say(`  loot: ${mags} magazine(s), ${scrip} 軍票`);
          for (let i = 0; i < x.loot.tableRolls; i++) this.lootTableRoll(x.loot.tableMod);
        } else this.loot(e);
      }
      const wiped = s.killedAll, limited = s.endedByLimit;
      s.ex = null;
      if (x !== null && limited && x.endsAfterEffects.length > 0) {
        // The fight's own outcome at its round limit (UA-R99).
        const r = this.apply(x.endsAfterEffects);
        if (r !== TILE_DONE) return r;
      }
      if (x !== null && wiped && x.ifWipedOut.length > 0) {
        if (this.log) this.say('  every enemy was killed');
        const r = this.apply(x.ifWipedOut);
        if (r !== TILE_DONE) return r;
      }
      this.between(true);
      return TILE_DONE;
    }
    s.ex = null;
    if (end === END_LEADER_DOWN) return TILE_DOWN;
    if (end === END_TIMEOUT) return TILE_STALLED;
    if (end === END_RETREAT) {
      s.retreats++;
      this.between(true);
      return TILE_FLED;
    }
    return TILE_DONE;
  }

  // ───────────────────────── tiles ─────────────────────────

  private resolve(t: TileDef): number {
    const s = this.s;
    s.tile = t;
    const combatsBefore = s.combats;
    if (this.log) this.say(`tile ${s.tilesDone + 1}: ${t.code === 0 ? 'mid event' : t.code === 99 ? 'final event' : t.code === 97 ? 'briefing' : t.code} ${t.name} (${t.indoor ? 'indoor' : 'outdoor'}${t.dark ? ', dark' : ''})`);
    let r = TILE_DONE;
    if (this.triggersAt[T_TILE_ENTER].length > 0) {
      r = this.fire(T_TILE_ENTER);
      if (r !== TILE_DONE) {
        s.tile = null;
        return r;
      }
    }
    this.inTrap = t.kind === EV_TRAP;
    this.tileKind = t.kind;
    if (t.kind === EV_ENCOUNTER) r = this.fight(t.engagement!, t.extra);
    if (r === TILE_DONE && t.options.length > 0) {
      let n = 0;
      for (let i = 0; i < t.options.length; i++) if (this.affordable(t.options[i])) this.legal[n++] = i;
      if (n > 0) r = this.takeOption(t.options[n === 1 ? this.legal[0] : this.ask(D.D_EVENT_OPTION, n)]);
      if (r === TILE_DONE && t.kind !== EV_ENCOUNTER) this.between(false);
    }
    // メディック 戦場治療 (2026-03): on a map without a fight, once per map, 1 magazine cures one 負傷 level (UA-V08).
    if (r === TILE_DONE && this.medicCures && s.combats === combatsBefore && s.wounds > 0 && s.members[R_MEDIC] > 0 && s.magazines > 0 && this.askYes(D.D_FIELD_TREAT)) {
      this.spend(1);
      this.cureWound('medic 戦場治療 (1 magazine)');
    }
    this.inTrap = false;
    this.tileKind = -1;
    s.tile = null;
    return r;
  }

  private nextCode(code: number): number {
    const i = this.codes.indexOf(code);
    return this.codes[(i + 1) % this.codes.length];
  }

  private rollCode(): number {
    const d = this.sc.map === 'd33' ? 3 : 6;
    const t = d === 3 ? this.dice.d3() : this.dice.d6();
    const u = d === 3 ? this.dice.d3() : this.dice.d6();
    return t * 10 + u;
  }

  /** The map roll with any pending modifiers (the policy picks among the candidates, UA-R51). */
  private mapRoll(): number {
    const s = this.s;
    if (this.sc.items.length > 0) this.offerMapItems();
    const code = this.rollCode();
    if (s.mapTwice || s.mapTens !== 0 || s.mapUnits !== 0 || s.mapSetTens !== 0) return this.modifiedMapRoll(code);
    return code;
  }

  /** A map roll under pending modifiers: the candidate codes, the policy picks one (UA-R51). */
  private modifiedMapRoll(code: number): number {
    const s = this.s, d = this.sc.map === 'd33' ? 3 : 6;
    const setTens = s.mapSetTens;
    s.mapSetTens = 0;
    let n = this.addMapVariants(code, setTens, d, 0);
    if (s.mapTwice) n = this.addMapVariants(this.rollCode(), setTens, d, n);
    s.mapTens = s.mapUnits = 0;
    s.mapEither = s.mapTwice = false;
    s.tile = null;
    const chosen = n === 1 ? this.legal[0] : this.ask(D.D_MAP_CHOICE, n);
    if (this.log) this.say(`  map roll modified: ${chosen}`);
    return chosen;
  }

  /** Candidate codes of one rolled code under the pending tens/units modifiers, appended to the legal list at n. */
  private addMapVariants(c: number, setTens: number, d: number, n: number): number {
    const s = this.s, t = (c / 10) | 0, u = c % 10;
    n = this.addMapCandidate(c, setTens, n);
    if (s.mapTens !== 0) n = this.addMapCandidate(clampDie(t + s.mapTens, d) * 10 + u, setTens, n);
    if (s.mapUnits !== 0) {
      n = this.addMapCandidate(t * 10 + clampDie(u + s.mapUnits, d), setTens, n);
      if (s.mapEither) n = this.addMapCandidate(t * 10 + clampDie(u - s.mapUnits, d), setTens, n);
    }
    return n;
  }

  /** Append a candidate code (tens_is: the tens die is set after any `tens` modifier) unless already listed. */
  private addMapCandidate(c0: number, setTens: number, n: number): number {
    const c = setTens !== 0 ? setTens * 10 + (c0 % 10) : c0;
    for (let i = 0; i < n; i++) if (this.legal[i] === c) return n;
    this.legal[n] = c;
    return n + 1;
  }

  /**
   * Before a map d66: the policy may use map_roll items (their effects apply to this roll) and any_time items
   * whose effects work out of combat (UA-R62).
   */
  private offerMapItems(): void {
    const s = this.s, items = this.sc.items;
    for (let guard = 0; guard < 8; guard++) {
      let n = 0;
      this.legal[n++] = 0;
      for (let i = 0; i < items.length; i++) {
        if (s.scItems[i] <= 0) continue;
        if (items[i].use === USE_MAP_ROLL || (items[i].use === USE_ANY_TIME && worksOutOfCombat(items[i].effects))) this.legal[n++] = 1 + i;
      }
      if (n === 1) return;
      const a = this.ask(D.D_USE_ITEM, n);
      if (a === 0) return;
      this.useScItem(a - 1);
    }
  }

  /** A used code (or the one just fled): step to the next unused, or roll again (UA-R49, UA-R50). */
  private freshCode(code: number): number {
    const blocked = (c: number) => this.used[c] === 1 || this.usedBefore[c] === 1 || c === this.lastFled;
    if (!blocked(code)) return code;
    const rolled = code;
    if (this.sc.repeated === 'reroll') {
      for (let i = 0; i < 50; i++) {
        code = this.rollCode();
        if (!blocked(code)) return code;
      }
    }
    for (let i = 0; i < this.codes.length; i++) {
      code = this.nextCode(code);
      if (!blocked(code)) return code;
    }
    if (this.sc.exhausted === 'reset-earlier') {
      // when_exhausted: reset-earlier — clear the codes of earlier operations, keep this one's, step again.
      if (this.log) this.say('  every map code is used: the codes of earlier operations are cleared');
      this.usedBefore.fill(0);
      // The rolled code itself comes first when it was used only in an earlier operation (UA-R61).
      code = rolled;
      if (!blocked(code)) return code;
      for (let i = 0; i < this.codes.length; i++) {
        code = this.nextCode(code);
        if (!blocked(code)) return code;
      }
    }
    // Every code used (Black Sun §09): the unused-in-this-operation reset — here all are this operation's; allow repeats.
    return this.lastFled === this.codes[0] ? this.codes[1] : this.codes[0];
  }

  /** 察知 (§25; UA-R52): a 器用 leader may try to avoid the tile just drawn. */
  private detect(t: TileDef): boolean {
    const s = this.s;
    if (s.sub !== SUB_DEX || s.subCur <= 0 || !t.fleeAllowed) return false;
    s.tile = t;
    const yes = this.askYes(D.D_DETECT);
    s.tile = null;
    if (!yes) return false;
    this.detects++;
    // 戦術スキャナー (UA-R82): +1 on this map's 察知 — one use, or free once spent into standing equipment.
    const scanner = s.scannerStanding > 0 || (s.nSpecial > 0 && this.trySpecial(SP_SCANNER)) ? 1 : 0;
    const mod = scanner + (s.armour ? s.armour.detect : 0) + (s.nvg && t.dark ? 1 : 0) + Math.min(2, s.members[R_SCOUT]);
    const base = s.subCur + mod;
    s.subCur--;
    let ok = this.check(base, 4);
    if (this.log) this.say(`  察知: d6=${this.nat} +${base} → ${this.value}${ok ? ' — the squad avoids it' : ''}`);
    // K9 (any tile) and spotter (outdoor tiles): one re-roll each per map.
    if (!ok && s.members[R_K9] > 0) {
      ok = this.check(base, 4);
      if (this.log) this.say(`  K9 re-roll: d6=${this.nat} → ${this.value}${ok ? ' — avoided' : ''}`);
    }
    if (!ok && s.members[R_SPOTTER] > 0 && !t.indoor) {
      ok = this.check(base, 4);
      if (this.log) this.say(`  spotter re-roll: d6=${this.nat} → ${this.value}${ok ? ' — avoided' : ''}`);
    }
    return ok;
  }

  /** One random-tile slot (or, with `finalAt` ≥ 0, the final event if the roll is at most it). Returns the outcome; `final` is set when the final event came. */
  /** Whether the last {@link randomSlot} came to the final event (a field, so a slot allocates nothing). */
  private slotFinal = false;

  private randomSlot(finalAt: number): number {
    this.slotFinal = false;
    const s = this.s;
    for (let guard = 0; guard < this.op.maxTiles; guard++) {
      let code = this.mapRoll();
      if (finalAt >= 0 && code <= finalAt) {
        if (this.log) this.say(`map roll ${code} ≤ ${finalAt}: the final event`);
        this.snapCounters(this.atFinal);
        this.slotFinal = true;
        return this.resolveFixed(this.sc.laps[this.lap].final);
      }
      code = this.freshCode(code);
      const base = this.sc.tiles[code]!;
      const t = this.afterMid && this.sc.laps[this.lap].darkAfterMid ? this.darkTiles[code]! : base;
      if (this.detect(t)) continue; // 「未発生」: roll again; the code stays unused
      const r = this.resolve(t);
      if (r === TILE_FLED) {
        // 一本道 逃走: the tile does not count; back one area, take another route (UA-R50).
        this.lastFled = code;
        continue;
      }
      this.lastFled = 0;
      this.used[code] = 1;
      if (r === TILE_DOWN) this.fell(code);
      return r;
    }
    s.endReason = END_TIMEOUT;
    return TILE_STALLED;
  }

  private resolveFixed(t: TileDef): number {
    const r = this.resolve(t);
    if (r === TILE_DOWN) this.fell(t.code);
    // No 逃走 at the mid/final event: a retreat there (if a scenario allowed it) does not pass the event.
    return r === TILE_FLED ? TILE_STALLED : r;
  }

  protected fellAt = -1;
  /** The scenario's triggers by moment (T_COMBAT_START, T_COMBAT_END, T_TILE_ENTER), UA-R96. */
  private triggersAt: (readonly TriggerDef[])[] = [[], [], [], []];

  /** Fire the triggers of moment `at` whose condition holds; returns TILE_DOWN if the leader fell. */
  private fire(at: number): number {
    const list = this.triggersAt[at];
    for (let i = 0; i < list.length; i++) {
      const t = list[i];
      if (t.cond !== null && !this.holds(t.cond)) continue;
      if (this.log) this.say(`  trigger (${TRIGGER_AT[at]})`);
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
  private cancelTrigger(t: TriggerDef): boolean {
    const s = this.s;
    if (t.cancelBySkill >= 0 && (s.skills & (1 << t.cancelBySkill)) !== 0) {
      if (this.log) this.say('  cancelled: the leader\'s skill');
      return true;
    }
    const hasItem = (t.cancelByItem >= 0 && s.expendables[t.cancelByItem] > 0) || (t.cancelByScItem >= 0 && s.scItems[t.cancelByScItem] > 0);
    if (hasItem) {
      s.cancelBy = 1;
      if (this.askYes(D.D_CANCEL)) {
        if (t.cancelByItem >= 0 && s.expendables[t.cancelByItem] > 0) s.expendables[t.cancelByItem]--;
        else s.scItems[t.cancelByScItem]--;
        if (this.log) this.say(`  cancelled: ${t.cancelByItem >= 0 ? EXPENDABLES[t.cancelByItem] : this.sc.items[t.cancelByScItem].name} used`);
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
      if (this.log) this.say(`  察知: d6=${this.nat} +${base} → ${this.value}${ok ? ' — cancelled' : ' — not in time'}`);
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

  /** The framework metrics of this operation (combats, their magazines, wipe, counters at the mid event). */
  protected readonly fw = new FrameworkTally();
  /** Index of the first framework rate (after the counter-distribution rates). */
  private fwRates = 0;
  /** Index of the first framework value (after the counters' values). */
  private fwValues = 0;
  /** Counter values as the mid / final event started (−1: not reached yet), for the outputs. */
  protected readonly atMid = new Int32Array(8);
  protected readonly atFinal = new Int32Array(8);
  private snapCounters(to: Int32Array): void {
    for (let i = 0; i < this.sc.counters.length; i++) to[i] = this.s.counters[i];
  }
  /** Index of the first counter-distribution rate (after the fell-at rates). */
  private counterRates = 0;
  /** Counters broken down by their end value (counterBins). */
  private bins: { index: number; id: string; lo: number; n: number }[] = [];
  /** Magazines a point of each counter is worth to the scripted policies (UA-R95). */
  private worth: number[] = [];
  /** Operations started in this game (a campaign's counters with keep: campaign start once). */
  protected opIndex = 0;
  /** Some effect of the scenario is goto_final (UA-R101). */
  private readonly hasGoto: boolean = false;
  /** Index of the `info` counter (情報 §43) in the scenario's counters. */
  private infoCounter = 0;
  /** The kind of event of the tile being resolved (−1: none). */
  private tileKind = -1;
  /** The 降下ロープ has stopped this operation's fall (UA-R93). */
  private ropeUsed = false;
  /** A trap event (トラップ) is being resolved: its leader damage is トラップ系 for the 対爆スーツ (UA-R88). */
  private inTrap = false;
  private fell(code: number): void {
    this.fellAt = this.fellIndex[code];
  }

  /** Record the per-tile attrition series (single operations; a campaign records per attempt instead). */
  protected tileSeries = true;

  private recordSlot(): void {
    if (!this.tileSeries) return;
    const s = this.s, slot = s.tilesDone;
    if (slot >= maxSlots(this.sc) + 1) return;
    this.rec.set(slot, OP_V_LIFE, s.life > 0 ? s.life : 0);
    this.rec.set(slot, OP_V_MEMBERS, s.withSquad());
    this.rec.set(slot, OP_V_MAGAZINES, s.magazines);
  }

  /** Start-of-operation setup: issued items, 部隊再編 stage 1–2 effects. */
  protected startOperation(): void {
    const s = this.s, lap = this.sc.laps[this.lap];
    this.used.fill(0);
    this.lastFled = 0;
    this.ropeUsed = false;
    this.fights = this.detects = 0;
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
    this.opIndex++;
    s.info = s.counters[this.infoCounter];
    // A track the player cannot see yet (visible_from_lap) is worth nothing to the policies' option values.
    for (let i = 0; i < this.sc.counters.length; i++) s.counterWorth[i] = this.lap + 1 >= this.sc.counters[i].visibleFromLap ? this.worth[i] : 0;
    s.mapTens = s.mapUnits = 0;
    s.mapEither = s.mapTwice = false;
    s.tile = null;
    s.retreats = 0;
    for (const item of lap.issued) if (this.carried() < this.carryLimit()) s.expendables[item]++;
    // Issued scenario items (rules.issued, then the lap's), each if the carry limit allows it.
    for (const item of lap.issuedItems) {
      if (this.sc.items[item].carried && this.carried() >= this.carryLimit()) {
        if (this.log) this.say(`  ${this.sc.items[item].name} refused (carry limit ${this.carryLimit()})`);
        continue;
      }
      s.scItems[item]++;
    }
    if (s.reorgStage >= 1) s.magazines += this.op.reorg.magazines;
    s.hitTableUses = s.reorgStage >= 2 ? this.op.reorg.hitTableUses : 0;
  }

  /** Does the operation go straight to the final event now (goto_final, progression.final_when; UA-R101)? */
  private toFinal(): boolean {
    const s = this.s;
    if (!s.gotoFinal && this.sc.finalWhen !== null && this.holds(this.sc.finalWhen)) {
      if (this.log) this.say('the operation goes straight to the final event (progression.final_when)');
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
      this.snapCounters(this.atFinal);
      r = this.resolveFixed(lap.final);
      s.tilesDone++;
      this.recordSlot();
      return this.endOperation(r === TILE_DONE);
    }
    if (r === TILE_DONE && lap.mid) {
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
          this.snapCounters(this.atFinal);
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
        this.snapCounters(this.atFinal);
        r = this.resolveFixed(lap.final);
        final = true;
        s.tilesDone++;
        this.recordSlot();
      }
    }
    return this.endOperation(r === TILE_DONE && final);
  }

  /** The end of an operation (§44): experience for a success, drones stopped, returned items handed back. */
  private endOperation(win: boolean): boolean {
    const s = this.s, sc = this.sc;
    if (win && s.life > 0) s.xp += sc.successXp;
    // 全滅: the leader is down and no combatant member stands with the squad.
    this.fw.wiped = !(s.life > 0 && s.endReason !== END_LEADER_DOWN) && s.withSquad() === 0;
    // Combat drones stop at the end of the operation and cannot be restarted (§40).
    s.drones = s.droneGuards = 0;
    // Items handed back at the end of the operation (returned), used or not.
    for (let i = 0; i < sc.items.length; i++) if (sc.items[i].returned) s.scItems[i] = 0;
    return win;
  }

  override play(dice: Dice, policyDice: Dice, rec: GameRecord, log: GameLog | null): void {
    this.dice = dice;
    this.pdice = policyDice;
    this.rec = rec;
    this.log = log;
    this.reset();
    const s = this.s;
    this.lap = this.op.lap;
    this.opIndex = 0;
    this.atMid.fill(-1);
    this.atFinal.fill(-1);
    this.fw.reset();
    s.reorgStage = this.op.reorgStage;
    if (log) this.say(`operation: ${this.sc.title} (${this.op.difficulty}) — leader life ${s.life}, ${['格闘', '器用', '射撃', '指揮'][s.sub]} ${s.subCur}, ${s.weapon.id}, magazines ${s.magazines}, members ${s.withSquad()}`);
    const win = this.operation();
    const alive = s.life > 0 && s.endReason !== END_LEADER_DOWN;
    rec.rates[OP_RATE_WIN] = win ? 1 : 0;
    rec.rates[OP_RATE_SURVIVED] = alive ? 1 : 0;
    rec.rates[OP_RATE_FLED] = s.retreats > 0 ? 1 : 0;
    rec.rates[OP_RATE_STALLED] = !win && alive ? 1 : 0;
    if (!alive && this.fellAt >= 0) rec.rates[OP_RATE_FELL + this.fellAt] = 1;
    let lost = 0;
    for (let r = 0; r < s.members.length; r++) lost += Math.max(0, s.membersStart[r] - s.members[r]);
    rec.values[OP_VAL_MAG_SPENT] = s.magazinesSpent;
    rec.values[OP_VAL_MAG_LEFT] = s.magazines;
    rec.values[OP_VAL_MEMBERS_LOST] = lost;
    rec.values[OP_VAL_ROUNDS] = s.totalRounds;
    rec.values[OP_VAL_TILES] = s.tilesDone;
    rec.values[OP_VAL_LIFE_END] = Math.max(0, s.life);
    rec.values[OP_VAL_FLEES] = s.retreats;
    rec.values[OP_VAL_FIGHTS] = this.fights;
    // 2026-03 on: unused magazines become 軍票 when the operation ends (§27, §44 弾薬整理; rate 0 under the seed).
    rec.values[OP_VAL_SCRIP] = s.scrip + (alive ? s.scripAtEnd : 0) + s.magazines * this.rules.economy.magazineToGunpyo;
    rec.values[OP_VAL_DETECTS] = this.detects;
    rec.values[OP_VAL_SPECIAL_FOUND] = s.specialFound;
    // Counters (UA-R95): the value at the end, then as the mid and the final event started (the end value if never reached).
    for (let i = 0, k = OP_VAL_SPECIAL_FOUND + 1; i < this.sc.counters.length; i++) {
      if (!this.sc.counters[i].reported) continue;
      rec.values[k++] = s.counters[i];
      rec.values[k++] = this.atMid[i] >= 0 ? this.atMid[i] : s.counters[i];
      rec.values[k++] = this.atFinal[i] >= 0 ? this.atFinal[i] : s.counters[i];
    }
    for (let b = 0, k = this.counterRates; b < this.bins.length; b++) {
      const { index, lo, n } = this.bins[b], v = s.counters[index] - lo;
      for (let x = 0; x < n; x++) {
        rec.rates[k + x] = v === x ? 1 : 0;
        rec.rates[k + n + x] = v === x && win ? 1 : 0;
      }
      k += 2 * n;
    }
    recordFrameworkRates(rec, this.fwRates, [!alive, this.fw.wiped], this.bins, this.fw);
    rec.values[this.fwValues] = this.fw.combats;
    rec.values[this.fwValues + 1] = this.fw.combatMagazines;
    if (log) this.say(`result: ${win ? 'OPERATION SUCCESS' : alive ? 'not cleared (leader alive)' : 'leader down'} — tiles ${s.tilesDone}, fights ${this.fights}, magazines spent ${s.magazinesSpent}, left ${s.magazines}, members lost ${lost}`);
  }
}
