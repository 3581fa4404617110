/**
 * The run's metadata: what was run, with which seed and stopping rule, on
 * which version of the simulator, how long it took.
 */
import type { RunSummary } from '../sim/summary.js';
import type { ReportRunMeta } from './html-data.js';
import { count, duration } from './html-format.js';
import { text } from './html-table.js';
import { describeStopRule } from './stop-rule.js';

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
  const mono = (s: string) => `<span class="mono">${text(s)}</span>`;
  const items: [string, string][] = [
    ['Experiment file', mono(e.file)],
    ['Experiment hash', `${mono(e.hash)} <span class="muted">(sha256 of the file)</span>`],
    ['Engine', mono(e.engine)],
    ['Seed', mono(String(summary.seed))],
    ['Stopping rule', text(describeStopRule(summary.stop))],
    ['Games', `${text(count(summary.gamesPerVariant))} per variant × ${summary.variants.length} variants = ${text(count(total))}`],
    ['Workers', text(String(summary.workers))],
    ['Run time', text(duration(summary.elapsedSeconds))],
    ['Speed', `${text(count(summary.gamesPerSecond))} games/s`],
    ['Written at', text(formatTimestamp(page.writtenAt))],
    ['balance-lab version', mono(meta.packageVersion)],
    ['Git commit', meta.gitCommit ? mono(meta.gitCommit) : '<span class="muted">unknown</span>'],
    ['Node.js', mono(meta.nodeVersion)],
    ['Charts drawn with', text(page.renderers)],
  ];
  const rows = items.map(([k, v]) => `<dt>${text(k)}</dt><dd>${v}</dd>`).join('\n');
  return `<section id="run">\n<h2>Run</h2>\n<dl class="meta">\n${rows}\n</dl>\n</section>`;
}
