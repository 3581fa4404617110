/**
 * Charges (move into contact, melee, 1 unpreventable self-damage) with interception, and throws
 * (the weapon ends on the ground touching the target).
 *
 * Seed 000 2−2−3 戦闘フェイズ: ◆突撃, ◆迎撃, ◆投擲.
 * One layer of the engine's class chain (game-core → game-move-candidates → game-movement → game-attacks → game-formations → game-charges → game.ts):
 * each file adds one rule area.
 */

import { EQ_JAMMER, RANGED } from './catalogue.js';
import * as D from './decisions.js';
import { MAX_CARRY, MAX_ITEMS, MAX_UNITS } from './state.js';
import { EPS, f1, O_IGNORE_TERRAIN, O_SHOOT, R_CRIT, R_FRIENDLY, R_FUMBLE, R_MISS, T_CHARGE, T_INTERCEPT } from './game-core.js';
import { RsFormations } from './game-formations.js';
export abstract class RsCharges extends RsFormations {
  protected readonly chargeX = new Float64Array(MAX_UNITS * 16);
  protected readonly chargeY = new Float64Array(MAX_UNITS * 16);

  /**
   * A contact point next to t that lead u can reach with its movement in a
   * straight line (direct approach, then ±35°, ±70° around the target);
   * stored for the charge. Hovering units charge hovering targets only.
   */
  findChargeSpot(u: number, t: number): boolean {
    const s = this.s;
    let tx: number, ty: number, tr: number;
    if (t === D.TARGET_HQ) {
      if (!this.def.hq || s.hover[u]) return false;
      const h = 1 - s.side[u];
      if (s.hqHp[h] <= 0) return false;
      tx = s.hqX[h];
      ty = s.hqY[h];
      tr = this.def.hq.radius;
    } else {
      if (!s.onTable(t) || s.hover[t] !== s.hover[u]) return false;
      tx = s.x[t];
      ty = s.y[t];
      tr = s.rad[t];
    }
    const dx = s.x[u] - tx, dy = s.y[u] - ty;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d < EPS) return false;
    const want = s.rad[u] + tr + s.table.gap * 0.5;
    if (d - want > s.mv[u] + EPS) return false;
    const ux = dx / d, uy = dy / d;
    const flying = s.hover[u] === 1;
    for (let k = 0; k < 5; k++) {
      const ang = k === 0 ? 0 : (k & 1 ? 1 : -1) * (k <= 2 ? 0.6109 : 1.2217);
      const c = Math.cos(ang), sn = Math.sin(ang);
      const px = tx + (ux * c - uy * sn) * want, py = ty + (ux * sn + uy * c) * want;
      const cost = flying ? Math.sqrt((px - s.x[u]) ** 2 + (py - s.y[u]) ** 2) : s.table.pathCost(s.x[u], s.y[u], px, py);
      if (cost > s.mv[u] + EPS) continue;
      if (!this.destOk(u, px, py, flying, !flying)) continue;
      this.chargeX[u * 16 + t] = px;
      this.chargeY[u * 16 + t] = py;
      return true;
    }
    return false;
  }

  /** 突撃 with 迎撃. */
  protected charge(u: number, t: number, w: number): void {
    const s = this.s, side = s.side[u];
    this.curType = T_CHARGE;
    this.countAction(u);
    const px = this.chargeX[u * 16 + t], py = this.chargeY[u * 16 + t];
    if (this.log) this.say('rsReplay.charges', { unit: s.name(u), target: this.targetName(t, side), weapon: this.weaponName(w) });
    this.concentrate(u);
    const concCharge = this.concLeft;
    // 迎撃: a target with a ranged weapon, not in contact with an enemy before the charge; not at a jammer (not point-blank).
    let iw = D.WR_NONE;
    if (t !== D.TARGET_HQ && s.concTurn[t] === 0 && s.enemiesInContact(t) === 0 && !(s.eq[u] & EQ_JAMMER)) {
      const nr = this.refsOf(t);
      let n = 0;
      this.legal[n++] = D.WR_NONE;
      for (let i = 0; i < nr; i++) if (this.wKind[s.weaponOf(this.refs[i])] === RANGED) this.legal[n++] = this.refs[i];
      if (n > 1) {
        s.actor = t;
        s.target = u;
        iw = this.ask(1 - side, D.D_INTERCEPT, n);
      }
    }
    const from = this.log ? this.pos(u) : '';
    s.x[u] = px;
    s.y[u] = py;
    if (this.log) this.say('rsReplay.movesIntoContact', { unit: s.name(u), from, to: this.pos(u) });
    // The interceptor's roll comes now; its damage after the charge is resolved.
    let iRes = R_MISS, iVictim = -1;
    if (iw !== D.WR_NONE) {
      const prev = this.curType;
      this.curType = T_INTERCEPT;
      this.countAction(t);
      if (this.log) this.say('rsReplay.intercepts', { unit: s.name(t), weapon: this.weaponName(iw) });
      // 集中 「いかなるときでも、ダイスを振る前に」: the interceptor may concentrate before its roll (RS-F14).
      const prevAction = s.action;
      s.action = D.at(D.AK_SHOOT, t, u, iw);
      this.concentrate(t);
      s.action = prevAction;
      iRes = this.roll(t, iw, u, O_SHOOT | O_IGNORE_TERRAIN, 0);
      iVictim = iRes === R_FRIENDLY ? this.lastFriend : u;
      this.curType = prev;
    }
    this.concLeft = concCharge;
    if (!s.over && s.onTable(u)) {
      this.combinationBonus(u);
      if (!s.over) this.attack(u, w, t, 0, this.bonusAtk, this.bonusDmg, false);
    }
    if (!s.over && s.alive[u]) {
      if (this.log) this.say('rsReplay.chargeDamage', { unit: s.name(u) });
      this.selfHit(s.group[u] === u ? u : s.group[u], 1);
    }
    if (!s.over && iRes !== R_MISS && iRes !== R_FUMBLE) {
      const victim = iVictim;
      if (s.alive[victim]) {
        const lead = s.group[victim];
        const prev = this.curType;
        this.curType = T_INTERCEPT;
        if (this.log) this.say('rsReplay.interceptionHits', { unit: s.name(lead) });
        this.hit(t, iw, lead, iRes === R_CRIT, 0, false, iRes === R_FRIENDLY);
        this.curType = prev;
      }
    }
  }

  /** The thrown weapon leaves the thrower and lies on the ground touching the target (投擲). */
  protected dropThrown(u: number, w: number, t: number): void {
    const s = this.s;
    const owner = w >> 3, slot = w & 7;
    const base = (owner * 2 + s.form[owner]) * MAX_CARRY;
    const wi = s.carry[base + slot];
    if (wi < 0) return;
    s.carry[base + slot] = -1;
    this.moveAdj[owner * 2 + s.form[owner]] -= this.wMoveMod[wi];
    if (s.alive[owner]) this.refresh(s.group[owner]);
    if (s.nItems >= MAX_ITEMS) return;
    let tx: number, ty: number, tr: number;
    if (t === D.TARGET_HQ) {
      const h = 1 - s.side[u];
      tx = s.hqX[h];
      ty = s.hqY[h];
      tr = this.def.hq!.radius;
    } else {
      tx = s.x[t];
      ty = s.y[t];
      tr = s.rad[t];
    }
    const dx = s.x[u] - tx, dy = s.y[u] - ty;
    const d = Math.sqrt(dx * dx + dy * dy) || 1;
    const i = s.nItems++;
    s.itemW[i] = wi;
    s.itemX[i] = tx + (dx / d) * (tr + 0.5);
    s.itemY[i] = ty + (dy / d) * (tr + 0.5);
    if (this.log) this.say('rsReplay.weaponLies', { weapon: this.wName[wi], x: f1(s.itemX[i]), y: f1(s.itemY[i]) });
  }
}
