/**
 * The designer's own test measures (his v1.01 resource audit §7 「次のテスト基準」; issue 41) and the じり貧 target of
 * his d66 notes (「最終イベント到達時：弾倉0〜1が理想状態」). Opt-in per experiment (`operation.audit: true`): the
 * outputs are appended after every other output of an operation or a campaign, so no other index moves.
 *
 * Per operation: fights split by place (random tile / mid / final) and by enemy (敵戦闘集団 only / with a 高脅威目標),
 * magazines spent in each, magazines left as the mid and the final fight end, magazines gained on random tiles (their
 * events, and their fights' loot), enemy withdrawals, 退却, fights avoided (察知, or a reaction that ended the encounter
 * without combat), members lost, rounds of fights with a 高脅威目標, and the magazines in hand as the final event starts
 * (its distribution, and じり貧: 0–1 of them). A campaign reports the same over all its attempts, and per lap.
 * Definitions: docs/designer-plan.md. The tally is kept by the operation's tiles (tiles.ts); this file names, sizes
 * and records the outputs.
 */
import type { GameRecord, RateSpec, ValueSpec } from '../../../sim/core/types.js';

/** Where a fight happened: a random tile (or a briefing), the mid event, the final event. */
export const PLACE_RANDOM = 0, PLACE_MID = 1, PLACE_FINAL = 2;

/** Slots of the per-operation tally ({@link AuditTally.v}), in output order. */
export const A_FIGHTS_RANDOM = 0, A_FIGHTS_MID = 1, A_FIGHTS_FINAL = 2, A_SPENT_RANDOM = 3, A_SPENT_MID = 4, A_SPENT_FINAL = 5,
  A_LEFT_MID = 6, A_LEFT_FINAL = 7, A_GAIN_EVENTS = 8, A_GAIN_LOOT = 9, A_FIXED_GAIN = 10, A_FIGHTS_GROUP = 11, A_FIGHTS_HTT = 12,
  A_SPENT_GROUP = 13, A_SPENT_HTT = 14, A_ROUNDS_GROUP = 15, A_ROUNDS_HTT = 16, A_WITHDRAWALS = 17, A_RETREATS = 18,
  A_AVOID_DETECT = 19, A_AVOID_REACTION = 20, A_MEMBERS_LOST = 21, A_AT_FINAL = 22, A_REACHED_FINAL = 23, A_JIRI = 24, A_SLOTS = 25;

/** The per-operation values, in slot order: id, English label (the Japanese is in the uaMetric catalogue), histogram cap. */
const VALUES: readonly (readonly [string, string, number])[] = [
  ['audit_fights_random', 'Fights on random tiles (戦闘: ランダムイベント)', 40],
  ['audit_fights_mid', 'Fights at the mid event (戦闘: 中間イベント)', 4],
  ['audit_fights_final', 'Fights at the final event (戦闘: 最終イベント)', 4],
  ['audit_spent_random', 'Magazines spent in random-tile fights (戦闘ごとの弾倉消費)', 200],
  ['audit_spent_mid', 'Magazines spent in the mid-event fight (戦闘ごとの弾倉消費)', 99],
  ['audit_spent_final', 'Magazines spent in the final-event fight (戦闘ごとの弾倉消費)', 99],
  ['audit_left_mid', 'Magazines left as the mid-event fight ends (戦闘終了時の残弾倉; 0 when not fought)', 99],
  ['audit_left_final', 'Magazines left as the final-event fight ends (戦闘終了時の残弾倉; 0 when not fought)', 99],
  ['audit_gain_events', 'Magazines gained from random-tile events, net (ランダムイベントから得た弾倉)', 99],
  ['audit_gain_loot', 'Magazines from the loot of random-tile fights (ランダムイベントから得た弾倉: 戦利品)', 99],
  ['audit_gain_fixed', 'Magazines gained at the fixed events (mid, final, briefing)', 99],
  ['audit_fights_group', 'Fights against enemy groups only (敵戦闘集団)', 40],
  ['audit_fights_htt', 'Fights with a high-threat target (高脅威目標)', 40],
  ['audit_spent_group', 'Magazines spent in fights against enemy groups only', 200],
  ['audit_spent_htt', 'Magazines spent in fights with a high-threat target', 200],
  ['audit_rounds_group', 'Rounds of fights against enemy groups only', 300],
  ['audit_rounds_htt', 'Rounds of fights with a high-threat target (高脅威目標戦のラウンド数)', 300],
  ['audit_withdrawals', 'Enemy withdrawals (撤退: a fight won with enemies still standing)', 40],
  ['audit_retreats', 'Retreats by the squad (退却)', 40],
  ['audit_avoided_detect', 'Tiles avoided by 察知 (戦闘回避)', 40],
  ['audit_avoided_reaction', 'Encounters ended without combat by the reaction (戦闘回避)', 40],
  ['audit_members_lost', 'Members lost (分隊員の脱落数)', 12],
  ['audit_at_final', 'Magazines in hand as the final event starts (0 when not reached)', 99],
  ['audit_finals', 'Final events reached', 4],
  ['audit_finals_jiri', 'Final events reached with 0–1 magazines (じり貧)', 4],
];

