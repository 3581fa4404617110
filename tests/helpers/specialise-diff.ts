// Issue 44's differential check, run on the built engine in a plain Node process (scripts/specialise-diff.mjs): there
// the rule modules' names are intact, so the specialised runner really is specialised (a test runner that rewrites
// imports would leave it general, and the comparison would prove nothing). Returns one result per file.
import { spawnSync } from 'node:child_process';

export interface DiffResult {
  readonly file: string;
  readonly variants: number;
  readonly games: number;
  /** Methods rewritten (the fewest over the variants). */
  readonly specialised: number;
  /** Methods left general, with why (e.g. `shop (free: SNIPER SPOTTER)`: a module-level name the scope does not list). */
  readonly general: readonly string[];
  /** Generated classes (one per runner class: the variants are specialised together). */
  readonly classes: number;
  readonly difference: string | null;
}

export function specialiseDiff(files: readonly string[], opts: { games?: number; opGames?: number; dump?: string } = {}): DiffResult[] {
  const args = ['scripts/specialise-diff.mjs', '--games', String(opts.games ?? 200), '--op-games', String(opts.opGames ?? 40)];
  if (opts.dump) args.push('--dump', opts.dump);
  const r = spawnSync(process.execPath, [...args, ...files], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`specialise-diff.mjs failed: ${r.stderr}`);
  return r.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as DiffResult);
}
