// Issue 42 item 8: every message and annotation names files relative to the working folder (the repository root in
// the Action), never by an absolute machine path — an error in a scenario an experiment names, the results folder a
// run wrote, the baseline check reads, and the Action's annotations and job summary.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const ws = realpathSync(mkdtempSync(join(tmpdir(), 'balance-lab-paths-')));
mkdirSync(join(ws, 'experiments'));
mkdirSync(join(ws, 'scenarios'));
writeFileSync(join(ws, 'scenarios', 'bad.yaml'), 'title: broken\nnot_a_key: 1\n');
writeFileSync(join(ws, 'experiments', 'bad.yaml'), readFileSync('experiments/special-equipment-worth.yaml', 'utf8')
  .replace(/scenario: \S+/, 'scenario: ../scenarios/bad.yaml'));
writeFileSync(join(ws, 'experiments', 'small.yaml'), `name: small
game: chojin-locke
seed: 1
stop: { games: 100 }
enemies:
  - { character: locke, policy: auto-enemy }
variants:
  - { name: solo, baseline: true, party: [{ character: nagato, policy: solo }] }
  - { name: francis, party: [{ character: francis, policy: solo }] }
`);

function cli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ws, encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } });
  return { code: r.status, out: `${r.stdout}\n${r.stderr}` };
}

describe('messages name files relative to the working folder', () => {
  it('an error in the scenario an experiment names', () => {
    for (const lang of ['en', 'ja']) {
      const r = cli(['validate', 'experiments/bad.yaml', '--lang', lang]);
      expect(r.code).toBe(2);
      expect(r.out).toContain('scenarios/bad.yaml:2');
      expect(r.out).not.toContain(ws);
    }
  });

  it('the results folder a run wrote, and what check reads', () => {
    const run = cli(['run', 'experiments/small.yaml', '--workers', '1']);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/wrote \d+ files to results\/small\n/);
    expect(run.out).not.toContain(ws);
    const check = cli(['check', 'experiments/small.yaml', '--workers', '1', '--games', '100', '--baseline', join(ws, 'results', 'baselines', 'small.json')]);
    expect(check.out).toContain('results/baselines/small.json');
    expect(check.out).not.toContain(ws);
  }, 240_000);

  it('the Action\'s annotations and job summary name the file from the repository root', () => {
    const summary = join(ws, 'summary.md');
    writeFileSync(summary, '');
    const r = cli(['action', '--experiments', 'experiments/bad.yaml', '--mode', 'check', '--out', 'balance-lab-results', '--workers', '0'], {
      GITHUB_WORKSPACE: ws, GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: join(ws, 'output.txt'),
    });
    expect(r.out).toMatch(/^::error file=scenarios\/bad\.yaml,line=2,/m);
    expect(r.out).toContain('scenarios/bad.yaml:2');
    expect(r.out).not.toContain(ws);
    expect(readFileSync(summary, 'utf8')).not.toContain(ws);
  }, 120_000);
});
