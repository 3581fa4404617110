/**
 * The designer's framework metrics (design-framework.md, バランス設計指標; issue 28 item 10, issue 25 item 5):
 * combats per operation (戦闘密度), magazines spent in combat (弾倉消費目安, per combat as a ratio of the two),
 * a whole-squad wipe (全滅) beside the leader's death, and each reported counter's value as the mid event starts,
 * as a distribution. Appended after an operation's or a campaign's other metrics, so earlier metric indices keep
 * their place. The tally is kept by the operation engine; these functions only name and record the outputs.
 */
import type { GameRecord, RateSpec, ValueSpec } from '../../../sim/core/types.js';

/** One counter broken down by value (operation.ts counterBins). */
export interface CounterBin {
  readonly index: number;
  readonly id: string;
  readonly lo: number;
  readonly n: number;
}

/** Per-operation tally: combats fought (an encounter that came to combat), magazines spent in them, wipe, mid snapshot. */
export class FrameworkTally {
  combats = 0;
  combatMagazines = 0;
  /** The operation ended with the leader down and no combatant member standing with the squad (全滅). */
  wiped = false;
  /** The mid event was reached, and the counters as it started. */
  reachedMid = false;
  readonly mid = new Int32Array(8);

  /** Start of a game (or of a campaign): every tally at zero. */
  reset(): void {
    this.combats = this.combatMagazines = 0;
    this.wiped = this.reachedMid = false;
  }
}

/** Rates an operation adds: leader down, whole squad wiped, reached the mid event, each counter's value at the mid event. */
export function frameworkOperationRates(bins: readonly CounterBin[]): RateSpec[] {
  return [
    { id: 'leader_down', label: 'Leader down (作戦失敗)' },
    { id: 'wiped', label: 'Whole squad wiped (全滅: leader down, no member standing)' },
    { id: 'reached_mid', label: 'Reached the mid event' },
    ...bins.flatMap((b) => Array.from({ length: b.n }, (_, x) => ({
      id: `counter_${b.id}_mid_${b.lo + x}`, label: `${b.id} = ${b.lo + x} as the mid event starts (given it was reached)`, given: 'reached_mid',
    }))),
  ];
}

/** Values an operation adds: combats and the magazines spent in them. */
export function frameworkOperationValues(): ValueSpec[] {
  return [
    { id: 'combats', label: 'Combats (戦闘密度)', max: 40 },
    { id: 'combat_magazines', label: 'Magazines spent in combats (弾倉消費)', max: 200 },
  ];
}

/** Rates a campaign adds: a wipe in any attempt, the first attempt reached the mid event, the counters there. */
export function frameworkCampaignRates(bins: readonly CounterBin[]): RateSpec[] {
  return [
    { id: 'wiped_any', label: 'Whole squad wiped in some attempt (全滅)' },
    { id: 'reached_mid', label: 'The first attempt reached the mid event' },
    ...bins.flatMap((b) => Array.from({ length: b.n }, (_, x) => ({
      id: `counter_${b.id}_mid_${b.lo + x}`, label: `${b.id} = ${b.lo + x} as the first attempt's mid event starts (given it was reached)`, given: 'reached_mid',
    }))),
  ];
}

/** Values a campaign adds: combats and their magazines over all attempts, wipes. */
export function frameworkCampaignValues(cap: number): ValueSpec[] {
  return [
    { id: 'combats', label: 'Combats (all attempts)', max: 40 * Math.min(cap, 20) },
    { id: 'combat_magazines', label: 'Magazines spent in combats (all attempts)', max: 999 },
    { id: 'wipes', label: 'Attempts ending in a whole-squad wipe (全滅)', max: cap },
  ];
}

/**
 * Write the rates from `at`: `flags` first (leader down, wiped … as the spec lists them), then reached-mid and the
 * mid bins of `t` (the operation's, or a campaign's first attempt's).
 */
export function recordFrameworkRates(rec: GameRecord, at: number, flags: readonly boolean[], bins: readonly CounterBin[], t: FrameworkTally): void {
  let k = at;
  for (const f of flags) rec.rates[k++] = f ? 1 : 0;
  const reached = t.reachedMid, mid = t.mid;
  rec.rates[k++] = reached ? 1 : 0;
  for (const b of bins) {
    const v = reached && b.index >= 0 ? mid[b.index] - b.lo : -1;
    for (let x = 0; x < b.n; x++) rec.rates[k + x] = v === x ? 1 : 0;
    k += b.n;
  }
}
