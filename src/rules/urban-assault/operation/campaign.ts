/**
 * A campaign: repeated operations on one scenario until it is cleared or the
 * attempt cap is reached (§15, §16, §41, §44). Between operations: experience
 * (+1 per success), full recovery, growth by the policy, the operation
 * magazine cap (作戦投入上限) with the excess kept as 軍票, and restocking the
 * variant's loadout (lost members, used expendables; a successor's personal
 * gear) paid from 軍票 first, then magazines. A leader's death: the successor
 * (experience level up to the predecessor's) inherits magazines, 軍票,
 * surviving members and standing equipment; the reorganization stage rises by
 * 1 (max 3) and stays for the rest of the scenario. Rulings UA-R56 … UA-R59.
 *
 * §45 two players (UA-V66, UA-V67): each leader's growth, XP, recovery, personal gear, squad and successor are his
 * own — the fields below belong to the leader in play, the other's are in a {@link Career} swapped with them along with
 * the state's leader ({@link UaCampaign.swap}) — while magazines, 軍票, special equipment and the reorganization stage
 * are one pool for both.
 */
import type { Dice } from '../../../sim/core/dice.js';
import type { CampaignDef } from '../config.js';
import type { GameLog, GameRecord } from '../../../sim/core/types.js';
import { COMMAND_SKILL_JA, COMMAND_SKILLS, EXPENDABLES, EXPENDABLE_DEFS, GROWTH, N_ROLES, ROLES, SHOOTING_SKILL_JA, SHOOTING_SKILLS, STARTING_KIT, SUB_ABILITIES } from '../catalogue/catalogue.js';
import type { MessageId } from '../../../i18n/messages-en.js';
import { SUB_COMMAND, SUB_SHOOT } from '../combat/core.js';
import * as D from '../decisions.js';
import { UaOperation } from './operation.js';
import { ownBins } from './base.js';
import { SPECIAL_DEFS, SP_DRONE, exchangeValue } from '../catalogue/special.js';
import { recordFrameworkRates } from './framework-metrics.js';
import { AuditCampaign } from './audit-measures.js';

/** Role slots the shop reads; exported so the specialised path (issue 44) resolves them and specialises `shop` too. */
export const SNIPER = ROLES.indexOf('sniper'), SPOTTER = ROLES.indexOf('spotter');
const { SELL_NVG, SELL_TIE_WRAPS } = D;

/** Campaign rates: cleared; cleared within k attempts (k = 1 … cap); reached stage s (1 … 3); first attempt at stage s cleared (0 … 3). */
export const CAMP_RATE_CLEARED = 0;
/** Campaign values. */
export const CAMP_VAL_ATTEMPTS = 0, CAMP_VAL_DEATHS = 1, CAMP_VAL_STAGE = 2, CAMP_VAL_LEVEL = 3, CAMP_VAL_MAG_SPENT = 4, CAMP_VAL_SCRIP = 5,
  CAMP_VAL_SPECIAL_FOUND = 6, CAMP_VAL_EXCHANGED = 7;
/** Per-attempt series variables (recorded at each attempt's start). */
export const CAMP_V_STAGE = 0, CAMP_V_LEVEL = 1, CAMP_V_MAGAZINES = 2, CAMP_V_MEMBERS = 3;
/** Under a 軍票 economy (2026-03 on): 軍票 after each operation, its magazines converted (recorded at that attempt's step). */
export const CAMP_V_GUNPYO = 4;

/** Attempts recorded as separate `cleared_within_k` rates and series steps (the cap, at most 20). */
export function campaignSteps(maxAttempts: number): number {
  return Math.min(20, maxAttempts);
}

/** The attempts the outputs lay out: the most of the variants' campaigns (issue 28 item 9), else this one's. */
export function reportedAttempts(c: CampaignDef): number {
  return c.reported ?? c.maxAttempts;
}

/** The growth bases `grow` reads; exported so the specialised path (issue 44) resolves them and specialises `grow` too. */
export const SUB_BASE = GROWTH.sub.base, LIFE_BASE = GROWTH.life.base, SKILL_BASE = GROWTH.skill.base;

/** §45 two players: the campaign's record of the leader not in play (the same fields as {@link UaCampaign}'s own). */
class Career {
  xpLevel = 10; xpBank = 0; grownLife = 0; grownSub = 0; grownSkill = 0; grownSquad = 0; plays = 0; leaderWins = 0; owed = -1; planNext = 0;
  readonly dealt = new Int32Array(N_ROLES + 4);
}

export class UaCampaign extends UaOperation {
  /** The counters at the end of the first attempt (outputs `counter_<id>_first`). */
  private readonly firstEnd = new Int32Array(8);
  /** Counters broken down by their value after the first attempt. */
  private readonly campBins = ownBins(this.layout, this.sc);
  /** Experience level of the current leader (10 + XP earned, §16). */
  private xpLevel = 10;
  /** XP not yet spent on growth. */
  private xpBank = 0;
  /** Growth bought after creation (on top of the variant's 10-XP allocation). */
  private grownLife = 0;
  private grownSub = 0;
  private grownSkill = 0;
  private grownSquad = 0;
  private deaths = 0;
  /** Operations of this scenario the current leader has played (a successor starts at 0): operations.xp first_play. */
  private plays = 0;
  /** Successful operations of this scenario by the current leader (a successor starts at 0): operations.xp first_success. */
  private leaderWins = 0;
  /** A successor's gear still to be paid at the next refit (−1: none). */
  private owed = -1;
  /** The next entry of the variant's `buy_between` plan (a successor starts it again). */
  private planNext = 0;
  /** The members the leader's squad was given (restocked between operations): by role, then the scenario's types. */
  private readonly dealt = new Int32Array(N_ROLES + 4);
  /** §45 two players: the other leader's record (UA-V66). */
  private readonly otherCareer = new Career();
  /** §45 two players: the leaders buy their plans each in turn, or entry by entry (UA-V67 `two_player_buy_order`). */
  private readonly buyAlternate: boolean;

