/**
 * The job summary (`$GITHUB_STEP_SUMMARY`) of the GitHub Action, written to be read on a phone (390 px): first one
 * verdict line per experiment, then one section per experiment — the rule version it played, the answer to its
 * question, the metrics that moved (before → after, the change with its 95% CI), its targets and its report — in
 * tables of at most 4 columns whose identifying cells are never cut (they wrap). Every word comes from the
 * catalogue (`action.*`), in the language of `--lang`.
 */
import { t } from '../i18n/t.js';
import { targetCells, targetColumns } from '../report/targets.js';
import type { ExperimentRecord, MovedRow } from './record.js';
import { markdownCell, markdownText } from './escape.js';

/** The most columns of a summary table. */
export const MAX_COLUMNS = 4;

/** A table cell: escaped for Markdown ({@link markdownCell}: `|`, tags, code, links; line breaks as spaces). Never cut: GitHub wraps a long cell at its spaces. */
export function cell(text: string): string {
  return markdownCell(text);
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  if (head.length > MAX_COLUMNS) throw new Error(t('internal.summaryColumns', { max: MAX_COLUMNS, got: head.length }));
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), `|${head.map(() => '---').join('|')}|`, ...rows.map(line)];
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

function num(kind: 'rate' | 'mean', x: number): string {
  return kind === 'rate' ? pct(x) : x.toFixed(2);
}

function signedNumber(kind: 'rate' | 'mean', x: number): string {
  const s = kind === 'rate' ? (100 * x).toFixed(1) : x.toFixed(2);
  return Number(s) === 0 ? s.replace('-', '') : x > 0 ? `+${s}` : s.replace('-', '−');
}

/** A change with its 95% CI: `−6.2pp [−8.0, −4.4]` for a rate, `−3.78 [−4.41, −3.15]` for a mean. */
export function changeCell(kind: 'rate' | 'mean', d: { readonly estimate: number; readonly lo: number; readonly hi: number }): string {
  return `${signedNumber(kind, d.estimate)}${kind === 'rate' ? 'pp' : ''} [${signedNumber(kind, d.lo)}, ${signedNumber(kind, d.hi)}]`;
}


const ICON: Record<ExperimentRecord['status'], string> = { pass: '✅', fail: '❌', ran: '📊', updated: '📝', invalid: '⛔', nobaseline: '🆕' };

/** Options of the summary: where the reports are published (a Pages URL), the run's page, the update button. */
export interface SummaryOptions {
  readonly mode: 'check' | 'run' | 'update';
  /** Base URL of the published reports (ending in /), or null. */
  readonly pagesUrl: string | null;
  /** The workflow run's page, where the results artifact is. */
  readonly runUrl: string | null;
  /** The workflow's page, whose Run workflow button records the baselines (null: unknown). */
  readonly updateUrl?: string | null;
}

/** The verdict line of one experiment. */
export function verdictLine(r: ExperimentRecord, opts?: Pick<SummaryOptions, 'updateUrl'>): string {
  const what =
    r.status === 'pass' ? t('action.pass')
    : r.status === 'fail' ? t('action.fail', { moved: r.moved.length, bands: r.bandFailures })
    : r.status === 'updated' ? t('action.updated')
    : r.status === 'invalid' ? t('action.invalid', { where: markdownText(r.error?.where ?? r.file) })
    : r.status === 'nobaseline' ? t('action.noBaseline') + (opts?.updateUrl ? ` — [${t('action.recordBaseline')}](${opts.updateUrl})` : ` — ${t('action.recordBaselineHow')}`)
    : t('action.ran');
  return `${ICON[r.status]} **${markdownText(r.name)}**: ${what}`;
}

/** The rows of the moved-metrics table of one experiment: `variant · metric` | before → now | change [95% CI]. */
export function movedTable(moved: readonly MovedRow[]): string[] {
  return table(
    [t('action.colWhere'), t('action.colBeforeNow'), t('action.colDiffCi')],
    moved.map((m) => [`${m.variant} · ${m.label}`, `${num(m.kind, m.before)} → ${num(m.kind, m.now)}`, changeCell(m.kind, m.diff)]),
  );
}

/** The targets table of one experiment: target and band | variant | now [95% CI] | verdict. */
function targetsTable(r: ExperimentRecord): string[] {
  return table(targetColumns(), targetCells(r.targets));
}

/** The answer to the experiment's question: each variant's primary rate, with its paired difference. */
function answerLines(r: ExperimentRecord): string[] {
  return r.answer.map((a) => {
    const vs = typeof a.pairedWith === 'string' ? ` ${t('pairref.vs', { ref: markdownText(a.pairedWith) })}` : '';
    const diff = a.diff ? ` (${changeCell('rate', a.diff)}${vs})` : a.pairedWith === null ? ` (${t('pairref.noPair')})` : ` (${t('action.baseline')})`;
    return `- ${markdownText(a.label)}: ${pct(a.estimate)} [${pct(a.lo)}, ${pct(a.hi)}]${diff}`;
  });
}

/** One experiment's section: rules, question and answer, moved metrics, targets, report link. */
function experimentSection(r: ExperimentRecord, opts: SummaryOptions): string[] {
  const out = [`#### ${markdownText(r.name)}`, ''];
  if (r.rules) out.push(`${t('action.rules', { rules: markdownText(r.rules) })}  `);
  if (r.question) out.push(`**${t('action.question')}**: ${markdownText(r.question)}  `);
  if (r.answer.length > 0) out.push(...answerLines(r));
  out.push('');
  if (r.impact && r.impact.length > 0) out.push(`**${t('impact.summaryTop')}**`, '', ...r.impact.map((x, i) => `${i + 1}. ${markdownText(x)}`), '');
  if (r.moved.length > 0) out.push(`**${t('action.movedHeading')}**`, '', ...movedTable(r.moved), '');
  if (r.targets.length > 0) out.push(`**${t('action.targetsHeading')}**`, '', ...targetsTable(r), '');
  if (r.report && opts.pagesUrl) out.push(`[${t('action.openReport')}](${opts.pagesUrl}${r.report})`, '');
  return out;
}

/** The whole job summary, Markdown. */
export function buildSummary(records: readonly ExperimentRecord[], opts: SummaryOptions): string {
  const out: string[] = [`### ${t('action.title', { mode: opts.mode, count: records.length })}`, ''];
  if (records.length === 0) out.push(t('action.noExperiments'), '');
  for (const r of records) out.push(`${verdictLine(r, opts)}  `);
  out.push('');
  for (const r of records) if (r.status !== 'invalid') out.push(...experimentSection(r, opts), ...(r.designer ?? []));
  if (records.some((r) => r.targets.length > 0)) out.push(t('action.hisNumbers'), '');
  if (records.some((r) => r.report) && (opts.pagesUrl || opts.runUrl)) {
    out.push(`#### ${t('action.reportsHeading')}`, '');
    out.push(opts.pagesUrl ? `- [${t('action.index')}](${opts.pagesUrl})` : t('action.inArtifact', { url: opts.runUrl! }), '');
  }
  return `${out.join('\n')}\n`;
}
