/**
 * The chojin-locke rules (seed 003, 第10章 戦闘): combat start and joining,
 * preparation (dealing / refilling combat cards), declarations (jammers),
 * initiative, each esper's turn (special actions, one normal action), being
 * attacked (disintegration, one escape or one defence, jammers and fields
 * destroyed, the hit on the combat result table), synchronisation, teleport
 * blocks, post-processing and continuation. One {@link LkGame} is built per
 * variant and replays many games; all randomness comes from the `Dice` the
 * driver hands in, every choice from the esper's own policy.
 */
import type { Dice } from '../../sim/dice.js';
import type { GameLog, GameRecord, GameRunner } from '../../sim/types.js';
import { CK_ATTACK, CK_CONTACT, CK_DEFENCE, CK_ILLUSION, CK_LIGHT_SWORD, CK_TELEPORT } from './cards.js';
import { ALIVE_RESIDUAL, ALIVE_YES, KILL, crtDamage } from './charts.js';
import { START_BYSTANDER, START_DEAD, type EsperDef, type LkGameDef, type LkVariant } from './config.js';
import * as D from './decisions.js';
import {
  END_DECK_OUT, END_NAMES, END_NO_COMBAT, END_NO_CONTINUATION, END_NONE, END_ROUND_CAP, END_SIDE_GONE, LOC_DECK, LOC_DISCARD, LkState, LkView,
  MAX_HAND, ST_ACTIVE, ST_DEAD, ST_ESCAPED, ST_OUT, ST_RESIDUAL,
} from './state.js';
import type { LkPolicy } from '../../policies/chojin-locke/policy.js';

const LEGAL_MAX = 4096;
/** At most this many willpower checks are offered for one card. */
export const MAX_CHECKS = 6;

/** Rates per game (indices into GameRecord.rates); side 0 is the variant's party. */
export const RATE_WIN = 0, RATE_LOSS = 1, RATE_ENEMY_GONE = 2, RATE_LEADER_SURVIVES = 3, RATE_ALL_SURVIVE = 4, RATE_PARTY_ESCAPED = 5,
  RATE_DECK_OUT = 6, RATE_NO_COMBAT = 7;
/** Values per game. */
export const VAL_ROUNDS = 0, VAL_PARTY_ALIVE = 1, VAL_ENEMY_ALIVE = 2, VAL_PARTY_DUR = 3, VAL_ENEMY_DUR = 4, VAL_ATTACKS = 5, VAL_SYNC_ATTACKS = 6,
  VAL_SYNC_POWER = 7, VAL_SUPPLEMENTS = 8, VAL_SUPPLEMENT_FAILS = 9, VAL_BLOCKS = 10, VAL_BLOCKS_WON = 11, VAL_ESCAPES = 12, VAL_REFUSALS = 13,
  VAL_POWER_SPENT = 14, VAL_CARDS_DRAWN = 15, VAL_DAMAGE_DEALT = 16, VAL_DAMAGE_TAKEN = 17;
/** Attrition series variables. */
export const V_PARTY = 0, V_ENEMY = 1, V_PARTY_DUR = 2, V_ENEMY_DUR = 3;

/** Actions without a card or target (constant codes). */
const A_BALL = D.act(D.K_BALL), A_MIRROR = D.act(D.K_MIRROR), A_MIRROR_DEF = D.act(D.K_MIRROR_DEF), A_PASS = D.act(D.K_PASS), A_POD = D.act(D.K_POD), A_SUBSPACE = D.act(D.K_SUBSPACE), A_YES = D.act(D.K_YES);

/** Weight of the depth-th initiative re-roll among tied espers (13^−depth, the same doubles as Math.pow). */
const REROLL_SCALE = Float64Array.from({ length: 12 }, (_, depth) => Math.pow(13, -depth));

/** Outcome of trying to play a card. */
const USE_OK = 0, USE_FAIL = 1, USE_REFUSED = 2;

export class LkGame implements GameRunner {
  readonly s: LkState;
  readonly view: LkView;
  readonly legal = new Int32Array(LEGAL_MAX);
  nLegal = 0;
  private dice!: Dice;
  private pdice!: Dice;
  private log: GameLog | null = null;
  private readonly keys = new Float64Array(8);
  /** Synchronisers of the pending attack and the power each added (for illusions). */
  private readonly syncers = new Int8Array(8);
  private readonly syncPow = new Int16Array(8);
  private nSync = 0;
  private readonly blockCards = new Int16Array(8);
  private readonly blockBy = new Int8Array(8);
  private readonly blockCost = new Int8Array(8);
  private lastCost = 0;
  private attacksThisRound = 0;
  /** An esper left the combat (died or escaped) since the last {@link checkSides}. */
  private sidesChanged = false;
  private readonly stats = new Float64Array(18);
  private curPos = 0;
  private readonly all: readonly EsperDef[];
  /** Rulings read in hot loops: LK-R01 `known`, LK-R09 `when-short`, LK-R05 `round`, LK-R08 `reroll`, LK-R03 `levels-add`. */
  private readonly jamLevelKnown: boolean;
  private readonly whenShort: boolean;
  private readonly wakeEachRound: boolean;
  private readonly rerollTies: boolean;
  private readonly levelsAdd: boolean;
  /** Active enemies of the esper asked about, in esper order ({@link foesOf}). */
  private readonly foes = new Int8Array(8);
  /** Ways to pay for one card ({@link payRange}): through the field, and own levels used from payTop down to payLow. */
  private payField = false;
  private payTop = 0;
  private payLow = 0;

  constructor(readonly def: LkGameDef, readonly variant: LkVariant, private readonly policies: readonly LkPolicy[]) {
    this.s = new LkState(def);
    this.s.rulings = variant.rulings;
    this.view = new LkView(this.s);
    this.all = [...variant.party, ...variant.enemies];
    this.s.setEspers(this.all, variant.party.length);
    this.jamLevelKnown = variant.rulings.jammer_level === 'known';
    this.whenShort = variant.rulings.willpower_supplement === 'when-short';
    this.wakeEachRound = variant.rulings.sleep === 'round';
    this.rerollTies = variant.rulings.initiative_ties === 'reroll';
    this.levelsAdd = variant.rulings.teleport_sync === 'levels-add';
  }