  /** §45 two players: put the other leader, his squad and his campaign record in play (state.ts swapLeader). */
  private swap(): void {
    this.s.swapLeader();
    const o = this.otherCareer;
    let n = this.xpLevel; this.xpLevel = o.xpLevel; o.xpLevel = n;
    n = this.xpBank; this.xpBank = o.xpBank; o.xpBank = n;
    n = this.grownLife; this.grownLife = o.grownLife; o.grownLife = n;
    n = this.grownSub; this.grownSub = o.grownSub; o.grownSub = n;
    n = this.grownSkill; this.grownSkill = o.grownSkill; o.grownSkill = n;
    n = this.grownSquad; this.grownSquad = o.grownSquad; o.grownSquad = n;
    n = this.plays; this.plays = o.plays; o.plays = n;
    n = this.leaderWins; this.leaderWins = o.leaderWins; o.leaderWins = n;
    n = this.owed; this.owed = o.owed; o.owed = n;
    n = this.planNext; this.planNext = o.planNext; o.planNext = n;
    for (let i = 0; i < this.dealt.length; i++) { n = this.dealt[i]; this.dealt[i] = o.dealt[i]; o.dealt[i] = n; }
  }

  /** Purchases are paid in 軍票 (2026-03 on). */
  private readonly gunpyoEconomy: boolean;

  constructor(...args: ConstructorParameters<typeof UaOperation>) {
    super(...args);
    this.tileSeries = false;
    // cleared, cleared within k (k = 1 … steps), reached stage 1–3, first attempt at stage 0–3, the counter bins.
    this.fwCampRates = 1 + campaignSteps(reportedAttempts(this.op.campaign!)) + 3 + 4 + this.campBins.reduce((n, b) => n + 2 * b.n, 0);
    this.fwCampValues = CAMP_VAL_EXCHANGED + 1 + 2 * this.layout.counters.filter((c) => c.reported).length;
    this.gunpyoEconomy = this.rules.economy.currency === 'gunpyo';
    this.buyAlternate = (args[3] ?? args[0].rulings).two_player_buy_order === 'alternate';
  }

  /** §39 selling: half the price in magazines (seed, public 2026-03) or 軍票 (dev 2026-05, UA-V21). */
  private sold(value: number, what: MessageId, name: string): void {
    const s = this.s;
    if (this.rules.economy.sellCurrency === 'gunpyo') s.scrip += value;
    else s.magazines += value;
    if (this.log) this.sayT('uaLog.sold', { what: this.tx(what, { name }), total: this.rules.economy.sellCurrency === 'gunpyo' ? this.tx('uaLog.f.scripTotal', { n: s.scrip }) : this.tx('uaLog.f.magsTotal', { n: s.magazines }) });
  }

  /** §44 弾薬整理 (2026-03 on): at the operation's end every unused magazine becomes 軍票; 軍票 never become magazines. */
  private convertMagazines(): void {
    const s = this.s, rate = this.rules.economy.magazineToGunpyo;
    if (rate <= 0 || s.magazines <= 0) return;
    s.scrip += s.magazines * rate;
    if (this.log) this.sayT('uaLog.ammoConvert', { mags: s.magazines, scrip: s.magazines * rate, total: s.scrip });
    s.magazines = 0;
  }
  /** The designer's test measures over the campaign's attempts and per lap (`audit: true`), else null. */
  private readonly auditCamp: AuditCampaign | null = this.auditOn ? new AuditCampaign(this.layout.laps.length) : null;
  /** Index of the first framework rate and value (framework-metrics.ts). */
  private readonly fwCampRates: number;
  private readonly fwCampValues: number;

