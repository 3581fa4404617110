/**
 * The experiment key `stop: { target_of: all | differences }` (issue 27): which 95% half-widths a `target_error` stop
 * waits for.
 *
 * - `all` (the default): every variant's own primary rate and each variant's paired difference of it against its
 *   reference (the baseline, or its `paired_with`). A file without the key compiles to the same stop rule as before
 *   (no field added), so its results, hashes and outputs do not move.
 * - `differences`: only the paired differences. The variants without a reference (the baseline, `paired_with: none`)
 *   are not waited for: their own rates are reported with whatever interval they reach. For experiments whose answer
 *   is a paired difference ("is the new policy at least as strong").
 *
 * Refused, exit code 2, at the key's line: an unknown value; the key beside `games: N`; `differences` in a file where no
 * variant has a paired difference; `differences` with `solve:`, `search:` or `tune:` (their races play game counts of
 * their own).
 */
import type { Cursor } from '../input/schema.js';
import type { CompiledVariant } from '../core/types.js';
import type { RunSummary, StopRule } from '../stats/summary.js';
import { referenceIndices } from './paired-ref.js';

/** What a `target_error` stop waits for: every interval, or the paired differences only. */
export type StopScope = 'all' | 'differences';

const SCOPES: readonly StopScope[] = ['all', 'differences'];

/** The scope of a stop rule (`all` for a fixed count and for a rule without the key). */
export function stopScope(stop: StopRule): StopScope {
  return stop.kind === 'target_error' && stop.targetOf === 'differences' ? 'differences' : 'all';
}

/**
 * Read `target_of` from the `stop:` mapping `c`; `hasTarget` = the mapping has `target_error`. Returns the field to
 * spread into the stop rule (empty for `all`, so a file without the key stays byte-identical).
 */
export function readTargetOf(c: Cursor, hasTarget: boolean): { targetOf?: 'differences' } {
  const k = c.key('target_of');
  if (k.missing) return {};
  const v = k.value;
  if (typeof v !== 'string' || !(SCOPES as readonly string[]).includes(v)) {
    k.fail({ id: 'stopof.unknown', params: { value: typeof v === 'string' ? `"${v}"` : JSON.stringify(v) } }, { id: 'stopof.allowed' });
  }
  if (!hasTarget) k.fail({ id: 'stopof.withGames' }, { id: 'stopof.allowedWithGames' });
  return v === 'differences' ? { targetOf: 'differences' } : {};
}

/**
 * The checks that need the compiled variants: `differences` needs at least one paired variant, and is refused beside
 * the `solve:`, `search:` and `tune:` races. `stop` is the file's own rule (before command-line overrides).
 */
export function checkTargetOf(root: Cursor, stop: StopRule, variants: readonly CompiledVariant[]): void {
  if (stopScope(stop) !== 'differences') return;
  const c = root.key('stop').key('target_of');
  for (const section of ['solve', 'search', 'tune']) {
    if (!root.key(section).missing) c.fail({ id: 'stopof.notPlayedBy', params: { section } }, { id: 'stopof.removeKeyOr', params: { section } });
  }
  if (!referenceIndices(variants).some((r) => r >= 0)) c.fail({ id: 'stopof.noPairs' }, { id: 'stopof.allowedNoPairs' });
}

/**
 * The widest 95% half-width a stop with `scope` waits for, read from a run's summary: each variant's primary rate
 * (under `all`) and its paired difference of the primary rate (where it has a reference) — the intervals the summary
 * reports (adjusted ones with control variates), so the same figures as the run's own stop rule
 * (run.ts worstHalfWidth). An undefined interval (too few games) is skipped; 0 when there is nothing to wait for.
 */
export function summaryWorstHalfWidth(s: RunSummary, scope: StopScope): number {
  let worst = 0;
  for (const v of s.variants) {
    if (scope === 'all') {
      const own = v.rates[0]?.rate;
      if (own && Number.isFinite(own.hi - own.lo)) worst = Math.max(worst, (own.hi - own.lo) / 2);
    }
    const d = v.pairedRates[0]?.diff;
    if (d && Number.isFinite(d.hi - d.lo)) worst = Math.max(worst, (d.hi - d.lo) / 2);
  }
  return worst;
}
