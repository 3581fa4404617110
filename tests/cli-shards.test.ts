// Static shards (issue 17 item 4): run --shard K/N --partial FILE plays every N-th chunk; merge writes the results
// folder from all the partial files, byte-identical (CSVs) to a local run; a missing shard, a target-error run, a
// bad --shard and shards of different runs are bad input (exit 2). Real child processes.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const FLAGSHIP = fileURLToPath(new URL('../experiments/lmg-worth-8-magazines.yaml', import.meta.url));
const TUTORIAL = fileURLToPath(new URL('../experiments/tutorial-01-difficulty.yaml', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-shards-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function cli(args: string[], cwd = root) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 240_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const csvs = (dir: string) => ['summary.csv', 'attrition.csv', 'cost-effectiveness.csv'].map((f) => readFileSync(join(dir, f), 'utf8'));

describe('shards and merge', () => {
  it.each([
    ['the flagship gauntlet', FLAGSHIP, '9000'],
    ['a scenario operation (relative scenario path; merged from another folder)', TUTORIAL, '5000'],
  ])('%s: three shards on different worker counts merge to the local run\'s CSVs', (_what, exp, games) => {
    const common = ['--games', games, '--seed', '9', '--quiet'];
    expect(cli(['run', exp, ...common, '--workers', '1', '--out', join(root, `local-${games}`)]).code).toBe(0);
    for (const [k, w] of [[1, '0'], [2, '2'], [3, '1']] as const) {
      const r = cli(['run', exp, ...common, '--workers', w, '--shard', `${k}/3`, '--partial', join(root, `p${k}-${games}.json`)]);
      expect(r.code, r.stderr).toBe(0);
    }
    const elsewhere = mkdtempSync(join(root, 'cwd-'));
    const m = cli(['merge', ...[1, 2, 3].map((k) => join(root, `p${k}-${games}.json`)), '--out', join(root, `merged-${games}`), '--quiet'], elsewhere);
    expect(m.code, m.stderr).toBe(0);
    expect(csvs(join(root, `merged-${games}`))).toEqual(csvs(join(root, `local-${games}`)));
  });

  it('a missing shard names the shard and writes nothing', () => {
    const r = cli(['merge', join(root, 'p1-9000.json'), join(root, 'p3-9000.json'), '--out', join(root, 'incomplete')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/chunks are missing \(shard 2 of 3\)/);
    expect(existsSync(join(root, 'incomplete'))).toBe(false);
  });

  it('shards of different runs are refused', () => {
    expect(cli(['run', FLAGSHIP, '--games', '9000', '--seed', '10', '--quiet', '--workers', '0', '--shard', '2/3', '--partial', join(root, 'other.json')]).code).toBe(0);
    const r = cli(['merge', join(root, 'p1-9000.json'), join(root, 'other.json'), join(root, 'p3-9000.json'), '--out', join(root, 'mixed')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a shard of the same run .*different seed/);
  });

  it('a target-error run and a bad --shard are bad input', () => {
    const te = cli(['run', FLAGSHIP, '--shard', '1/2', '--partial', join(root, 'te.json'), '--quiet']);
    expect(te.code).toBe(2);
    expect(te.stderr).toMatch(/target_error run cannot be split into static shards/);
    const bad = cli(['run', FLAGSHIP, '--games', '100', '--shard', '3/2', '--partial', join(root, 'bad.json')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--shard: "3\/2" is not a shard/);
    const alone = cli(['run', FLAGSHIP, '--games', '100', '--shard', '1/2']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/--shard K\/N and --partial FILE go together/);
  });

  it('merge reads the experiment from the partial files (data, not the file on disk): editing the file after sharding does not change the merge', () => {
    // The partial file carries the experiment text, so merge does not depend on the file on disk: edit the copy after sharding.
    const exp = join(root, 'copy.yaml');
    copyFileSync(FLAGSHIP, exp);
    expect(cli(['run', exp, '--games', '4000', '--seed', '1', '--quiet', '--workers', '0', '--shard', '1/1', '--partial', join(root, 'only.json')]).code).toBe(0);
    writeFileSync(exp, 'not: an experiment\n');
    const m = cli(['merge', join(root, 'only.json'), '--out', join(root, 'from-partial'), '--quiet']);
    expect(m.code, m.stderr).toBe(0);
    expect(existsSync(join(root, 'from-partial', 'summary.csv'))).toBe(true);
  });
});