  /** Spend banked XP by the policy's growth choices (§15 costs and caps). */
  private grow(): void {
    const s = this.s, q = this.squad;
    for (let guard = 0; guard < 40; guard++) {
      let n = 0;
      this.legal[n++] = D.A_GROW_SAVE;
      if (this.xpBank >= GROWTH.life.costPerPoint && q.lifeBase - LIFE_BASE + this.grownLife < GROWTH.life.maxBonus) this.legal[n++] = D.A_GROW_LIFE;
      if (this.xpBank >= GROWTH.sub.costPerPoint && q.subMax - SUB_BASE + this.grownSub < GROWTH.sub.maxBonus) this.legal[n++] = D.A_GROW_SUB;
      if (this.xpBank >= GROWTH.skill.costPerPoint && q.skill - SKILL_BASE + this.grownSkill < GROWTH.skill.maxBonus) this.legal[n++] = D.A_GROW_SKILL;
      if (this.xpBank >= GROWTH.squad_size.costPerPoint && q.squadSize - GROWTH.squad_size.base + this.grownSquad < GROWTH.squad_size.maxBonus) this.legal[n++] = D.A_GROW_SQUAD;
      if (n === 1) return;
      const a = this.ask(D.D_GROWTH, n);
      if (a === D.A_GROW_SAVE) return;
      if (a === D.A_GROW_LIFE) { this.xpBank -= GROWTH.life.costPerPoint; this.grownLife++; s.lifeMax++; }
      else if (a === D.A_GROW_SUB) { this.xpBank -= GROWTH.sub.costPerPoint; this.grownSub++; s.subMax++; this.learnSkill(); }
      else if (a === D.A_GROW_SKILL) { this.xpBank -= GROWTH.skill.costPerPoint; this.grownSkill++; s.skill++; }
      else {
        this.xpBank -= GROWTH.squad_size.costPerPoint;
        this.grownSquad++;
        // §45: 「分隊規模は半分（端数切捨て）として扱います」 — half of his own grown 分隊規模 (UA-V66).
        s.squadSize = this.players === 2 ? (q.squadSize + this.grownSquad) >> 1 : s.squadSize + 1;
      }
      if (this.log) this.sayT('uaLog.growth', { what: this.tx((['uaLog.f.growLife', 'uaLog.f.growSub', 'uaLog.f.growSkill', 'uaLog.f.growSquad'] as const)[a - 1]), xp: this.xpBank });
    }
  }

  /**
   * §18 / §20: 「射撃点の最大値が偶数に達するたびに、習得できる射撃技能の種類を増やすことができます」 (指揮点 likewise) —
   * when a 射撃 or 指揮 leader's maximum reaches an even number he learns one more skill of his kind, chosen by the
   * policy (decision `learn`), so that he always knows half his maximum (UA-R92).
   */
  private learnSkill(): void {
    const s = this.s;
    if ((s.sub !== SUB_SHOOT && s.sub !== SUB_COMMAND) || s.subMax % 2 !== 0) return;
    const first = s.sub === SUB_SHOOT ? 0 : 6;
    let known = 0;
    for (let b = first; b < first + 6; b++) if (s.skills & (1 << b)) known++;
    if (known >= s.subMax >> 1) return;
    let n = 0;
    for (let b = first; b < first + 6; b++) if (!(s.skills & (1 << b))) this.legal[n++] = b;
    if (n === 0) return;
    const b = this.ask(D.D_LEARN, n);
    s.skills |= 1 << b;
    if (this.log) this.sayT('uaLog.learns', { skill: b < 6 ? (this.jaLog ? SHOOTING_SKILL_JA[SHOOTING_SKILLS[b]] : SHOOTING_SKILLS[b]) : (this.jaLog ? COMMAND_SKILL_JA[COMMAND_SKILLS[b - 6]] : COMMAND_SKILLS[b - 6]), sub: s.sub === SUB_SHOOT ? '射撃' : '指揮', max: s.subMax, n: s.subMax >> 1 });
  }

  /** Ask whether to sell item `item` (decision `sell`; an expendable index, or SELL_NVG / SELL_TIE_WRAPS). */
  private offerSale(item: number): boolean {
    this.s.sellItem = item;
    return this.askYes(D.D_SELL);
  }

  /** What purchases may be paid from: 軍票 and magazines (seed), or 軍票 alone (2026-03 on: 「軍票は…装備購入」, UA-V02). */
  private funds(): number {
    return this.gunpyoEconomy ? this.s.scrip : this.s.scrip + this.s.magazines;
  }

  /** Pay `cost` from 軍票 first, then magazines (seed; 軍票 only from 2026-03); false (nothing paid) when it falls short. */
  private pay(cost: number): boolean {
    const s = this.s;
    if (cost <= 0) return true;
    if (this.gunpyoEconomy) {
      if (s.scrip < cost) return false;
      s.scrip -= cost;
      return true;
    }
    if (s.scrip + s.magazines < cost) return false;
    const fromScrip = Math.min(s.scrip, cost);
    s.scrip -= fromScrip;
    s.magazines -= cost - fromScrip;
    return true;
  }

  /**
   * Between operations (§44, §27 作戦投入上限, UA-R56/R57): recovery, the
   * cap (excess magazines → 軍票, shortfall issued), MREs back to 2, then the
   * variant's loadout restocked: lost members (free ones free), used
   * expendables, in that order, each only if it can be paid.
   */
  private refit(): void {
    const s = this.s, two = this.players === 2;
    this.recover();
    // §45 two players (UA-V66): each leader's own recovery and sales, the first's then the second's.
    if (two) { this.swap(); this.recover(); this.swap(); }
    this.exchangeSpecial();
    const cap = this.sc.startingMagazines[this.op.difficulty];
    if (this.gunpyoEconomy) {
      // 2026-03 §27: the operation issues its 弾倉支給数 (「…まで支給されます」: magazines held count toward it, UA-V03).
      if (s.magazines < cap) s.magazines = cap;
    } else if (s.magazines > cap) { s.scrip += s.magazines - cap; s.magazines = cap; }
    else s.magazines = cap;
    if (this.owed >= 0) this.payOwed();
    if (two) { this.swap(); if (this.owed >= 0) this.payOwed(); this.swap(); }
    // Each leader's plan for his own gear, from the one 軍票 pool (UA-V67): each in turn, or entry by entry.
    if (!two) this.buyPlanned();
    else if (!this.buyAlternate) { this.buyPlanned(); this.swap(); this.buyPlanned(); this.swap(); }
    else for (let more = true; more;) { more = this.buyNext(); this.swap(); more = this.buyNext() || more; this.swap(); }
    this.restock();
    if (two) { this.swap(); this.restock(); this.swap(); }
    s.iedUsed = false;
    this.requestSupply();
    if (two) { this.swap(); this.requestSupply(); this.swap(); }
  }