  // ───────────────────────── game ─────────────────────────

  play(dice: Dice, policyDice: Dice, rec: GameRecord, log: GameLog | null): void {
    this.begin(dice, policyDice, log);
    const s = this.s;
    this.step(rec, 0);
    while (!s.over) {
      this.playRound();
      if (s.round <= this.def.maxRounds) this.step(rec, s.round);
    }
    this.finish(rec);
  }

  /** Reset the state for a new combat and run the start (10.1, 10.2). */
  begin(dice: Dice, policyDice: Dice, log: GameLog | null): void {
    const s = this.s;
    this.dice = dice;
    this.pdice = policyDice;
    this.log = log;
    this.stats.fill(0);
    const all = this.all;
    s.n = all.length;
    for (let e = 0; e < s.n; e++) {
      const d = all[e];
      s.level[e] = d.level;
      s.power[e] = d.power;
      s.dur[e] = d.start === START_DEAD ? 0 : d.durability;
      s.durMax[e] = d.durability;
      s.will[e] = d.willpower;
      s.status[e] = d.start === START_DEAD ? ST_DEAD : d.start === START_BYSTANDER ? ST_OUT : ST_ACTIVE;
      s.asleep[e] = 0;
      s.acted[e] = 0;
      s.synced[e] = 0;
      s.jammer[e] = d.jammer;
      s.jammerTarget[e] = -1;
      s.field[e] = d.field;
      s.suit[e] = d.suit;
      s.nikeDur[e] = d.nike;
      s.nikeOn[e] = 0;
      s.subspace[e] = d.subspace;
      for (let k = 0; k < d.specials.length; k++) s.specialUses[e * 4 + k] = d.specials[k].uses;
      s.jamKnown[e] = 0;
      s.residual[e] = 0;
      s.handN[e] = 0;
    }
    for (let c = 0; c < s.deck.length; c++) {
      s.deck[c] = c;
      s.cardLoc[c] = LOC_DECK;
    }
    s.deckN = s.deck.length;
    s.refreshJams();
    this.sidesChanged = true;
    s.round = 0;
    s.over = false;
    s.endReason = END_NONE;
    s.orderN = 0;
    if (log) {
      for (let e = 0; e < s.n; e++) {
        const d = s.espers[e];
        const extras = [d.minions ? `${d.minions} minion(s)` : '', d.jammer ? `jammer Lv${d.jammer}` : '', d.field ? `field Lv${d.field}` : '', d.suit ? `suit ${d.suit}` : '', d.nike ? `ニケ (durability ${d.nike}, power ${d.nikePower})` : '',
          d.mirror ? `mirror Lv${d.mirror}` : '', d.psychopod ? `psycho-pod Lv${d.psychopod}` : '', d.ball ? `energy ball Lv${d.ball}` : '', d.subspace ? `${d.subspace} subspace field(s)` : '',
          ...d.specials.map((x) => `${x.kind} Lv${x.level}`), d.disintegrate ? 'disintegration' : ''].filter((x) => x);
        this.say(`${s.name(e)} (${d.ja}): Lv ${d.level}, power ${d.power}, durability ${d.durability}, willpower ${d.willpower}${extras.length ? `; ${extras.join(', ')}` : ''}; ${d.start === START_DEAD ? 'dead' : d.start === START_BYSTANDER ? 'elsewhere' : 'in the combat'}; policy ${d.policy}`);
      }
    }
    // 10.1: the combat happens only if there are enough combat cards for it.
    let need = 0;
    for (let e = 0; e < s.n; e++) if (s.status[e] === ST_ACTIVE) need += s.handMax[e];
    if (need > s.deckN || s.activeCount(0) === 0 || s.activeCount(1) === 0) {
      if (log) this.say(`no combat: ${need} combat cards needed, ${s.deckN} in the deck`);
      this.end(END_NO_COMBAT);
      return;
    }
    this.joiningChecks();
    s.refreshJams();
  }

  /**
   * 10.2.1: 実はそこにいた for bystanders who declare it (「行なうことができる」: decision `there`), 実は生きていた
   * (then 残留思念) for the dead.
   */
  private joiningChecks(): void {
    const s = this.s, ch = this.def.charts;
    for (let e = 0; e < s.n; e++) {
      if (s.status[e] === ST_OUT) {
        this.nLegal = 0;
        this.push(A_PASS);
        this.push(A_YES);
        if (D.aKind(this.ask(D.D_THERE, e)) !== D.K_YES) {
          if (this.log) this.say(`${s.name(e)}: does not declare 実はそこにいた (stays away)`);
          continue;
        }
        const r = this.roll2d6();
        const there = ch.there[r - 2] === 1;
        if (this.log) this.say(`${s.name(e)}: 実はそこにいた 2D6=${r} → ${there ? 'was there: joins the combat' : 'not there'}`);
        if (there) s.status[e] = ST_ACTIVE;
      } else if (s.status[e] === ST_DEAD) {
        const r = this.roll2d6();
        const res = ch.alive[r - 2];
        if (res === ALIVE_YES) {
          s.status[e] = ST_ACTIVE;
          s.dur[e] = Math.min(ch.aliveDurability, s.durMax[e]);
          if (this.log) this.say(`${s.name(e)}: 実は生きていた 2D6=${r} → alive after all (durability ${s.dur[e]}), joins`);
        } else if (res === ALIVE_RESIDUAL) {
          const r2 = this.roll2d6();
          const p = ch.residual[r2 - 2];
          if (this.log) this.say(`${s.name(e)}: 実は生きていた 2D6=${r} → 残留思念 check 2D6=${r2} → ${p > 0 ? `attack power ${p}` : 'なし'}`);
          if (p > 0) {
            s.status[e] = ST_RESIDUAL;
            s.residual[e] = p;
          }
        } else if (this.log) this.say(`${s.name(e)}: 実は生きていた 2D6=${r} → nothing`);
      }
    }
  }

