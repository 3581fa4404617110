/** `balance-lab bench [--json] [--games N]`: formats what src/bench/bench.ts measures. */
import { runBench, type BenchFigures, type BenchReport } from '../bench/bench.js';
import { MEASURE_SECONDS } from '../bench/shipped.js';
import type { ReferenceRow } from '../bench/reference.js';
import type { SpecialisedRow } from '../bench/specialised.js';
import { availableParallelism } from 'node:os';
import { t } from '../i18n/t.js';
import { alignColumns, renderTextTable, type TextColumn } from '../report/text-table.js';

export interface BenchCliOptions {
  json?: boolean;
  games?: number;
  /** `--reference DIR`: also run the C and Python references of DIR and print the ratios. */
  reference?: string;
  /** `--measure-seconds S`: a shipped experiment's run is played this long before the rest is extrapolated. */
  measureSeconds?: number;
  /** `--specialised`: only the specialised path against the general engine on URBAN ASSAULT's cases (issue 44). */
  specialised?: boolean;
  /** `--rounds N`: pairs per case of `--specialised`. */
  rounds?: number;
}

function fmt(n: number, digits: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** The engine's seconds to ±0.5 pp (its slowest shipped experiment), marked when that figure is extrapolated. */
function secondsCell(f: BenchFigures): string {
  if (f.seconds_to_half_pp === null) return '–';
  const value = fmt(f.seconds_to_half_pp, 0);
  const slowest = f.experiments.find((e) => e.seconds === f.seconds_to_half_pp);
  return slowest?.how === 'extrapolated' ? t('benchest.extrapolated', { value }) : value;
}

export function benchTable(report: BenchReport, measureSeconds = MEASURE_SECONDS): string {
  const cols: [string, (f: BenchFigures) => string][] = [
    [t('cli.benchEngine'), (f) => f.engine],
    [t('table.games'), (f) => fmt(f.games, 0)],
    [t('cli.benchRate1'), (f) => fmt(f.games_per_s_1, 0)],
    [t('cli.benchRateAll'), (f) => fmt(f.games_per_s_all, 0)],
    [t('cli.benchWorkers'), (f) => String(f.workers)],
    ['scaling', (f) => `${fmt(f.scaling, 2)}×`],
    [t('cli.hwCeiling'), (f) => `${fmt(f.hardware_scaling, 2)}×`],
    ['dice/game', (f) => fmt(f.dice_per_game, 1)],
    ['rng d6/s', (f) => fmt(f.rng_d6_per_s, 0)],
    ['efficiency', (f) => fmt(f.efficiency, 3)],
    ['GC/1k games', (f) => fmt(f.gc_per_1k_games, 2)],
    ['heap B/game', (f) => (f.heap_bytes_per_game === null ? '–' : fmt(f.heap_bytes_per_game, 1))],
    [t('cli.s05Pp'), secondsCell],
  ];
  const rows = Object.values(report.engines).map((f) => cols.map(([, get]) => get(f)));
  const columns = cols.map(([header], i): TextColumn => ({ header, align: i === 0 ? 'left' : 'right' }));
  const out = [renderTextTable(columns, rows)];
  out.push('');
  out.push(t('benchest.footnote', { budget: String(measureSeconds) }));
  out.push(t('cli.nodeEfficiencyGamesS', { node: report.node }));
  for (const f of Object.values(report.engines)) out.push(t('cli.benchCase', { engine: f.engine, label: f.label }));
  return out.join('\n') + '\n';
}

export async function benchCommand(opts: BenchCliOptions): Promise<void> {
  if (opts.specialised) {
    await specialisedCommand(opts);
    return;
  }
  const report = await runBench({
    games: opts.games,
    measureSeconds: opts.measureSeconds,
    onEngine: opts.json ? undefined : (id) => process.stderr.write(t('outLine.benchmarking', { id })),
  });
  let reference: ReferenceRow[] | null = null;
  if (opts.reference !== undefined) {
    const { runReference } = await import('../bench/reference.js');
    reference = await runReference(opts.reference, { onCase: opts.json ? undefined : (id) => process.stderr.write(t('cli.referenceEngagement', { id })) });
  }
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(reference ? { ...report, reference } : report)}\n`);
    return;
  }
  process.stdout.write(benchTable(report, opts.measureSeconds));
  if (reference) process.stdout.write(referenceTable(reference));
}

/** The reference ratios as a table. */
export function referenceTable(rows: readonly ReferenceRow[]): string {
  const g = (n: number) => n.toExponential(2);
  const heads = [t('benchRef.engagement'), t('benchRef.cGamesPerS'), t('benchRef.pythonGamesPerS'), t('benchRef.toolGamesPerS'), t('benchRef.vsC'), t('benchRef.vsPython')];
  const columns = heads.map((header, i): TextColumn => ({ header, align: i === 0 ? 'left' : 'right' }));
  const cells = rows.map((r) => [r.engagement, g(r.c), g(r.python), g(r.balanceLab), r.vsC.toFixed(3), r.vsPython.toFixed(1)]);
  const out = ['', ...alignColumns(columns, cells), t('cli.oneRunEachMachine')];
  return out.join('\n') + '\n';
}

/** `bench --specialised`: the specialised path against the general engine, paired (bench/specialised.ts). */
async function specialisedCommand(opts: BenchCliOptions): Promise<void> {
  const { measureSpecialised, SPECIALISED_ROUNDS } = await import('../bench/specialised.js');
  const workers = availableParallelism();
  const rows = await measureSpecialised({
    games: opts.games,
    rounds: opts.rounds,
    workers,
    onCase: opts.json ? undefined : (file) => process.stderr.write(t('benchRef.specCase', { file })),
  });
  if (opts.json) {
    process.stdout.write(`${JSON.stringify({ node: process.version, workers, rounds: opts.rounds ?? SPECIALISED_ROUNDS, specialised: rows })}\n`);
    return;
  }
  process.stdout.write(specialisedTable(rows, opts.rounds ?? SPECIALISED_ROUNDS, workers));
}

/** `bench --specialised`'s table: one row per case. */
export function specialisedTable(rows: readonly SpecialisedRow[], rounds: number, workers: number): string {
  const heads = [t('benchRef.specExperiment'), t('benchRef.specGames'), t('benchRef.specFast'), t('benchRef.specGeneral'), t('benchRef.specRatio'), t('benchRef.specPerRound')];
  const columns = heads.map((header, i): TextColumn => ({ header, align: i === 0 ? 'left' : 'right' }));
  const cells = rows.map((r) => [r.file, `${fmt(r.games, 0)} × ${r.variants}`, fmt(r.specialised, 0), fmt(r.general, 0), fmt(r.ratio, 2),
    r.ratio_rounds.map((x) => fmt(x, 2)).join(' / ')]);
  const out = [renderTextTable(columns, cells), '', t('benchRef.specFootnote', { node: process.version, workers: String(workers), rounds: String(rounds) })];
  return out.join('\n') + '\n';
}