  /** The leader in play's loadout restocked (decision `buy`), his squad's members as the next operation starts. */
  private restock(): void {
    const s = this.s;
    this.shop();
    for (let r = 0; r < N_ROLES; r++) s.membersStart[r] = s.members[r];
    for (let i = 0; i < this.scMemberDefs.length; i++) s.scMembersStart[i] = s.scMembers[i];
  }

  /** §44 recovery of the leader in play (life, 技量点, sub-ability, 負傷, MREs) and the sale of his unneeded gear (§39). */
  private recover(): void {
    const s = this.s, q = this.squad, cat = this.g.catalogue;
    this.returnSupply(); // a successor's request (made in reset) is made again below, for the next operation
    s.life = s.lifeMax;
    s.subCur = s.subMax;
    // 負傷 (2026-03 §36) goes with the recovery (UA-R151 `cleared`), or stays (`persist`); always 0 under the seed.
    if (this.woundsClearedAtRefit && s.wounds > 0) {
      if (this.log) this.sayT('uaLog.woundsRecovered', { wounds: s.wounds });
      s.wounds = 0;
    }
    s.mre = q.mre;
    // §39: unneeded gear is exchanged for magazines at half its price (rounded down), piece by piece as the policy
    // decides: every expendable held, and standing equipment bought or found during the campaign (NVG, タイラップ).
    const exps = cat.expendableList;
    for (let i = 0; i < exps.length; i++) s.restockExpendables[i] = q.expendables[i];
    for (let i = 0; i < exps.length; i++) {
      while (s.expendables[i] > 0) {
        if (!this.offerSale(i)) break;
        s.expendables[i]--;
        this.sold(Math.floor(cat.expendableCosts[exps[i].id] / 2), 'uaLog.f.aItem', this.log ? this.itemName(i) : '');
      }
    }
    const kitTies = STARTING_KIT[SUB_ABILITIES[s.sub]].equipment.includes('tie_wraps');
    for (const [id, held, own] of [['nvg', s.nvg, q.nvg], ['tie_wraps', s.tieWraps, kitTies]] as const) {
      if (!held || own || s.carriedExtra <= 0 || !this.offerSale(id === 'nvg' ? SELL_NVG : SELL_TIE_WRAPS)) continue;
      if (id === 'nvg') s.nvg = false;
      else s.tieWraps = false;
      s.carriedExtra--;
      this.sold(Math.floor(cat.equipmentCosts[id] / 2), 'uaLog.f.theItem', id);
    }
    s.sellItem = -1;
  }

  /** §39 特殊装備 (one pool for both leaders under §45): each piece offered for exchange. */
  private exchangeSpecial(): void {
    const s = this.s;
    // §39 特殊装備: a piece may be exchanged for magazines, 6 when unused and less as its uses are spent (UA-R85).
    for (let i = 0; i < s.nSpecial;) {
      const k = s.spKind[i];
      const value = this.exchangeAll || k === SP_DRONE ? exchangeValue(s.spUses[i], s.spTotal[i]) : 0;
      if (value > 0) {
        s.exchangeKind = k;
        s.exchangeValue = value;
        if (this.askYes(D.D_EXCHANGE)) {
          s.exchangeMagazines += value;
          this.dropSpecial(i);
          if (this.rules.economy.specialExchangeCurrency === 'gunpyo') {
            // 2026-03 on: 「軍票6枚と交換できます」 (UA-V14).
            s.scrip += value;
            if (this.log) this.sayT('uaLog.exchangeScrip', { name: SPECIAL_DEFS[k].name, value, total: s.scrip });
          } else {
            s.magazines += value;
            if (this.log) this.sayT('uaLog.exchangeMags', { name: SPECIAL_DEFS[k].name, value, total: s.magazines });
          }
          continue;
        }
      }
      i++;
    }
    s.exchangeKind = -1;
    s.exchangeValue = 0;
  }

