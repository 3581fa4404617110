/**
 * The move phase carried out: who moves next, disengagement and its free attacks, straight moves,
 * runs, hovering, transformation, stealth, combining and separating, picking up a weapon.
 *
 * Seed 000 2−2−2 移動フェイズ: ◆移動行動, ◆離脱 (離脱判定, free attacks), ◆移動特殊行動: ◆変形 (一方通行,
 * 双方向), ◆隠密行動, ◆走行, ◆滞空, ◆合体/分離, ◆投擲 (拾う).
 * One layer of the engine's class chain (game-core → game-move-candidates → game-movement → game-attacks → game-formations → game-charges → game.ts):
 * each file adds one rule area.
 */

import { EQ_OPTICAL_CAMO } from './catalogue.js';
import * as D from './decisions.js';
import { CLIP, segPointDist2 } from './geometry.js';
import { MAX_CARRY, MAX_UNITS } from './state.js';
import { EPS, KP_MOVE, f1 } from './game-core.js';
import { RsMoveCandidates } from './game-move-candidates.js';
import { MOVE_VERB_MSG } from './narration-ids.js';
import { disengageChance, LK_OTHER } from './luck.js';
export abstract class RsMovement extends RsMoveCandidates {
  /** A free attack by lead `e` on `u` (a failed disengagement; game-attacks). */
  protected abstract freeAttack(e: number, u: number): void;
  /** 転倒判定 after the phase (game-attacks). */
  protected abstract fallChecks(): void;

  protected movePhase(side: number): void {
    const s = this.s;
    for (;;) {
      let n = 0;
      for (let u = s.sideStart[side]; u < s.sideStart[side] + s.sideCount[side]; u++) if (s.onTable(u) && !s.moved[u]) this.legal[n++] = u;
      if (n === 0) break;
      s.actor = -1;
      const u = this.ask(side, D.D_MOVER, n);
      const prev = this.keyTurn(side, KP_MOVE, u);
      this.moveUnit(u, true);
      this.keyEnd(prev);
      if (s.over) return;
    }
    this.fallChecks();
  }

  /** The movement action of unit u. */
  protected moveUnit(u: number, allowTransform: boolean): void {
    const s = this.s, side = s.side[u];
    if (s.fallen[u]) {
      s.fallen[u] = 0;
      s.moved[u] = 1;
      if (this.log) this.say('rsReplay.standsUp', { unit: s.name(u) });
      return;
    }
    const policy = this.policies[side];
    let a: number;
    let menu = false;
    if (policy.moveFamilies !== undefined) {
      const prevActor = s.actor, prevMe = s.me;
      s.actor = u;
      s.me = side;
      this.candFamilies = policy.moveFamilies(s);
      s.actor = prevActor;
      s.me = prevMe;
    } else this.candFamilies = D.MF_ALL;
    if (policy.chooseMove !== undefined) {
      // Runs are left out of the menu when the policy says it will look at none of them.
      const prevActor = s.actor, prevMe = s.me;
      s.actor = u;
      s.me = side;
      const runs = policy.wantsRuns === undefined || policy.wantsRuns(s);
      menu = this.genMoveMenu(u, allowTransform, runs);
      if (!menu) {
        s.actor = prevActor;
        s.me = prevMe;
      }
    }
    if (menu) {
      // Only the entries the policy asks about are checked (the same choice as over the legal list).
      a = policy.chooseMove!(s, this.moveMenu);
      if (!this.menuHas(a)) throw new Error(`policy returned illegal action ${a} at decision ${D.DECISION_NAMES[D.D_MOVE]}`);
    } else {
      const n = this.genMoves(u, allowTransform);
      s.actor = u;
      a = this.ask(side, D.D_MOVE, n);
    }
    this.candFamilies = D.MF_ALL;
    this.execMove(u, a);
  }

  /** Is `a` a legal entry of the move menu? */
  private menuHas(a: number): boolean {
    const m = this.moveMenu;
    for (let i = 0; i < m.n; i++) if (m.action[i] === a) return m.legal(i);
    return false;
  }

