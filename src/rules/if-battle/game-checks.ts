/**
 * Checks, life and fields: a 成否判定 with its rank changes, the life losses a check queues (瘴気, 空中), life
 * loss and 脱落 (0 life, the tenth rule), and a change of フィールド with its checks.
 *
 * Seed 001 戦闘シーン: 成否判定 (ランク), ライフ and 脱落, フィールド (水中, 空中, 氷上, 炎上, 閉所), バグ on checks
 * (暗闇, 麻痺, 沈黙, 瘴気). Rulings IF-R04, IF-F08.
 * One layer of the engine's class chain (game-core → game-checks → game-main → game-turn → game.ts): each
 * file adds one rule area.
 */
import { areaLabel } from './area-map.js';
import * as Cat from './catalogue.js';
import { FIELD_JA } from './catalogue.js';
import { checkRank, rollCheck } from './checks.js';
import * as Cfg from './config.js';
import * as St from './state.js';
import { OUT_MSG } from './narration-ids.js';
import * as Core from './game-core.js';
import { IfCore } from './game-core.js';

// Module-local copies of the numeric codes the game reads: V8 (Node 20) reloads and hole-checks an imported binding at
// every use, while a module-local const folds to a constant.
const { B_DARKNESS, B_MIASMA, B_PARALYSIS, B_SILENCE } = Cat;
const { F_AIR, F_BURNING, F_CLOSED, F_ICE, F_WATER, SK_FLIGHT, SK_RUNNING, SK_SWIMMING } = Cat;
const { P_MAIN } = Cfg;
const { CK_COUNTER, CK_HIT, CK_OTHER, OUT_BATTERY, OUT_LIFE0, OUT_TENTH, OUT_VOLUNTARY } = St;
const { L_ATTACK, L_BURN, L_AIR, L_MIASMA } = Core;

export abstract class IfChecks extends IfCore {
  /**
   * A 成否判定 by c with skill sk: the rank is base − level + `change` + the
   * water field (failed 水泳) + the bug of its kind (暗闇 hit, 麻痺 counter,
   * 沈黙 other). 瘴気 and the air field (failed 飛行, on a failure) queue a
   * life loss applied by {@link settle} once the check's effect is resolved. `what` names the check in the
   * narration (callers build it only when a log is attached).
   */
  check(c: number, sk: number, kind: number, change: number, what: string): boolean {
    const s = this.s, t = this.def.check;
    let ch = change;
    if (s.field === F_WATER && s.fieldFail[c]) ch++;
    if (kind === CK_HIT && s.bug(c, B_DARKNESS) > 0) ch++;
    else if (kind === CK_COUNTER && s.bug(c, B_PARALYSIS) > 0) ch++;
    else if (kind === CK_OTHER && s.bug(c, B_SILENCE) > 0) ch++;
    const rank = checkRank(t, s.level(c, sk), ch);
    const target = t.targets[rank];
    const total = rollCheck(t, this.dice);
    const ok = total >= target;
    this.checks++;
    if (s.bug(c, B_MIASMA) > 0) s.pendingMiasma[c]++;
    if (!ok && s.field === F_AIR && s.fieldFail[c]) s.pendingAir[c]++;
    if (this.log) this.say('ifReplay.check', { char: s.name(c), what, skill: this.skillLabel(sk), level: s.level(c, sk), rank, dice: t.dice, sides: t.sides, target, total, outcome: this.tx(ok ? 'ifReplay.success' : 'ifReplay.failure') });
    return ok;
  }