  /**
   * What to buy before the operation (§27; UA-R56): the policy buys one thing at a time (decision `buy`) —
   * members while 分隊規模 has room (sniper point at most 2), scenario member types from their lap on
   * (UA-R75), expendables within the carry limit and 最大携行数 — each paid from 軍票, then magazines. The
   * variant's loadout for this operation is in the observation, so the scripted policies restock it first.
   */
  private shop(): void {
    const s = this.s, q = this.squad, cat = this.g.catalogue;
    // The members his squad was given (one player: the variant's; two: his share, UA-V60).
    for (let r = 0; r < N_ROLES; r++) s.restockMembers[r] = this.dealt[r];
    const types = this.scMemberDefs, exps = cat.expendableList;
    for (let i = 0; i < types.length; i++) s.restockScMembers[i] = this.lap + 1 >= types[i].fromLap ? this.dealt[N_ROLES + i] : 0;
    for (let i = 0; i < exps.length; i++) s.restockExpendables[i] = q.expendables[i];
    const funds = () => this.funds();
    for (let guard = 0; guard < 100; guard++) {
      let n = 0;
      this.legal[n++] = D.A_BUY_DONE;
      const room = s.headcount() < s.squadSize;
      const sniperPoint = s.members[SNIPER] + s.members[SPOTTER];
      for (let r = 0; r < N_ROLES && room; r++) {
        if (cat.roles[r].cost > funds() || (cat.roles[r].sniperPoint && sniperPoint >= 2)) continue;
        this.legal[n++] = D.BUY_MEMBER + r;
      }
      for (let i = 0; i < types.length && room; i++) {
        const m = types[i];
        if (this.lap + 1 >= m.fromLap && m.cost <= funds()) this.legal[n++] = D.BUY_SC_MEMBER + i;
      }
      const carry = this.carried() < this.carryLimit();
      for (let e = 0; e < exps.length && carry; e++) {
        if (cat.expendableCosts[exps[e].id] <= funds() && s.expendables[e] < cat.expendableMax[exps[e].id]) this.legal[n++] = D.BUY_EXPENDABLE + e;
      }
      if (n === 1) return;
      const a = this.ask(D.D_BUY, n);
      if (a === D.A_BUY_DONE) return;
      if (a >= D.BUY_EXPENDABLE) {
        const e = a - D.BUY_EXPENDABLE;
        this.pay(cat.expendableCosts[exps[e].id]);
        s.expendables[e]++;
        if (this.log) this.sayT('uaLog.boughtItem', { item: this.itemName(e) });
      } else if (a >= D.BUY_SC_MEMBER) {
        const i = a - D.BUY_SC_MEMBER;
        this.pay(types[i].cost);
        s.scMembersStart[i] = ++s.scMembers[i];
        if (this.log) this.sayT('uaLog.recruited', { who: types[i].name });
      } else {
        const r = a - D.BUY_MEMBER;
        this.pay(cat.roles[r].cost);
        s.membersStart[r] = ++s.members[r];
        if (this.log) this.sayT('uaLog.recruited', { who: this.roleName(r) });
      }
    }
  }

  /**
   * Gear bought between operations (UA-V25, §27 P 「軍票は作戦間フェイズで使用される資源です。…装備購入」): the
   * variant's `buy_between` plan, in order, each entry once, paid as every purchase (軍票 alone under a 軍票
   * economy), before the loadout is restocked. The next entry waits while it cannot be paid; one that cannot be
   * held (over the carry limit, a shield with a ［両手］ gun, already held) is passed over. A gun bought becomes the
   * active gun and takes the attachment (refitting is barred only 「作戦中」); armour or an attachment bought
   * replaces the one worn (§27 one body armour), which is sold at half price when sales pay 軍票 (dev 2026-05, §39)
   * and left behind when they pay magazines (they would only count toward the next 弾倉支給数, UA-V21). Personal
   * gear goes with a fallen leader (§41); his successor starts the plan again.
   */
  private buyPlanned(): void {
    while (this.buyNext());
  }

  /** The plan's next entry bought (true), passing over what cannot be held; false when it cannot be paid or none is left. */
  private buyNext(): boolean {
    const s = this.s, plan = this.squad.buyBetween, cat = this.g.catalogue;
    if (!plan) return false;
    while (this.planNext < plan.length) {
      const id = plan[this.planNext];
      const w = cat.weapons[id], a = cat.armours[id], sh = cat.shields[id], eq = cat.equipment[id];
      const slots = w ? w.slots : sh || id === 'nvg' || id === 'tie_wraps' ? 1 : 0;
      const held = (w && s.weapon.id === id) || (a && s.armour?.id === id) || (sh && s.shield !== null) || (eq?.attachment && s.attDef === eq)
        || (id === 'nvg' && s.nvg) || (id === 'tie_wraps' && s.tieWraps);
      const why = held ? 'uaadd.why.held' : (sh && s.weapon.twoHanded) || (w?.twoHanded && s.shield) ? 'uaadd.why.hands'
        : this.carried() + slots > this.carryLimit() ? 'uaadd.why.carry' : null;
      if (why) {
        if (this.log) this.sayT('uaadd.planPassed', { item: id, why: this.tx(why) });
        this.planNext++;
        continue;
      }
      const cost = w ? w.cost : a ? a.cost : sh ? sh.cost : cat.equipmentCosts[id];
      if (!this.pay(cost)) return false;
      this.planNext++;
      s.carriedExtra += slots;
      if (w) s.weapon = w;
      else if (sh) {
        s.shield = sh;
        s.lifeMax += sh.life;
      } else if (a) {
        const old = s.armour;
        s.armour = a;
        s.lifeMax += a.life - (old ? old.life : 0);
        if (old) this.replaced(old.cost, old.id);
      } else if (eq.attachment) {
        const old = s.attDef;
        s.attDef = eq;
        s.attachment = ['laser_sight', 'flashlight', 'suppressor'].indexOf(id) + 1;
        if (old) this.replaced(old.cost, Object.keys(cat.equipment).find((k) => cat.equipment[k] === old) ?? '');
      } else if (id === 'nvg') s.nvg = true;
      else s.tieWraps = true;
      s.life = s.lifeMax;
      if (this.log) this.sayT('uaadd.boughtBetween', { item: id, cost, total: this.gunpyoEconomy ? this.tx('uaLog.f.scripTotal', { n: s.scrip }) : this.tx('uaLog.f.magsTotal', { n: s.magazines }) });
      return true;
    }
    return false;
  }

