/**
 * Being attacked: 分解消去, the one escape or defence, jammers and fields destroyed by a stronger attack,
 * and the hit on the combat result table (a working ニケ, else the suit, else the body).
 *
 * Seed 003 §10.7 攻撃を受けた場合 (10.7.1 分解消去フェーズ, 10.7.2 逃避フェーズ, 10.7.3 防御フェーズ,
 * 10.7.4 攻撃の命中, 図10.2). Ruling LK-R06.
 * One layer of the engine's class chain (game-core → game-cards → game-escapes → game-attacked →
 * game-turn → game.ts): each file adds one rule area.
 */
import { CK_DEFENCE, CK_ILLUSION, CK_TELEPORT } from './cards.js';
import { KILL, crtDamage } from './charts.js';
import * as D from './decisions.js';
import { ST_ACTIVE, ST_DEAD } from './state.js';
import * as Core from './game-core.js';
import { LkEscapes } from './game-escapes.js';

// Module-local copies of game-core's codes (a module-local const folds to a constant; an imported binding is
// reloaded and hole-checked at every use).
const { VAL_DAMAGE_DEALT, VAL_DAMAGE_TAKEN, A_BALL, A_MIRROR, A_MIRROR_DEF, A_PASS, A_POD, A_SUBSPACE, USE_FAIL, USE_REFUSED } = Core;

export abstract class LkAttacked extends LkEscapes {
  protected setAttackCtx(a: number, t: number, level: number, power: number, isCard: boolean, light: boolean, human: boolean): void {
    const x = this.view.ctx;
    x.attacker = a;
    x.target = t;
    x.attackLevel = level;
    x.attackPower = power;
    x.attackIsCard = isCard;
    x.lightSword = light;
    x.attackHuman = human;
  }

  /** An attack reaches its target: disintegration, one escape or defence, jammers/fields, suit, body. */
  protected resolveAttack(a: number, t: number, level: number, power: number, isCard: boolean, light: boolean, human: boolean): void {
    const s = this.s;
    if (s.status[t] !== ST_ACTIVE) return;
    // 10.7.1 ジェシカ's disintegration.
    if (isCard && s.espers[t].disintegrate && !s.asleep[t]) {
      const r = this.roll2d6();
      const erased = s.rulings.disintegration === 'attacker-level-check' ? r > s.level[a] : r <= s.will[t];
      if (this.log) this.say('lkReplay.disintegrate', { esper: s.name(t), r, vs: s.rulings.disintegration === 'attacker-level-check' ? this.tx('lkReplay.vsAttackerLevel', { level: s.level[a] }) : this.tx('lkReplay.vsWillpower', { will: s.will[t] }), outcome: this.tx(erased ? 'lkReplay.erased' : 'lkReplay.fails') });
      if (erased) return;
    }
    let escaped = false, defended = false;
    if (!s.asleep[t]) {
      for (;;) {
        this.nLegal = 0;
        this.push(A_PASS);
        const bar = this.jamBar(t);
        this.addCardPlays(t, CK_TELEPORT, level, 7, D.K_TELEPORT, 0, bar);
        if (human) this.addCardPlays(t, CK_ILLUSION, level, 7, D.K_ILLUSION, 0, bar);
        if (s.mirror[t] >= level) this.push(A_MIRROR);
        if (s.subspace[t] > 0 && level <= 7) this.push(A_SUBSPACE);
        if (!light) this.addCardPlays(t, CK_DEFENCE, level, 7, D.K_DEFEND, 0, bar);
        if (s.mirror[t] >= level) this.push(A_MIRROR_DEF);
        if (!light && s.psychopod[t] >= level) this.push(A_POD);
        if (s.ball[t] >= level) this.push(A_BALL);
        this.setAttackCtx(a, t, level, power, isCard, light, human);
        const r = this.ask(D.D_RESPONSE, t);
        const k = D.aKind(r);
        if (k === D.K_PASS) break;
        if (k === D.K_MIRROR || k === D.K_SUBSPACE) {
          if (k === D.K_SUBSPACE) s.subspace[t]--;
          if (this.log) this.say('lkReplay.escapesBy', { esper: s.name(t), device: k === D.K_MIRROR ? 'ラフノールの鏡' : '亜空間フィールド' });
          this.escape(t);
          return;
        }
        if (k === D.K_MIRROR_DEF || k === D.K_POD || k === D.K_BALL) {
          this.destroyEquipment(t, level);
          if (this.log) this.say('lkReplay.defendsWith', { esper: s.name(t), device: this.tx(k === D.K_MIRROR_DEF ? 'lkReplay.kindMirrorDef' : k === D.K_POD ? 'lkReplay.kindPod' : 'lkReplay.kindBall') });
          return;
        }
        const c = D.aCard(r);
        if (this.log) this.say(k === D.K_DEFEND ? 'lkReplay.defendsWithCard' : 'lkReplay.escapeWithCard', { esper: s.name(t), card: this.cardName(c), used: this.usedText(t, c, D.aUsed(r)) });
        if (k === D.K_DEFEND) this.destroyEquipment(t, level);
        const u = this.useCard(t, c, D.aUsed(r));
        if (u === USE_REFUSED) continue;
        if (u === USE_FAIL) break;
        if (k === D.K_DEFEND) defended = true;
        else if (k === D.K_TELEPORT) escaped = this.teleport(t, s.cardLevel[c]);
        else {
          const left = this.illusion(t, s.cardLevel[c], a);
          if (s.status[t] !== ST_ACTIVE) return;
          if (left <= 0) return;
          power = left;
        }
        break;
      }
    }
    if (escaped) {
      this.escape(t);
      return;
    }
    if (defended) {
      if (this.log) this.say('lkReplay.defended');
      return;
    }
    this.destroyEquipment(t, level);
    this.hit(a, t, power);
  }