  /** Play one round (public so rules tests can drive a combat round by round). */
  playRound(): void {
    const s = this.s;
    s.round++;
    this.attacksThisRound = 0;
    if (this.log) this.say(`— round ${s.round} —`);
    // 10.3.1 preparation: deal / refill combat cards (+1 per minion).
    for (let e = 0; e < s.n; e++) {
      if (s.status[e] !== ST_ACTIVE) continue;
      let drawn = 0;
      while (s.handN[e] < s.handMax[e]) {
        if (s.deckN === 0) {
          if (this.log) this.say(`  the combat cards ran out while dealing to ${s.name(e)} (10.3.1 注1): every combat ends`);
          this.end(END_DECK_OUT);
          return;
        }
        this.draw(e);
        drawn++;
      }
      if (this.log && drawn > 0) this.say(`  ${s.name(e)} draws ${drawn} (hand ${s.handN[e]}${s.espers[e].minions ? `, incl. ${s.espers[e].minions} for minions` : ''}); deck ${s.deckN}`);
    }
    // 10.3.2 declarations: ニケチェック (a working ニケ leaves only the jammer usable), then jammers.
    for (let e = 0; e < s.n; e++) {
      s.nikeOn[e] = 0;
      if (s.status[e] !== ST_ACTIVE || s.nikeDur[e] <= 0) continue;
      const r = this.roll2d6();
      s.nikeOn[e] = this.def.charts.nike[r - 2] === 1 ? 1 : 0;
      if (this.log) this.say(`  ${s.name(e)}: ニケチェック 2D6=${r} → ${s.nikeOn[e] ? 'ニケ works this round (no suit or field)' : 'ニケ does not work this round'}`);
    }
    for (let e = 0; e < s.n; e++) s.jamKnown[e] = 0;
    for (let e = 0; e < s.n; e++) {
      if (s.jammerTarget[e] >= 0) {
        s.jammerTarget[e] = -1;
        s.refreshJams();
      }
      if (s.status[e] !== ST_ACTIVE || s.jammer[e] === 0 || s.asleep[e]) continue;
      this.nLegal = 0;
      this.push(A_PASS);
      this.addTargets(e, D.K_TARGET);
      const a = this.ask(D.D_JAMMER, e);
      if (D.aKind(a) === D.K_TARGET) {
        s.jammerTarget[e] = D.aTarget(a);
        s.refreshJams();
        if (this.log) this.say(`  ${s.name(e)} declares a jammer on ${s.name(D.aTarget(a))}${s.rulings.jammer_level === 'known' ? ` (Lv${s.jammer[e]})` : ' (level secret)'}`);
      }
    }
    // 10.3.3 initiative.
    this.initiative();
    // 10.4 each turn.
    for (let pos = 0; pos < s.orderN && !s.over; pos++) {
      const e = s.order[pos];
      this.curPos = pos;
      s.acted[e] = 1;
      if (s.status[e] === ST_RESIDUAL) this.residualTurn(e, pos);
      else if (s.status[e] === ST_ACTIVE) this.turn(e, pos);
      this.checkSides();
    }
    if (s.over) return;
    // 10.3.4 post-processing.
    for (let e = 0; e < s.n; e++) {
      if (this.wakeEachRound) s.asleep[e] = 0;
      s.acted[e] = 0;
      s.synced[e] = 0;
    }
    // 10.3.5 continuation.
    if (s.round >= this.def.maxRounds) {
      this.end(END_ROUND_CAP);
      return;
    }
    if (this.attacksThisRound > 0) return;
    if (s.rulings.continuation === 'attack-only') {
      if (this.log) this.say('  no attack this round: the combat ends');
      this.end(END_NO_CONTINUATION);
      return;
    }
    for (let side = 0; side < 2; side++) {
      for (let e = 0; e < s.n; e++) {
        if (s.side[e] !== side || s.status[e] !== ST_ACTIVE) continue;
        this.nLegal = 0;
        this.push(A_PASS);
        this.push(A_YES);
        if (D.aKind(this.ask(D.D_CONTINUE, e)) === D.K_YES) {
          if (this.log) this.say(`  no attack this round; ${s.name(e)} declares continuation`);
          return;
        }
        break;
      }
    }
    if (this.log) this.say('  no attack and no continuation declared: the combat ends');
    this.end(END_NO_CONTINUATION);
  }

  /** 10.3.3: 2D6 each, high first (ties: ruling LK-R08). */
  private initiative(): void {
    const s = this.s, k = this.keys;
    s.orderN = 0;
    for (let e = 0; e < s.n; e++) {
      if (s.status[e] !== ST_ACTIVE && s.status[e] !== ST_RESIDUAL) continue;
      k[e] = this.roll2d6();
      s.order[s.orderN++] = e;
    }
    this.sortOrder();
    if (this.rerollTies) {
      for (let depth = 1; depth < 12; depth++) {
        let tied = false;
        for (let i = 1; i < s.orderN; i++) if (k[s.order[i - 1]] === k[s.order[i]]) tied = true;
        if (!tied) break;
        // Roll again for every member of a tied run (in order), as a finer key.
        const scale = REROLL_SCALE[depth];
        let i = 0;
        while (i < s.orderN) {
          let j = i + 1;
          while (j < s.orderN && k[s.order[j]] === k[s.order[i]]) j++;
          if (j - i > 1) for (let m = i; m < j; m++) k[s.order[m]] += this.roll2d6() * scale;
          i = j;
        }
        this.sortOrder();
      }
    }
    if (this.log) this.say(`  initiative: ${Array.from(s.order.subarray(0, s.orderN), (e) => `${s.name(e)} ${Math.floor(k[e])}`).join(', ')}`);
  }

  private sortOrder(): void {
    const s = this.s, k = this.keys;
    for (let i = 1; i < s.orderN; i++) {
      const e = s.order[i];
      let j = i - 1;
      while (j >= 0 && k[s.order[j]] < k[e]) {
        s.order[j + 1] = s.order[j];
        j--;
      }
      s.order[j + 1] = e;
    }
  }

