/**
 * Special equipment (特殊装備表 §40): rolling the table, carrying and dropping pieces, asking the policy to use one,
 * and the combat drone.
 *
 * Seed 004 §40 特殊装備表 (special equipment: finding, carrying, using, the combat drone).
 * One layer of the engine's class chain (game-core → game-special → game-targets → game-attacks →
 * game-defence → game-combat → game-encounter → game.ts): each file adds one rule area.
 */
import * as D from '../decisions.js';
import { MAX_SPECIAL, SPECIAL_DEFS, SP_DRONE, SP_SCANNER } from '../catalogue/special.js';
import { UaCore } from './core.js';

export abstract class UaSpecial extends UaCore {
  // ───────────────────────── special equipment (特殊装備 §40) ─────────────────────────

  /** Roll the special-equipment table (特殊装備表 §40): one d6 picks the piece, no modifier (UA-R77). */
  protected specialTableRoll(): void {
    const f = this.dice.d6();
    if (this.log) this.sayT('uaLog.specialTable', { f, name: SPECIAL_DEFS[f - 1].name });
    this.gainSpecial(f - 1, 0);
  }

  /**
   * The squad picks up a piece of kind `kind` with `uses` uses (0: the table's; the tactical scanner's 1d6
   * is rolled now). A piece that does not fit the carry limit is left behind (UA-R78).
   */
  protected gainSpecial(kind: number, uses: number): boolean {
    const s = this.s;
    if (this.carried() >= this.carryLimit() || s.nSpecial >= MAX_SPECIAL) {
      if (this.log) this.sayT('uaLog.specialLeft', { name: SPECIAL_DEFS[kind].name, limit: this.carryLimit() });
      return false;
    }
    // The tactical scanner's uses: 1d6 when found, or the ruleset's number (v1.01 「3回使用可能」).
    const n = uses > 0 ? uses : SPECIAL_DEFS[kind].uses > 0 ? SPECIAL_DEFS[kind].uses : this.scannerUses > 0 ? this.scannerUses : this.dice.d6();
    const i = s.nSpecial++;
    s.spKind[i] = kind;
    s.spUses[i] = s.spTotal[i] = n;
    s.specialFound++;
    if (this.log) this.sayT('uaLog.specialFound', { name: SPECIAL_DEFS[kind].name, n, s: n > 1 ? 's' : '' });
    return true;
  }

  /** Remove piece `i` (used up, exchanged or lost), keeping pickup order. */
  protected dropSpecial(i: number): void {
    const s = this.s;
    for (let j = i + 1; j < s.nSpecial; j++) {
      s.spKind[j - 1] = s.spKind[j];
      s.spUses[j - 1] = s.spUses[j];
      s.spTotal[j - 1] = s.spTotal[j];
    }
    s.nSpecial--;
  }

  /**
   * Spend one use of a piece of kind `k` — the one with the fewest uses left, keeping fuller ones' exchange
   * value. A piece with no use left breaks and is discarded; a spent tactical scanner becomes standing
   * equipment under UA-R82 `standing`.
   */
  protected useSpecial(k: number): void {
    const s = this.s;
    let best = -1;
    for (let i = 0; i < s.nSpecial; i++) if (s.spKind[i] === k && s.spUses[i] > 0 && (best < 0 || s.spUses[i] < s.spUses[best])) best = i;
    if (best < 0) throw new Error(`no ${SPECIAL_DEFS[k].name} to use`);
    if (--s.spUses[best] === 0) {
      if (k === SP_SCANNER && this.scannerKeeps) s.scannerStanding++;
      this.dropSpecial(best);
    }
  }

  /** Ask the policy whether to use a piece of kind `k` now (decision `special`); nothing is spent here. */
  protected askSpecial(k: number): boolean {
    const s = this.s;
    if (s.specialCount(k) === 0) return false;
    s.specialOffer = k;
    const yes = this.askYes(D.D_SPECIAL);
    s.specialOffer = -1;
    return yes;
  }

  /** Ask, and if the policy says yes spend one use of a piece of kind `k` (the shield, the scanner); true when used. */
  protected trySpecial(k: number): boolean {
    if (!this.askSpecial(k)) return false;
    this.useSpecial(k);
    return true;
  }

  /** Offer the combat drone's activation (1 magazine, a free 分隊規模 slot; not an action, UA-R84). */
  protected offerDrone(): void {
    const s = this.s;
    while (s.specialCount(SP_DRONE) > 0 && s.magazines >= 1 && s.headcount() < s.squadSize && this.askSpecial(SP_DRONE)) {
      this.useSpecial(SP_DRONE);
      this.spend(1);
      s.drones++;
      s.droneGuards++;
      if (this.log) this.sayT('uaLog.droneOn', { n: s.withSquad() });
    }
  }


}
