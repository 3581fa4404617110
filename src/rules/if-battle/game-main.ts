/**
 * メインアクション: the legal moves and memories, moving one area, using a memory (cost, 脱気), a movement
 * memory, and an attack (命中判定, 対抗判定, damage, bugs).
 *
 * Seed 001 戦闘シーン: メインアクション (エリアの移動, 『メインメモリ』 / 『アディショナルメモリ』), 攻撃 (命中判定,
 * 対抗判定, ダメージ), バグ (拘束, 混乱, 脱気, 火傷, 凍傷, 負傷, 裂傷). Ruling IF-R07 (memory_repeat).
 * One layer of the engine's class chain (game-core → game-checks → game-main → game-turn → game.ts): each
 * file adds one rule area.
 */
import { areaLabel, distance, step } from './area-map.js';
import { DIR_MSG } from './narration-ids.js';
import * as Cat from './catalogue.js';
import { isAttack, type MemoryDef } from './catalogue.js';
import * as D from './decisions.js';
import * as St from './state.js';
import * as Core from './game-core.js';
import { IfChecks } from './game-checks.js';

// Module-local copies of the numeric codes the game reads: V8 (Node 20) reloads and hole-checks an imported binding at
// every use, while a module-local const folds to a constant.
const { B_BIND, B_BURN, B_CONFUSION, B_DRAIN, B_FROSTBITE, B_INJURY, B_LACERATION } = Cat;
const { F_ICE, M_ADDITIONAL, M_AUTO, N_BUGS, ST_POWER } = Cat;
const { CK_COUNTER, CK_HIT, MAX_CHARS, MAX_SLOTS, OUT_IN } = St;
const { A_NO, A_WAIT, A_YES, D_COUNTER, D_MAIN, D_MEMORY_MOVE } = D;
const NB = N_BUGS;
const { L_ATTACK } = Core;

export abstract class IfMain extends IfChecks {
  /** Extra cost of 脱気 on a payment of at least 1. */
  protected payable(c: number, cost: number): number {
    return cost > 0 && this.s.bug(c, B_DRAIN) > 0 ? cost + 1 : cost;
  }

  /** Append c's legal one-area steps (mvDir codes) to the legal list from index n; returns the new length. */
  protected genMoves(c: number, n: number): number {
    const s = this.s, legal = this.legal;
    if (s.bugs[c * NB + B_BIND] > 0) return n;
    const iceLocked = s.field === F_ICE && s.fieldFail[c] === 1;
    const from = s.area[c], cap = s.capacity(), occupancy = s.occupancy;
    for (let d = 0; d < 4; d++) {
      if (iceLocked && s.iceDir >= 0 && d !== s.iceDir) continue;
      const a = step(from, d);
      // Room under the field's capacity, counting the others there.
      if (a >= 0 && occupancy[a] - (from === a ? 1 : 0) < cap) legal[n++] = D.mvDir(d);
    }
    return n;
  }

  /** Fill the legal list of c's main action: 待機, the steps, then per memory slot its uses (attacks per opponent in range); returns its length. */
  genMain(c: number): number {
    const s = this.s, legal = this.legal, bugs = s.bugs, bb = c * NB;
    let n = 0;
    legal[n++] = A_WAIT;
    const drain = bugs[bb + B_DRAIN] > 0, cost = s.cost[c];
    if (!s.memoryUsed && cost >= (drain ? 2 : 1)) n = this.genMoves(c, n);
    const confused = bugs[bb + B_CONFUSION] > 0, bound = bugs[bb + B_BIND] > 0;
    const base = c * MAX_SLOTS, used = this.oncePerTurn ? s.usedMask[c] : 0, from = s.area[c];
    const memType = s.memType, memCost = s.memCost;
    for (let k = 0; k < s.nMemories[c]; k++) {
      const i = base + k, type = memType[i], mc = memCost[i];
      if (type === M_AUTO) continue;
      if (used & (1 << k)) continue;
      if (cost < (mc > 0 && drain ? mc + 1 : mc)) continue; // payable
      if (type === M_ADDITIONAL) {
        if (confused) continue;
        legal[n++] = D.mem(k, c);
        continue;
      }
      if (s.memAttack[i]) {
        const lo = s.memRangeMin[i], hi = s.memRangeMax[i], opp = this.opponents, o0 = c * MAX_CHARS;
        for (let j = 0; j < this.nOpponents[c]; j++) {
          const t = opp[o0 + j];
          if (!s.isIn(t)) continue;
          const dist = distance(from, s.area[t]);
          if (dist >= lo && dist <= hi) legal[n++] = D.mem(k, t);
        }
        continue;
      }
      if (s.memMove[i] > 0 && bound) continue;
      if (s.memField[i] >= 0 && s.memField[i] === s.field) continue;
      legal[n++] = D.mem(k, c);
    }
    return n;
  }

  mainAction(c: number): void {
    const s = this.s;
    for (;;) {
      const n = this.genMain(c);
      const a = this.ask(c, D_MAIN, n);
      if (a === A_WAIT) {
        if (this.log) this.say('ifReplay.waits', { char: s.name(c), area: areaLabel(s.area[c]), cost: s.cost[c] });
        return;
      }
      if (D.isMove(a)) this.moveStep(c, D.dirOf(a), true);
      else this.useMemory(c, D.memSlot(a), D.memTarget(a));
      if (!s.isIn(c)) return;
    }
  }