  private checkSides(): void {
    const s = this.s;
    if (s.over || !this.sidesChanged) return;
    this.sidesChanged = false;
    let a0 = 0, a1 = 0;
    for (let e = 0; e < s.n; e++) {
      if (s.status[e] !== ST_ACTIVE) continue;
      if (s.side[e] === 0) a0++;
      else a1++;
    }
    if (a0 === 0 || a1 === 0) this.end(END_SIDE_GONE);
  }

  private end(reason: number): void {
    this.s.over = true;
    this.s.endReason = reason;
  }

  // ───────────────────────── a turn ─────────────────────────

  /**
   * 10.4: special actions (each weapon once) and the normal action (none when the esper synchronised this round),
   * 「通常行動と特殊行動はどの順番で行なってもよい」: the order is the esper's choice (decision `order`).
   */
  private turn(e: number, pos: number): void {
    const s = this.s;
    if (s.asleep[e]) {
      if (this.log) this.say(`  ${s.name(e)} is asleep`);
      return;
    }
    let normalFirst = false;
    if (!s.synced[e] && this.hasSpecialLeft(e)) {
      this.nLegal = 0;
      this.push(A_PASS); // special actions first
      this.push(A_YES); // the normal action first
      normalFirst = D.aKind(this.ask(D.D_ORDER, e)) === D.K_YES;
      if (normalFirst && this.log) this.say(`  ${s.name(e)} takes the normal action before the special actions`);
    }
    if (normalFirst) {
      this.normalAction(e, pos);
      if (s.over || s.status[e] !== ST_ACTIVE || s.asleep[e]) return;
      this.specialActions(e);
      return;
    }
    this.specialActions(e);
    if (s.over || s.status[e] !== ST_ACTIVE || s.asleep[e]) return;
    if (s.synced[e]) {
      if (this.log) this.say(`  ${s.name(e)} synchronised this round: no normal action`);
      return;
    }
    this.normalAction(e, pos);
  }

  /** Whether e has a special weapon with a use left this combat. */
  private hasSpecialLeft(e: number): boolean {
    const s = this.s, specials = s.espers[e].specials;
    for (let k = 0; k < specials.length; k++) if (specials[k].uses === 0 || s.specialUses[e * 4 + k] > 0) return true;
    return false;
  }

  /** 10.4 special actions: each special weapon once, at a target of the policy's choice or not at all. */
  private specialActions(e: number): void {
    const s = this.s;
    const specials = s.espers[e].specials;
    for (let k = 0; k < specials.length && s.status[e] === ST_ACTIVE && !s.over; k++) {
      const sp = specials[k];
      if (sp.uses > 0 && s.specialUses[e * 4 + k] === 0) continue;
      this.nLegal = 0;
      this.push(A_PASS);
      this.addTargets(e, D.K_TARGET);
      if (this.nLegal === 1) break;
      this.view.ctx.special = k;
      const a = this.ask(D.D_SPECIAL, e);
      this.view.ctx.special = -1;
      if (D.aKind(a) !== D.K_TARGET) continue;
      if (sp.uses > 0) s.specialUses[e * 4 + k]--;
      const t = D.aTarget(a);
      if (sp.dudOn.length > 0) {
        const r = this.roll2d6();
        if (sp.dudOn.includes(r)) {
          if (this.log) this.say(`  ${s.name(e)}'s ${sp.kind} at ${s.name(t)}: 2D6=${r} → nothing happens`);
          continue;
        }
      }
      const p = sp.powers.length === 1 ? sp.powers[0] : sp.powers[this.dice.below(sp.powers.length)];
      if (this.log) this.say(`  ${s.name(e)} special attack: ${sp.kind} (Lv${sp.level}, power ${p}) at ${s.name(t)}`);
      this.attacksThisRound++;
      this.stats[VAL_ATTACKS] += s.side[e] === 0 ? 1 : 0;
      this.nSync = 0;
      this.resolveAttack(e, t, sp.level, p, false, false, false);
      this.checkSides();
    }
  }

  /** 10.4 the normal action: an attack card, an escape, an illusion, ニケ, or pass. */
  private normalAction(e: number, pos: number): void {
    const s = this.s;
    for (;;) {
      this.nLegal = 0;
      this.push(A_PASS);
      const bar = this.jamBar(e);
      this.addAttackPlays(e, bar);
      this.addCardPlays(e, CK_TELEPORT, 1, 7, D.K_TELEPORT, 0, bar);
      this.addCardPlays(e, CK_ILLUSION, 1, 7, D.K_ILLUSION, 0, bar);
      if (s.mirror[e] > 0) this.push(A_MIRROR);
      if (s.subspace[e] > 0) this.push(A_SUBSPACE);
      if (s.nikeOn[e] && s.nikeDur[e] > 0) this.addTargets(e, D.K_NIKE);
      const a = this.ask(D.D_NORMAL, e);
      const kind = D.aKind(a);
      if (kind === D.K_PASS) {
        if (this.log) this.say(`  ${s.name(e)} passes`);
        return;
      }
      if (kind === D.K_NIKE) {
        // 10.4.1: ニケ's attack is the normal action; 10.7: it can be neither escaped nor defended.
        const t = D.aTarget(a);
        this.attacksThisRound++;
        if (s.side[e] === 0) this.stats[VAL_ATTACKS]++;
        if (this.log) this.say(`  ${s.name(e)}'s ニケ attacks ${s.name(t)} (power ${s.espers[e].nikePower})`);
        this.hit(e, t, s.espers[e].nikePower);
        return;
      }
      if (kind === D.K_ATTACK) {
        if (this.cardAttack(e, D.aCard(a), D.aTarget(a), D.aUsed(a), pos)) return;
        continue;
      }
      if (kind === D.K_MIRROR || kind === D.K_SUBSPACE) {
        if (kind === D.K_SUBSPACE) s.subspace[e]--;
        if (this.log) this.say(`  ${s.name(e)} escapes from the combat by ${kind === D.K_MIRROR ? 'ラフノールの鏡' : '亜空間フィールド'}`);
        this.escape(e);
        return;
      }
      const c = D.aCard(a);
      if (this.log) this.say(`  ${s.name(e)} plays ${this.cardName(c)}${this.usedText(e, c, D.aUsed(a))} to escape`);
      const r = this.useCard(e, c, D.aUsed(a));
      if (r === USE_REFUSED) continue;
      if (r === USE_OK) {
        if (kind === D.K_TELEPORT) {
          if (this.teleport(e, s.cardLevel[c])) this.escape(e);
        } else {
          this.illusion(e, s.cardLevel[c], -1);
        }
      }
      return;
    }
  }

