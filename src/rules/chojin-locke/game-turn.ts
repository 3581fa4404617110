/**
 * An esper's turn: the order of the special and the normal action, special weapons, the normal action (an
 * attack card, an escape, an illusion, ニケ, or pass), a residual thought's turn, and an attack card with
 * the minions and espers who synchronise with it.
 *
 * Seed 003 §10.4–10.4.2 (通常行動, 特殊行動), §10.6 攻撃, §10.8–10.8.2 同調 (cards, 残留思念).
 * One layer of the engine's class chain (game-core → game-cards → game-escapes → game-attacked →
 * game-turn → game.ts): each file adds one rule area.
 */
import { CK_ATTACK, CK_ILLUSION, CK_LIGHT_SWORD, CK_TELEPORT } from './cards.js';
import * as D from './decisions.js';
import { LOC_DISCARD, ST_ACTIVE, ST_RESIDUAL } from './state.js';
import * as Core from './game-core.js';
import { LkAttacked } from './game-attacked.js';

// Module-local copies of game-core's codes (a module-local const folds to a constant; an imported binding is
// reloaded and hole-checked at every use).
const { VAL_ATTACKS, VAL_SYNC_ATTACKS, VAL_SYNC_POWER, A_MIRROR, A_PASS, A_SUBSPACE, A_YES, USE_OK, USE_FAIL, USE_REFUSED } = Core;

export abstract class LkTurn extends LkAttacked {
  /**
   * 10.4: special actions (each weapon once) and the normal action (none when the esper synchronised this round),
   * 「通常行動と特殊行動はどの順番で行なってもよい」: the order is the esper's choice (decision `order`).
   */
  protected turn(e: number, pos: number): void {
    const s = this.s;
    if (s.asleep[e]) {
      if (this.log) this.say('lkReplay.isAsleep', { esper: s.name(e) });
      return;
    }
    let normalFirst = false;
    if (!s.synced[e] && this.hasSpecialLeft(e)) {
      this.nLegal = 0;
      this.push(A_PASS); // special actions first
      this.push(A_YES); // the normal action first
      normalFirst = D.aKind(this.ask(D.D_ORDER, e)) === D.K_YES;
      if (normalFirst && this.log) this.say('lkReplay.normalFirst', { esper: s.name(e) });
    }
    if (normalFirst) {
      this.normalAction(e, pos);
      if (s.over || s.status[e] !== ST_ACTIVE || s.asleep[e]) return;
      this.specialActions(e);
      return;
    }
    this.specialActions(e);
    if (s.over || s.status[e] !== ST_ACTIVE || s.asleep[e]) return;
    if (s.synced[e]) {
      if (this.log) this.say('lkReplay.syncedNoNormal', { esper: s.name(e) });
      return;
    }
    this.normalAction(e, pos);
  }

  /** Whether e has a special weapon with a use left this combat. */
  protected hasSpecialLeft(e: number): boolean {
    const s = this.s, specials = s.espers[e].specials;
    for (let k = 0; k < specials.length; k++) if (specials[k].uses === 0 || s.specialUses[e * 4 + k] > 0) return true;
    return false;
  }

  /** 10.4 special actions: each special weapon once, at a target of the policy's choice or not at all. */
  protected specialActions(e: number): void {
    const s = this.s;
    const specials = s.espers[e].specials;
    for (let k = 0; k < specials.length && s.status[e] === ST_ACTIVE && !s.over; k++) {
      const sp = specials[k];
      if (sp.uses > 0 && s.specialUses[e * 4 + k] === 0) continue;
      this.nLegal = 0;
      this.push(A_PASS);
      this.addTargets(e, D.K_TARGET);
      if (this.nLegal === 1) break;
      this.view.ctx.special = k;
      const a = this.ask(D.D_SPECIAL, e);
      this.view.ctx.special = -1;
      if (D.aKind(a) !== D.K_TARGET) continue;
      if (sp.uses > 0) s.specialUses[e * 4 + k]--;
      const t = D.aTarget(a);
      if (sp.dudOn.length > 0) {
        const r = this.roll2d6();
        if (sp.dudOn.includes(r)) {
          if (this.log) this.say('lkReplay.specialDud', { esper: s.name(e), kind: sp.kind, target: s.name(t), r });
          continue;
        }
      }
      const p = sp.powers.length === 1 ? sp.powers[0] : sp.powers[this.dice.below(sp.powers.length)];
      if (this.log) this.say('lkReplay.specialAttack', { esper: s.name(e), kind: sp.kind, level: sp.level, power: p, target: s.name(t) });
      this.attacksThisRound++;
      this.stats[VAL_ATTACKS] += s.side[e] === 0 ? 1 : 0;
      this.nSync = 0;
      this.resolveAttack(e, t, sp.level, p, false, false, false);
      this.checkSides();
    }
  }