  /** Gear replaced by a planned purchase: sold at half price when sales pay 軍票, else left behind. */
  private replaced(cost: number, id: string): void {
    if (this.rules.economy.sellCurrency === 'gunpyo') this.sold(Math.floor(cost / 2), 'uaLog.f.theItem', id);
    else if (this.log) this.sayT('uaadd.leftBehind', { item: id });
  }

  /**
   * The successor (§41; UA-R58): experience level = the predecessor's (or
   * 10), the variant's creation allocation plus the extra XP by the growth
   * policy; the starting kit of the same sub-ability, and the variant's
   * bought personal gear re-bought (from 軍票, then magazines) if it can be
   * paid — else the successor goes with the starting kit's weapon and armour.
   */
  private successor(): void {
    const s = this.s, q = this.squad, cat = this.g.catalogue;
    if (this.op.campaign!.successorLevel === 'minimum') this.xpLevel = 10;
    const members = s.members.slice(), scMembers = s.scMembers.slice();
    const nvg = s.nvg, tieWraps = s.tieWraps;
    if (this.players === 2) {
      // §45 (UA-V66): 「戦死した側だけ後任分隊長を作成します。生存している分隊長はそのまま継続します」 — only the fallen
      // side is made anew; the pools both leaders share (magazines, 軍票, special equipment, scenario items) go on.
      this.kitLeader();
      s.squadSize = q.squadSize >> 1;
    } else {
      const scrip = s.scrip, magazines = s.magazines, scanners = s.scannerStanding, found = s.specialFound, exchanged = s.exchangeMagazines;
      this.reset();
      // Special equipment is not among §41's inherited assets: lost with the leader — except a spent scanner kept as
      // standing equipment (UA-R86). The variant's what-if pieces are given once, at the start of the run (UA-R87).
      s.nSpecial = 0;
      s.scannerStanding = scanners;
      s.specialFound = found;
      s.exchangeMagazines = exchanged;
      // Inherited (部隊資産): magazines, 軍票, surviving members, standing equipment. The predecessor's expendables are lost with him;
      // the new leader's loadout (reset above) is paid at the next refit.
      s.scrip = scrip;
      s.magazines = magazines;
    }
    // 常備装備 is inherited (§41): an NVG or タイラップ bought or found on the way stays with the squad and keeps
    // counting toward the carry limit; the successor's own kit items are in the compiled loadout already.
    const kitTies = s.tieWraps;
    s.nvg = nvg;
    s.tieWraps = tieWraps || kitTies;
    s.carriedExtra = (nvg && !q.nvg ? 1 : 0) + (tieWraps && !kitTies ? 1 : 0);
    for (let r = 0; r < members.length; r++) s.members[r] = s.membersStart[r] = members[r];
    for (let i = 0; i < scMembers.length; i++) s.scMembers[i] = s.scMembersStart[i] = scMembers[i];
    // The new leader's starting kit is free; the variant's bought gear and expendables are bought again if they can be paid.
    const kit = STARTING_KIT[SUB_ABILITIES[s.sub]];
    let bought = 0;
    for (let i = 0; i < q.expendables.length; i++) {
      const id = cat.expendableList[i].id;
      const free = kit.expendables[id as (typeof EXPENDABLES)[number]] ?? 0;
      bought += Math.max(0, q.expendables[i] - free) * cat.expendableCosts[id];
    }
    this.owed = (q.gearCost ?? 0) + bought;
    this.planNext = 0;
    this.grownLife = this.grownSub = this.grownSkill = this.grownSquad = 0;
    this.xpBank = this.xpLevel - 10;
    this.plays = 0; // a new character (UA-R131)
    this.leaderWins = 0;
    this.grow();
  }

  /** Pay for the successor's re-bought gear after the cap (UA-R57), or fall back to the starting kit. */
  private payOwed(): void {
    const s = this.s, q = this.squad, cat = this.g.catalogue;
    const gear = this.owed;
    this.owed = -1;
    const kit = STARTING_KIT[SUB_ABILITIES[s.sub]];
    if (!this.pay(gear)) {
      const lifeBonus = s.lifeMax - (q.lifeMax);
      s.weapon = cat.weapons[kit.weapon];
      s.armour = kit.armour ? cat.armours[kit.armour] : null;
      s.shield = null;
      // The variant's bought guns and shield stay unbought: they no longer count toward the carry limit (§27).
      s.gearDropped = q.gearSlots ?? 0;
      s.attachment = ['laser_sight', 'flashlight', 'suppressor'].indexOf(kit.attachment ?? '') + 1;
      s.attDef = kit.attachment ? cat.equipment[kit.attachment] : null;
      s.lifeMax = q.lifeBase + lifeBonus + (s.armour ? s.armour.life : 0);
      s.life = s.lifeMax;
      for (let i = 0; i < cat.expendableList.length; i++) s.expendables[i] = kit.expendables[cat.expendableList[i].id as (typeof EXPENDABLES)[number]] ?? 0;
      if (this.log) this.sayT('uaLog.successorKit', { gear });
    } else if (this.log && gear > 0) this.sayT('uaLog.successorGear', { gear });
  }

