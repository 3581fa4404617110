/**
 * The sample-game links of a report the Action publishes (issue 43 item 4): the run's work as a share link
 * (share-link.ts) — the experiment file, the repository files it read (its scenario, ruleset…), the seed and the game
 * count that run played — and the address of the web app on the Pages site. Nothing is played for them.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { encodeShare, isSharePath, type SharedWork } from '../report/share-link.js';
import type { SampleLinks } from '../report/html/samples.js';

/**
 * The links of the run of experiment `rel` (relative to the workspace `ws`) that read the files `opened` and played
 * `games` games per variant on `seed`, for the app at `app`; undefined when the experiment's path cannot travel in a
 * link (outside experiments/, scenarios/ or rulesets/), so the report says it has no links.
 */
export async function sampleLinksFor(ws: string, rel: string, opened: readonly string[], run: { games: number; seed: number }, app: string): Promise<SampleLinks | undefined> {
  const posix = (abs: string): string => relative(ws, abs).split(sep).join('/');
  const file = rel.split(sep).join('/');
  if (!isSharePath(file)) return undefined;
  const files: Record<string, string> = {};
  for (const abs of new Set(opened)) {
    const r = posix(abs);
    if (r !== file && isSharePath(r)) files[r] = readFileSync(abs, 'utf8');
  }
  const work: SharedWork = {
    file, text: readFileSync(`${ws}${sep}${rel}`, 'utf8'), command: 'run', ...(Object.keys(files).length > 0 ? { files } : {}), games: run.games, seed: run.seed,
  };
  return { app, work: await encodeShare(work) };
}