  protected moveStep(c: number, d: number, paid: boolean): void {
    const s = this.s;
    if (paid) s.cost[c] -= this.payable(c, 1);
    const from = s.area[c], to = step(from, d);
    s.occupancy[from]--;
    s.occupancy[to]++;
    s.area[c] = to;
    s.moved++;
    if (s.field === F_ICE && s.fieldFail[c] === 1) s.iceDir = d;
    if (this.log) this.say('ifReplay.moves', { char: s.name(c), dir: this.tx(DIR_MSG[d]), from: areaLabel(from), to: areaLabel(to), cost: paid ? this.tx('ifReplay.costLeftTag', { cost: s.cost[c] }) : '' });
  }

  protected useMemory(c: number, k: number, t: number): void {
    const s = this.s, log = this.log;
    const m = s.memoryDef(c, k);
    s.cost[c] -= this.payable(c, m.cost);
    s.usedMask[c] |= 1 << k;
    if (m.type !== M_ADDITIONAL) s.memoryUsed = true;
    if (log) this.say('ifReplay.uses', { char: s.name(c), memory: this.memoryLabel(m), on: t !== c ? this.tx('ifReplay.onTarget', { target: s.name(t), n: distance(s.area[c], s.area[t]) }) : '', cost: s.cost[c] });
    if (isAttack(m)) this.attack(c, k, t, m);
    else if (m.move > 0) this.memoryMove(c, m.move);
    if (m.guard > 0) s.guardBuff[c] += m.guard;
    if (m.boost > 0) s.boost[c] += m.boost;
    if (m.field >= 0) this.changeField(m.field);
  }

  /** A movement memory: up to `steps` areas, asked step by step (no cost per area). */
  protected memoryMove(c: number, steps: number): void {
    const s = this.s;
    s.memoryMoveLeft = steps;
    while (s.memoryMoveLeft > 0) {
      let n = 0;
      this.legal[n++] = A_WAIT;
      n = this.genMoves(c, n);
      const a = this.ask(c, D_MEMORY_MOVE, n);
      if (a === A_WAIT) break;
      this.moveStep(c, D.dirOf(a), false);
      s.memoryMoveLeft--;
    }
    s.memoryMoveLeft = 0;
  }

  /** 命中判定, 対抗判定 and the attack's effect (damage, bug). */
  protected attack(c: number, k: number, t: number, m: MemoryDef): void {
    const s = this.s, log = this.log;
    const boost = s.boost[c];
    s.boost[c] = 0;
    if (s.side[c] === 0) this.attacks++;
    const hit = this.check(c, m.skill, CK_HIT, 0, '命中判定');
    let lands = hit;
    if (hit && s.isIn(t)) {
      s.target = t;
      s.memorySlot = k;
      this.legal[0] = A_NO;
      this.legal[1] = A_YES;
      const yes = this.ask(t, D_COUNTER, 2) === A_YES;
      s.target = -1;
      s.memorySlot = -1;
      if (yes) {
        const la = s.level(c, m.skill), lt = s.level(t, m.skill);
        const change = la > lt ? 1 : lt > la ? -1 : 0;
        if (this.check(t, m.skill, CK_COUNTER, change, this.log ? this.tx('ifReplay.counterWhat', { mine: lt, theirs: la, change: `${change >= 0 ? '+' : ''}${change}` }) : '')) lands = false;
      } else if (log) this.say('ifReplay.noCounter', { char: s.name(t) });
    }
    if (lands) {
      if (s.side[c] === 0) this.landed++;
      if (m.damage > 0) {
        const atk = m.stat === ST_POWER ? s.power[c] - (s.bug(c, B_BURN) > 0 ? 1 : 0) : s.force[c] - (s.bug(c, B_FROSTBITE) > 0 ? 1 : 0);
        const def = (m.stat === ST_POWER ? s.guard[t] - (s.bug(t, B_INJURY) > 0 ? 1 : 0) : s.resist[t] - (s.bug(t, B_LACERATION) > 0 ? 1 : 0)) + s.guardBuff[t];
        const raw = m.damage + boost + atk - def - s.autoReduce[t];
        const dmg = raw < this.def.damageMin ? this.def.damageMin : raw;
        if (log) this.say('ifReplay.lands', { memory: this.memoryLabel(m, true), damage: m.damage, boost: boost ? this.tx('ifReplay.boostTag', { boost }) : '', stat: this.tx(m.stat === ST_POWER ? 'ifReplay.statPower' : 'ifReplay.statForce'), atk,
          defStat: this.tx(m.stat === ST_POWER ? 'ifReplay.statGuard' : 'ifReplay.statResist'), def, auto: s.autoReduce[t] ? this.tx('ifReplay.autoTag', { auto: s.autoReduce[t] }) : '', total: dmg });
        if (s.side[c] === 0) this.dealt += dmg;
        this.loseLife(t, dmg, L_ATTACK);
      } else if (log) this.say('ifReplay.landsPlain', { memory: this.memoryLabel(m, true) });
      if (m.bug >= 0 && m.bugPoints > 0 && s.joined[t] && s.out[t] === OUT_IN) {
        s.bugs[t * N_BUGS + m.bug] += m.bugPoints;
        if (s.side[c] === 0) this.bugPoints += m.bugPoints;
        if (log) this.say('ifReplay.getsBug', { char: s.name(t), bug: this.bugLabel(m.bug), points: m.bugPoints, total: s.bug(t, m.bug) });
      }
    } else if (log) this.say('ifReplay.noEffect', { memory: this.memoryLabel(m, true) });
    this.settle();
  }
}
