/**
 * Attack actions and their dice: shooting and melee reach, the attack roll with criticals and
 * fumbles, friendly fire and point-blank shots, damage and defensive equipment, concentration,
 * the combination bonus, punches and kicks with their fall checks, and free attacks.
 *
 * Seed 000 2−2−3 戦闘フェイズ: ◆攻撃行動, ◆白兵攻撃, ◆射撃攻撃 (射線, 射程, 誤射判定, 接射),
 * ◆クリティカルとファンブル, ◆肉弾格闘攻撃 (パンチ, キック, 転倒判定), ◆集中; ◆合体/分離 (合体している
 * ユニット数−1の修正); ◆離脱 (the free attacks).
 * One layer of the engine's class chain (game-core → game-move-candidates → game-movement → game-attacks → game-formations → game-charges → game.ts):
 * each file adds one rule area.
 */

import { EQ_ANTI_EN, EQ_CLONE, EQ_HEAVY_ARMOUR, EQ_JAMMER, KICK_DAMAGE, MELEE, PUNCH_DAMAGE, RANGED, THROWN_ITEM_DAMAGE, type DamageExpr } from './catalogue.js';
import * as D from './decisions.js';
import { situationalModifier } from './attack-math.js';
import {
  EPS, KP_FALL, O_FREE, O_IGNORE_TERRAIN, O_POINT_BLANK, O_SHOOT, R_CRIT, R_FRIENDLY, R_FUMBLE, R_HIT, R_MISS, sgn, T_FREE, T_KICK, T_MELEE, T_PUNCH, T_SHOOT, T_THROW,
} from './game-core.js';
import { MAX_UNITS } from './state.js';
import { RsMovement } from './game-movement.js';
import { CRITICAL_MSG } from './narration-ids.js';
import { LK_OTHER } from './luck.js';
export abstract class RsAttacks extends RsMovement {
  /** The thrown weapon leaves the thrower and lies by the target (◆投擲; game-charges). */
  protected abstract dropThrown(u: number, w: number, t: number): void;

  /** A free attack by lead `e` on `u` (a failed disengagement): any weapon, punch or kick; no point-blank penalty, no friendly-fire check. */
  protected freeAttack(e: number, u: number): void {
    const s = this.s;
    if (!s.onTable(e) || !s.onTable(u)) return;
    const nr = this.refsOf(e);
    let n = 0;
    for (let i = 0; i < nr; i++) this.legal[n++] = this.refs[i];
    this.legal[n++] = D.WR_PUNCH;
    if (s.legs[e]) this.legal[n++] = D.WR_KICK;
    s.actor = e;
    s.target = u;
    const w = this.ask(s.side[e], D.D_FREE_ATTACK, n);
    const prevType = this.curType, prevAction = s.action;
    this.curType = T_FREE;
    this.countAction(e);
    if (this.log) this.say('rsReplay.freeAttack', { unit: s.name(e), weapon: this.weaponName(w), target: s.name(u) });
    const shooting = w !== D.WR_PUNCH && w !== D.WR_KICK && this.wKind[s.weaponOf(w)] === RANGED;
    // 集中 「いかなるときでも、ダイスを振る前に」: offered before the free attack's roll unless e has a token (RS-F14).
    s.action = D.at(w === D.WR_PUNCH ? D.AK_PUNCH : w === D.WR_KICK ? D.AK_KICK : shooting ? D.AK_SHOOT : D.AK_MELEE, e, u, w);
    this.concentrate(e);
    s.action = prevAction;
    this.attack(e, w, u, (shooting ? O_SHOOT : 0) | O_FREE, 0, 0, false);
    this.concLeft = 0;
    this.curType = prevType;
  }

  // While the legal attacks are listed (nothing moves), each unit's enemies in contact are worked out
  // once: entries stamped with `shotMark` hold them.
  private shotMark = 0;
  private shotCaching = false;
  private readonly ecMark = new Int32Array(MAX_UNITS);
  private readonly ecVal = new Int32Array(MAX_UNITS);
  // The last line of fire traced from each lead u to each target t (entry u × 16 + t): the trace's
  // numbers (Table.seg: from, to, radius) and its answer (0 none yet, 1 blocked, 2 clear). The trace is
  // a function of those numbers alone (the terrain stands still), so the answer holds while they match.
  private readonly lofKey = new Float64Array(MAX_UNITS * 16 * 5);
  private readonly lofVal = new Uint8Array(MAX_UNITS * 16);

