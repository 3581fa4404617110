/**
 * Getting away: テレポート against a teleport block (with the synchronisers of both), 幻覚 and its checks,
 * and leaving the combat.
 *
 * Seed 003 §10.7.2 逃避フェーズ (teleport, illusion), §10.8.3–10.8.4 (synchronising with a teleport or a
 * block), §10.9 テレポートブロック, §10.11 戦闘からの逃避. Rulings LK-R02, LK-R03, LK-R07.
 * One layer of the engine's class chain (game-core → game-cards → game-escapes → game-attacked →
 * game-turn → game.ts): each file adds one rule area.
 */
import { CK_TELEPORT } from './cards.js';
import * as D from './decisions.js';
import { LOC_DISCARD, ST_ACTIVE, ST_ESCAPED } from './state.js';
import * as Core from './game-core.js';
import { LkCards } from './game-cards.js';

// Module-local copies of game-core's codes (a module-local const folds to a constant; an imported binding is
// reloaded and hole-checked at every use).
const { VAL_BLOCKS, VAL_BLOCKS_WON, VAL_ESCAPES, A_PASS, USE_OK, USE_REFUSED } = Core;

export abstract class LkEscapes extends LkCards {
  protected escape(e: number): void {
    const s = this.s;
    s.status[e] = ST_ESCAPED;
    s.asleep[e] = 0;
    s.refreshJams();
    this.sidesChanged = true;
    if (s.side[e] === 0) this.stats[VAL_ESCAPES]++;
    if (this.log) this.say('lkReplay.escaped', { esper: s.name(e) });
  }

  /**
   * A teleport of level `level` by e (10.9): e's minions may add level ≤ 2
   * teleports, then the first esper who blocks with a teleport, with its
   * synchronisers (10.8.4), must exceed it. True if the teleport succeeds.
   */
  protected teleport(e: number, level: number): boolean {
    const s = this.s, levelsAdd = this.levelsAdd;
    let T = level;
    for (let m = 0; m < s.minions[e]; m++) {
      this.nLegal = 0;
      this.push(A_PASS);
      this.addMinionCards(e, CK_TELEPORT, Math.min(2, level));
      if (this.nLegal === 1) break;
      this.setTeleportCtx(e, T, -1, 0);
      const a = this.ask(D.D_MINION_SYNC, e);
      if (D.aKind(a) === D.K_PASS) break;
      const c = D.aCard(a);
      this.takeFromHand(e, c);
      s.cardLoc[c] = LOC_DISCARD;
      T += levelsAdd ? s.cardLevel[c] : 1;
      if (this.log) this.say('lkReplay.minionTeleport', { esper: s.name(e), card: this.cardName(c), level: T });
    }
    for (let i = 0; i < s.orderN; i++) {
      const f = s.order[(this.curPos + 1 + i) % s.orderN];
      if (f === e || s.status[f] !== ST_ACTIVE || s.asleep[f]) continue;
      let blockerCard = -1, B = 0;
      for (;;) {
        this.nLegal = 0;
        this.push(A_PASS);
        this.addCardPlays(f, CK_TELEPORT, 1, 7, D.K_TELEPORT, e);
        if (this.nLegal === 1) break;
        this.setTeleportCtx(e, T, -1, 0);
        const a = this.ask(D.D_BLOCK, f);
        if (D.aKind(a) === D.K_PASS) break;
        const c = D.aCard(a);
        if (this.log) this.say('lkReplay.triesBlock', { esper: s.name(f), card: this.cardName(c), used: this.usedText(f, c, D.aUsed(a)) });
        const r = this.useCard(f, c, D.aUsed(a));
        if (r === USE_REFUSED) continue;
        if (s.side[f] === 0) this.stats[VAL_BLOCKS]++;
        this.blockCards[0] = c;
        this.blockBy[0] = f;
        this.blockCost[0] = this.lastCost;
        if (r === USE_OK) {
          blockerCard = c;
          B = s.cardLevel[c];
        } else blockerCard = -2;
        break;
      }
      if (blockerCard === -1) continue;
      if (blockerCard === -2) {
        if (this.log) this.say('lkReplay.blockSpent');
        break;
      }
      // 10.8.4: anyone but the teleporter and the blocker may synchronise with the block.
      let nb = 1;
      for (let j = 0; j < s.orderN; j++) {
        const g = s.order[j];
        if (g === e || g === f || s.status[g] !== ST_ACTIVE || s.asleep[g]) continue;
        for (;;) {
          this.nLegal = 0;
          this.push(A_PASS);
          this.addCardPlays(g, CK_TELEPORT, 1, s.cardLevel[blockerCard], D.K_SYNC, e);
          if (this.nLegal === 1) break;
          this.setTeleportCtx(e, T, f, B);
          const a = this.ask(D.D_BLOCK_SYNC, g);
          if (D.aKind(a) === D.K_PASS) break;
          const c = D.aCard(a);
          if (this.log) this.say('lkReplay.blockSync', { esper: s.name(g), card: this.cardName(c), used: this.usedText(g, c, D.aUsed(a)) });
          const r = this.useCard(g, c, D.aUsed(a));
          if (r === USE_REFUSED) continue;
          if (r === USE_OK && nb < 8) {
            B += levelsAdd ? s.cardLevel[c] : 1;
            this.blockCards[nb] = c;
            this.blockBy[nb] = g;
            this.blockCost[nb++] = this.lastCost;
          }
          break;
        }
      }
      if (B > T) {
        if (s.side[f] === 0) this.stats[VAL_BLOCKS_WON]++;
        if (this.log) this.say('lkReplay.blocked', { block: B, teleport: T });
        return false;
      }
      if (s.cardLevel[blockerCard] <= T) {
        // 10.9 注意: a block that hoped for synchronisation and failed is taken back.
        const upto = s.rulings.failed_block_refund === 'everyone' ? nb : 1;
        for (let j = 0; j < upto; j++) this.refund(this.blockBy[j], this.blockCards[j], this.blockCost[j]);
        if (this.log) this.say('lkReplay.blockFailsRefund', { block: B, teleport: T, refund: this.tx(upto === 1 ? 'lkReplay.refundBlocker' : 'lkReplay.refundEveryone') });
      } else if (this.log) this.say('lkReplay.blockFails', { block: B, teleport: T });
      break;
    }
    return true;
  }

