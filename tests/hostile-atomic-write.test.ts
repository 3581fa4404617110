// Issue 39 item 9 (the remaining plain writes): the --partial file of `run --shard` and the baseline of
// `check --update` are written through an exclusively created temporary file with an unguessable name (O_EXCL |
// O_NOFOLLOW), so a symlink another local user plants at the old predictable name (`FILE.tmp-PID`) is never written
// through; a symlink at the target itself is replaced, not followed.
import { lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runShard } from '../src/sim/queue/shard.js';
import { runCheck } from '../src/cli/cmd-check.js';
import { writeFileAtomically } from '../src/sim/run/atomic-file.js';

const FLAGSHIP = fileURLToPath(new URL('../experiments/lmg-worth-8-magazines.yaml', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'bl-atomic-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A victim file and symlinks to it planted at `names`. */
function plant(dir: string, names: string[]): string {
  const victim = join(dir, 'victim.txt');
  writeFileSync(victim, 'precious\n');
  for (const n of names) symlinkSync(victim, n);
  return victim;
}

describe('atomic writes never follow a planted link', () => {
  it('run --shard: the partial file (a symlink at PARTIAL.tmp-PID is left alone)', async () => {
    const dir = mkdtempSync(join(root, 'shard-'));
    const partial = join(dir, 'p1.json');
    const victim = plant(dir, [`${partial}.tmp-${process.pid}`]);
    const exp = { ...loadExperiment(FLAGSHIP, { games: 40 }), chunk: 20 };
    await runShard(exp, readFileSync(FLAGSHIP, 'utf8'), { games: 40 }, 1, 2, 0, partial, '0.1.0');
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(partial).isFile()).toBe(true);
    expect(readFileSync(partial, 'utf8')).toMatch(/^\{/);
  });

  it('check --update: the baseline (a symlink at BASELINE.tmp-PID is left alone)', async () => {
    const dir = mkdtempSync(join(root, 'check-'));
    const baseline = join(dir, 'baseline.json');
    const victim = plant(dir, [`${baseline}.tmp-${process.pid}`]);
    await runCheck(FLAGSHIP, { baseline, update: true, games: 200, workers: 0, quiet: true });
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(baseline).isFile()).toBe(true);
  });

  it('the helper: a symlink at the target is replaced, not written through; no temporary file is left', () => {
    const dir = mkdtempSync(join(root, 'helper-'));
    const target = join(dir, 'out.json');
    const victim = plant(dir, [target]);
    writeFileAtomically(target, '{"ok":true}\n');
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(target).isFile()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('{"ok":true}\n');
    expect(readdirSync(dir).sort()).toEqual(['out.json', 'victim.txt']);
  });
});
