// Tuned policies (issue 15 item 4): `run` on a file with `tune:` plays the variants as written, races each variant's
// policy parameters on common random numbers, plays them again at their best and reports both; the same for any
// worker count; a parameter a policy does not have is exit 2 with the file and line before any game.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tinyUa } from './helpers/tiny-ua.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-tune-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const EXP = tinyUa('tiny-tune', 'Does keeping magazines back help?', 8, '1d3+2', `  - { name: reserve3, policy_params: { reserve: 3 } }
tune:
  params: { reserve: [0, 3, 6] }
  games: { start: 500, max: 4000 }
`);
const run = (text: string, workers: string) => {
  const f = join(root, `t${workers}.yaml`);
  writeFileSync(f, text);
  const out = join(root, `out${workers}`);
  return { ...spawnSync(process.execPath, [BIN, 'run', f, '--out', out, '--quiet', '--workers', workers], { encoding: 'utf8', timeout: 120_000 }), out };
};

describe('run with tune:', () => {
  it('reports scripted and tuned, writes tuning.csv and tuned/, the same for 0 and 2 workers', () => {
    const a = run(EXP, '0'), b = run(EXP, '2');
    expect(a.status, a.stderr).toBe(0);
    expect(a.stdout).toMatch(/scripted vs tuned/);
    expect(a.stdout).toMatch(/reserve3 +scripted [\d.]+ .* tuned [\d.]+ .*\{"reserve":\d\}/);
    const csv = readFileSync(join(a.out, 'tuning.csv'), 'utf8');
    expect(csv.split('\n')[0]).toMatch(/^variant,tuned_params,win_scripted/);
    expect(readFileSync(join(b.out, 'tuning.csv'), 'utf8')).toBe(csv);
    expect(readFileSync(join(a.out, 'tuned', 'summary.csv'), 'utf8')).toBe(readFileSync(join(b.out, 'tuned', 'summary.csv'), 'utf8'));
    // The tuned reserve3 variant plays with its chosen reserve, not 3, unless 3 was the best.
    const chosen = /^reserve3,"\{""reserve"":(\d)\}"/m.exec(csv);
    expect(chosen, csv).not.toBeNull();
    expect(['0', '3', '6']).toContain(chosen![1]);
  });
  it('a parameter value the policy refuses: exit 2 naming tune.params', () => {
    const r = run(EXP.replace('params: { reserve: [0, 3, 6] }', 'params: { reserve: [0, 999] }'), '0');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/t0\.yaml:\d+: tune\.params\.reserve: reserve: 999 is not accepted/);
  });
});
