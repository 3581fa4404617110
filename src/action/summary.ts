/**
 * The job summary (`$GITHUB_STEP_SUMMARY`) of the GitHub Action, written to be read on a phone (390 px): first one
 * verdict line per experiment, then only the metrics that moved as a table of at most 4 short columns, the targets
 * (met / missed / undecided), the measured answer of each run, and links to the reports. Every word comes from the
 * catalogue (`action.*`), in the language of `--lang`.
 */
import { t } from '../i18n/t.js';
import { displayWidth } from '../report/display-width.js';
import { targetBand, targetName, verdictWord } from '../check/targets.js';
import type { ExperimentRecord } from './record.js';

/** The widest a table cell may be, in display columns (a CJK character counts 2). */
export const MAX_CELL_WIDTH = 18;
/** The most columns of a summary table. */
export const MAX_COLUMNS = 4;

/** Shorten a cell to {@link MAX_CELL_WIDTH} display columns, ending in … when cut; `|` escaped. */
export function shortCell(text: string): string {
  let out = '';
  for (const ch of text) {
    if (displayWidth(out + ch) > MAX_CELL_WIDTH - 1 && displayWidth(text) > MAX_CELL_WIDTH) return `${out}…`.replace(/\|/g, '\\|');
    out += ch;
  }
  return out.replace(/\|/g, '\\|');
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const line = (cells: readonly string[]) => `| ${cells.slice(0, MAX_COLUMNS).map(shortCell).join(' | ')} |`;
  return [line(head), `|${head.slice(0, MAX_COLUMNS).map(() => '---').join('|')}|`, ...rows.map(line)];
}

/** `57.3 [51.7–62.8]`: an estimate and its interval in one short cell (a rate in %, the unit in the target's band). */
export function compactCi(scale: number, estimate: number, lo: number, hi: number): string {
  const f = (x: number) => (Number.isFinite(x) ? (scale * x).toFixed(1) : '∞');
  return `${f(estimate)} [${f(lo)}–${f(hi)}]`;
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

function num(kind: 'rate' | 'mean', x: number): string {
  return kind === 'rate' ? pct(x) : x.toFixed(2);
}

function signed(kind: 'rate' | 'mean', x: number): string {
  const s = kind === 'rate' ? `${(100 * x).toFixed(1)}pp` : x.toFixed(2);
  return x > 0 ? `+${s}` : s.replace('-', '−');
}

const ICON: Record<ExperimentRecord['status'], string> = { pass: '✅', fail: '❌', ran: '📊', updated: '📝', invalid: '⛔' };

/** The verdict line of one experiment. */
export function verdictLine(r: ExperimentRecord): string {
  const what =
    r.status === 'pass' ? t('action.pass')
    : r.status === 'fail' ? t('action.fail', { moved: r.moved.length, bands: r.bandFailures })
    : r.status === 'updated' ? t('action.updated')
    : r.status === 'invalid' ? t('action.invalid', { where: r.error?.where ?? r.file })
    : t('action.ran');
  return `${ICON[r.status]} **${r.name}**: ${what}`;
}

/** Options of the summary: where the reports are published (a Pages URL), or the run's page (the artifact). */
export interface SummaryOptions {
  readonly mode: 'check' | 'run' | 'update';
  /** Base URL of the published reports (ending in /), or null. */
  readonly pagesUrl: string | null;
  /** The workflow run's page, where the results artifact is. */
  readonly runUrl: string | null;
}

/** The whole job summary, Markdown. */
export function buildSummary(records: readonly ExperimentRecord[], opts: SummaryOptions): string {
  const out: string[] = [`### ${t('action.title', { mode: opts.mode, count: records.length })}`, ''];
  if (records.length === 0) out.push(t('action.noExperiments'), '');
  for (const r of records) out.push(`${verdictLine(r)}  `);
  out.push('');

  const moved = records.flatMap((r) => r.moved.map((m) => ({ r, m })));
  if (moved.length > 0) {
    out.push(`#### ${t('action.movedHeading')}`, '');
    out.push(...table(
      [t('action.colWhere'), t('action.colBefore'), t('action.colNow'), t('action.colDiff')],
      moved.map(({ r, m }) => [`${r.name}·${m.variant}·${m.metric}`, num(m.kind, m.before), num(m.kind, m.now), signed(m.kind, m.now - m.before)]),
    ), '');
  }

  const targets = records.flatMap((r) => r.targets.map((x) => ({ r, x })));
  if (targets.length > 0) {
    out.push(`#### ${t('action.targetsHeading')}`, '');
    out.push(...table(
      [t('action.colTarget'), t('action.colVariant'), t('action.colNowCi'), t('action.colVerdict')],
      targets.map(({ x }) => [`${targetName(x.target.metric)} ${targetBand(x.target)}`, x.variant, compactCi(x.target.kind === 'rate' ? 100 : 1, x.estimate, x.lo, x.hi), verdictWord(x.verdict)]),
    ), '');
    if (targets.some(({ x }) => x.target.framework)) out.push(t('action.hisNumbers'), '');
  }

  const answered = records.filter((r) => r.answer.length > 0 && opts.mode === 'run');
  if (answered.length > 0) {
    out.push(`#### ${t('action.answersHeading')}`, '');
    for (const r of answered) {
      out.push(`**${r.name}**${r.question ? ` — ${r.question}` : ''}  `);
      for (const a of r.answer) {
        const vs = typeof a.pairedWith === 'string' ? ` ${t('pairref.vs', { ref: a.pairedWith })}` : '';
        const diff = a.diff
          ? ` (${signed('rate', a.diff.estimate)} [${signed('rate', a.diff.lo)}, ${signed('rate', a.diff.hi)}]${vs})`
          : a.pairedWith === null ? ` (${t('pairref.noPair')})` : ` (${t('action.baseline')})`;
        out.push(`- ${a.label}: ${pct(a.estimate)} [${pct(a.lo)}, ${pct(a.hi)}]${diff}`);
      }
      out.push('');
    }
  }

  const reports = records.filter((r) => r.report);
  if (reports.length > 0 && (opts.pagesUrl || opts.runUrl)) {
    out.push(`#### ${t('action.reportsHeading')}`, '');
    if (opts.pagesUrl) {
      out.push(`- [${t('action.index')}](${opts.pagesUrl})`);
      for (const r of reports) out.push(`- [${r.name}](${opts.pagesUrl}${r.report})`);
    } else out.push(t('action.inArtifact', { url: opts.runUrl! }));
    out.push('');
  }
  return `${out.join('\n')}\n`;
}