  /** Remember contacts until {@link endShotCache} (the state must not change meanwhile). */
  protected beginShotCache(): void {
    if (++this.shotMark > 0x3fffffff) {
      this.ecMark.fill(0);
      this.shotMark = 1;
    }
    this.shotCaching = true;
  }

  protected endShotCache(): void {
    this.shotCaching = false;
  }

  /** s.enemiesInContact(u), remembered while attacks are listed. */
  protected enemiesTouching(u: number): number {
    if (!this.shotCaching) return this.s.enemiesInContact(u);
    if (this.ecMark[u] !== this.shotMark) {
      this.ecMark[u] = this.shotMark;
      this.ecVal[u] = this.s.enemiesInContact(u);
    }
    return this.ecVal[u];
  }

  /** 射線 from lead u to t (a unit, or TARGET_HQ), remembered while neither moves (see lofKey). */
  private lineOfFire(u: number, t: number): boolean {
    const seg = this.s.table.seg, key = this.lofKey;
    this.fireSeg(u, t);
    const k = u * 16 + t, b = k * 5;
    const x1 = seg[0], y1 = seg[1], x2 = seg[2], y2 = seg[3], r = seg[4];
    if (this.lofVal[k] !== 0 && key[b] === x1 && key[b + 1] === y1 && key[b + 2] === x2 && key[b + 3] === y2 && key[b + 4] === r) return this.lofVal[k] === 2;
    const clear = this.s.table.lineOfFireSeg();
    key[b] = x1;
    key[b + 1] = y1;
    key[b + 2] = x2;
    key[b + 3] = y2;
    key[b + 4] = r;
    this.lofVal[k] = clear ? 2 : 1;
    return clear;
  }

  /** Table.seg for Table.lineOfFireSeg from lead u to target t (a unit, or TARGET_HQ: the enemy headquarters). */
  private fireSeg(u: number, t: number): void {
    const s = this.s, seg = s.table.seg;
    seg[0] = s.x[u];
    seg[1] = s.y[u];
    if (t === D.TARGET_HQ) {
      const h = 1 - s.side[u];
      seg[2] = s.hqX[h];
      seg[3] = s.hqY[h];
      seg[4] = this.def.hq!.radius;
    } else {
      seg[2] = s.x[t];
      seg[3] = s.y[t];
      seg[4] = s.rad[t];
    }
  }

  /** Can lead u shoot target t (a unit, or TARGET_HQ) with range `range`? Point-blank only at enemies in contact when u touches one. */
  canShoot(u: number, t: number, range: number): boolean {
    const s = this.s;
    const ec = this.enemiesTouching(u);
    if (t === D.TARGET_HQ) {
      if (ec > 0 || !this.def.hq) return false;
      const h = 1 - s.side[u];
      const dx = s.hqX[h] - s.x[u], dy = s.hqY[h] - s.y[u];
      if (Math.sqrt(dx * dx + dy * dy) - this.def.hq.radius > range + EPS) return false;
      return s.hover[u] === 1 || this.lineOfFire(u, t);
    }
    if (!s.onTable(t) || s.side[t] === s.side[u]) return false;
    if (ec > 0) return s.inContact(u, t);
    if (s.eq[t] & EQ_JAMMER) return false;
    if (s.dist(u, t) - s.rad[t] > range + EPS) return false;
    return s.hover[u] === 1 || s.hover[t] === 1 || this.lineOfFire(u, t);
  }

  /** Is target t (unit or TARGET_HQ) within melee reach (in contact) of lead u? */
  canMelee(u: number, t: number): boolean {
    const s = this.s;
    if (t === D.TARGET_HQ) return this.def.hq !== null && s.hqHp[1 - s.side[u]] > 0 && s.touchesHq(u, 1 - s.side[u]);
    return s.side[t] !== s.side[u] && s.inContact(u, t);
  }

