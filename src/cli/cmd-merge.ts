/** `balance-lab merge <partial...> --out DIR`: the results of a sharded run (shard.ts). */
import { resolve } from 'node:path';
import { readPartials } from '../sim/queue/shard.js';
import { runExperiment } from '../sim/run/run.js';
import { writeResults } from '../report/files/write-results.js';
import { formatTable } from '../report/format-table.js';
import { answerLine } from '../report/answer-line.js';
import { gitCommit, packageVersion } from './meta.js';
import { t } from '../i18n/t.js';
import { checkOutFolder, lockOutFolder } from '../report/files/out-folder.js';
import { shownPath } from '../sim/input/shown-path.js';

export interface MergeOptions {
  out: string;
  quiet?: boolean;
  bom?: boolean;
}

export async function mergeCommand(files: string[], opts: MergeOptions): Promise<void> {
  const outDir = resolve(process.cwd(), opts.out);
  checkOutFolder(outDir);
  const unlock = lockOutFolder(outDir);
  const { exp, chunks, close } = readPartials(files, packageVersion());
  // Every chunk is already played: the driver merges them in chunk order, exactly as a local run does (each read
  // back from its file as it is merged).
  let summary;
  try {
    summary = await runExperiment(exp, { workers: 0, journal: { done: chunks, append: () => undefined } });
  } finally {
    close();
  }
  const written = await writeResults(summary, outDir, { bom: opts.bom ?? false, gitCommit: gitCommit(), packageVersion: packageVersion(), nodeVersion: process.version });
  if (!opts.quiet) process.stderr.write(t('cli.mergedChunkSFrom', { size: chunks.size, filesCount: files.length, writtenCount: written.length, outDir: shownPath(outDir) }));
  process.stdout.write(formatTable(summary).replace(/\n?$/, '\n'));
  process.stdout.write(`${answerLine(summary)}\n`);
  unlock();
}
