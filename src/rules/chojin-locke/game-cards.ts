/**
 * Combat cards (コンバットカード): drawing, playing a card (its level from own levels, the field or 精神力チェック,
 * the power spent), a secret jammer's refusal, and the legal plays offered to the policies.
 *
 * Seed 003 §10.3.1 (dealing), §10.5–10.5.2 (card use: level, willpower checks, power), §10.8 (minions'
 * cards), §10.10 ジャマー (出せません). Rulings LK-R01, LK-R09, LK-F10.
 * One layer of the engine's class chain (game-core → game-cards → game-escapes → game-attacked →
 * game-turn → game.ts): each file adds one rule area.
 */
import { CK_ATTACK, CK_CONTACT, CK_LIGHT_SWORD } from './cards.js';
import * as D from './decisions.js';
import { LOC_DISCARD, MAX_HAND, ST_ACTIVE } from './state.js';
import * as Core from './game-core.js';
import { LkCore } from './game-core.js';

// Module-local copies of game-core's codes (a module-local const folds to a constant; an imported binding is
// reloaded and hole-checked at every use).
const { MAX_CHECKS, VAL_SUPPLEMENTS, VAL_SUPPLEMENT_FAILS, VAL_REFUSALS, VAL_POWER_SPENT, VAL_CARDS_DRAWN, USE_OK, USE_FAIL, USE_REFUSED } = Core;

export abstract class LkCards extends LkCore {
  protected draw(e: number): void {
    const s = this.s;
    const i = this.dice.below(s.deckN);
    const c = s.deck[i];
    s.deck[i] = s.deck[s.deckN - 1];
    s.deckN--;
    s.hand[e * MAX_HAND + s.handN[e]++] = c;
    s.cardLoc[c] = e;
    if (s.side[e] === 0) this.stats[VAL_CARDS_DRAWN]++;
  }

  protected takeFromHand(e: number, c: number): void {
    const s = this.s, base = e * MAX_HAND;
    for (let k = 0; k < s.handN[e]; k++) {
      if (s.hand[base + k] !== c) continue;
      s.hand[base + k] = s.hand[base + s.handN[e] - 1];
      s.handN[e]--;
      return;
    }
    throw new Error(`card ${c} is not in ${s.name(e)}'s hand`);
  }

  protected refund(e: number, c: number, cost: number): void {
    const s = this.s;
    s.hand[e * MAX_HAND + s.handN[e]++] = c;
    s.cardLoc[c] = e;
    s.power[e] += cost;
  }

  /**
   * Play card c from e's hand using `used` own levels (or the field): spend
   * the power, roll the willpower checks that supplement the rest (10.5.1),
   * then a secret jammer may refuse a successful card at or below its level
   * (10.10: card and power back) — a failed card it tacitly accepts.
   */
  protected useCard(e: number, c: number, used: number): number {
    const s = this.s, level = s.cardLevel[c];
    this.takeFromHand(e, c);
    const viaField = used === D.USED_FIELD;
    const cost = viaField ? 0 : used;
    s.power[e] -= cost;
    this.lastCost = cost;
    if (s.side[e] === 0) this.stats[VAL_POWER_SPENT] += cost;
    const checks = Math.max(0, level - (viaField ? s.field[e] : used));
    let ok = true;
    if (checks > 0) {
      if (s.side[e] === 0) this.stats[VAL_SUPPLEMENTS]++;
      const rolls: number[] | null = this.log ? [] : null;
      for (let i = 0; i < checks; i++) {
        const r = this.roll2d6();
        rolls?.push(r);
        if (r > s.will[e]) {
          ok = false;
          break;
        }
      }
      if (!ok && s.side[e] === 0) this.stats[VAL_SUPPLEMENT_FAILS]++;
      if (this.log) this.say('lkReplay.willpower', { will: s.will[e], checks, rolls: rolls!.join(', '), outcome: this.tx(ok ? 'lkReplay.supplemented' : 'lkReplay.supplementFailed') });
    }
    const jam = s.jammedAt(e);
    if (ok && jam > 0 && level <= jam && s.cardKind[c] !== CK_CONTACT) {
      this.refund(e, c, cost);
      if (level > s.jamKnown[e]) s.jamKnown[e] = level;
      if (s.side[e] === 0) this.stats[VAL_REFUSALS]++;
      if (this.log) this.say('lkReplay.jammerRefuses');
      return USE_REFUSED;
    }
    s.cardLoc[c] = LOC_DISCARD;
    return ok ? USE_OK : USE_FAIL;
  }