  /** 10.7.3: a jammer or field below the attack's level is destroyed. */
  protected destroyEquipment(t: number, level: number): void {
    const s = this.s;
    if (s.jammer[t] > 0 && s.jammer[t] < level && s.jammerTarget[t] >= 0) {
      if (this.log) this.say('lkReplay.jammerDestroyed', { esper: s.name(t), level: s.jammer[t] });
      s.jammer[t] = 0;
      s.jammerTarget[t] = -1;
      s.refreshJams();
    }
    if (s.field[t] > 0 && s.field[t] < level) {
      if (this.log) this.say('lkReplay.fieldDestroyed', { esper: s.name(t), level: s.field[t] });
      s.field[t] = 0;
    }
  }

  /** 10.7 図10.2 / 10.7.4: a working ニケ, else a suit with durability, takes the hit; else the body. */
  protected hit(a: number, t: number, power: number): void {
    const s = this.s;
    if (s.nikeOn[t] && s.nikeDur[t] > 0) {
      const roll = this.roll2d6();
      const before = s.nikeDur[t];
      const dmg = crtDamage(this.def.charts.crt, power, before, roll);
      s.nikeDur[t] = Math.max(0, before - dmg);
      if (this.log) this.say('lkReplay.hitNike', { esper: s.name(t), power, before, roll, outcome: dmg === KILL ? this.tx('lkReplay.destroyed') : this.tx('lkReplay.damage', { damage: dmg }), tag: s.nikeDur[t] === 0 ? this.tx('lkReplay.nikeDestroyedTag') : '' });
      return;
    }
    if (s.suit[t] > 0 && !s.nikeOn[t]) {
      const roll = this.roll2d6();
      const dmg = crtDamage(this.def.charts.crt, power, s.suit[t], roll);
      const before = s.suit[t];
      s.suit[t] = Math.max(0, s.suit[t] - dmg);
      if (this.log) this.say('lkReplay.hitSuit', { esper: s.name(t), power, before, roll, outcome: dmg === KILL ? this.tx('lkReplay.destroyed') : this.tx('lkReplay.damage', { damage: dmg }), tag: s.suit[t] === 0 ? this.tx('lkReplay.suitDestroyedTag') : '' });
      return;
    }
    this.hitBody(a, t, power);
  }

  protected hitBody(a: number, t: number, power: number): void {
    const s = this.s;
    const roll = this.roll2d6();
    const before = s.dur[t];
    const dmg = crtDamage(this.def.charts.crt, power, before, roll);
    s.dur[t] = Math.max(0, before - dmg);
    const dealt = before - s.dur[t];
    if (s.side[a] === 0) this.stats[VAL_DAMAGE_DEALT] += dealt;
    if (s.side[t] === 0) this.stats[VAL_DAMAGE_TAKEN] += dealt;
    if (this.log) this.say('lkReplay.hitBody', { esper: s.name(t), power, before, roll, outcome: dmg === KILL ? this.tx('lkReplay.kill') : this.tx('lkReplay.damage', { damage: dmg }), durability: s.dur[t] });
    if (s.dur[t] <= 0) {
      s.status[t] = ST_DEAD;
      s.asleep[t] = 0;
      s.refreshJams();
      this.sidesChanged = true;
      if (this.log) this.say('lkReplay.dies', { esper: s.name(t) });
    }
  }
}