  /**
   * 集中: declared before the dice (「いかなるときでも」: own attack actions, interceptions and free attacks, RS-F14);
   * 1d6−2 (min 1) added to the attack rolls (RS-R10); a token that blocks attacks until removed.
   */
  protected concentrate(u: number): void {
    const s = this.s;
    this.concLeft = 0;
    if (s.concTurn[u] !== 0) return;
    this.legal[0] = D.A_NO;
    this.legal[1] = D.A_YES;
    s.actor = u;
    if (this.ask(s.side[u], D.D_CONCENTRATE, 2) !== D.A_YES) return;
    const r = this.dice.d6();
    this.concLeft = Math.max(1, r - 2);
    // Luck: the value added, against its mean 2 (faces 1, 1, 1, 2, 3, 4), scaled by 1/6.
    if (this.lucky) this.luck.addTo(LK_OTHER, s.side[u], (s.side[u] === 0 ? 1 : -1) * (this.concLeft - 2) / 6);
    // The own turn at whose end the token goes: the next one, whether it was placed in an own turn or in the enemy's
    // (an interception or a free attack), since either way it is there when that turn begins (RS-F14).
    s.concTurn[u] = s.turnNo[s.side[u]] + 1;
    if (this.log) this.say('rsReplay.concentrates', { unit: s.name(u), r, left: this.concLeft });
  }

  /** Split `units` bonus units of `each` points between attack and damage (D_SPLIT); returns the attack part. */
  protected split(u: number, units: number, each: number, kind: number): number {
    const s = this.s;
    const per = this.splitPerPoint;
    const k = per ? units * each : units;
    for (let i = 0; i <= k; i++) this.legal[i] = i;
    s.actor = u;
    s.splitUnits = units;
    s.splitEach = each;
    s.splitKind = kind;
    const x = this.ask(s.side[u], D.D_SPLIT, k + 1);
    return per ? x : x * each;
  }

  /** The combination bonus (合体: members − 1, doubled when all the same size), split per attack action; returns [attack, damage] into this.bonus. */
  protected combinationBonus(u: number): void {
    const s = this.s;
    this.bonusAtk = 0;
    this.bonusDmg = 0;
    if (s.nMembers[u] < 2) return;
    const each = s.sameSize[u] ? 2 : 1;
    const units = s.nMembers[u] - 1;
    const a = this.split(u, units, each, 2);
    this.bonusAtk = a;
    this.bonusDmg = units * each - a;
    if (this.log) this.say('rsReplay.comboBonus', { units, each, attack: this.bonusAtk, damage: this.bonusDmg });
  }
  protected bonusAtk = 0;
  protected bonusDmg = 0;

  /** One attack roll and, on a hit, its damage. */
  protected attack(u: number, w: number, t: number, opts: number, atkMod: number, dmgBonus: number, thrown: boolean): void {
    const s = this.s;
    const res = this.roll(u, w, t, opts, atkMod, dmgBonus, thrown);
    if (s.over) return;
    if (res === R_HIT || res === R_CRIT) this.hit(u, w, t, res === R_CRIT, dmgBonus, thrown, false);
    else if (res === R_FRIENDLY) this.hit(u, w, s.group[this.lastFriend], false, dmgBonus, thrown, true);
    if (w === D.WR_KICK && this.fallFaces > 0) {
      this.fallPending[u] = 1;
      if ((res === R_HIT || res === R_CRIT) && t !== D.TARGET_HQ) this.fallPending[t] = 1;
    }
  }

  /** Friends of u's side (other than u) in contact with enemy unit t. */
  protected touchingFriends(u: number, t: number): number {
    const s = this.s;
    if (t === D.TARGET_HQ) return 0;
    const side = s.side[u];
    let k = 0;
    for (let v = s.sideStart[side]; v < s.sideStart[side] + s.sideCount[side]; v++) if (v !== u && s.inContact(v, t)) this.scratch[k++] = v;
    return k;
  }