  /** Apply the life losses queued by checks (瘴気 first, then 空中). */
  protected settle(): void {
    const s = this.s;
    for (let c = 0; c < s.n; c++) {
      const m = s.pendingMiasma[c], a = s.pendingAir[c];
      if (m === 0 && a === 0) continue;
      s.pendingMiasma[c] = 0;
      s.pendingAir[c] = 0;
      if (!s.isIn(c)) continue;
      if (m > 0) {
        if (this.log) this.say('ifReplay.miasma', { char: s.name(c), n: m });
        this.loseLife(c, m, L_MIASMA);
      }
      if (a > 0 && s.isIn(c)) {
        if (this.log) this.say('ifReplay.air', { char: s.name(c), n: a });
        this.loseLife(c, a, L_AIR);
      }
    }
  }

  /** Life loss; drop-out at 0, or in the main process at a tenth of the maximum (IF-R04). */
  loseLife(c: number, amount: number, cause: number): void {
    const s = this.s;
    if (amount <= 0 || !s.isIn(c)) return;
    const real = amount > s.life[c] ? s.life[c] : amount;
    s.life[c] -= real;
    s.lost[c] += real;
    if (s.side[c] === 0) {
      if (cause === L_ATTACK) this.taken += real;
      else if (cause === L_BURN) this.burnDmg += real;
      else if (cause === L_AIR) this.airDmg += real;
      else if (cause === L_MIASMA) this.miasmaLoss += real;
    }
    if (this.log) this.say('ifReplay.life', { char: s.name(c), before: s.life[c] + real, after: s.life[c], max: s.lifeMax[c] });
    if (s.life[c] === 0) this.dropOut(c, OUT_LIFE0);
    else if (this.variant.process === P_MAIN && (this.tenthCumulative ? s.lost[c] : amount) * 10 >= s.lifeMax[c]) this.dropOut(c, OUT_TENTH);
  }

  /** 脱落: out of the battle and off the map. */
  dropOut(c: number, why: number): void {
    const s = this.s;
    s.out[c] = why;
    this.dropKinds[why] = 1;
    if (s.area[c] >= 0) s.occupancy[s.area[c]]--;
    s.area[c] = -1;
    s.graceTurn[c] = -1;
    if (this.log && why !== OUT_VOLUNTARY && why !== OUT_BATTERY) this.say('ifReplay.dropsOut', { char: s.name(c), why: this.tx(OUT_MSG[why]) });
  }

  /** The field becomes f: its checks (水泳/飛行/走法), the GM's 1D10 (炎上), the closed field's grace (閉所). */
  changeField(f: number): void {
    const s = this.s, log = this.log;
    s.field = f;
    if (log) this.say('ifReplay.fieldChange', { field: this.fieldLabel(f) });
    for (let c = 0; c < s.n; c++) {
      s.fieldFail[c] = 0;
      s.fieldTurn[c] = s.turn[c];
      s.graceTurn[c] = -1;
    }
    if (f === F_WATER || f === F_AIR || f === F_ICE) {
      const sk = f === F_WATER ? SK_SWIMMING : f === F_AIR ? SK_FLIGHT : SK_RUNNING;
      const actor = s.actor;
      for (let i = 0; i < s.n; i++) {
        if (!s.isIn(i)) continue;
        s.actor = i;
        if (!this.check(i, sk, CK_OTHER, 0, this.log ? this.tx('ifReplay.fieldCheckWhat', { field: FIELD_JA[f] }) : '')) s.fieldFail[i] = 1;
      }
      s.actor = actor;
      this.settle();
    } else if (f === F_BURNING) {
      s.gmBurn = this.dice.below(10) + 1;
      if (log) this.say('ifReplay.gmBurn', { gm: s.gmBurn });
    } else if (f === F_CLOSED) this.closedGrace();
  }

  /** 閉所: characters already sharing an area may stay there until one of their turns has passed (IF-F08). */
  protected closedGrace(): void {
    const s = this.s;
    for (let c = 0; c < s.n; c++) if (s.isIn(c) && s.occupancy[s.area[c]] > 1) {
      s.graceTurn[c] = s.turn[c];
      if (this.log) this.say('ifReplay.sharesArea', { char: s.name(c), area: areaLabel(s.area[c]) });
    }
  }
}
