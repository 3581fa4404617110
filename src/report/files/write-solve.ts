/**
 * Writing `solve`'s results folder on Node (the files are solve-output.ts's, shared with the web app's downloads):
 * through a staging folder, so nothing is half-written on failure.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SolveAnswer } from '../../sim/design/solve-core.js';
import type { SolveSection } from '../../sim/design/solve.js';
import type { CalSection } from '../../sim/design/calibrate.js';
import type { CalOutcome } from '../../sim/design/calibrate-core.js';
import type { Experiment } from '../../sim/experiment/load.js';
import { solveFiles } from './solve-output.js';

/** Write the solve results folder (every question of the file); returns the files written. */
export async function writeSolve(outDir: string, exp: Experiment, results: readonly { section: SolveSection; answer: SolveAnswer }[], meta: { packageVersion: string; workers: number }, calibrations: readonly { section: CalSection; outcome: CalOutcome }[] = []): Promise<string[]> {
  const files = await solveFiles(exp, results, meta, calibrations);
  const stage = join(dirname(outDir), `.${basename(outDir)}.solve-staging`);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, 'charts'), { recursive: true });
  for (const [f, t] of files) writeFileSync(join(stage, f), t);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(dirname(outDir), { recursive: true });
  renameSync(stage, outDir);
  return files.map(([f]) => f);
}