/** Magazines at the final: bins 0 … FINAL_BINS − 1, then one for FINAL_BINS or more. */
export const FINAL_BINS = 12;
/** The values recorded per lap of a campaign (slots of the tally). */
const LAP_SLOTS = [A_FIGHTS_RANDOM, A_SPENT_RANDOM, A_SPENT_MID, A_SPENT_FINAL, A_GAIN_EVENTS, A_GAIN_LOOT, A_ROUNDS_HTT, A_WITHDRAWALS,
  A_RETREATS, A_AVOID_DETECT, A_AVOID_REACTION, A_MEMBERS_LOST, A_AT_FINAL, A_REACHED_FINAL, A_JIRI];

/** The tally of one operation, kept by the operation's tiles (allocated once per runner; reset per operation). */
export class AuditTally {
  readonly v = new Int32Array(A_SLOTS);
  /** The final event was reached, and the magazines in hand as it started. */
  reachedFinal = false;
  atFinal = 0;
  /** Magazines of fight loot on the tile being resolved (kept apart from its events' gains). */
  tileLoot = 0;

  reset(): void {
    this.v.fill(0);
    this.reachedFinal = false;
    this.atFinal = 0;
    this.tileLoot = 0;
  }

  /** The final event starts with `magazines` in hand. */
  final(magazines: number): void {
    this.reachedFinal = true;
    this.atFinal = magazines;
    this.v[A_AT_FINAL] = magazines;
    this.v[A_REACHED_FINAL] = 1;
    this.v[A_JIRI] = magazines <= 1 ? 1 : 0;
  }

  /** A fight that came to combat ended: its place, whether a 高脅威目標 was in it, its cost, its rounds, the magazines left. */
  fight(place: number, htt: boolean, spent: number, rounds: number, left: number, withdrew: boolean): void {
    const v = this.v;
    v[A_FIGHTS_RANDOM + place]++;
    v[A_SPENT_RANDOM + place] += spent;
    if (place === PLACE_MID) v[A_LEFT_MID] = left;
    else if (place === PLACE_FINAL) v[A_LEFT_FINAL] = left;
    v[htt ? A_FIGHTS_HTT : A_FIGHTS_GROUP]++;
    v[htt ? A_SPENT_HTT : A_SPENT_GROUP] += spent;
    v[htt ? A_ROUNDS_HTT : A_ROUNDS_GROUP] += rounds;
    if (withdrew) v[A_WITHDRAWALS]++;
  }
}

/** Rates of one scope (an operation, or a campaign lap): reached the final, じり貧, the final's magazines by value. */
function finalRates(p: string, what: string, given: string | undefined): RateSpec[] {
  const g = given ? { given } : {};
  const out: RateSpec[] = [
    { id: `${p}reached_final`, label: `${what}reached the final event`, ...g },
    { id: `${p}jiri_all`, label: `${what}reached the final event with 0–1 magazines (じり貧, share of all)`, ...g },
    { id: `${p}jiri`, label: `${what}0–1 magazines as the final event starts (じり貧, given it was reached)`, given: `${p}reached_final` },
  ];
  for (let k = 0; k < FINAL_BINS; k++) out.push({ id: `${p}final_mags_${k}`, label: `${what}${k} magazines as the final event starts (given it was reached)`, given: `${p}reached_final` });
  out.push({ id: `${p}final_mags_${FINAL_BINS}plus`, label: `${what}${FINAL_BINS} or more magazines as the final event starts (given it was reached)`, given: `${p}reached_final` });
  return out;
}
const FINAL_RATES = 3 + FINAL_BINS + 1;