  /** 10.4 the normal action: an attack card, an escape, an illusion, ニケ, or pass. */
  protected normalAction(e: number, pos: number): void {
    const s = this.s;
    for (;;) {
      this.nLegal = 0;
      this.push(A_PASS);
      const bar = this.jamBar(e);
      this.addAttackPlays(e, bar);
      this.addCardPlays(e, CK_TELEPORT, 1, 7, D.K_TELEPORT, 0, bar);
      this.addCardPlays(e, CK_ILLUSION, 1, 7, D.K_ILLUSION, 0, bar);
      if (s.mirror[e] > 0) this.push(A_MIRROR);
      if (s.subspace[e] > 0) this.push(A_SUBSPACE);
      if (s.nikeOn[e] && s.nikeDur[e] > 0) this.addTargets(e, D.K_NIKE);
      const a = this.ask(D.D_NORMAL, e);
      const kind = D.aKind(a);
      if (kind === D.K_PASS) {
        if (this.log) this.say('lkReplay.passes', { esper: s.name(e) });
        return;
      }
      if (kind === D.K_NIKE) {
        // 10.4.1: ニケ's attack is the normal action; 10.7: it can be neither escaped nor defended.
        const t = D.aTarget(a);
        this.attacksThisRound++;
        if (s.side[e] === 0) this.stats[VAL_ATTACKS]++;
        if (this.log) this.say('lkReplay.nikeAttacks', { esper: s.name(e), target: s.name(t), power: s.espers[e].nikePower });
        this.hit(e, t, s.espers[e].nikePower);
        return;
      }
      if (kind === D.K_ATTACK) {
        if (this.cardAttack(e, D.aCard(a), D.aTarget(a), D.aUsed(a), pos)) return;
        continue;
      }
      if (kind === D.K_MIRROR || kind === D.K_SUBSPACE) {
        if (kind === D.K_SUBSPACE) s.subspace[e]--;
        if (this.log) this.say('lkReplay.leavesBy', { esper: s.name(e), device: kind === D.K_MIRROR ? 'ラフノールの鏡' : '亜空間フィールド' });
        this.escape(e);
        return;
      }
      const c = D.aCard(a);
      if (this.log) this.say('lkReplay.playsToEscape', { esper: s.name(e), card: this.cardName(c), used: this.usedText(e, c, D.aUsed(a)) });
      const r = this.useCard(e, c, D.aUsed(a));
      if (r === USE_REFUSED) continue;
      if (r === USE_OK) {
        if (kind === D.K_TELEPORT) {
          if (this.teleport(e, s.cardLevel[c])) this.escape(e);
        } else {
          this.illusion(e, s.cardLevel[c], -1);
        }
      }
      return;
    }
  }

