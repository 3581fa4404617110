/**
 * Formation attacks (main attacker with sub-attackers, the bonus split, the same-size doubling)
 * and multi-attacks (several weapons at −(n−1), a target per weapon).
 *
 * Seed 000 2−2−3 戦闘フェイズ: ◆陣形攻撃 (射撃陣形, 白兵陣形, 主攻撃者/副攻撃者, 同じサイズで2倍), ◆複数攻撃.
 * One layer of the engine's class chain (game-core → game-move-candidates → game-movement → game-attacks → game-formations → game-charges → game.ts):
 * each file adds one rule area.
 */

import { MELEE, RANGED } from './catalogue.js';
import * as D from './decisions.js';
import { O_POINT_BLANK, O_SHOOT, T_FORMATION, T_MULTI } from './game-core.js';
import { RsAttacks } from './game-attacks.js';
export abstract class RsFormations extends RsAttacks {
  /** Skip a multi-attack mask that takes a later copy of a weapon but not an earlier copy (same weapon, same owner). */
  protected canonical(mask: number, nr: number): boolean {
    const s = this.s;
    for (let j = 0; j < nr && j < 10; j++) {
      if (!(mask & (1 << j))) continue;
      const wj = s.weaponOf(this.refs[j]), oj = this.refs[j] >> 3;
      for (let i = 0; i < j; i++) {
        if (!(mask & (1 << i)) && s.weaponOf(this.refs[i]) === wj && this.refs[i] >> 3 === oj) return false;
      }
    }
    return true;
  }

  /** 陣形攻撃: main attacker, weapon, target and every set of eligible sub-attackers; only the kinds (shooting / melee) in `kinds` (bits 1 << AK_*). */
  protected genFormations(side: number, n: number, targets: Int32Array, nt: number, kinds: number): number {
    const s = this.s;
    const lo = s.sideStart[side], hi = lo + s.sideCount[side];
    let able = 0;
    for (let u = lo; u < hi; u++) if (s.canAttack(u)) able++;
    if (able < 2) return n;
    for (let j = 0; j < nt; j++) {
      const t = targets[j];
      // Which units meet the shooting / melee conditions against t.
      let shooters = 0, meleers = 0;
      for (let u = lo; u < hi; u++) {
        if (!s.canAttack(u)) continue;
        if (this.canMelee(u, t)) meleers |= 1 << u;
        const nr = this.refsOf(u);
        for (let i = 0; i < nr; i++) {
          const wi = s.weaponOf(this.refs[i]);
          if (this.wKind[wi] === RANGED && this.canShoot(u, t, this.wRange[wi])) {
            shooters |= 1 << u;
            break;
          }
        }
      }
      for (let form = 0; form < 2; form++) {
        const pool = form === 0 ? shooters : meleers;
        if (!(pool & (pool - 1)) || !(kinds & (1 << (form === 0 ? D.AK_FORM_SHOOT : D.AK_FORM_MELEE)))) continue;
        for (let u = lo; u < hi; u++) {
          if (!(pool & (1 << u))) continue;
          const subsPool = pool & ~(1 << u);
          // Main attacker's weapons for this form.
          const nr = this.refsOf(u);
          let k = 0;
          for (let i = 0; i < nr; i++) {
            const w = this.refs[i], wi = s.weaponOf(w);
            if (form === 0 ? this.wKind[wi] === RANGED && this.canShoot(u, t, this.wRange[wi]) : this.wKind[wi] === MELEE) this.scratch[k++] = w;
          }
          if (form === 1) {
            this.scratch[k++] = D.WR_PUNCH;
            if (s.legs[u]) this.scratch[k++] = D.WR_KICK;
          }
          for (let mask = subsPool; mask; mask = (mask - 1) & subsPool) {
            if (form === 0 && !this.connected(u, mask, this.pairwise)) continue;
            for (let i = 0; i < k; i++) n = this.push(n, D.at(form === 0 ? D.AK_FORM_SHOOT : D.AK_FORM_MELEE, u, t, this.scratch[i], mask));
          }
        }
      }
    }
    return n;
  }
  protected readonly tgtBuf2 = new Int32Array(16);
  protected readonly multiBuf = new Int32Array(16);

