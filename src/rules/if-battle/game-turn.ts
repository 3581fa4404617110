/**
 * マスタータイム of one character: ターンアップ (turn, cost, bug tick, 炎上, 回復判定), the メインアクション, and
 * スタンバイ (bug tick, the closed field's grace).
 *
 * Seed 001 戦闘シーン: マスタータイム (ターンアップ, メインアクション, スタンバイ). Rulings IF-R02, IF-R03, IF-F08.
 * One layer of the engine's class chain (game-core → game-checks → game-main → game-turn → game.ts): each
 * file adds one rule area.
 */
import { AREAS, areaLabel, distance } from './area-map.js';
import * as Cat from './catalogue.js';
import { BUG_RECOVERY_SKILL } from './catalogue.js';
import * as D from './decisions.js';
import * as St from './state.js';
import * as Core from './game-core.js';
import { IfMain } from './game-main.js';

// Module-local copies of the numeric codes the game reads: V8 (Node 20) reloads and hole-checks an imported binding at
// every use, while a module-local const folds to a constant.
const { F_BURNING, F_CLOSED, N_BUGS } = Cat;
const { CK_OTHER } = St;
const { A_NONE, D_RECOVER } = D;
const NB = N_BUGS;
const { L_BURN } = Core;

export abstract class IfTurn extends IfMain {
  /** マスタータイム of character c. */
  masterTime(c: number): void {
    const s = this.s;
    s.actor = c;
    this.turnUp(c);
    if (s.isIn(c)) this.mainAction(c);
    if (s.isIn(c)) this.standby(c);
  }

  turnUp(c: number): void {
    const s = this.s, log = this.log;
    s.turn[c]++;
    s.cost[c] = s.costMax[c];
    s.guardBuff[c] = 0;
    s.boost[c] = 0;
    s.usedMask[c] = 0;
    s.memoryUsed = false;
    s.iceDir = -1;
    s.moved = 0;
    if (log) {
      this.say('ifReplay.turnUp', { round: s.round + 1, char: s.name(c), turn: s.turn[c], cost: s.cost[c] });
      this.say('ifReplay.positions', { list: this.positions() });
    }
    // One pass over c's bugs: the turn-up tick (IF-R02 turn-up), then which bugs it still carries (bit per bug).
    const bugs = s.bugs, base = c * NB, tick = !this.bugTickStandby;
    let carried = 0;
    for (let b = 0; b < NB; b++) {
      let v = bugs[base + b];
      if (v <= 0) continue;
      if (tick) bugs[base + b] = --v;
      if (v > 0) carried |= 1 << b;
    }
    if (carried !== 0) {
      if (s.side[c] === 0) this.buggedTurns++;
      else this.enemyBuggedTurns++;
    }
    if (s.field === F_BURNING && s.gmBurn > 0) {
      const x = this.dice.below(10) + 1;
      const turns = this.burnOwnTurn ? s.turn[c] : s.turn[c] - s.fieldTurn[c];
      const hurt = x < s.gmBurn;
      if (log) this.say('ifReplay.burning', { x, gm: s.gmBurn, hurt: hurt ? this.tx('ifReplay.burnHurtTag', { turns }) : '' });
      if (hurt && turns > 0) this.loseLife(c, turns, L_BURN);
      if (!s.isIn(c)) return;
    }
    if (!this.variant.recovery || carried === 0) return;
    let n = 0;
    this.legal[n++] = A_NONE;
    for (let b = 0; b < NB; b++) if (carried & (1 << b)) this.legal[n++] = b;
    const b = this.ask(c, D_RECOVER, n);
    if (b === A_NONE) return;
    if (s.side[c] === 0) this.recChecks++;
    else this.enemyRecChecks++;
    const ok = this.check(c, BUG_RECOVERY_SKILL[b], CK_OTHER, 0, this.log ? this.tx('ifReplay.recoveryWhat', { bug: this.bugLabel(b) }) : '');
    if (ok) {
      s.bugs[c * N_BUGS + b] = 0;
      if (s.side[c] === 0) this.recoveries++;
      else this.enemyRecoveries++;
    }
    this.settle();
  }

  protected tickBugs(c: number): void {
    const bugs = this.s.bugs, base = c * NB;
    for (let b = 0; b < NB; b++) if (bugs[base + b] > 0) bugs[base + b]--;
  }

  /** スタンバイ: bug points tick (IF-R02 standby); the closed field's one-turn grace ends (IF-F08). */
  standby(c: number): void {
    const s = this.s;
    if (this.bugTickStandby) this.tickBugs(c);
    if (s.field === F_CLOSED && s.graceTurn[c] >= 0 && s.turn[c] > s.graceTurn[c]) {
      s.graceTurn[c] = -1;
      if (s.occupancy[s.area[c]] > 1) this.pushOut(c);
    }
  }

  /** Move c to the nearest free area (breadth-first over the map; ties by area index). */
  protected pushOut(c: number): void {
    const s = this.s;
    const from = s.area[c];
    let best = -1, bestD = 1 << 30;
    for (let a = 0; a < AREAS; a++) {
      if (s.occupancy[a] !== 0) continue;
      const d = distance(from, a);
      if (d < bestD) {
        bestD = d;
        best = a;
      }
    }
    if (best < 0) return;
    s.occupancy[from]--;
    s.occupancy[best]++;
    s.area[c] = best;
    if (this.log) this.say('ifReplay.pushedOut', { char: s.name(c), area: areaLabel(best) });
  }
}