  /** A residual thought's turn (10.8.2): attack one enemy's body, others may add their power. */
  private residualTurn(e: number, pos: number): void {
    const s = this.s;
    if (s.synced[e]) return;
    this.nLegal = 0;
    this.push(A_PASS);
    this.addTargets(e, D.K_TARGET);
    const a = this.ask(D.D_NORMAL, e);
    if (D.aKind(a) !== D.K_TARGET) return;
    const t = D.aTarget(a);
    let p = s.residual[e];
    this.attacksThisRound++;
    if (this.log) this.say(`  ${s.name(e)} (残留思念, power ${p}) attacks ${s.name(t)}`);
    for (let i = pos + 1; i < s.orderN; i++) {
      const f = s.order[i];
      if (s.status[f] !== ST_RESIDUAL || s.acted[f] || s.synced[f]) continue;
      this.nLegal = 0;
      this.push(A_PASS);
      this.push(A_YES);
      this.setAttackCtx(e, t, 0, p, false, false, false);
      if (D.aKind(this.ask(D.D_RESIDUAL_SYNC, f)) !== D.K_YES) continue;
      s.synced[f] = 1;
      p += s.residual[f];
      if (this.log) this.say(`    ${s.name(f)} synchronises: +${s.residual[f]} → ${p}`);
    }
    // Neither escape nor defence; the body takes it directly (10.7).
    this.hitBody(e, t, p);
  }

  /** Play an attack card; false if a secret jammer refused it (the esper chooses again). */
  private cardAttack(e: number, c: number, t: number, used: number, pos: number): boolean {
    const s = this.s;
    if (this.log) this.say(`  ${s.name(e)} attacks ${s.name(t)} with ${this.cardName(c)}${this.usedText(e, c, used)}`);
    const r = this.useCard(e, c, used);
    if (r === USE_REFUSED) return false;
    this.attacksThisRound++;
    if (s.side[e] === 0) this.stats[VAL_ATTACKS]++;
    if (r === USE_FAIL) return true;
    const light = s.cardKind[c] === CK_LIGHT_SWORD, level = s.cardLevel[c];
    let p = s.cardPower[c];
    this.nSync = 0;
    if (!light) p += this.synchronise(e, t, level, p, pos);
    this.resolveAttack(e, t, level, p, true, light, true);
    return true;
  }

  /** 10.8: minions (level ≤ 2), then espers whose turn has not come, add same-type attacks at or below the level. Returns the power added. */
  private synchronise(e: number, t: number, level: number, basePower: number, pos: number): number {
    const s = this.s;
    let added = 0;
    for (let m = 0; m < s.minions[e]; m++) {
      this.nLegal = 0;
      this.push(A_PASS);
      this.addMinionCards(e, CK_ATTACK, Math.min(2, level));
      if (this.nLegal === 1) break;
      this.setAttackCtx(e, t, level, basePower + added, true, false, true);
      const a = this.ask(D.D_MINION_SYNC, e);
      if (D.aKind(a) === D.K_PASS) break;
      const c = D.aCard(a);
      this.takeFromHand(e, c);
      s.cardLoc[c] = LOC_DISCARD;
      added += s.cardPower[c];
      if (this.log) this.say(`    a minion of ${s.name(e)} synchronises with ${this.cardName(c)} (+${s.cardPower[c]})`);
    }
    for (let i = pos + 1; i < s.orderN; i++) {
      const f = s.order[i];
      if (f === t || s.status[f] !== ST_ACTIVE || s.asleep[f] || s.acted[f] || s.synced[f]) continue;
      for (;;) {
        this.nLegal = 0;
        this.push(A_PASS);
        this.addCardPlays(f, CK_ATTACK, 1, level, D.K_SYNC, t);
        if (this.nLegal === 1) break;
        this.setAttackCtx(e, t, level, basePower + added, true, false, true);
        const a = this.ask(D.D_SYNC, f);
        if (D.aKind(a) === D.K_PASS) break;
        const c = D.aCard(a);
        if (this.log) this.say(`    ${s.name(f)} synchronises with ${this.cardName(c)}${this.usedText(f, c, D.aUsed(a))}`);
        const r = this.useCard(f, c, D.aUsed(a));
        if (r === USE_REFUSED) continue;
        s.synced[f] = 1;
        if (r === USE_OK) {
          added += s.cardPower[c];
          this.syncers[this.nSync] = f;
          this.syncPow[this.nSync++] = s.cardPower[c];
          if (s.side[e] === 0) this.stats[VAL_SYNC_POWER] += s.cardPower[c];
        }
        break;
      }
    }
    if (this.nSync > 0 && s.side[e] === 0) this.stats[VAL_SYNC_ATTACKS]++;
    return added;
  }

  // ───────────────────────── being attacked (10.7) ─────────────────────────

