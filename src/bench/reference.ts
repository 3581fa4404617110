/**
 * `bench --reference DIR` (issue 16): the C and plain-Python reference programs of DIR (../shared/perf-reference)
 * and balance-lab on the same three URBAN ASSAULT engagements, in one invocation, so the ratios balance-lab ÷ C and
 * balance-lab ÷ Python come from one run on one machine. The programs are run from DIR, never copied; the C one is
 * compiled into a temporary folder. balance-lab plays each engagement's experiment file of DIR on one worker thread.
 * Timing only: nothing here feeds a simulation result.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadExperiment } from '../sim/experiment/load.js';
import { InputError } from '../sim/input/input-error.js';
import { runExperiment } from '../sim/run/run.js';

export interface ReferenceRow {
  readonly engagement: string;
  readonly c: number;
  readonly python: number;
  readonly balanceLab: number;
  readonly vsC: number;
  readonly vsPython: number;
}

const CASES: readonly { id: string; file: string; nC: number; nPy: number; nTool: number }[] = [
  { id: 'a', file: 'a-leader-vs-2.yaml', nC: 30_000_000, nPy: 200_000, nTool: 1_000_000 },
  { id: 'c', file: 'c-squad-vs-htt.yaml', nC: 15_000_000, nPy: 150_000, nTool: 800_000 },
  { id: 'd', file: 'd-hostile-withdraw.yaml', nC: 30_000_000, nPy: 200_000, nTool: 1_000_000 },
];

function gamesPerS(out: string): number {
  const m = /games_per_s=([\d.e+]+)/.exec(out);
  if (!m) throw new Error(`no games_per_s in the reference program's output: ${out.slice(0, 200)}`);
  return Number(m[1]);
}

/** Run the three references and balance-lab; `scale` shrinks every game count (tests). */
export async function runReference(dir: string, opts: { scale?: number; onCase?: (id: string) => void } = {}): Promise<ReferenceRow[]> {
  for (const f of ['ref.c', 'naive.py', ...CASES.map((c) => c.file)]) {
    if (!existsSync(join(dir, f))) throw new InputError(dir, undefined, '--reference', { id: 'run.noFolder', params: { f } }, { id: 'run.perfReferenceFolderShared' });
  }
  const work = mkdtempSync(join(tmpdir(), 'balance-lab-ref-'));
  const scale = opts.scale ?? 1;
  try {
    const bin = join(work, 'ref');
    execFileSync('cc', ['-O2', '-o', bin, join(dir, 'ref.c'), '-lm']);
    const rows: ReferenceRow[] = [];
    for (const k of CASES) {
      opts.onCase?.(k.id);
      const c = gamesPerS(execFileSync(bin, [k.id, String(Math.round(k.nC * scale)), '4242'], { encoding: 'utf8' }));
      const python = gamesPerS(execFileSync('python3', [join(dir, 'naive.py'), k.id, String(Math.round(k.nPy * scale)), '4242'], { encoding: 'utf8' }));
      const exp = loadExperiment(join(dir, k.file), { games: Math.round(k.nTool * scale), seed: 4242 });
      const s = await runExperiment(exp, { workers: 1 });
      const balanceLab = s.gamesPerSecond / exp.compiled.variants.length;
      rows.push({ engagement: k.id, c, python, balanceLab, vsC: balanceLab / c, vsPython: balanceLab / python });
    }
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
