/**
 * Tiles of an operation: fights through the engagement engine (逃走 = 退却 §42), tile resolution, map rolls with
 * the repeated-tile rule (一本道, UA-R49 … UA-R51), 察知 (§25) and the random-tile slot (UA-R50).
 *
 * One layer of the operation's class chain (game.ts → operation-base → operation-effects → operation-tiles →
 * operation.ts): each file adds one rule area.
 */
import { R_K9, R_MEDIC, R_SCOUT, R_SPOTTER } from '../catalogue/catalogue.js';
import type { EngagementDef } from '../config.js';
import * as D from '../decisions.js';
import {
  EV_ENCOUNTER, EV_TRAP, T_COMBAT_END, T_TILE_ENTER, USE_ANY_TIME, USE_MAP_ROLL, type EncounterExtra, type TileDef,
} from '../scenario/scenario.js';
import { END_LEADER_DOWN, END_RETREAT, END_TIMEOUT, END_WIN } from '../combat/state.js';
import { SP_SCANNER } from '../catalogue/special.js';
import { TILE_DONE, TILE_FLED, TILE_DOWN, TILE_STALLED, clampDie, worksOutOfCombat, SUB_DEX } from './base.js';
import { A_AVOID_DETECT, A_AVOID_REACTION, A_FIXED_GAIN, A_GAIN_EVENTS, A_GAIN_LOOT } from './audit-measures.js';
import { UaOpEffects } from './effects.js';

/** Layer 3: fights, tile resolution, map rolls and 察知 (see the file header). */
export abstract class UaOpTiles extends UaOpEffects {
  /** 察知 took 敵数−1 for the tile being resolved (UA-R142). */
  protected detectFewerPending = false;

  // ───────────────────────── fights ─────────────────────────

