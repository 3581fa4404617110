/**
 * The text `check` prints: what was compared, one table row per tracked metric
 * and per band, how to read it, and a last line with the verdict.
 */
import { describeStopRule } from '../report/stop-rule.js';
import { renderTextTable, type TextColumn } from '../report/text-table.js';
import { alphaText, bandCell, bandLevelText, diffCell, EMPTY, pCell, valueCell, zCell } from './cells.js';
import { FAST_MAX_GAMES } from './games.js';
import type { CheckResult } from './run-check.js';

/** Verdict words in the table. */
export const VERDICT = { ok: 'ok', changed: 'CHANGED', inBand: 'in band', notInBand: 'NOT IN BAND' } as const;

/** How the text is framed: the baseline file's name and whether it is being rewritten. */
export interface CheckTextOptions {
  readonly baselineFile: string;
  /** `--update`: the table compares with the old baseline, which is then overwritten. */
  readonly update?: boolean;
  /** The games were given with `--games` (not the fast-mode default). */
  readonly gamesGiven?: boolean;
}

function int(n: number): string {
  return n.toLocaleString('en-US');
}

/** The rows of the table: regression rows, then band rows. */
export function checkTableRows(res: CheckResult): string[][] {
  const rows = res.rows.map((r) => [
    r.variant, r.label, valueCell(r.kind, r.baseline), valueCell(r.kind, r.current), diffCell(r.kind, r.diff),
    zCell(r.z), pCell(r.pHolm), r.changed ? VERDICT.changed : VERDICT.ok,
  ]);
  const bands = res.bands.map((b) => [
    b.spec.variant, `${b.label} within ${bandCell(b.spec.kind, b.spec.lo, b.spec.hi)}`, valueCell(b.spec.kind, b.baseline),
    `${valueCell(b.spec.kind, b.current)} *`, EMPTY, zCell(b.z), pCell(b.p), b.inside ? VERDICT.inBand : VERDICT.notInBand,
  ]);
  return [...rows, ...bands];
}

/** Short `variant metric diff (z, p)` descriptions of the rows that moved, most significant first. */
function movedList(res: CheckResult, max = 8): string {
  const moved = res.rows.filter((r) => r.changed).sort((x, y) => x.p - y.p || Math.abs(y.z) - Math.abs(x.z));
  const items = moved.slice(0, max).map((r) => `${r.variant} ${r.metric} ${diffCell(r.kind, r.diff).split(' [')[0]} (z ${zCell(r.z)}, p ${pCell(r.pHolm)})`);
  return items.join('; ') + (moved.length > max ? `; and ${moved.length - max} more` : '');
}

/** The full text of a check (ends with a newline; the last line is the verdict). */
export function formatCheck(res: CheckResult, opts: CheckTextOptions): string {
  const s = res.summary, b = res.baseline, a = alphaText(res.alpha);
  const out: string[] = [];
  out.push(`balance-lab check: ${s.experiment.name}${s.experiment.question ? ` — ${s.experiment.question}` : ''}`);
  out.push(b
    ? `baseline: ${opts.baselineFile} · seed ${b.seed} · ${int(b.gamesPerVariant)} games per variant`
    : `baseline: ${opts.baselineFile} (none yet)`);
  const mode = opts.gamesGiven ? '--games' : `fast mode (the experiment's stopping rule, capped at ${int(FAST_MAX_GAMES)} games per variant)`;
  out.push(`current:  seed ${res.plan.seed} (${res.plan.seedSource}) · ${int(s.gamesPerVariant)} games per variant · ${mode}: ${describeStopRule(res.plan.stop)}`);
  for (const n of res.notes) out.push(`note: ${n}`);
  out.push('');
  if (res.rows.length + res.bands.length > 0) {
    const columns: TextColumn[] = [
      { header: 'variant', align: 'left' },
      { header: 'metric', align: 'left' },
      { header: 'baseline (95% CI)', align: 'right' },
      { header: 'current (95% CI)', align: 'right' },
      { header: 'difference (95% CI)', align: 'right' },
      { header: 'z', align: 'right' },
      { header: 'p', align: 'right' },
      { header: 'verdict', align: 'left' },
    ];
    out.push(renderTextTable(columns, checkTableRows(res)), '');
  }
  if (res.rows.length > 0) {
    out.push(`Each metric: current run vs baseline, independent samples (different seeds): two-proportion z-test for rates, Welch z-test for means. ` +
      `p is Holm-adjusted over the ${res.rows.length} metrics; ${VERDICT.changed} when p ≤ α = ${a}, so unchanged rules raise a false alarm with probability at most ${a}.`);
  }
  if (res.bands.length > 0) {
    out.push(`* Bands (checks:): equivalence test (TOST) at α = ${a}; the current value is shown with its ${bandLevelText(res.alpha)} (1 − 2α) CI, which must lie inside the band; p is the TOST p-value.`);
  }
  out.push(verdictLine(res, opts));
  return out.join('\n') + '\n';
}

/** The last line: PASS / FAIL (or what `--update` did). */
export function verdictLine(res: CheckResult, opts: CheckTextOptions): string {
  const parts: string[] = [];
  if (res.rows.length > 0) {
    parts.push(res.changed === 0
      ? `no metric moved significantly (${res.rows.length} compared)`
      : `${res.changed} of ${res.rows.length} metrics moved significantly: ${movedList(res)}`);
  }
  if (res.bands.length > 0) {
    const failed = res.bands.filter((x) => !x.inside);
    parts.push(failed.length === 0
      ? `${res.bands.length} of ${res.bands.length} band${res.bands.length === 1 ? ' holds' : 's hold'}`
      : `${failed.length} of ${res.bands.length} band${res.bands.length === 1 ? '' : 's'} not shown to hold: ${failed.map((x) => `${x.spec.variant} ${x.spec.metric} (${x.spec.where})`).join('; ')}`);
  }
  if (opts.update) {
    if (!res.baseline) parts.unshift('no previous baseline to compare with');
    return `UPDATE: ${parts.join('; ')}; baseline ${res.baseline ? 'rewritten' : 'written'}: ${opts.baselineFile}`;
  }
  if (parts.length === 0) parts.push('nothing to compare');
  return `${res.passed ? 'PASS' : 'FAIL'}: ${parts.join('; ')}`;
}
