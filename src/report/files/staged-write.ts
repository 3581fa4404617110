/**
 * Write a results folder in one step: every file into a hidden staging folder beside it, then the staging folder
 * renamed into place (the old folder removed first), so a failure never leaves half a folder (impact, attribute).
 */
import { basename, dirname, join } from 'node:path';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';

/** Write `files` (`[relative path, text]`) as the folder `outDir`, through `.<name>.<tag>-staging`. */
export function writeStaged(outDir: string, files: readonly (readonly [string, string])[], tag: string): void {
  const stage = join(dirname(outDir), `.${basename(outDir)}.${tag}-staging`);
  rmSync(stage, { recursive: true, force: true });
  for (const [f, text] of files) {
    mkdirSync(dirname(join(stage, f)), { recursive: true });
    writeFileSync(join(stage, f), text);
  }
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(dirname(outDir), { recursive: true });
  renameSync(stage, outDir);
}