  protected setTeleportCtx(e: number, T: number, blocker: number, B: number): void {
    const x = this.view.ctx;
    x.teleporter = e;
    x.teleportLevel = T;
    x.blocker = blocker;
    x.blockLevel = B;
  }

  /**
   * 10.7.2 幻覚 by u at `level` against the attack of `attacker` (−1 on u's own
   * turn): every other active participant checks; returns the power still
   * coming (0 if the attack is gone). If all others sleep, u escapes.
   */
  protected illusion(u: number, level: number, attacker: number): number {
    const s = this.s;
    let allAsleep = true;
    for (let e = 0; e < s.n; e++) {
      if (e === u || s.status[e] !== ST_ACTIVE || s.asleep[e]) continue;
      let awake: boolean;
      if (s.rulings.illusion_check === 'higher-level-immune' && s.level[e] > level) awake = true;
      else {
        const r = this.roll2d6();
        awake = r <= s.level[e];
        if (this.log) this.say('lkReplay.illusionCheck', { esper: s.name(e), r, level: s.level[e], outcome: this.tx(awake ? 'lkReplay.awake' : 'lkReplay.asleep') });
      }
      if (!awake) s.asleep[e] = 1;
      else allAsleep = false;
    }
    let left = 0;
    if (attacker >= 0 && !s.asleep[attacker]) {
      left = this.view.ctx.attackPower;
      for (let i = 0; i < this.nSync; i++) if (s.asleep[this.syncers[i]]) left -= this.syncPow[i];
    }
    if (allAsleep) {
      if (this.log) this.say('lkReplay.allAsleep', { esper: s.name(u) });
      this.escape(u);
      return 0;
    }
    if (attacker >= 0 && this.log) this.say(left > 0 ? 'lkReplay.attackStillComes' : 'lkReplay.attackerSleeps', { power: left });
    return left;
  }
}