  /** A residual thought's turn (10.8.2): attack one enemy's body, others may add their power. */
  protected residualTurn(e: number, pos: number): void {
    const s = this.s;
    if (s.synced[e]) return;
    this.nLegal = 0;
    this.push(A_PASS);
    this.addTargets(e, D.K_TARGET);
    const a = this.ask(D.D_NORMAL, e);
    if (D.aKind(a) !== D.K_TARGET) return;
    const t = D.aTarget(a);
    let p = s.residual[e];
    this.attacksThisRound++;
    if (this.log) this.say('lkReplay.residualAttacks', { esper: s.name(e), power: p, target: s.name(t) });
    for (let i = pos + 1; i < s.orderN; i++) {
      const f = s.order[i];
      if (s.status[f] !== ST_RESIDUAL || s.acted[f] || s.synced[f]) continue;
      this.nLegal = 0;
      this.push(A_PASS);
      this.push(A_YES);
      this.setAttackCtx(e, t, 0, p, false, false, false);
      if (D.aKind(this.ask(D.D_RESIDUAL_SYNC, f)) !== D.K_YES) continue;
      s.synced[f] = 1;
      p += s.residual[f];
      if (this.log) this.say('lkReplay.residualSync', { esper: s.name(f), add: s.residual[f], power: p });
    }
    // Neither escape nor defence; the body takes it directly (10.7).
    this.hitBody(e, t, p);
  }

  /** Play an attack card; false if a secret jammer refused it (the esper chooses again). */
  protected cardAttack(e: number, c: number, t: number, used: number, pos: number): boolean {
    const s = this.s;
    if (this.log) this.say('lkReplay.attacks', { esper: s.name(e), target: s.name(t), card: this.cardName(c), used: this.usedText(e, c, used) });
    const r = this.useCard(e, c, used);
    if (r === USE_REFUSED) return false;
    this.attacksThisRound++;
    if (s.side[e] === 0) this.stats[VAL_ATTACKS]++;
    if (r === USE_FAIL) return true;
    const light = s.cardKind[c] === CK_LIGHT_SWORD, level = s.cardLevel[c];
    let p = s.cardPower[c];
    this.nSync = 0;
    if (!light) p += this.synchronise(e, t, level, p, pos);
    this.resolveAttack(e, t, level, p, true, light, true);
    return true;
  }

  /** 10.8: minions (level ≤ 2), then espers whose turn has not come, add same-type attacks at or below the level. Returns the power added. */
  protected synchronise(e: number, t: number, level: number, basePower: number, pos: number): number {
    const s = this.s;
    let added = 0;
    for (let m = 0; m < s.minions[e]; m++) {
      this.nLegal = 0;
      this.push(A_PASS);
      this.addMinionCards(e, CK_ATTACK, Math.min(2, level));
      if (this.nLegal === 1) break;
      this.setAttackCtx(e, t, level, basePower + added, true, false, true);
      const a = this.ask(D.D_MINION_SYNC, e);
      if (D.aKind(a) === D.K_PASS) break;
      const c = D.aCard(a);
      this.takeFromHand(e, c);
      s.cardLoc[c] = LOC_DISCARD;
      added += s.cardPower[c];
      if (this.log) this.say('lkReplay.minionSync', { esper: s.name(e), card: this.cardName(c), power: s.cardPower[c] });
    }
    for (let i = pos + 1; i < s.orderN; i++) {
      const f = s.order[i];
      if (f === t || s.status[f] !== ST_ACTIVE || s.asleep[f] || s.acted[f] || s.synced[f]) continue;
      for (;;) {
        this.nLegal = 0;
        this.push(A_PASS);
        this.addCardPlays(f, CK_ATTACK, 1, level, D.K_SYNC, t);
        if (this.nLegal === 1) break;
        this.setAttackCtx(e, t, level, basePower + added, true, false, true);
        const a = this.ask(D.D_SYNC, f);
        if (D.aKind(a) === D.K_PASS) break;
        const c = D.aCard(a);
        if (this.log) this.say('lkReplay.syncs', { esper: s.name(f), card: this.cardName(c), used: this.usedText(f, c, D.aUsed(a)) });
        const r = this.useCard(f, c, D.aUsed(a));
        if (r === USE_REFUSED) continue;
        s.synced[f] = 1;
        if (r === USE_OK) {
          added += s.cardPower[c];
          this.syncers[this.nSync] = f;
          this.syncPow[this.nSync++] = s.cardPower[c];
          if (s.side[e] === 0) this.stats[VAL_SYNC_POWER] += s.cardPower[c];
        }
        break;
      }
    }
    if (this.nSync > 0 && s.side[e] === 0) this.stats[VAL_SYNC_ATTACKS]++;
    return added;
  }
}