  /** 誤射判定: 1d6, 1–2 hits a random friend touching the target. Returns the friend or −1. */
  protected friendlyFireCheck(u: number, t: number): number {
    const s = this.s;
    const k = this.touchingFriends(u, t);
    if (k === 0) return -1;
    if (this.lucky) this.luck.ffPrep(this.scratch, k);
    const r = this.dice.d6();
    let f = -1;
    if (r <= 2) f = this.scratch[k === 1 ? 0 : this.dice.below(k)];
    if (this.lucky) this.luck.ffSettle(s.side[u], f < 0 ? -1 : this.scratch.indexOf(f));
    if (this.log) this.say(f >= 0 ? 'rsReplay.ffHits' : 'rsReplay.ffClear', { k, s: k > 1 ? 's' : '', r, unit: f >= 0 ? s.name(f) : '' });
    return f;
  }

  /**
   * The attack roll: attack value + 2D6 + modifiers ≥ defence. 6-6 (before
   * modifiers) always hits and is a critical; 1-1 always misses and is a fumble
   * (1 unpreventable damage; point-blank: plus the weapon's damage).
   */
  protected roll(u: number, w: number, t: number, opts: number, atkMod: number, dmgBonus = 0, thrown = false): number {
    const s = this.s;
    const shooting = (opts & O_SHOOT) !== 0;
    const checkFF = shooting && !(opts & (O_POINT_BLANK | O_FREE));
    const sit = situationalModifier(s, u, t === D.TARGET_HQ ? -1 : t, shooting, (opts & O_POINT_BLANK) !== 0, (opts & O_IGNORE_TERRAIN) !== 0);
    const lucky = this.lucky;
    if (lucky) {
      const def0 = t === D.TARGET_HQ ? this.def.hq!.defence : s.dfn[t];
      const en = w !== D.WR_PUNCH && w !== D.WR_KICK && this.wEn[s.weaponOf(w)] === 1;
      this.luck.rollPrep(this.damageExpr(w, thrown), dmgBonus, en, t, 1 - s.side[u], def0 - s.atk[u] - (atkMod + sit + this.concLeft));
    }
    if (checkFF && this.ffBefore) {
      const f = this.friendlyFireCheck(u, t);
      if (f >= 0) {
        this.lastFriend = f;
        return R_FRIENDLY;
      }
    }
    const d1 = this.dice.d6(), d2 = this.dice.d6();
    const conc = this.concLeft;
    if (!this.concAction) this.concLeft = 0;
    const mod = atkMod + sit + conc;
    const atk = s.atk[u];
    const def = t === D.TARGET_HQ ? this.def.hq!.defence : s.dfn[t];
    const total = atk + d1 + d2 + mod;
    const crit = d1 === 6 && d2 === 6, fumble = d1 === 1 && d2 === 1;
    const hit = crit || (!fumble && total >= def);
    if (lucky) this.luck.rollSettle(s.side[u], crit, hit);
    if (this.log) this.say('rsReplay.roll', { attack: atk, d1, d2, mod: sgn(mod), total, defence: def, verdict: this.tx(crit ? 'rsReplay.critical' : fumble ? 'rsReplay.fumble' : hit ? 'rsReplay.hit' : 'rsReplay.miss') });
    if (fumble) {
      this.fumble(u, w, opts);
      return R_FUMBLE;
    }
    if (!hit) return R_MISS;
    if (checkFF && !this.ffBefore) {
      const f = this.friendlyFireCheck(u, t);
      if (f >= 0) {
        this.lastFriend = f;
        return R_FRIENDLY;
      }
    }
    return crit ? R_CRIT : R_HIT;
  }

  protected damageExpr(w: number, thrown: boolean): DamageExpr {
    if (w === D.WR_PUNCH) return PUNCH_DAMAGE;
    if (w === D.WR_KICK) return KICK_DAMAGE;
    const wi = this.s.weaponOf(w);
    if (thrown) return this.wKind[wi] === MELEE ? this.wDmg[wi] : THROWN_ITEM_DAMAGE;
    return this.wDmg[wi];
  }

