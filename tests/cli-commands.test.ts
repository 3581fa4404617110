// The CLI commands end to end: validate, run, replay, list, bench. Runs the
// built CLI (dist/, built by global-setup) in child processes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { uaFixtureYaml } from './helpers/ua-fixture.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));

/** A small valid URBAN ASSAULT experiment (the shared fixture; variants plus1, base, minus1). */
const VALID_YAML = uaFixtureYaml('games: 300\nchunk: 100').replace('name: stub-test', 'name: cli-test');

const root = mkdtempSync(join(tmpdir(), 'balance-lab-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const yamlFile = join(root, 'cli-test.yaml');
writeFileSync(yamlFile, VALID_YAML);

function cli(args: string[], cwd = root, timeout = 220_000) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('balance-lab commands', () => {
  it('validate: ok line, exit 0', () => {
    const r = cli(['validate', yamlFile]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('ok: cli-test.yaml (urban-assault, 3 variants)\n');   // named from the working folder (issue 42)
  });

  it('run: writes summary.csv into --out and prints the table', () => {
    const out = join(root, 'out-run');
    const r = cli(['run', yamlFile, '--out', out, '--workers', '1', '--games', '200']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(out, 'summary.csv'))).toBe(true);
    expect(existsSync(join(out, 'run.json'))).toBe(true);
    const csv = readFileSync(join(out, 'summary.csv'), 'utf8');
    expect(csv).toContain('plus1');
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
    const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as Record<string, unknown>;
    expect(JSON.stringify(run)).toContain('"0.1.0"'); // package version from package.json
    expect(r.stdout).toContain('base');
    expect(r.stdout).toContain('Frag grenade'); // the table shows variant labels
    expect(r.stdout.trim().split('\n').length).toBeGreaterThan(1);
  });

  it('run --quiet prints only the final table; --bom marks the CSVs; default out is results/<name>/ under cwd', () => {
    const cwd = mkdtempSync(join(root, 'cwd-'));
    const r = cli(['run', yamlFile, '--quiet', '--bom', '--workers', '0'], cwd);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const csv = readFileSync(join(cwd, 'results', 'cli-test', 'summary.csv'), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(r.stdout).toContain('Frag grenade'); // the table shows variant labels
    expect(readdirSync(join(cwd, 'results'))).toEqual(['cli-test']);
  });

  it('replay: header, log lines and final metrics', () => {
    const r = cli(['replay', yamlFile, '--variant', 'plus1', '--game', '5']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/experiment: cli-test/);
    expect(r.stdout).toMatch(/variant: +plus1/);
    expect(r.stdout).toMatch(/game index: +5/);
    expect(r.stdout).toMatch(/seed: +12345/);
    expect(r.stdout).toMatch(/final metrics:/);
    // Same game twice → same narration; --seed changes the header.
    expect(cli(['replay', yamlFile, '--variant', 'plus1', '--game', '5']).stdout).toBe(r.stdout);
    expect(cli(['replay', yamlFile, '--variant', 'plus1', '--game', '5', '--seed', '99']).stdout).toMatch(/seed: +99/);
  });

  it('list: lists urban-assault with its policies', () => {
    const r = cli(['list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^urban-assault: /m);
    expect(r.stdout).toContain('seed file:');
    expect(r.stdout).toContain('rules doc:');
    expect(r.stdout).toContain('policies:');
  });

  it('--help and --version exit 0', () => {
    const h = cli(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('run');
    const v = cli(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('bench --json --games 2000 --measure-seconds 0: one JSON object with finite positive figures', { timeout: 420_000 }, () => {
    // --measure-seconds 0: each shipped experiment plays its first two chunks only (the quick figure); bench also writes
    // each one's results folder (its overhead is measured): 1.2x the CPU of the former pilot-only bench.
    const r = cli(['bench', '--json', '--games', '2000', '--measure-seconds', '0'], root, 400_000);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as Record<string, unknown> & { engines: Record<string, Record<string, unknown>> };
    const fields = ['games_per_s_1', 'games_per_s_all', 'workers', 'dice_per_game', 'rng_d6_per_s', 'efficiency', 'scaling'];
    for (const f of fields) {
      expect(typeof report[f], f).toBe('number');
      expect(Number.isFinite(report[f] as number) && (report[f] as number) > 0, `${f} = ${String(report[f])}`).toBe(true);
    }
    expect(Object.keys(report.engines)).toContain('urban-assault');
    const ua = report.engines['urban-assault'];
    for (const f of fields) expect(ua[f], f).toBe(report[f]);
    expect(report.scaling).toBeCloseTo((report.games_per_s_all as number) / (report.games_per_s_1 as number), 9);
    // Issue 16: the seconds each engine's shipped experiments need for a 0.5 pp paired CI (the flagship among UA's).
    const files = (ua.experiments as { file: string; seconds: number }[]).map((x) => x.file);
    expect(files).toContain('lmg-worth-8-magazines.yaml');
    expect(Number.isFinite(ua.seconds_to_half_pp as number) && (ua.seconds_to_half_pp as number) > 0).toBe(true);
    for (const x of ua.experiments as { how: string; overhead_s: number }[]) {
      expect(['measured', 'extrapolated']).toContain(x.how);
      expect(x.overhead_s).toBeGreaterThan(0);
    }
    expect(String(ua.label)).toMatch(/flagship gauntlet/);
    // Issue 16: a GC-free steady state — the flagship's games allocate nothing (a game that allocated even a few
    // objects would fill V8's young generation many times over in the ~20,000 games timed in-process).
    for (const [id, f] of Object.entries(report.engines)) expect(Number.isFinite(f.gc_per_1k_games as number) && (f.gc_per_1k_games as number) >= 0, id).toBe(true);
    expect(ua.gc_per_1k_games).toBe(0);
    expect(ua.heap_bytes_per_game).not.toBeNull();
    expect(ua.heap_bytes_per_game as number).toBeLessThan(2);
    expect(report.efficiency).toBeCloseTo(
      ((report.games_per_s_1 as number) * (report.dice_per_game as number)) / (report.rng_d6_per_s as number),
      9,
    );
  });
});
