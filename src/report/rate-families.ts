/**
 * Rate families: groups of rates that together answer one question, found by
 * id prefix in any run's metrics — where leaders fell (`fell_*`), the
 * attempts-to-clear distribution (`cleared_within_*`), the first attempt at
 * each reorganization stage (`first_attempt_cleared_stage_*`), a scenario counter's end value (`counter_*`) and the
 * success rate given it (`win_given_*`). Each family
 * present gets a long-format CSV section (breakdown.csv) and a chart.
 */
import type { RunSummary } from '../sim/stats/summary.js';
import type { CsvCell, CsvTable } from './files/csv.js';
import type { MessageId } from '../i18n/messages-en.js';
import { rateOf } from './lookup.js';

export interface RateFamily {
  readonly prefix: string;
  /** Chart name (charts/<name>.svg). */
  readonly name: string;
  readonly title: string;
  /** The chart title in the catalogue (the report's language). */
  readonly titleId: MessageId;
}

export const RATE_FAMILIES: readonly RateFamily[] = [
  { prefix: 'fell_', name: 'cause-of-failure', title: 'Where the leader fell (share of all games)' , titleId: 'chart.familyFell' },
  { prefix: 'cleared_within_', name: 'attempts-to-clear', title: 'Scenario cleared within k attempts (cumulative)' , titleId: 'chart.familyAttempts' },
  { prefix: 'first_attempt_cleared_stage_', name: 'stage-clear-rate', title: 'First attempt at each reorganization stage cleared (given the stage was reached)' , titleId: 'chart.familyStage' },
  { prefix: 'counter_', name: 'counter-distribution', title: 'Scenario counters: value at the end of the operation (a campaign: of its first attempt); share of all games' , titleId: 'chart.familyCounter' },
  { prefix: 'win_given_', name: 'clear-by-counter', title: 'Success given a counter\'s value at the end (a campaign: cleared, given the value after its first attempt)' , titleId: 'chart.familyWinGiven' },
];

/** The families whose rates the run has, with their rate ids in metric order. */
export function familiesIn(summary: RunSummary): { family: RateFamily; ids: string[] }[] {
  return RATE_FAMILIES.map((family) => ({ family, ids: summary.metrics.rates.filter((r) => r.id.startsWith(family.prefix)).map((r) => r.id) }))
    .filter((f) => f.ids.length > 0);
}

/** breakdown.csv: `family,variant,label,metric,metric_label,n,count,rate,rate_lo,rate_hi`, one row per variant and family rate; null when no family is present. */
export function breakdownCsv(summary: RunSummary): CsvTable | null {
  const fams = familiesIn(summary);
  if (fams.length === 0) return null;
  const rows: CsvCell[][] = [];
  for (const { family, ids } of fams) {
    for (const v of summary.variants) {
      for (const id of ids) {
        const r = rateOf(v, id);
        if (!r) continue;
        rows.push([family.name, v.name, v.label, id, r.label, r.n ?? v.games, r.count, r.rate.estimate, r.rate.lo, r.rate.hi]);
      }
    }
  }
  return { header: ['family', 'variant', 'label', 'metric', 'metric_label', 'n', 'count', 'rate', 'rate_lo', 'rate_hi'], rows };
}
