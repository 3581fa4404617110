/**
 * `balance-lab attribute <experiment.yaml> --variant NAME`: why a variant's paired difference is what it is (issue 43).
 * The games whose main outcome differs from the reference's on the same dice are found, where their play first
 * diverges is tallied, and the events more or less frequent in them than in the games that did not flip are listed;
 * flips.csv, flips.json, report.html and side-by-side replays of a few flipped pairs (pairs/<game>.html) are written
 * to `results/<name>-<variant>-flips/`. A plain run records none of this.
 */
import { resolve } from 'node:path';
import { loadExperiment } from '../sim/experiment/load.js';
import { attribute, traceGame } from '../sim/design/flips.js';
import { attributionAnswer, attributionFiles } from '../report/files/flips-output.js';
import { packageVersion } from './meta.js';
import { checkOutFolder, lockOutFolder } from '../report/files/out-folder.js';
import { writeStaged } from '../report/files/staged-write.js';
import { t } from '../i18n/t.js';
import { shownPath } from '../sim/input/shown-path.js';

export interface AttributeCliOptions {
  variant: string;
  games?: number;
  seed?: number;
  out?: string;
  quiet?: boolean;
  bom?: boolean;
}

export async function attributeCommand(file: string, opts: AttributeCliOptions): Promise<void> {
  const exp = loadExperiment(file, opts.seed !== undefined ? { seed: opts.seed } : {});
  const outDir = resolve(process.cwd(), opts.out ?? `results/${exp.name}-${opts.variant}-flips`);
  checkOutFolder(outDir);
  lockOutFolder(outDir);
  const a = attribute(exp, opts.variant, opts.games ?? 4000);
  process.stdout.write(`${attributionAnswer(a)}\n`);
  const v = exp.compiled.variants.findIndex((x) => x.name === a.variant), r = exp.compiled.variants.findIndex((x) => x.name === a.reference);
  const pairs = a.examined.slice(0, 5).map((game) => ({ game, ref: traceGame(exp, r, game), alt: traceGame(exp, v, game) }));
  const files = attributionFiles(exp, a, pairs, packageVersion(), opts.bom ?? false);
  writeStaged(outDir, files, 'flips');
  if (!opts.quiet) process.stderr.write(`${t('impact.flipWrote', { seed: exp.seed, outDir: shownPath(outDir) })}\n`);
}
