/**
 * Parsers for numeric command-line values. Each throws BadOptionValue
 * (commander's InvalidArgumentError naming what is allowed), which the CLI turns into one `balance-lab: …` line and
 * exit code 2 (the same treatment as a bad experiment file).
 */
import { availableParallelism } from 'node:os';
import { BadOptionValue } from './bad-value.js';

/** Most games per variant a run may ask for (same cap as the experiment schema). */
export const MAX_GAMES = 100_000_000;

function integer(value: string, min: number, max: number): number {
  const allowed = { id: 'cli.integer', params: { min, max } } as const;
  const s = value.trim();
  if (!/^[+-]?\d+$/.test(s)) throw new BadOptionValue(allowed);
  const n = Number(s);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new BadOptionValue(allowed);
  return n;
}

function decimal(value: string, min: number, max: number): number {
  const allowed = { id: 'cli.number', params: { min, max } } as const;
  const s = value.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) throw new BadOptionValue(allowed);
  const n = Number(s);
  if (!Number.isFinite(n) || n < min || n > max) throw new BadOptionValue(allowed);
  return n;
}

/** `--games N`: games per variant. */
export function parseGames(value: string): number {
  return integer(value, 1, MAX_GAMES);
}

/** `--target-error E`: target 95% CI half-width as a fraction (0.01 = 1 pp). */
export function parseTargetError(value: string): number {
  return decimal(value, 0.0005, 0.5);
}

/** `impact --threshold T`: the effect (in the race metric's unit: 0.01 = 1 pp) under which a reading stops early. */
export function parseThreshold(value: string): number {
  return decimal(value, 0, 1_000_000);
}

/** `--start-games N`: games per alternative at the first look of a race (at least 100). */
export function parseStartGames(value: string): number {
  return integer(value, 100, MAX_GAMES);
}

/** `bench --measure-seconds S`: seconds a shipped experiment's run is played before the rest is extrapolated. */
export function parseMeasureSeconds(value: string): number {
  return decimal(value, 0, 3600);
}

/** `bench --rounds N`: pairs of runs per case of `bench --specialised`. */
export function parseRounds(value: string): number {
  return integer(value, 1, 50);
}

/** `--seed S`. */
export function parseSeed(value: string): number {
  return integer(value, 0, Number.MAX_SAFE_INTEGER);
}

/**
 * The most worker threads one process starts: this multiple of the machine's CPUs (issue 39 item 13: 1,024
 * threads for a 2-chunk run took 9.2 GB and 68 s). More threads than CPUs only share them.
 */
export const WORKERS_PER_CPU = 4;

/** The cap of `--workers` on this machine: {@link WORKERS_PER_CPU} × its CPUs. */
export function maxWorkers(cpus: number = availableParallelism()): number {
  return WORKERS_PER_CPU * Math.max(1, cpus);
}

function workers(value: string, min: number): number {
  const max = maxWorkers();
  const s = value.trim();
  const n = /^[+-]?\d+$/.test(s) ? Number(s) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new BadOptionValue({ id: 'hostile.workersAllowed', params: { min, max, per: WORKERS_PER_CPU, cpus: availableParallelism() } });
  return n;
}

/** `--workers W` (0 = run in-process), at most {@link maxWorkers}. */
export function parseWorkers(value: string): number {
  return workers(value, 0);
}

/** `worker --workers W`: the threads of a queue worker, 1 … {@link maxWorkers} (0 would take no job: issue 39 item 14). */
export function parseWorkerThreads(value: string): number {
  return workers(value, 1);
}

/** `worker --job-timeout S`: the most seconds one queue job may play (1 s … 1 day). */
export function parseJobTimeout(value: string): number {
  return integer(value, 1, 86_400);
}

/** `worker --job-memory MB`: the heap one job's thread may use (64 MB … 64 GB). */
export function parseJobMemory(value: string): number {
  return integer(value, 64, 65_536);
}

/** `--game I`: a game index. */
export function parseGameIndex(value: string): number {
  return integer(value, 0, Number.MAX_SAFE_INTEGER);
}

/** `--lock-ms MS`: a queue job's lock duration (200 ms … 1 h). */
export function parseLockMs(value: string): number {
  return integer(value, 200, 3_600_000);
}

/** `--in-flight N`: chunks kept queued ahead of the merge (1 … 100000). */
export function parseInFlight(value: string): number {
  return integer(value, 1, 100_000);
}

/** `--journal-limit MB`: the most a run's resume journal may hold, in MB (1 MB … 1 TiB; issue 39 item 8). */
export function parseJournalLimit(value: string): number {
  return integer(value, 1, 1_048_576);
}

/** `--redis-timeout S`: how long a queue run waits for a lost Redis (1 s … 1 day). */
export function parseRedisTimeout(value: string): number {
  return integer(value, 1, 86_400);
}
