/**
 * Progress on stderr while a run is going. On a terminal: one progress bar line
 * redrawn in place. Off a terminal (CI logs, pipes): a short plain line at most
 * every few seconds. Timing only: nothing here feeds a result.
 */
import type { Progress } from '../sim/run/run.js';
import { t } from '../i18n/t.js';
import { displayWidth, sliceDisplay } from '../report/display-width.js';

export interface ProgressSink {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface ProgressReporter {
  update(p: Progress): void;
  /** Clear the bar (TTY) before the final output. */
  done(): void;
}

/** A reporter that prints nothing (`--quiet`). */
export const silentProgress: ProgressReporter = { update() {}, done() {} };

function fmtInt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** Seconds as `42s`, `3m05s`, `1h02m` (`42秒`, `3分05秒`, `1時間02分` with --lang ja). */
export function fmtDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const s = Math.round(seconds);
  if (s < 60) return t('cli.durSeconds', { s });
  const m = Math.floor(s / 60);
  if (m < 60) return t('cli.durMinutes', { m, ss: String(s % 60).padStart(2, '0') });
  return t('cli.durHours', { h: Math.floor(m / 60), mm: String(m % 60).padStart(2, '0') });
}

/** The CI half-width (a fraction) in percentage points, or "–" before it is known. */
function fmtHalfWidth(h: number): string {
  return Number.isFinite(h) && h >= 0 ? `±${(h * 100).toFixed(2)} pp` : '± – pp';
}

export interface ProgressFormat {
  /** The planned total is a cap (target-error runs): the ETA is an upper bound. */
  upperBound?: boolean;
  /** Variants per game index: `gamesDone`/`gamesPlanned` count per variant, `gamesPerSecond` over all. */
  variants?: number;
  /** More to show after the figures (a queue run: machines, worker processes, chunks in flight). */
  extra?: () => string;
}

function eta(p: Progress, variants: number): number {
  if (p.gamesDone <= 0 || p.gamesPerSecond <= 0) return Number.NaN;
  return (Math.max(0, p.gamesPlanned - p.gamesDone) * variants) / p.gamesPerSecond;
}

/** The placeholders of the closing timing line of `run` and `check` (games, variants, seconds, rate, workers). */
export function timing(s: { gamesPerVariant: number; variants: readonly unknown[]; elapsedSeconds: number; gamesPerSecond: number; workers: number }): Record<string, string | number> {
  return {
    games: s.gamesPerVariant.toLocaleString('en-US'), variants: s.variants.length, seconds: s.elapsedSeconds.toFixed(1),
    rate: Math.round(s.gamesPerSecond).toLocaleString('en-US'), workers: s.workers, s: s.workers === 1 ? '' : 's',
  };
}

/** The one-line summary shared by both modes (without the bar). */
export function progressText(p: Progress, opts: ProgressFormat = {}): string {
  const planned = Math.max(p.gamesPlanned, 1);
  const pct = Math.min(100, (100 * p.gamesDone) / planned);
  const variants = Math.max(1, opts.variants ?? 1);
  const e = eta(p, variants);
  return [
    t(variants > 1 ? 'cli.progressGamesPerVariant' : 'cli.progressGames', { done: fmtInt(p.gamesDone), planned: fmtInt(p.gamesPlanned), pct: pct.toFixed(0) }),
    t('cli.gamesPerSecond', { rate: fmtInt(p.gamesPerSecond) }),
    t('cli.eTA', { value: opts.upperBound && Number.isFinite(e) ? '≤ ' : '', fmtDuration: fmtDuration(e) }),
    `CI ${fmtHalfWidth(p.halfWidth)}`,
    ...(opts.extra ? [opts.extra()] : []),
  ].filter((x) => x !== '').join('  ');
}

/** Build the reporter for a stream (a bar on a TTY, a plain line every `intervalSeconds` otherwise). */
export function createProgress(
  sink: ProgressSink,
  opts: ProgressFormat & { quiet?: boolean; intervalSeconds?: number } = {},
): ProgressReporter {
  if (opts.quiet) return silentProgress;
  if (sink.isTTY) {
    let drawn = false;
    let lastDraw = -Infinity;
    return {
      update(p) {
        // Redraw at most ~10 times a second.
        if (p.elapsedSeconds - lastDraw < 0.1 && p.gamesDone < p.gamesPlanned) return;
        lastDraw = p.elapsedSeconds;
        const width = 24;
        const frac = Math.min(1, p.gamesDone / Math.max(p.gamesPlanned, 1));
        const full = Math.round(frac * width);
        const bar = `[${'#'.repeat(full)}${'-'.repeat(width - full)}]`;
        let line = `${bar} ${progressText(p, opts)}`;
        const cols = sink.columns ?? 0;
        // Cut by terminal columns (Japanese text is two columns a character), so the bar never wraps and \r redraws it.
        if (cols > 10 && displayWidth(line) >= cols) line = sliceDisplay(line, cols - 1);
        sink.write(`\r${line}\x1b[K`);
        drawn = true;
      },
      done() {
        if (drawn) sink.write('\r\x1b[K');
        drawn = false;
      },
    };
  }
  const interval = opts.intervalSeconds ?? 5;
  let lastPrint = 0;
  return {
    update(p) {
      if (p.elapsedSeconds - lastPrint < interval) return;
      lastPrint = p.elapsedSeconds;
      sink.write(t('cli.progressLine', { text: progressText(p, opts) }));
    },
    done() {},
  };
}