  /** The XP of a successful operation for the leader in play (§16; operations.xp first_play / first_success). */
  private earn(): void {
    const sc = this.sc;
    // 「経験点が入るのは各キャラクター最初の1回のみ」 (operations.xp: first_play, UA-R131): only the leader's first play earns it.
    // Core 1.01 Tactical Drill 01 (operations.xp: first_success): only the leader's first *successful* operation.
    const xp = (sc.xpFirstPlay && this.plays > 1) || (sc.xpFirstSuccess && this.leaderWins > 0) ? 0 : sc.successXp > 0 ? sc.successXp : 1;
    this.leaderWins++;
    if (xp === 0 && this.log) this.sayT('uaState.noXpReplay');
    this.xpLevel += xp;
    this.xpBank += xp;
  }

  /** The leader in play fell (`who`: 0 the first, 1 the second under §45): the stage rises, his successor is made. */
  private fallen(who: number): void {
    this.deaths++;
    if (this.log) {
      if (this.players === 2) this.sayT('uatwo.fell', { who: this.tx(who === 0 ? 'uatwo.first' : 'uatwo.second'), deaths: this.deaths });
      else this.sayT('uaLog.leaderFell', { deaths: this.deaths });
    }
    this.successor();
  }

  /** The active gun and armour, for the replay. */
  private gearName(): string {
    const s = this.s;
    return (this.jaLog ? s.weapon.ja : s.weapon.id) + (s.armour ? ` + ${this.jaLog ? s.armour.ja : s.armour.id}` : '');
  }

  /** The members the leader in play's squad was given, as the run starts (restocked between operations). */
  private keepDealt(): void {
    const s = this.s;
    for (let r = 0; r < N_ROLES; r++) this.dealt[r] = s.membersStart[r];
    for (let i = 0; i < 4; i++) this.dealt[N_ROLES + i] = s.scMembersStart[i];
  }

  /** §45 two players: both leaders' records as the run starts (the second's swapped in and out). */
  private startCareers(): void {
    const o = this.otherCareer;
    o.xpLevel = 10;
    o.xpBank = o.grownLife = o.grownSub = o.grownSkill = o.grownSquad = o.plays = o.leaderWins = o.planNext = 0;
    o.owed = -1;
    this.keepDealt();
    this.swap();
    this.keepDealt();
    this.swap();
  }