  /** Legal plays of e's cards of `kind` with level in [minL, maxL] above the jam bar ({@link jamBar}): each way of paying (own levels used, or the field). */
  protected addCardPlays(e: number, kind: number, minL: number, maxL: number, actKind: number, target: number, bar = this.jamBar(e)): void {
    const s = this.s, base = e * MAX_HAND, ck = s.cardKind, cl = s.cardLevel;
    for (let k = 0; k < s.handN[e]; k++) {
      const c = s.hand[base + k], L = cl[c];
      if (ck[c] !== kind || L < minL || L > maxL || L <= bar) continue;
      this.payRange(e, L);
      this.pushPays(actKind | (c << 4) | (target << 12));
    }
  }

  /** The normal action's attacks: every attack card or light sword in hand on every active enemy, each way of paying. */
  protected addAttackPlays(e: number, bar: number): void {
    const s = this.s, base = e * MAX_HAND, ck = s.cardKind, cl = s.cardLevel, foes = this.foes;
    const nf = this.foesOf(e);
    if (nf === 0) return;
    for (let k = 0; k < s.handN[e]; k++) {
      const c = s.hand[base + k], L = cl[c];
      if ((ck[c] !== CK_ATTACK && ck[c] !== CK_LIGHT_SWORD) || L < 1 || L <= bar) continue;
      this.payRange(e, L);
      for (let i = 0; i < nf; i++) this.pushPays(D.K_ATTACK | (c << 4) | (foes[i] << 12));
    }
  }

  /** Fill {@link foes} with e's active enemies in esper order; returns how many. */
  protected foesOf(e: number): number {
    const s = this.s, side = s.side[e];
    let nf = 0;
    for (let t = 0; t < s.n; t++) if (s.side[t] !== side && s.status[t] === ST_ACTIVE) this.foes[nf++] = t;
    return nf;
  }

  /** Push an action of `kind` (no card) on each of e's active enemies. */
  protected addTargets(e: number, kind: number): void {
    const nf = this.foesOf(e);
    for (let i = 0; i < nf; i++) this.push(kind | (D.NO_CARD << 4) | (this.foes[i] << 12));
  }

  /** Level at or below which e cannot (or knows it cannot) play: the known jammer level, or the highest refused one. */
  protected jamBar(e: number): number {
    const s = this.s;
    const jam = s.jammedAt(e);
    return jam === 0 ? 0 : this.jamLevelKnown ? jam : s.jamKnown[e];
  }

  /** The ways e can pay for a card of level L, into {@link payField}, {@link payTop}, {@link payLow}. */
  protected payRange(e: number, L: number): void {
    const s = this.s;
    const top = Math.min(s.level[e], L, s.power[e]);
    // 10.5.1: willpower checks only 「自分のESPレベルとパワーがそのカードのレベルに満たない場合」 (LK-R09); when short, any
    // split of own levels and checks (10.5.2: a Lv2 esper fires a Lv3 バズーカ on 2 checks for 1 power).
    const canPay = this.whenShort && top >= L;
    // The field (LK-F10) pays its own level; checks for the rest are the same supplement, so an esper who can pay
    // the card's level is offered the field only where the field alone reaches it (no checks).
    this.payField = s.field[e] > 0 && !s.nikeOn[e] && L - s.field[e] <= MAX_CHECKS && (!canPay || s.field[e] >= L);
    let low = canPay ? L : 0;
    if (low < L - MAX_CHECKS) low = L - MAX_CHECKS;
    this.payTop = top;
    this.payLow = low;
  }

  /** Push action `code` (kind, card, target) once per way of paying from the last {@link payRange}: the field, then own levels high to low. */
  protected pushPays(code: number): void {
    if (this.payField) this.push(code | (D.USED_FIELD << 16));
    for (let u = this.payTop; u >= this.payLow; u--) this.push(code | (u << 16));
  }

  /** Minion synchronisation cards: `kind`, level ≤ maxL, not barred by a known jammer (minions need no power, 10.8). */
  protected addMinionCards(e: number, kind: number, maxL: number): void {
    const s = this.s, base = e * MAX_HAND;
    const jam = s.jammedAt(e);
    for (let k = 0; k < s.handN[e]; k++) {
      const c = s.hand[base + k], L = s.cardLevel[c];
      if (s.cardKind[c] !== kind || L > maxL || (jam > 0 && L <= jam)) continue;
      this.push(D.act(D.K_SYNC, c, 0, 0));
    }
  }
}