/** The audit rates of an operation. */
export function auditOperationRates(): RateSpec[] {
  return finalRates('audit_', 'Audit: ', undefined);
}

/** The audit values of an operation (and a campaign's totals over its attempts). */
export function auditOperationValues(all = false): ValueSpec[] {
  return VALUES.map(([id, label, max]) => ({ id, label: all ? `${label}, all attempts` : label, max: all ? max * 4 : max }));
}

/** The audit rates of a campaign: per lap, played, won at its first attempt, and its first attempt's final. */
export function auditCampaignRates(laps: number): RateSpec[] {
  const out: RateSpec[] = [];
  for (let l = 1; l <= laps; l++) {
    out.push({ id: `lap${l}_played`, label: `Lap ${l} played (周回)` });
    out.push({ id: `lap${l}_won_first`, label: `Lap ${l}: its first attempt succeeded (given the lap was played)`, given: `lap${l}_played` });
    out.push(...finalRates(`lap${l}_`, `Lap ${l}, first attempt: `, `lap${l}_played`));
  }
  return out;
}

/** The audit values of a campaign: the totals over all attempts, then per lap (summed over the lap's attempts). */
export function auditCampaignValues(laps: number): ValueSpec[] {
  const out = auditOperationValues(true);
  for (let l = 1; l <= laps; l++) {
    for (const j of LAP_SLOTS) out.push({ id: `lap${l}_${VALUES[j][0].slice('audit_'.length)}`, label: `Lap ${l}: ${VALUES[j][1]} (all attempts at this lap)`, max: VALUES[j][2] * 3 });
  }
  return out;
}

/** Write one scope's final rates at `at` (reached, じり貧 of all, じり貧 given reached, the bins). */
function recordFinal(rec: GameRecord, at: number, t: AuditTally): void {
  const r = rec.rates, reached = t.reachedFinal, m = t.atFinal;
  r[at] = reached ? 1 : 0;
  r[at + 1] = r[at + 2] = reached && m <= 1 ? 1 : 0;
  for (let k = 0; k <= FINAL_BINS; k++) r[at + 3 + k] = reached && (k === FINAL_BINS ? m >= FINAL_BINS : m === k) ? 1 : 0;
}

/** An operation's audit outputs: the last rates and values of its record. */
export function recordAuditOperation(rec: GameRecord, t: AuditTally): void {
  recordFinal(rec, rec.rates.length - FINAL_RATES, t);
  const at = rec.values.length - A_SLOTS;
  for (let j = 0; j < A_SLOTS; j++) rec.values[at + j] = t.v[j];
}

/** A campaign's audit sums: all attempts, and per lap. */
export class AuditCampaign {
  private readonly all = new Int32Array(A_SLOTS);
  private readonly lap: Int32Array;
  private readonly played: Uint8Array;

  constructor(readonly laps: number) {
    this.lap = new Int32Array(laps * LAP_SLOTS.length);
    this.played = new Uint8Array(laps);
  }

  reset(): void {
    this.all.fill(0);
    this.lap.fill(0);
    this.played.fill(0);
  }

  /** An attempt at lap `l` (0-based) ended; its operation's tally `t`; `won`: it succeeded. Records a lap's first attempt. */
  attempt(rec: GameRecord, l: number, t: AuditTally, won: boolean): void {
    for (let j = 0; j < A_SLOTS; j++) this.all[j] += t.v[j];
    for (let i = 0; i < LAP_SLOTS.length; i++) this.lap[l * LAP_SLOTS.length + i] += t.v[LAP_SLOTS[i]];
    if (this.played[l]) return;
    this.played[l] = 1;
    const at = this.ratesAt(rec) + l * (2 + FINAL_RATES);
    rec.rates[at] = 1;
    rec.rates[at + 1] = won ? 1 : 0;
    recordFinal(rec, at + 2, t);
  }

  /** The campaign's end: the sums as values (the lap rates were written as each lap was first played). */
  record(rec: GameRecord): void {
    let at = rec.values.length - A_SLOTS - this.lap.length;
    for (let j = 0; j < A_SLOTS; j++) rec.values[at++] = this.all[j];
    for (let i = 0; i < this.lap.length; i++) rec.values[at++] = this.lap[i];
  }

  private ratesAt(rec: GameRecord): number {
    return rec.rates.length - this.laps * (2 + FINAL_RATES);
  }
}
