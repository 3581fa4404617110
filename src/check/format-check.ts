/**
 * The text `check` prints: what was compared, one table row per tracked metric
 * and per band, how to read it, and a last line with the verdict.
 */
import { describeStopRule } from '../report/stop-rule.js';
import { rulesLine } from '../report/rule-version.js';
import { renderTextTable, type TextColumn } from '../report/text-table.js';
import { alphaText, bandCell, bandLevelText, diffCell, EMPTY, pCell, valueCell, zCell } from './cells.js';
import { FAST_MAX_GAMES } from './games.js';
import type { CheckResult, SeedSource } from './run-check.js';
import type { MessageId } from '../i18n/messages-en.js';

/** The words for where the check's seed came from. */
const SEED_SOURCE: Record<SeedSource, MessageId> = {
  'given with --seed': 'check.givenSeed',
  'derived from the baseline seed': 'check.derivedFromBaselineSeed',
  'the experiment file\'s seed: no baseline yet': 'check.experimentFileSSeed',
};
import { t } from '../i18n/t.js';
import { metricLabel } from '../sim/core/metric-text.js';
import { questionIn } from '../sim/input/local-text.js';
import { shownPath } from '../sim/input/shown-path.js';

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
  // The labels in the reader's language (the baseline file keeps the engine's English).
  const label = (l: string) => metricLabel(res.summary.experiment.engine, l);
  const rows = res.rows.map((r) => [
    r.variant, label(r.label), valueCell(r.kind, r.baseline), valueCell(r.kind, r.current), diffCell(r.kind, r.diff),
    zCell(r.z), pCell(r.pHolm), r.changed ? VERDICT.changed : VERDICT.ok,
  ]);
  const bands = res.bands.map((b) => [
    b.spec.variant, t('check.within', { label: label(b.label), band: bandCell(b.spec.kind, b.spec.lo, b.spec.hi) }), valueCell(b.spec.kind, b.baseline),
    `${valueCell(b.spec.kind, b.current)} *`, EMPTY, zCell(b.z), pCell(b.p), b.inside ? VERDICT.inBand : VERDICT.notInBand,
  ]);
  return [...rows, ...bands];
}

/** Short `variant metric diff (z, p)` descriptions of the rows that moved, most significant first. */
function movedList(res: CheckResult, max = 8): string {
  const moved = res.rows.filter((r) => r.changed).sort((x, y) => x.p - y.p || Math.abs(y.z) - Math.abs(x.z));
  const items = moved.slice(0, max).map((r) => `${r.variant} ${r.metric} ${diffCell(r.kind, r.diff).split(' [')[0]} (z ${zCell(r.z)}, p ${pCell(r.pHolm)})`);
  return items.join('; ') + (moved.length > max ? t('check.more', { value: moved.length - max }) : '');
}

/** The full text of a check (ends with a newline; the last line is the verdict). */
export function formatCheck(res: CheckResult, opts: CheckTextOptions): string {
  const s = res.summary, b = res.baseline, a = alphaText(res.alpha);
  const out: string[] = [];
  out.push(t('check.balanceLabCheck', { name: s.experiment.name, value: s.experiment.question ? ` — ${questionIn(s.experiment)}` : '' }));
  const rules = rulesLine(s.rulings);
  if (rules) out.push(rules);
  out.push(b
    ? t('check.baselineSeedGamesPer', { baselineFile: shownPath(opts.baselineFile), seed: b.seed, int: int(b.gamesPerVariant) })
    : t('check.baselineNoneYet', { baselineFile: shownPath(opts.baselineFile) }));
  const mode = opts.gamesGiven ? '--games' : t('check.fastModeExperimentS', { int: int(FAST_MAX_GAMES) });
  out.push(t('check.currentSeedGamesPer', { seed: res.plan.seed, seedSource: t(SEED_SOURCE[res.plan.seedSource]), int: int(s.gamesPerVariant), mode, describeStopRule: describeStopRule(res.plan.stop) }));
  for (const n of res.notes) out.push(t('check.note', { note: n }));
  out.push('');
  if (res.rows.length + res.bands.length > 0) {
    const columns: TextColumn[] = [
      { header: t('table.variant'), align: 'left' },
      { header: t('check.colMetric'), align: 'left' },
      { header: t('check.colBaseline'), align: 'right' },
      { header: t('check.colCurrent'), align: 'right' },
      { header: t('check.colDifference'), align: 'right' },
      { header: 'z', align: 'right' },
      { header: 'p', align: 'right' },
      { header: t('check.colVerdict'), align: 'left' },
    ];
    out.push(renderTextTable(columns, checkTableRows(res)), '');
  }
  if (res.rows.length > 0) {
    out.push(t('check.eachMetricCurrentRun') +
      t('check.pHolmAdjustedOver', { rowsCount: res.rows.length, changed: VERDICT.changed, a, a2: a }));
  }
  if (res.bands.length > 0) {
    out.push(t('check.bandsChecksEquivalenceTest', { a, bandLevelText: bandLevelText(res.alpha) }));
  }
  out.push(verdictLine(res, opts));
  return out.join('\n') + '\n';
}

/** The last line: PASS / FAIL (or what `--update` did). */
export function verdictLine(res: CheckResult, opts: CheckTextOptions): string {
  const parts: string[] = [];
  if (res.rows.length > 0) {
    parts.push(res.changed === 0
      ? t('check.noMetricMovedSignificantly', { rowsCount: res.rows.length })
      : t('check.metricsMovedSignificantly', { changed: res.changed, rowsCount: res.rows.length, movedList: movedList(res) }));
  }
  if (res.bands.length > 0) {
    const failed = res.bands.filter((x) => !x.inside);
    parts.push(failed.length === 0
      ? t(res.bands.length === 1 ? 'check.bandHolds' : 'check.bandsHold', { n: res.bands.length })
      : t('check.bandNotShownHold', { failedCount: failed.length, bandsCount: res.bands.length, s: res.bands.length === 1 ? '' : 's', failed: failed.map((x) => `${x.spec.variant} ${x.spec.metric} (${x.spec.where})`).join('; ') }));
  }
  if (opts.update) {
    if (!res.baseline) parts.unshift(t('check.noPreviousBaselineCompare'));
    return t(res.baseline ? 'check.updateRewritten' : 'check.updateWritten', { parts: parts.join('; '), file: opts.baselineFile });
  }
  if (parts.length === 0) parts.push(t('check.nothingCompare'));
  return t(res.passed ? 'check.pass' : 'check.fail', { parts: parts.join('; ') });
}
