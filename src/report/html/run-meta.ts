/**
 * The run's metadata: what was run, with which seed and stopping rule, on
 * which version of the simulator, how long it took.
 */
import type { RunSummary } from '../../sim/stats/summary.js';
import type { ReportRunMeta } from './data.js';
import { count, duration } from './format.js';
import { text } from './table.js';
import { describeStopRule } from '../stop-rule.js';
import { t } from '../../i18n/t.js';
import { cvNote } from '../cv-note.js';

/** Facts about the page itself, shown with the run metadata. */
export interface PageFacts {
  /** When the results were written (ISO 8601). */
  readonly writtenAt: string;
  /** Versions of the inlined renderers. */
  readonly renderers: string;
}

/** `2026-11-21T22:30:05.123Z` → `2026-11-21 22:30:05 UTC`; other text unchanged. */
export function formatTimestamp(iso: string): string {
  const m = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)(?:\.\d+)?Z$/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : iso;
}

/** Build the metadata section (`<section id="run">`) as a two-column list. */
export function runMetaHtml(summary: RunSummary, meta: ReportRunMeta, page: PageFacts): string {
  const e = summary.experiment;
  const total = summary.variants.reduce((n, v) => n + v.games, 0);
  const cv = cvNote(summary);
  const mono = (s: string) => `<span class="mono">${text(s)}</span>`;
  const items: [string, string][] = [
    [t('report.metaFile'), mono(e.file)],
    [t('report.metaHash'), `${mono(e.hash)} <span class="muted">${text(t('report.metaHashNote'))}</span>`],
    [t('report.metaEngine'), mono(e.engine)],
    [t('report.metaSeed'), mono(String(summary.seed))],
    [t('report.metaStop'), text(describeStopRule(summary.stop))],
    ...(cv ? [[t('cv.metaTitle'), text(cv)] as [string, string]] : []),
    [t('report.metaGames'), text(t('report.metaGamesValue', { perVariant: count(summary.gamesPerVariant), variants: summary.variants.length, total: count(total) }))],
    [t('report.metaWorkers'), text(String(summary.workers))],
    [t('report.metaTime'), text(duration(summary.elapsedSeconds))],
    [t('report.metaSpeed'), text(t('report.metaSpeedValue', { rate: count(summary.gamesPerSecond) }))],
    [t('report.metaWritten'), text(formatTimestamp(page.writtenAt))],
    [t('report.metaVersion'), mono(meta.packageVersion)],
    [t('report.metaCommit'), meta.gitCommit ? mono(meta.gitCommit) : `<span class="muted">${text(t('report.unknown'))}</span>`],
    [t('report.metaNode'), mono(meta.nodeVersion)],
    [t('report.metaCharts'), text(page.renderers)],
  ];
  const rows = items.map(([k, v]) => `<dt>${text(k)}</dt><dd>${v}</dd>`).join('\n');
  return `<section id="run">\n<h2>${text(t('report.runTitle'))}</h2>\n<dl class="meta">\n${rows}\n</dl>\n</section>`;
}
