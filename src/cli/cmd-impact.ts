/**
 * `balance-lab impact <experiment.yaml>`: which readings of the rules move this experiment (issue 43). Every switch
 * the engine offers for the reference variant is played against it on common random numbers, raced so that small
 * effects stop early; the ranked answer is printed and impact.csv, impact.json, the tornado chart and report.html are
 * written to `results/<name>-impact/`.
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { Source } from '../sim/input/schema.js';
import { compileExperiment } from '../sim/experiment/load.js';
import { readImpact, rulingImpact } from '../sim/design/impact.js';
import { notMeasured } from '../sim/design/impact-docs.js';
import { impactAnswer, impactFiles } from '../report/files/impact-output.js';
import { packageVersion } from './meta.js';
import { packageRoot } from '../sim/input/package-root.js';
import { getEngine } from '../registry.js';
import { checkOutFolder, lockOutFolder } from '../report/files/out-folder.js';
import { writeStaged } from '../report/files/staged-write.js';
import { t } from '../i18n/t.js';
import { shownPath } from '../sim/input/shown-path.js';

export interface ImpactCliOptions {
  seed?: number;
  workers?: number;
  out?: string;
  quiet?: boolean;
  bom?: boolean;
  variant?: string;
  threshold?: number;
  games?: number;
  startGames?: number;
}

export async function impactCommand(file: string, opts: ImpactCliOptions): Promise<void> {
  const src = Source.load(file);
  const exp = compileExperiment(src, opts.seed !== undefined ? { seed: opts.seed } : {});
  const s = readImpact(src, exp, { variant: opts.variant, threshold: opts.threshold, maxGames: opts.games, startGames: opts.startGames });
  const outDir = resolve(process.cwd(), opts.out ?? `results/${exp.name}-impact`);
  const workers = opts.workers ?? availableParallelism();
  const log = (line: string): void => { if (!opts.quiet) process.stderr.write(`${line}\n`); };
  checkOutFolder(outDir);
  lockOutFolder(outDir);
  const r = await rulingImpact(src, exp, s, workers, log);
  const switched = new Set(r.switches.map((w) => w.id));
  const nm = notMeasured(join(packageRoot(), getEngine(exp.engine).rulesDoc), switched);
  process.stdout.write(`${impactAnswer(exp, r)}\n`);
  const files = await impactFiles(exp, r, nm, packageVersion(), opts.bom ?? false);
  writeStaged(outDir, files, 'impact');
  log(t('impact.wrote', { seed: exp.seed, outDir: shownPath(outDir) }));
}