  /** 離脱判定: 1d6 − (enemies in contact − 1) ≥ 4; a natural 6 succeeds, a natural 1 fails. On failure the contacting enemies attack (RS-R02). */
  protected disengage(u: number): boolean {
    const s = this.s;
    const n = s.enemiesInContact(u);
    if (n === 0) return true;
    const r = this.dice.d6();
    const v = r - (n - 1);
    const ok = r === 6 || (r !== 1 && v >= 4);
    // Luck: success (+1 for the mover's side) against its exact chance.
    if (this.lucky) this.luck.addTo(LK_OTHER, s.side[u], (s.side[u] === 0 ? 1 : -1) * ((ok ? 1 : 0) - disengageChance(n)));
    if (this.log) this.say(n === 1 ? 'rsReplay.disengageOne' : 'rsReplay.disengageMany', { unit: s.name(u), n, r, penalty: n - 1, v, outcome: this.tx(ok ? 'rsReplay.success' : 'rsReplay.failure') });
    if (ok) return true;
    // Free attacks, without the point-blank penalty.
    const e = 1 - s.side[u];
    let k = 0;
    for (let v2 = s.sideStart[e]; v2 < s.sideStart[e] + s.sideCount[e]; v2++) if (s.inContact(u, v2)) this.scratch2[k++] = v2;
    if (!this.freeEach && k > 1) {
      for (let i = 0; i < k; i++) this.legal[i] = this.scratch2[i];
      s.actor = u;
      const one = this.ask(e, D.D_FREE_ATTACKER, k);
      this.scratch2[0] = one;
      k = 1;
    }
    for (let i = 0; i < k; i++) this.freeBuf[i] = this.scratch2[i];
    for (let i = 0; i < k && !s.over && s.alive[u]; i++) this.freeAttack(this.freeBuf[i], s.group[u]);
    return false;
  }

  /** Carry out a movement action. */
  protected execMove(u: number, a: number): void {
    const s = this.s;
    const kind = D.mvKind(a);
    switch (kind) {
      case D.MK_STAY:
        s.moved[u] = 1;
        if (this.log) this.say('rsReplay.stays', { unit: s.name(u), pos: this.pos(u) });
        this.offerStealth(u);
        return;
      case D.MK_MOVE:
      case D.MK_RUN:
      case D.MK_HOVER:
      case D.MK_LAND: {
        const c = D.mvCand(a);
        const tx = s.candX[c], ty = s.candY[c];
        s.moved[u] = 1;
        if (s.enemiesInContact(u) > 0) {
          const ok = this.disengage(u);
          if (s.over || !s.onTable(u)) return;
          if (!ok && this.failedStays) return;
          // The free attacks may have broken a combination (survivors placed around): the way must still be free.
          const flying = kind === D.MK_HOVER || kind === D.MK_LAND || (kind === D.MK_MOVE && s.hover[u] === 1);
          const groundEnd = kind === D.MK_LAND || ((kind === D.MK_MOVE || kind === D.MK_RUN) && s.hover[u] === 0);
          if (!this.destOk(u, tx, ty, flying, groundEnd)) {
            if (this.log) this.say('rsReplay.cannotReach', { unit: s.name(u), x: f1(tx), y: f1(ty) });
            return;
          }
        }
        const from = this.log ? this.pos(u) : '';
        s.x[u] = tx;
        s.y[u] = ty;
        if (kind === D.MK_HOVER) s.hover[u] = 1;
        if (kind === D.MK_LAND) s.hover[u] = 0;
        if (this.log) this.say('rsReplay.moves', { unit: s.name(u), verb: this.tx(MOVE_VERB_MSG[kind]), from, to: this.pos(u), hovering: s.hover[u] ? this.tx('rsReplay.hoveringTag') : '' });
        if (kind === D.MK_RUN) {
          s.noAttack[u] = 1;
          if (this.log) this.say('rsReplay.ran', { unit: s.name(u) });
          this.selfHit(u, 1);
          if (s.over || !s.alive[u]) return;
        }
        if (kind === D.MK_MOVE && !s.hover[u]) this.offerStealth(u);
        return;
      }
      case D.MK_TRANSFORM_ONE_WAY:
      case D.MK_TRANSFORM_TWO_WAY: {
        s.moved[u] = 1;
        if (s.enemiesInContact(u) > 0) {
          const ok = this.disengage(u);
          if (s.over || !s.alive[u] || !ok) {
            if (this.log && s.alive[u] && !ok) this.say('rsReplay.cannotTransform', { unit: s.name(u) });
            return;
          }
        }
        s.form[u] = s.form[u] === 0 ? 1 : 0;
        if (kind === D.MK_TRANSFORM_ONE_WAY) s.transformed[u] = 1;
        this.refresh(u);
        if (this.log) this.say(kind === D.MK_TRANSFORM_ONE_WAY ? 'rsReplay.transformOneWay' : 'rsReplay.transformTwoWay', { unit: s.name(u), form: s.form[u] + 1 });
        if (kind === D.MK_TRANSFORM_TWO_WAY) {
          s.noAttack[u] = 1;
          return;
        }
        s.moved[u] = 0;
        this.moveUnit(u, false);
        s.moved[u] = 1;
        return;
      }
      case D.MK_COMBINE: {
        const mask = D.mvExtra(a);
        const names: string[] = [];
        for (let m = 0; m < s.nUnits; m++) {
          if (m !== u && !(mask & (1 << m))) continue;
          s.group[m] = u;
          s.moved[m] = 1;
          s.noAttack[m] = 1;
          if (m !== u) {
            s.x[m] = s.x[u];
            s.y[m] = s.y[u];
            s.stealth[m] = 0;
          }
          names.push(s.name(m));
        }
        this.refresh(u);
        if (this.log) this.say('rsReplay.combine', { names: names.join(' + '), pos: this.pos(u), move: s.mv[u], attack: s.atk[u], defence: s.dfn[u] });
        return;
      }
      case D.MK_SEPARATE: {
        const lead = u;
        for (let m = 0; m < s.nUnits; m++) {
          if (m === lead || !s.alive[m] || s.group[m] !== lead) continue;
          s.group[m] = m;
          s.hover[m] = s.hover[lead];
          s.moved[m] = 1;
          s.noAttack[m] = 1;
          s.acted[m] = s.acted[lead];
          s.concTurn[m] = s.concTurn[lead];
          this.refresh(m);
          this.placeAround(m, lead);
        }
        s.moved[lead] = 1;
        s.noAttack[lead] = 1;
        this.refresh(lead);
        if (this.log) this.say('rsReplay.separates', { unit: s.name(lead) });
        return;
      }
      case D.MK_PICKUP: {
        const i = D.mvCand(a);
        const wi = s.itemW[i];
        const base = (u * 2 + s.form[u]) * MAX_CARRY;
        let k = 0;
        while (k < MAX_CARRY && s.carry[base + k] >= 0) k++;
        s.carry[base + k] = wi;
        this.moveAdj[u * 2 + s.form[u]] += this.wMoveMod[wi];
        this.removeItem(i);
        s.moved[u] = 1;
        s.noAttack[u] = 1;
        this.refresh(u);
        if (this.log) this.say('rsReplay.picksUp', { unit: s.name(u), weapon: this.wName[wi] });
        return;
      }
    }
    throw new Error(`unknown movement action ${a}`);
  }