  protected rollDamage(d: DamageExpr, maxDice: boolean): number {
    let v = d.bonus;
    for (let k = 0; k < d.dice; k++) v += maxDice ? 6 : this.dice.d6();
    return v < d.min ? d.min : v;
  }

  protected fumble(u: number, w: number, opts: number): void {
    const s = this.s;
    if (this.log) this.say('rsReplay.fumbles', { unit: s.name(u) });
    let n = 1;
    if (opts & O_POINT_BLANK) {
      const expr = this.damageExpr(w, false), lk = this.lucky && expr.dice > 0;
      if (lk) this.luck.chainBegin(expr, 1, false, s.group[u], 0, false, -1, false);
      const extra = this.rollDamage(expr, false);
      if (lk) this.luck.chainEnd(s.side[u], s.group[u], 0, 1 + extra);
      if (this.log) this.say('rsReplay.pbFumble', { weapon: this.weaponName(w), extra });
      n += extra;
    }
    this.selfHit(u, n);
  }

  /**
   * A hit on lead `t` (or the headquarters): the critical effect (D_CRITICAL),
   * the damage roll, then the target's defensive equipment — clone (5–6 cancels),
   * anti-EN field (EN damage −2), heavy armour (−max(1, 1d6−2), RS-R07).
   */
  protected hit(u: number, w: number, t: number, crit: boolean, dmgBonus: number, thrown: boolean, friendly: boolean): void {
    const s = this.s;
    const expr = this.damageExpr(w, thrown);
    const en = w !== D.WR_PUNCH && w !== D.WR_KICK && this.wEn[s.weaponOf(w)] === 1;
    let plus = 0, maxDice = false, ignore = -1;
    const hq = t === D.TARGET_HQ;
    if (crit) {
      let n = 0;
      this.legal[n++] = D.CR_PLUS_ONE;
      const eq = hq ? 0 : s.eq[t];
      if (eq & EQ_HEAVY_ARMOUR) this.legal[n++] = D.CR_IGNORE_ARMOUR;
      if (eq & EQ_CLONE) this.legal[n++] = D.CR_IGNORE_CLONE;
      if (eq & EQ_ANTI_EN && en) this.legal[n++] = D.CR_IGNORE_ANTI_EN;
      if (expr.dice > 0) this.legal[n++] = D.CR_MAX_DICE;
      s.actor = u;
      s.target = hq ? -1 : t;
      s.weaponRef = w;
      const c = this.ask(s.side[u], D.D_CRITICAL, n);
      if (c === D.CR_PLUS_ONE) plus = 1;
      else if (c === D.CR_MAX_DICE) maxDice = true;
      else ignore = c;
      if (this.log) this.say('rsReplay.critEffect', { effect: this.tx(CRITICAL_MSG[c]) });
    }
    const side = s.side[u];
    // Luck of the damage chain (dice, clone, armour) once the critical's choice is known: actual − expected.
    const lk = this.lucky && this.luck.chainRolls(expr, maxDice, t, ignore);
    if (lk) this.luck.chainBegin(expr, plus + dmgBonus, maxDice, t, 1 - side, en, ignore, true);
    let dmg = this.rollDamage(expr, maxDice) + plus + dmgBonus;
    if (hq) {
      const h = 1 - side;
      const before = s.hqHp[h];
      if (lk) this.luck.chainEnd(side, t, h, dmg);
      s.hqHp[h] = Math.max(0, before - dmg);
      if (this.log) this.say('rsReplay.hqDamage', { target: this.targetName(t, side), damage: dmg, before, after: s.hqHp[h] });
      this.countDamage(u, dmg, false);
      this.checkEnd();
      return;
    }
    const eq = s.eq[t];
    let note = '';
    if (eq & EQ_CLONE && ignore !== D.CR_IGNORE_CLONE) {
      const r = this.dice.d6();
      if (r >= 5) {
        if (this.log) this.say('rsReplay.cloneCancels', { unit: s.name(t), r });
        if (lk) this.luck.chainEnd(side, t, 0, 0);
        return;
      }
      if (this.log) note += this.tx('rsReplay.noteClone', { r });
    }
    if (eq & EQ_ANTI_EN && en && ignore !== D.CR_IGNORE_ANTI_EN) {
      const cut = this.def.catalogue.base.antiEnReduction;
      dmg = Math.max(0, dmg - cut);
      if (this.log) note += this.tx('rsReplay.noteAntiEn', { cut });
    }
    if (eq & EQ_HEAVY_ARMOUR && ignore !== D.CR_IGNORE_ARMOUR) {
      const r = this.dice.d6();
      const red = Math.max(1, r - 2);
      const after = dmg - red;
      const nd = this.armourMin1 && dmg >= 1 ? Math.max(1, after) : Math.max(0, after);
      if (this.log) note += this.tx('rsReplay.noteArmour', { r, reduction: red });
      dmg = nd;
    }
    if (this.log) this.say('rsReplay.damage', { unit: s.name(t), friendly: friendly ? this.tx('rsReplay.friendlyTag') : '', damage: dmg, note: note ? this.tx('rsReplay.noteTag', { notes: note.trim().replace(/;$/, '') }) : '' });
    if (lk) this.luck.chainEnd(side, t, 0, dmg);
    this.countDamage(u, dmg, s.side[t] === side);
    this.applyDamage(t, dmg);
  }