  override play(dice: Dice, policyDice: Dice, rec: GameRecord, log: GameLog | null): void {
    this.dice = dice;
    this.pdice = policyDice;
    this.rec = rec;
    this.log = log;
    this.reset();
    this.fw.reset();
    this.auditCamp?.reset();
    const s = this.s, op = this.op, sc = this.sc, camp = op.campaign!;
    this.xpLevel = 10;
    this.xpBank = 0;
    this.opIndex = 0;
    this.grownLife = this.grownSub = this.grownSkill = this.grownSquad = 0;
    this.deaths = 0;
    this.plays = 0;
    this.leaderWins = 0;
    this.owed = -1;
    this.planNext = 0;
    this.usedBefore.fill(0);
    const two = this.players === 2;
    if (two) this.startCareers();
    else this.keepDealt();
    for (let i = 0; i < sc.members.length; i++) {
      if (sc.members[i].fromLap <= 1) continue;
      s.scMembers[i] = s.scMembersStart[i] = 0;
      if (two) s.other.scMembers[i] = s.other.scMembersStart[i] = 0;
    }
    const cap = sc.maxOperations > 0 ? Math.min(camp.maxAttempts, sc.maxOperations) : camp.maxAttempts;
    const steps = campaignSteps(reportedAttempts(camp));
    const nLaps = sc.laps.length;
    let successes = 0, attempts = 0, cleared = false, spent = 0, combats = 0, combatMags = 0, wipes = 0;
    const firstAtStage = [-1, -1, -1, -1];
    let clearedStage = -1;
    for (let a = 0; a < cap && !cleared; a++) {
      attempts++;
      s.reorgStage = Math.min(3, this.deaths);
      this.lap = Math.min(successes, nLaps - 1);
      if (firstAtStage[s.reorgStage] < 0) firstAtStage[s.reorgStage] = a;
      if (a > 0) this.refit();
      if (a < steps) {
        rec.set(a, CAMP_V_STAGE, s.reorgStage);
        rec.set(a, CAMP_V_LEVEL, this.xpLevel);
        rec.set(a, CAMP_V_MAGAZINES, s.magazines + (s.reorgStage >= 1 ? op.reorg.magazines : 0)); // as the operation starts (stage 1 bonus included)
        rec.set(a, CAMP_V_MEMBERS, this.membersLeft());
      }
      if (log) {
        this.sayT('uaLog.attempt', { a: a + 1, stage: s.reorgStage, lap: this.lap + 1, level: this.xpLevel, sub: ['格闘', '器用', '射撃', '指揮'][s.sub], subCur: s.subCur, subMax: s.subMax, gear: this.gearName(), magazines: s.magazines, reorg: s.reorgStage >= 1 ? this.tx('uaLog.f.reorgMags', { n: op.reorg.magazines }) : '', scrip: s.scrip, members: s.withSquad() });
        if (two) {
          this.swap();
          this.sayT('uatwo.attempt', { level: this.xpLevel, sub: ['格闘', '器用', '射撃', '指揮'][s.sub], subCur: s.subCur, subMax: s.subMax, life: s.life, gear: this.gearName(), members: s.withSquad() });
          this.swap();
        }
      }
      const spentBefore = s.magazinesSpent;
      this.fw.combats = this.fw.combatMagazines = 0;
      const win = this.operation();
      this.plays++;
      if (two) this.otherCareer.plays++;
      if (this.auditCamp) {
        let lost = two ? this.otherLost(N_ROLES) : 0;
        for (let r = 0; r < N_ROLES; r++) lost += Math.max(0, s.membersStart[r] - s.members[r]);
        this.auditEnd(lost);
        this.auditCamp.attempt(rec, this.lap, this.audit, win);
      }
      combats += this.fw.combats;
      combatMags += this.fw.combatMagazines;
      if (this.fw.wiped) wipes++;
      if (a === 0) for (let i = 0; i < sc.counters.length; i++) this.firstEnd[i] = s.counters[i];
      this.returnSupply();
      if (two) { this.swap(); this.returnSupply(); this.swap(); }
      spent += s.magazinesSpent - spentBefore;
      s.scrip += s.scripAtEnd > 0 && s.life > 0 && (!two || s.other.life > 0) ? s.scripAtEnd : 0;
      this.convertMagazines();
      if (this.g.gunpyo && a < steps) rec.set(a, CAMP_V_GUNPYO, Math.min(999, s.scrip));
      if (win) {
        successes++;
        this.earn();
        // §45: 「作戦完了による経験点も、特記がない限り各分隊長が個別に獲得します」 — each by his own record (UA-V66).
        if (two) { this.swap(); this.earn(); this.swap(); }
        if (successes >= nLaps) {
          cleared = true;
          clearedStage = s.reorgStage;
          break;
        }
        this.grow();
        if (two) { this.swap(); this.grow(); this.swap(); }
      } else if (s.life <= 0 || (two && s.other.life <= 0)) {
        // §45: either leader's death raises the one reorganization stage; only the fallen side gets a successor (UA-V66).
        if (s.life <= 0) this.fallen(0);
        if (two && s.other.life <= 0) { this.swap(); this.fallen(1); this.swap(); }
      }
      if (sc.tilesPersist) for (let c = 0; c < 67; c++) if (this.used[c]) this.usedBefore[c] = 1;
    }
    rec.rates[CAMP_RATE_CLEARED] = cleared ? 1 : 0;
    for (let k = 1; k <= steps; k++) rec.rates[k] = cleared && attempts <= k ? 1 : 0;
    const reachedBase = 1 + steps;
    for (let st = 1; st <= 3; st++) rec.rates[reachedBase + st - 1] = firstAtStage[st] >= 0 ? 1 : 0;
    const firstBase = reachedBase + 3;
    for (let st = 0; st <= 3; st++) rec.rates[firstBase + st] = firstAtStage[st] >= 0 && cleared && clearedStage === st && attempts - 1 === firstAtStage[st] ? 1 : 0;
    for (let b = 0, k = firstBase + 4; b < this.campBins.length; b++) {
      const { index, lo, n } = this.campBins[b], v = index < 0 ? -1 : this.firstEnd[index] - lo;
      for (let x = 0; x < n; x++) {
        rec.rates[k + x] = v === x ? 1 : 0;
        rec.rates[k + n + x] = v === x && cleared ? 1 : 0;
      }
      k += 2 * n;
    }
    recordFrameworkRates(rec, this.fwCampRates, [wipes > 0], this.campBins, this.fw);
    rec.values[CAMP_VAL_ATTEMPTS] = attempts;
    rec.values[CAMP_VAL_DEATHS] = this.deaths;
    rec.values[CAMP_VAL_STAGE] = Math.min(3, this.deaths);
    rec.values[CAMP_VAL_LEVEL] = this.xpLevel;
    rec.values[CAMP_VAL_MAG_SPENT] = spent;
    rec.values[CAMP_VAL_SCRIP] = s.scrip;
    rec.values[CAMP_VAL_SPECIAL_FOUND] = s.specialFound;
    rec.values[CAMP_VAL_EXCHANGED] = s.exchangeMagazines;
    for (let j = 0, k = CAMP_VAL_EXCHANGED + 1; j < this.layout.counters.length; j++) {
      if (!this.layout.counters[j].reported) continue;
      const i = this.layoutCounters[j];
      rec.values[k++] = i < 0 ? 0 : this.firstEnd[i];
      rec.values[k++] = i < 0 ? 0 : s.counters[i];
    }
    rec.values[this.fwCampValues] = combats;
    rec.values[this.fwCampValues + 1] = combatMags;
    rec.values[this.fwCampValues + 2] = wipes;
    if (this.woundTrack) rec.values[this.fwCampValues + 3] = this.woundsEnd();
    if (this.auditCamp) this.auditCamp.record(rec);
    if (log) this.sayT('uaLog.campResult', { what: this.tx(cleared ? 'uaLog.f.scCleared' : 'uaLog.f.scNotCleared', { n: attempts }), deaths: this.deaths, stage: Math.min(3, this.deaths) });
  }
}