  private setAttackCtx(a: number, t: number, level: number, power: number, isCard: boolean, light: boolean, human: boolean): void {
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
  private resolveAttack(a: number, t: number, level: number, power: number, isCard: boolean, light: boolean, human: boolean): void {
    const s = this.s;
    if (s.status[t] !== ST_ACTIVE) return;
    // 10.7.1 ジェシカ's disintegration.
    if (isCard && s.espers[t].disintegrate && !s.asleep[t]) {
      const r = this.roll2d6();
      const erased = s.rulings.disintegration === 'attacker-level-check' ? r > s.level[a] : r <= s.will[t];
      if (this.log) this.say(`    ${s.name(t)} tries 分解消去: 2D6=${r} ${s.rulings.disintegration === 'attacker-level-check' ? `vs attacker's Lv ${s.level[a]}` : `vs willpower ${s.will[t]}`} → ${erased ? 'the attack is erased' : 'fails'}`);
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
          if (this.log) this.say(`    ${s.name(t)} escapes by ${k === D.K_MIRROR ? 'ラフノールの鏡' : '亜空間フィールド'}`);
          this.escape(t);
          return;
        }
        if (k === D.K_MIRROR_DEF || k === D.K_POD || k === D.K_BALL) {
          this.destroyEquipment(t, level);
          if (this.log) this.say(`    ${s.name(t)} defends with ${D.KIND_NAMES[k]}: the attack has no effect`);
          return;
        }
        const c = D.aCard(r);
        if (this.log) this.say(`    ${s.name(t)} ${k === D.K_DEFEND ? 'defends' : 'tries to escape'} with ${this.cardName(c)}${this.usedText(t, c, D.aUsed(r))}`);
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
      if (this.log) this.say('    defended: the attack has no effect');
      return;
    }
    this.destroyEquipment(t, level);
    this.hit(a, t, power);
  }

  /** 10.7.3: a jammer or field below the attack's level is destroyed. */
  private destroyEquipment(t: number, level: number): void {
    const s = this.s;
    if (s.jammer[t] > 0 && s.jammer[t] < level && s.jammerTarget[t] >= 0) {
      if (this.log) this.say(`    ${s.name(t)}'s jammer (Lv${s.jammer[t]}) is destroyed`);
      s.jammer[t] = 0;
      s.jammerTarget[t] = -1;
      s.refreshJams();
    }
    if (s.field[t] > 0 && s.field[t] < level) {
      if (this.log) this.say(`    ${s.name(t)}'s field (Lv${s.field[t]}) is destroyed`);
      s.field[t] = 0;
    }
  }

  /** 10.7 図10.2 / 10.7.4: a working ニケ, else a suit with durability, takes the hit; else the body. */
  private hit(a: number, t: number, power: number): void {
    const s = this.s;
    if (s.nikeOn[t] && s.nikeDur[t] > 0) {
      const roll = this.roll2d6();
      const before = s.nikeDur[t];
      const dmg = crtDamage(this.def.charts.crt, power, before, roll);
      s.nikeDur[t] = Math.max(0, before - dmg);
      if (this.log) this.say(`    hit on ${s.name(t)}'s ニケ: power ${power} vs durability ${before}, 2D6=${roll} → ${dmg === KILL ? 'destroyed' : `${dmg} damage`}${s.nikeDur[t] === 0 ? ' (ニケ is destroyed)' : ''}`);
      return;
    }
    if (s.suit[t] > 0 && !s.nikeOn[t]) {
      const roll = this.roll2d6();
      const dmg = crtDamage(this.def.charts.crt, power, s.suit[t], roll);
      const before = s.suit[t];
      s.suit[t] = Math.max(0, s.suit[t] - dmg);
      if (this.log) this.say(`    hit on ${s.name(t)}'s suit: power ${power} vs durability ${before}, 2D6=${roll} → ${dmg === KILL ? 'destroyed' : `${dmg} damage`}${s.suit[t] === 0 ? ' (the suit is destroyed)' : ''}`);
      return;
    }
    this.hitBody(a, t, power);
  }

  private hitBody(a: number, t: number, power: number): void {
    const s = this.s;
    const roll = this.roll2d6();
    const before = s.dur[t];
    const dmg = crtDamage(this.def.charts.crt, power, before, roll);
    s.dur[t] = Math.max(0, before - dmg);
    const dealt = before - s.dur[t];
    if (s.side[a] === 0) this.stats[VAL_DAMAGE_DEALT] += dealt;
    if (s.side[t] === 0) this.stats[VAL_DAMAGE_TAKEN] += dealt;
    if (this.log) this.say(`    hit on ${s.name(t)}: power ${power} vs durability ${before}, 2D6=${roll} → ${dmg === KILL ? 'kill' : `${dmg} damage`}: durability ${s.dur[t]}`);
    if (s.dur[t] <= 0) {
      s.status[t] = ST_DEAD;
      s.asleep[t] = 0;
      s.refreshJams();
      this.sidesChanged = true;
      if (this.log) this.say(`    ${s.name(t)} dies`);
    }
  }

  private escape(e: number): void {
    const s = this.s;
    s.status[e] = ST_ESCAPED;
    s.asleep[e] = 0;
    s.refreshJams();
    this.sidesChanged = true;
    if (s.side[e] === 0) this.stats[VAL_ESCAPES]++;
    if (this.log) this.say(`    ${s.name(e)} has escaped from the combat (10.11: waits elsewhere until it ends)`);
  }

  /**
   * A teleport of level `level` by e (10.9): e's minions may add level ≤ 2
   * teleports, then the first esper who blocks with a teleport, with its
   * synchronisers (10.8.4), must exceed it. True if the teleport succeeds.
   */
  private teleport(e: number, level: number): boolean {
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
      if (this.log) this.say(`    a minion of ${s.name(e)} synchronises with ${this.cardName(c)}: teleport level ${T}`);
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
        if (this.log) this.say(`    ${s.name(f)} tries a teleport block with ${this.cardName(c)}${this.usedText(f, c, D.aUsed(a))}`);
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
        if (this.log) this.say('    the block fails (card and power spent)');
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
          if (this.log) this.say(`    ${s.name(g)} synchronises with the block: ${this.cardName(c)}${this.usedText(g, c, D.aUsed(a))}`);
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
        if (this.log) this.say(`    blocked: ${B} > ${T}; the teleport fails`);
        return false;
      }
      if (s.cardLevel[blockerCard] <= T) {
        // 10.9 注意: a block that hoped for synchronisation and failed is taken back.
        const upto = s.rulings.failed_block_refund === 'everyone' ? nb : 1;
        for (let j = 0; j < upto; j++) this.refund(this.blockBy[j], this.blockCards[j], this.blockCost[j]);
        if (this.log) this.say(`    the block fails (${B} ≤ ${T}); hoping for synchronisation, ${upto === 1 ? 'the blocker takes back its card and power' : 'cards and power go back'}`);
      } else if (this.log) this.say(`    the block fails (${B} ≤ ${T})`);
      break;
    }
    return true;
  }

  private setTeleportCtx(e: number, T: number, blocker: number, B: number): void {
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
  private illusion(u: number, level: number, attacker: number): number {
    const s = this.s;
    let allAsleep = true;
    for (let e = 0; e < s.n; e++) {
      if (e === u || s.status[e] !== ST_ACTIVE || s.asleep[e]) continue;
      let awake: boolean;
      if (s.rulings.illusion_check === 'higher-level-immune' && s.level[e] > level) awake = true;
      else {
        const r = this.roll2d6();
        awake = r <= s.level[e];
        if (this.log) this.say(`    ${s.name(e)}: illusion check 2D6=${r} vs Lv ${s.level[e]} → ${awake ? 'awake' : 'asleep'}`);
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
      if (this.log) this.say(`    everyone else sleeps: ${s.name(u)} escapes`);
      this.escape(u);
      return 0;
    }
    if (attacker >= 0 && this.log) this.say(left > 0 ? `    the attack still comes with power ${left}` : '    the attacker sleeps: the attack is gone');
    return left;
  }

  // ───────────────────────── cards ─────────────────────────

  private draw(e: number): void {
    const s = this.s;
    const i = this.dice.below(s.deckN);
    const c = s.deck[i];
    s.deck[i] = s.deck[s.deckN - 1];
    s.deckN--;
    s.hand[e * MAX_HAND + s.handN[e]++] = c;
    s.cardLoc[c] = e;
    if (s.side[e] === 0) this.stats[VAL_CARDS_DRAWN]++;
  }

  private takeFromHand(e: number, c: number): void {
    const s = this.s, base = e * MAX_HAND;
    for (let k = 0; k < s.handN[e]; k++) {
      if (s.hand[base + k] !== c) continue;
      s.hand[base + k] = s.hand[base + s.handN[e] - 1];
      s.handN[e]--;
      return;
    }
    throw new Error(`card ${c} is not in ${s.name(e)}'s hand`);
  }

  private refund(e: number, c: number, cost: number): void {
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
  private useCard(e: number, c: number, used: number): number {
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
      if (this.log) this.say(`    willpower "${s.will[e]}以下${checks}回": 2D6 ${rolls!.join(', ')} → ${ok ? 'level supplemented' : 'failed: the card is spent'}`);
    }
    const jam = s.jammedAt(e);
    if (ok && jam > 0 && level <= jam && s.cardKind[c] !== CK_CONTACT) {
      this.refund(e, c, cost);
      if (level > s.jamKnown[e]) s.jamKnown[e] = level;
      if (s.side[e] === 0) this.stats[VAL_REFUSALS]++;
      if (this.log) this.say(`    the jammer says 出せません: card and power go back`);
      return USE_REFUSED;
    }
    s.cardLoc[c] = LOC_DISCARD;
    return ok ? USE_OK : USE_FAIL;
  }

  /** Legal plays of e's cards of `kind` with level in [minL, maxL] above the jam bar ({@link jamBar}): each way of paying (own levels used, or the field). */
  private addCardPlays(e: number, kind: number, minL: number, maxL: number, actKind: number, target: number, bar = this.jamBar(e)): void {
    const s = this.s, base = e * MAX_HAND, ck = s.cardKind, cl = s.cardLevel;
    for (let k = 0; k < s.handN[e]; k++) {
      const c = s.hand[base + k], L = cl[c];
      if (ck[c] !== kind || L < minL || L > maxL || L <= bar) continue;
      this.payRange(e, L);
      this.pushPays(actKind | (c << 4) | (target << 12));
    }
  }

  /** The normal action's attacks: every attack card or light sword in hand on every active enemy, each way of paying. */
  private addAttackPlays(e: number, bar: number): void {
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
  private foesOf(e: number): number {
    const s = this.s, side = s.side[e];
    let nf = 0;
    for (let t = 0; t < s.n; t++) if (s.side[t] !== side && s.status[t] === ST_ACTIVE) this.foes[nf++] = t;
    return nf;
  }

  /** Push an action of `kind` (no card) on each of e's active enemies. */
  private addTargets(e: number, kind: number): void {
    const nf = this.foesOf(e);
    for (let i = 0; i < nf; i++) this.push(kind | (D.NO_CARD << 4) | (this.foes[i] << 12));
  }

  /** Level at or below which e cannot (or knows it cannot) play: the known jammer level, or the highest refused one. */
  private jamBar(e: number): number {
    const s = this.s;
    const jam = s.jammedAt(e);
    return jam === 0 ? 0 : this.jamLevelKnown ? jam : s.jamKnown[e];
  }

  /** The ways e can pay for a card of level L, into {@link payField}, {@link payTop}, {@link payLow}. */
  private payRange(e: number, L: number): void {
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
  private pushPays(code: number): void {
    if (this.payField) this.push(code | (D.USED_FIELD << 16));
    for (let u = this.payTop; u >= this.payLow; u--) this.push(code | (u << 16));
  }

  /** Minion synchronisation cards: `kind`, level ≤ maxL, not barred by a known jammer (minions need no power, 10.8). */
  private addMinionCards(e: number, kind: number, maxL: number): void {
    const s = this.s, base = e * MAX_HAND;
    const jam = s.jammedAt(e);
    for (let k = 0; k < s.handN[e]; k++) {
      const c = s.hand[base + k], L = s.cardLevel[c];
      if (s.cardKind[c] !== kind || L > maxL || (jam > 0 && L <= jam)) continue;
      this.push(D.act(D.K_SYNC, c, 0, 0));
    }
  }

  /** 2D6 as two d6 draws: exactly the draws of `nd(2, 6)`, without its generic n-sided path. */
  private roll2d6(): number {
    const d = this.dice;
    return d.d6() + d.d6();
  }

  private push(a: number): void {
    if (this.nLegal < LEGAL_MAX) this.legal[this.nLegal++] = a;
  }

  private ask(d: number, e: number): number {
    this.view.me = e;
    const a = this.policies[e].decide(d, this.view, this.legal, this.nLegal, this.pdice);
    return a;
  }

  // ───────────────────────── records and narration ─────────────────────────

  private step(rec: GameRecord, r: number): void {
    const s = this.s;
    let pa = 0, ea = 0, pd = 0, ed = 0;
    for (let e = 0; e < s.n; e++) {
      const alive = s.status[e] === ST_ACTIVE;
      if (s.side[e] === 0) {
        pa += alive ? 1 : 0;
        pd += alive ? s.dur[e] : 0;
      } else {
        ea += alive ? 1 : 0;
        ed += alive ? s.dur[e] : 0;
      }
    }
    rec.set(r, V_PARTY, pa);
    rec.set(r, V_ENEMY, ea);
    rec.set(r, V_PARTY_DUR, pd);
    rec.set(r, V_ENEMY_DUR, ed);
  }

  private finish(rec: GameRecord): void {
    const s = this.s;
    let partyAlive = 0, enemyAlive = 0, partyDur = 0, enemyDur = 0, partyIn = 0, enemyIn = 0, partyN = 0, partyEscaped = 0;
    for (let e = 0; e < s.n; e++) {
      const living = s.status[e] === ST_ACTIVE || s.status[e] === ST_ESCAPED || s.status[e] === ST_OUT;
      if (s.side[e] === 0) {
        partyN++;
        if (living) partyAlive++, partyDur += s.dur[e];
        if (s.status[e] === ST_ACTIVE) partyIn++;
        if (s.status[e] === ST_ESCAPED) partyEscaped++;
      } else {
        if (living) enemyAlive++, enemyDur += s.dur[e];
        if (s.status[e] === ST_ACTIVE) enemyIn++;
      }
    }
    let enemyLiving = 0;
    for (let e = 0; e < s.n; e++) if (s.side[e] === 1 && s.status[e] !== ST_DEAD && s.status[e] !== ST_RESIDUAL && s.status[e] !== ST_OUT) enemyLiving++;
    const lead = 0;
    const leadAlive = s.status[lead] !== ST_DEAD && s.status[lead] !== ST_RESIDUAL;
    rec.rates[RATE_WIN] = enemyLiving === 0 && s.endReason !== END_NO_COMBAT ? 1 : 0;
    rec.rates[RATE_LOSS] = partyAlive === 0 ? 1 : 0;
    rec.rates[RATE_ENEMY_GONE] = enemyIn === 0 && s.endReason !== END_NO_COMBAT ? 1 : 0;
    rec.rates[RATE_LEADER_SURVIVES] = leadAlive ? 1 : 0;
    rec.rates[RATE_ALL_SURVIVE] = partyAlive === partyN ? 1 : 0;
    rec.rates[RATE_PARTY_ESCAPED] = partyEscaped > 0 ? 1 : 0;
    rec.rates[RATE_DECK_OUT] = s.endReason === END_DECK_OUT ? 1 : 0;
    rec.rates[RATE_NO_COMBAT] = s.endReason === END_NO_COMBAT ? 1 : 0;
    const v = rec.values;
    for (let k = 0; k < this.stats.length; k++) v[k] = this.stats[k];
    v[VAL_ROUNDS] = s.round;
    v[VAL_PARTY_ALIVE] = partyAlive;
    v[VAL_ENEMY_ALIVE] = enemyAlive;
    v[VAL_PARTY_DUR] = partyDur;
    v[VAL_ENEMY_DUR] = enemyDur;
    void partyIn;
    if (this.log) {
      this.say(`combat ends after round ${s.round}: ${END_NAMES[s.endReason]}; combat cards returned, ESP power fully restored (10.5.2)`);
      for (let e = 0; e < s.n; e++) this.say(`  ${s.name(e)}: ${['elsewhere', 'in the combat', 'dead', 'escaped', 'residual thought'][s.status[e]]}, durability ${s.dur[e]}/${s.durMax[e]}, power left ${s.power[e]}`);
      this.say(`result: ${rec.rates[RATE_WIN] ? 'WIN (every enemy dead)' : rec.rates[RATE_LOSS] ? 'LOSS (the party is dead)' : 'NO DECISION'} — party ${partyAlive} alive, enemies ${enemyAlive} alive`);
    }
  }

  private say(text: string): void {
    this.log!.line(text);
  }

  private cardName(c: number): string {
    const k = this.s.cards[c];
    return `${k.name} Lv${k.level}${k.kind === CK_ATTACK || k.kind === CK_LIGHT_SWORD ? ` (power ${k.power})` : ''}`;
  }

  private usedText(e: number, c: number, used: number): string {
    const s = this.s, L = s.cardLevel[c];
    if (used === D.USED_FIELD) return ` via field Lv${s.field[e]}${L > s.field[e] ? ` + ${L - s.field[e]} willpower check(s)` : ''}`;
    return `${used > 0 ? `, power −${used}` : ''}${L > used ? ` + ${L - used} willpower check(s)` : ''}`;
  }
}

/** Kinds recognised in cards (re-exported for policies). */
export { CK_ATTACK, CK_DEFENCE, CK_ILLUSION, CK_LIGHT_SWORD, CK_TELEPORT, ST_ACTIVE, ST_DEAD, ST_ESCAPED, ST_OUT, ST_RESIDUAL, END_DECK_OUT, END_SIDE_GONE, END_NO_CONTINUATION, END_ROUND_CAP, END_NO_COMBAT, LOC_DECK, LOC_DISCARD };