  protected removeItem(i: number): void {
    const s = this.s;
    s.nItems--;
    s.itemW[i] = s.itemW[s.nItems];
    s.itemX[i] = s.itemX[s.nItems];
    s.itemY[i] = s.itemY[s.nItems];
  }

  /** 隠密行動: offered after a ground move (or staying) when the unit is ⅓ hidden from every enemy, or has optical camouflage. */
  protected offerStealth(u: number): void {
    const s = this.s;
    if (!s.onTable(u) || s.hover[u]) return;
    if (!(s.eq[u] & EQ_OPTICAL_CAMO) && !this.hiddenFromEnemies(u)) return;
    this.legal[0] = D.A_NO;
    this.legal[1] = D.A_YES;
    s.actor = u;
    if (this.ask(s.side[u], D.D_STEALTH, 2) === D.A_YES) {
      s.stealth[u] = 1;
      if (this.log) this.say('rsReplay.stealth', { unit: s.name(u) });
    }
  }

  /**
   * Is u at least one-third hidden from every enemy on the table? Three rays from
   * the enemy's base point to u's centre and both sides: one crossed by terrain
   * or another unit's base hides a third (ruling RS-F07). Hovering enemies see
   * over everything.
   */
  hiddenFromEnemies(u: number): boolean {
    const s = this.s, T = s.table;
    const e = 1 - s.side[u];
    const ux = s.x[u], uy = s.y[u], ur = s.rad[u];
    for (let v = s.sideStart[e]; v < s.sideStart[e] + s.sideCount[e]; v++) {
      if (!s.onTable(v)) continue;
      if (s.hover[v]) return false;
      const vx = s.x[v], vy = s.y[v];
      const dx = ux - vx, dy = uy - vy;
      const len = Math.sqrt(dx * dx + dy * dy);
      if (len < EPS) return false;
      const ox = (-dy / len) * ur * 0.9, oy = (dx / len) * ur * 0.9;
      let hidden = false;
      for (let k = 0; k < 3 && !hidden; k++) {
        const tx = ux + (k === 1 ? ox : k === 2 ? -ox : 0), ty = uy + (k === 1 ? oy : k === 2 ? -oy : 0);
        CLIP[0] = vx;
        CLIP[1] = vy;
        CLIP[2] = tx;
        CLIP[3] = ty;
        if (T.terrainAcrossClip()) hidden = true;
        else {
          for (let o = 0; o < s.nUnits && !hidden; o++) {
            if (o === u || o === v || !s.onTable(o) || s.hover[o]) continue;
            if (segPointDist2(vx, vy, tx, ty, s.x[o], s.y[o]) < s.rad[o] * s.rad[o]) hidden = true;
          }
        }
      }
      if (!hidden) return false;
    }
    return true;
  }
  protected readonly freeBuf = new Int32Array(MAX_UNITS);
}