  /** 複数攻撃: each weapon of `mask` (bits over the weapon references) at −(k−1), a target asked per weapon. */
  protected multiAttack(u: number, mask: number): void {
    const s = this.s, side = s.side[u];
    this.curType = T_MULTI;
    this.countAction(u);
    const nr = this.refsOf(u);
    let k = 0;
    for (let i = 0; i < nr && i < 10; i++) if (mask & (1 << i)) this.scratch2[k++] = this.refs[i];
    const ws = this.multiBuf;
    for (let i = 0; i < k; i++) ws[i] = this.scratch2[i];
    if (this.log) this.say('rsReplay.multiAttack', { unit: s.name(u), k, penalty: k - 1, weapons: Array.from(ws.subarray(0, k), (x) => this.weaponName(x)).join(', ') });
    this.concentrate(u);
    this.combinationBonus(u);
    const tg = this.tgtBuf2;
    for (let i = 0; i < k && !s.over && s.onTable(u); i++) {
      const wr = ws[i];
      const wi = s.weaponOf(wr);
      if (wi < 0) continue;
      const nt = this.targetsOf(side, tg);
      let m = 0;
      for (let j = 0; j < nt; j++) {
        const ok = this.wKind[wi] === MELEE ? this.canMelee(u, tg[j]) : this.canShoot(u, tg[j], this.wRange[wi]);
        if (ok) this.legal[m++] = tg[j];
      }
      if (m === 0) {
        if (this.log) this.say('rsReplay.noTargetLeft', { weapon: this.weaponName(wr) });
        continue;
      }
      s.weaponRef = wr;
      s.actor = u;
      const tt = this.ask(side, D.D_MULTI_TARGET, m);
      const shooting = this.wKind[wi] === RANGED;
      const pb = shooting && s.enemiesInContact(u) > 0;
      if (this.log) this.say('rsReplay.multiShot', { weapon: this.weaponName(wr), target: this.targetName(tt, side), pb: pb ? this.tx('rsReplay.pbTag') : '' });
      this.attack(u, wr, tt, (shooting ? O_SHOOT : 0) | (pb ? O_POINT_BLANK : 0), this.bonusAtk - (k - 1), this.bonusDmg, false);
    }
    s.weaponRef = -1;
  }

  /** 陣形攻撃: main attacker u with weapon w at t, the sub-attackers in `mask` (unit bits). */
  protected formationAttack(kind: number, u: number, t: number, w: number, mask: number): void {
    const s = this.s, side = s.side[u];
    this.curType = T_FORMATION;
    this.countAction(u);
    let subs = 0, same = 1;
    const names: string[] = [];
    for (let v = 0; v < s.nUnits; v++) {
      if (!(mask & (1 << v))) continue;
      subs++;
      if (s.size[v] !== s.size[u]) same = 0;
      if (this.log) names.push(s.name(v));
    }
    const each = same ? 2 : 1;
    if (same && side === 0) this.formationDoubled++;
    const shooting = kind === D.AK_FORM_SHOOT;
    const pb = shooting && s.enemiesInContact(u) > 0;
    if (this.log) this.say(shooting ? 'rsReplay.formationShooting' : 'rsReplay.formationMelee', {
        unit: s.name(u),
        weapon: this.weaponName(w),
        target: this.targetName(t, side),
        names: names.join(', '),
        subs,
        s: subs > 1 ? 's' : '',
        each,
        same: same ? this.tx('rsReplay.sameSizeTag') : '',
        pb: pb ? this.tx('rsReplay.pbCommaTag') : '',
      });
    this.concentrate(u);
    const fa = this.split(u, subs, each, 1);
    const fd = subs * each - fa;
    if (this.log) this.say('rsReplay.formationBonus', { attack: fa, damage: fd });
    this.combinationBonus(u);
    this.attack(u, w, t, (shooting ? O_SHOOT : 0) | (pb ? O_POINT_BLANK : 0), fa + this.bonusAtk, fd + this.bonusDmg, false);
  }
}