  /** 転倒判定 after the phase for kickers and kicked units (RS-R08). */
  protected fallChecks(): void {
    const s = this.s;
    if (this.fallFaces === 0) return;
    for (let u = 0; u < s.nUnits; u++) {
      if (!this.fallPending[u]) continue;
      this.fallPending[u] = 0;
      if (!s.alive[u] || s.over) continue;
      const prev = this.keyTurn(s.turnSide, KP_FALL, u);
      const r = this.dice.d6();
      this.keyEnd(prev);
      const falls = r <= this.fallFaces;
      if (this.lucky) this.luck.addTo(LK_OTHER, s.side[u], (s.side[u] === 0 ? -1 : 1) * ((falls ? 1 : 0) - this.fallFaces / 6));
      const lead = s.group[u];
      if (falls) s.fallen[lead] = 1;
      if (this.log) this.say(falls ? 'rsReplay.falls' : 'rsReplay.staysUp', { unit: s.name(u), r });
    }
  }

  /** A single attack action: shoot, melee, punch, kick or throw (◆攻撃行動, ◆肉弾格闘攻撃, ◆投擲). */
  protected singleAttack(kind: number, u: number, t: number, w: number): void {
    const s = this.s, side = s.side[u];
    this.curType = kind === D.AK_SHOOT ? T_SHOOT : kind === D.AK_MELEE ? T_MELEE : kind === D.AK_PUNCH ? T_PUNCH : kind === D.AK_KICK ? T_KICK : T_THROW;
    this.countAction(u);
    const ww = kind === D.AK_PUNCH ? D.WR_PUNCH : kind === D.AK_KICK ? D.WR_KICK : w;
    const shooting = kind === D.AK_SHOOT || kind === D.AK_THROW;
    const pb = shooting && s.enemiesInContact(u) > 0;
    if (this.log) this.say('rsReplay.attack', {
        unit: s.name(u),
        verb: this.tx(kind === D.AK_THROW ? 'rsReplay.verbThrow' : kind === D.AK_SHOOT ? 'rsReplay.verbShoot' : kind === D.AK_MELEE ? 'rsReplay.verbMelee' : kind === D.AK_PUNCH ? 'rsReplay.verbPunch' : 'rsReplay.verbKick'),
        weapon: kind === D.AK_PUNCH || kind === D.AK_KICK ? '' : this.tx('rsReplay.weaponTag', { weapon: this.weaponName(w) }),
        target: this.targetName(t, side),
        pb: pb ? this.tx('rsReplay.pbTag') : '',
      });
    this.concentrate(u);
    this.combinationBonus(u);
    this.attack(u, ww, t, (shooting ? O_SHOOT : 0) | (pb ? O_POINT_BLANK : 0), this.bonusAtk, this.bonusDmg, kind === D.AK_THROW);
    if (kind === D.AK_THROW) this.dropThrown(u, w, t);
  }
}