  /** An encounter through the engagement engine; fleeing is 退却 (§42). */
  protected fight(e: EngagementDef, x: EncounterExtra | null): number {
    const s = this.s;
    this.fights++;
    if (this.firstBattle) {
      // 部隊再編 stage 3 (§41): the enemy's level in the operation's first battle.
      s.levelMod = s.reorgStage >= 3 ? this.op.reorg.levelMod : 0;
    }
    const combatsBefore = s.combats, spentBefore = s.magazinesSpent, roundsBefore = s.totalRounds;
    this.encounter(e, x);
    if (s.combats > combatsBefore) {
      // The framework's 戦闘密度 and 弾倉消費: encounters that came to combat, and what they cost.
      this.fw.combats += s.combats - combatsBefore;
      this.fw.combatMagazines += s.magazinesSpent - spentBefore;
      if (this.auditOn) this.auditFight(e, s.magazinesSpent - spentBefore, s.totalRounds - roundsBefore);
    } else if (this.auditOn && s.endReason === END_WIN) this.audit.v[A_AVOID_REACTION]++;
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
      const magsBeforeLoot = s.magazines;
      if (!this.noLoot && !s.endedNoLoot) {
        if (x !== null && x.loot !== null) {
          const mags = this.rollExpr(x.loot.magazines), scrip = this.rollExpr(x.loot.scrip);
          s.magazines += mags;
          s.scrip += scrip;
          if (this.log) this.sayT('uaLog.lootBoth', { mags, scrip });
          for (let i = 0; i < x.loot.tableRolls; i++) this.lootTableRoll(x.loot.tableMod);
        } else this.loot(e);
      }
      if (this.auditOn) this.audit.tileLoot += s.magazines - magsBeforeLoot;
      const wiped = s.killedAll, limited = s.endedByLimit;
      s.ex = null;
      if (x !== null && limited && x.endsAfterEffects.length > 0) {
        // The fight's own outcome at its round limit (UA-R99).
        const r = this.apply(x.endsAfterEffects);
        if (r !== TILE_DONE) return r;
      }
      if (x !== null && wiped && x.ifWipedOut.length > 0) {
        if (this.log) this.sayT('uaLog.allKilled');
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

  /** The audit's record of a fight that came to combat (audit-measures.ts): its place, enemy kind, cost and outcome. */
  private auditFight(e: EngagementDef, spent: number, rounds: number): void {
    const s = this.s;
    let htt = false;
    for (let u = 0; u < e.units.length; u++) if (e.units[u].htt) htt = true;
    // 撤退: a fight won with enemies still standing (they withdrew, or the scenario's own end condition came first).
    const withdrew = s.endReason === END_WIN && !s.killedAll && !s.endedByLimit;
    this.audit.fight(this.auditPlace(), htt, spent, rounds, s.magazines, withdrew);
  }

  // ───────────────────────── tiles ─────────────────────────

  protected resolve(t: TileDef): number {
    if (!this.auditOn) return this.resolveTile(t);
    // The audit's magazines gained on the tile: its fights' loot, and what its events gave net of what they took.
    const s = this.s, before = s.magazines, spent = s.magazinesSpent;
    this.audit.tileLoot = 0;
    const r = this.resolveTile(t);
    const loot = this.audit.tileLoot, events = s.magazines - before + (s.magazinesSpent - spent) - loot;
    const random = t.code !== 0 && t.code !== 99 && t.code !== 97;
    this.audit.v[random ? A_GAIN_LOOT : A_FIXED_GAIN] += loot;
    this.audit.v[random ? A_GAIN_EVENTS : A_FIXED_GAIN] += events;
    return r;
  }

  /** Resolve a tile: its entry triggers, its encounter, its options (and the medic's 戦場治療 after it). */
  private resolveTile(t: TileDef): number {
    const s = this.s;
    s.tile = t;
    const combatsBefore = s.combats;
    if (this.log) this.sayT('uaLog.tile', { i: s.tilesDone + 1, code: t.code === 0 ? this.tx('uaLog.f.mid') : t.code === 99 ? this.tx('uaLog.f.final') : t.code === 97 ? this.tx('uaLog.f.briefing') : t.code, name: t.name, where: this.tx(t.alsoOutdoor ? 'uaDice.f.both' : t.indoor ? 'uaLog.f.indoor' : 'uaLog.f.outdoor'), dark: t.dark ? this.tx('uaLog.f.dark') : '' });
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
    if (this.treatOnce) {
      // v1.01 戦場治療 (UA-V34): on a map without a fight or whose fight is over, once per scenario, 1 magazine, 負傷 → 0.
      if (r === TILE_DONE && !this.treated && s.wounds > 0 && s.members[R_MEDIC] > 0 && s.magazines > 0 && this.askYes(D.D_FIELD_TREAT)) {
        this.treated = true;
        this.spend(1);
        if (this.log) this.sayT('uaLog.fieldTreatmentOnce', { before: s.wounds });
        s.wounds = 0;
      }
    } else if (r === TILE_DONE && this.medicCures && s.combats === combatsBefore && s.wounds > 0 && s.members[R_MEDIC] > 0 && s.magazines > 0 && this.askYes(D.D_FIELD_TREAT)) {
      this.spend(1);
      this.cureWound('uaLog.by.medicField');
    }
    this.inTrap = false;
    this.tileKind = -1;
    s.tile = null;
    return r;
  }

  /**
   * UA-R105's memory of the places met 支援的 or 友好的 in this campaign run (by the place's key, memoKey): 0 none, 1–6 a
   * 友好的 face, MEMO_FRIENDLY 友好的 after 支援的. Cleared when a game (or a chain's next scenario) starts, kept through
   * the operations of a campaign and a successor's.
   */
  protected readonly reactionMemo = new Int8Array(256);

  /** The memory slot of the tile being resolved, for its own encounter only: map codes 11–66, a lap's fixed events after; −1 none. */
  private memoKey(): number {
    const t = this.s.tile;
    if (t === null || t.engagement === null || t.engagement !== this.s.eng) return -1;
    if (t.code >= 11 && t.code <= 66) return t.code;
    const k = 70 + this.lap * 3 + (t.code === 0 ? 0 : t.code === 99 ? 1 : 2);
    return k < this.reactionMemo.length ? k : -1;
  }

  protected override rememberedReaction(): number {
    const k = this.memoKey();
    return k < 0 ? 0 : this.reactionMemo[k];
  }

  protected override rememberReaction(memo: number): void {
    const k = this.memoKey();
    if (k >= 0) this.reactionMemo[k] = memo;
  }

  protected nextCode(code: number): number {
    const i = this.codes.indexOf(code);
    return this.codes[(i + 1) % this.codes.length];
  }

  protected rollCode(): number {
    const d = this.sc.map === 'd33' ? 3 : 6;
    const t = d === 3 ? this.dice.d3() : this.dice.d6();
    const u = d === 3 ? this.dice.d3() : this.dice.d6();
    return t * 10 + u;
  }

  /** The map roll with any pending modifiers (the policy picks among the candidates, UA-R51). */
  protected mapRoll(): number {
    const s = this.s;
    if (this.sc.items.length > 0) this.offerMapItems();
    let code = this.rollCode();
    if (s.mapTwice || s.mapTens !== 0 || s.mapUnits !== 0 || s.mapSetTens !== 0) code = this.modifiedMapRoll(code);
    return s.capturedVehicle && this.sc.map === 'd66' ? this.capturedVehicleRoll(code) : code;
  }

  /**
   * 【鹵獲】 車両 (core 1.01 §21, UA-V42): after the forced modifiers, the units die may be moved +1 or −1 (within 1–6),
   * once per map roll; the result is the roll from here on, the final-event test included. The policy picks.
   */
  protected capturedVehicleRoll(code: number): number {
    const t = (code / 10) | 0, u = code % 10;
    let n = this.addMapCandidate(code, 0, 0);
    n = this.addMapCandidate(t * 10 + clampDie(u + 1, 6), 0, n);
    n = this.addMapCandidate(t * 10 + clampDie(u - 1, 6), 0, n);
    const chosen = this.ask(D.D_MAP_CHOICE, n);
    if (this.log) this.sayT('uaLog.capturedVehicleRoll', { rolled: code, code: chosen });
    return chosen;
  }

  /** A map roll under pending modifiers: the candidate codes, the policy picks one (UA-R51). */
  protected modifiedMapRoll(code: number): number {
    const s = this.s, d = this.sc.map === 'd33' ? 3 : 6;
    const setTens = s.mapSetTens;
    s.mapSetTens = 0;
    let n = this.addMapVariants(code, setTens, d, 0);
    if (s.mapTwice) n = this.addMapVariants(this.rollCode(), setTens, d, n);
    s.mapTens = s.mapUnits = 0;
    s.mapEither = s.mapTwice = s.mapMandatory = false;
    s.tile = null;
    const chosen = n === 1 ? this.legal[0] : this.ask(D.D_MAP_CHOICE, n);
    if (this.log) this.sayT('uaLog.mapModified', { code: chosen });
    return chosen;
  }

  /** Candidate codes of one rolled code under the pending tens/units modifiers, appended to the legal list at n. */
  protected addMapVariants(c: number, setTens: number, d: number, n: number): number {
    const s = this.s, t = (c / 10) | 0, u = c % 10;
    // A mandatory modifier (issue 28 item 4): the rolled code itself is offered only when no tens/units modifier is pending.
    if (!s.mapMandatory || (s.mapTens === 0 && s.mapUnits === 0)) n = this.addMapCandidate(c, setTens, n);
    if (s.mapTens !== 0) n = this.addMapCandidate(clampDie(t + s.mapTens, d) * 10 + u, setTens, n);
    if (s.mapUnits !== 0) {
      n = this.addMapCandidate(t * 10 + clampDie(u + s.mapUnits, d), setTens, n);
      if (s.mapEither) n = this.addMapCandidate(t * 10 + clampDie(u - s.mapUnits, d), setTens, n);
    }
    return n;
  }

  /** Append a candidate code (tens_is: the tens die is set after any `tens` modifier) unless already listed. */
  protected addMapCandidate(c0: number, setTens: number, n: number): number {
    const c = setTens !== 0 ? setTens * 10 + (c0 % 10) : c0;
    for (let i = 0; i < n; i++) if (this.legal[i] === c) return n;
    this.legal[n] = c;
    return n + 1;
  }

  /**
   * Before a map d66: the policy may use map_roll items (their effects apply to this roll) and any_time items
   * whose effects work out of combat (UA-R62).
   */
  protected offerMapItems(): void {
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
  protected freshCode(code: number): number {
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
      if (this.log) this.sayT('uaLog.codesCleared');
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

  /**
   * 察知 (§25; UA-R52): a 器用 leader may try to avoid the tile just drawn. True: the tile is avoided (「未発生」, roll
   * again). With the scenario's `detect_options` (UA-R142) a success may instead take one soldier off the tile's fight
   * (`detectFewer` is set; the tile is entered); offered only where some listed outcome applies.
   */
  protected detect(t: TileDef): boolean {
    const s = this.s;
    // §45 two players, UA-R172 `better`: the leader with more 器用点 left tries it, with his squad (the first on a tie).
    if (this.checksBetter && this.players === 2 && s.active === 0) {
      const first = s.sub === SUB_DEX ? s.subCur : 0;
      if (s.other.sub === SUB_DEX && s.other.subCur > first) {
        s.swapLeader();
        if (this.log) this.sayT('uatwo.rolls', { who: this.tx('uatwo.second') });
        const r = this.leaderDetect(t);
        s.swapLeader();
        return r;
      }
    }
    return this.leaderDetect(t);
  }

  /** {@link detect} by the leader in play and his squad. */
  private leaderDetect(t: TileDef): boolean {
    const s = this.s;
    if (!t.fleeAllowed) return false;
    const outdoor = !t.indoor || t.alsoOutdoor;
    // v1.01 (procedure detect_helpers: unconditional, UA-V33): the spotter on an outdoor map (once per map roll, not on
    // the re-rolled result) and each scout once per scenario succeed outright, with no 器用点.
    const spotterFree = this.detectUnconditional && s.members[R_SPOTTER] > 0 && outdoor && !this.spotterDetected;
    const scoutFree = this.detectUnconditional && s.members[R_SCOUT] > this.scoutDetects;
    if ((s.sub !== SUB_DEX || s.subCur <= 0) && !spotterFree && !scoutFree) return false;
    const fewerOk = this.sc.detectFewer && t.kind === EV_ENCOUNTER && t.engagement!.units.some((u) => !u.htt);
    if (!this.sc.detectReroll && !fewerOk) return false;
    s.tile = t;
    const yes = this.askYes(D.D_DETECT);
    s.tile = null;
    if (!yes) return false;
    this.detects++;
    let ok = spotterFree || scoutFree;
    if (spotterFree) {
      this.spotterDetected = true;
      if (this.log) this.sayT('uaLog.detectSpotter');
    } else if (scoutFree) {
      this.scoutDetects++;
      if (this.log) this.sayT('uaLog.detectScout', { n: this.scoutDetects, of: s.members[R_SCOUT] });
    }
    // 戦術スキャナー (UA-R82): +1 on this map's 察知 — one use, or free once spent into standing equipment.
    const scanner = ok ? 0 : s.scannerStanding > 0 || (s.nSpecial > 0 && this.trySpecial(SP_SCANNER)) ? 1 : 0;
    const mod = scanner + (s.armour ? s.armour.detect : 0) + (s.nvg && t.dark ? 1 : 0) + (this.detectUnconditional ? 0 : Math.min(2, s.members[R_SCOUT]));
    const base = s.subCur + mod;
    if (!ok) {
      s.subCur--;
      ok = this.check(base, 4);
      if (this.log) this.sayT('uaLog.detect', { nat: this.nat, base, value: this.value, ok: ok ? this.tx(fewerOk ? 'uaDice.detectSucceeds' : 'uaLog.f.avoids') : '' });
    }
    // K9 (any tile) and spotter (outdoor tiles): one re-roll each per map.
    if (!ok && s.members[R_K9] > 0) {
      ok = this.check(base, 4);
      if (this.log) this.sayT('uaLog.k9', { nat: this.nat, value: this.value, ok: ok ? this.tx(fewerOk ? 'uaDice.detectSucceeds' : 'uaLog.f.avoided') : '' });
    }
    if (!ok && !this.detectUnconditional && s.members[R_SPOTTER] > 0 && outdoor) {
      ok = this.check(base, 4);
      if (this.log) this.sayT('uaLog.spotter', { nat: this.nat, value: this.value, ok: ok ? this.tx(fewerOk ? 'uaDice.detectSucceeds' : 'uaLog.f.avoided') : '' });
    }
    if (!ok || !fewerOk) return ok && this.sc.detectReroll;
    let fewer = !this.sc.detectReroll;
    if (!fewer) {
      // Both outcomes apply: the squad's choice (UA-R142), logged either way.
      this.legal[0] = D.A_DETECT_REROLL;
      this.legal[1] = D.A_DETECT_FEWER;
      s.tile = t;
      fewer = this.ask(D.D_DETECT_OUTCOME, 2) === D.A_DETECT_FEWER;
      s.tile = null;
    }
    if (this.log) this.sayT(fewer ? 'uaDice.detectFewer' : 'uaDice.detectReroll');
    if (!fewer) return true;
    // 敵数−1: the tile's fight gets one soldier fewer (the extra_enemies machinery: the squad picks the group).
    s.nextExtraEnemies--;
    this.detectFewerPending = true;
    return false;
  }

  /** One random-tile slot (or, with `finalAt` ≥ 0, the final event if the roll is at most it). Returns the outcome; `final` is set when the final event came. */

  protected randomSlot(finalAt: number): number {
    this.slotFinal = false;
    this.spotterDetected = false;
    const s = this.s;
    for (let guard = 0; guard < this.op.maxTiles; guard++) {
      let code = this.mapRoll();
      if (finalAt >= 0 && code <= finalAt) {
        if (this.log) this.sayT('uaLog.mapFinal', { code, at: finalAt });
        this.enterFinal();
        this.slotFinal = true;
        return this.resolveFixed(this.sc.laps[this.lap].final);
      }
      code = this.freshCode(code);
      const base = this.sc.tiles[code]!;
      const t = this.afterMid && this.sc.laps[this.lap].darkAfterMid ? this.darkTiles[code]! : base;
      if (this.detect(t)) {
        if (this.auditOn) this.audit.v[A_AVOID_DETECT]++;
        continue; // 「未発生」: roll again; the code stays unused
      }
      const r = this.resolve(t);
      if (this.detectFewerPending) {
        // 察知's 敵数−1 belongs to this tile's fight: if the fight did not take it, it does not carry on (UA-R142).
        this.detectFewerPending = false;
        if (s.nextExtraEnemies < 0) s.nextExtraEnemies++;
      }
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

  protected resolveFixed(t: TileDef): number {
    let r = this.resolve(t);
    // §42 一本道 (UA-R120 `re-enter`): after a 退却 at a fixed event that allows one (the between-fights step ran in
    // fight()), the squad enters the event again and it is resolved afresh, while 逃走 are left (max_flees).
    while (r === TILE_FLED && this.fixedReenter && this.s.retreats < this.op.maxFlees) {
      if (this.log) this.sayT('uaLog.fixedReenter', { name: t.name });
      r = this.resolve(t);
    }
    if (r === TILE_DOWN) this.fell(t.code);
    // A retreat there that is not followed by a re-entry (UA-R120 `ends`, or no 逃走 left) does not pass the event.
    return r === TILE_FLED ? TILE_STALLED : r;
  }
}
