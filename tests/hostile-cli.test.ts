// Issue 39 low items on the command line: the "Resume with:" hint is single-quoted (12), --workers is capped at a
// stated multiple of the CPUs (13), `worker --workers 0` is exit 2 (14).
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { maxWorkers, parseWorkerThreads, parseWorkers, WORKERS_PER_CPU } from '../src/cli/options.js';
import { resumeCommand } from '../src/cli/cmd-run.js';
import { BadOptionValue } from '../src/cli/bad-value.js';
import { setLang } from '../src/i18n/lang.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));

describe('the resume hint pastes safely (item 12)', () => {
  it('paths with $(…), backticks, quotes and blanks are single-quoted; a plain path is left bare', () => {
    const hint = resumeCommand('experiments/$(touch pwned)`id`.yaml', { out: "/tmp/my results/it's", games: 10 });
    expect(hint).toBe(`run 'experiments/$(touch pwned)\`id\`.yaml' --games 10 --out '/tmp/my results/it'\\''s' --resume`);
    expect(hint).not.toContain('"');
    expect(resumeCommand('experiments/x.yaml', { out: 'out' })).toBe('run experiments/x.yaml --out out --resume');
  });
});

describe('--workers is capped (items 13, 14)', () => {
  it(`at ${WORKERS_PER_CPU} × the CPUs (was 1,024); 0 stays "in-process" for run`, () => {
    setLang('en');
    expect(maxWorkers(2)).toBe(2 * WORKERS_PER_CPU);
    expect(parseWorkers(String(maxWorkers()))).toBe(maxWorkers());
    expect(parseWorkers('0')).toBe(0);
    expect(() => parseWorkers(String(maxWorkers() + 1))).toThrow(BadOptionValue);
    expect(() => parseWorkers('1000')).toThrow(/CPUs/);
  });

  it('worker --workers 0 is refused when parsed (was an internal error): one line, exit 2', () => {
    expect(() => parseWorkerThreads('0')).toThrow(BadOptionValue);
    expect(parseWorkerThreads('1')).toBe(1);
    const r = spawnSync(process.execPath, [BIN, '--lang', 'en', 'worker', '--workers', '0', '--queue', 'redis://127.0.0.1:1'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--workers: '0' is not a valid value \(allowed: an integer ≥ 1/);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(availableParallelism()).toBeGreaterThan(0);
  });
});

describe('init writes YAML through the YAML library (item 15)', () => {
  it('a scenario id with ": " and "#" gives a valid experiment that keeps the id', async () => {
    const { initFiles } = await import('../src/cli/cmd-init.js');
    const { parse } = await import('yaml');
    const files = initFiles(['urban-assault'], { scenarios: [{ rel: 'missions/night: op #1.md', stem: 'night-op-1', map: 'd33', id: 'op: night #1' }], docLang: 'en' });
    const doc = parse(files.get('experiments/night-op-1.yaml')!) as { question: string; operation: { scenario: string }; name: string };
    expect(doc.name).toBe('night-op-1');
    expect(doc.question).toContain('op: night #1');
    expect(doc.operation.scenario).toBe('../missions/night: op #1.md');
  });
});

describe('rules: a designer ruleset beside the experiments (item 16)', () => {
  it('`rules: ../rulesets/my-rules.yaml` from experiments/ is read; a file elsewhere is refused as a ruleset file', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { loadExperiment } = await import('../src/sim/experiment/load.js');
    const { tinyUa } = await import('./helpers/tiny-ua.js');
    setLang('en');
    const root = mkdtempSync(join(tmpdir(), 'balance-lab-rules-ref-'));
    try {
      for (const d of ['experiments', 'rulesets', 'elsewhere']) mkdirSync(join(root, d));
      const rules = 'base: dev-2026-05-09\nweapons:\n  LMG: { cost: 9 }\n';
      writeFileSync(join(root, 'rulesets', 'my-rules.yaml'), rules);
      writeFileSync(join(root, 'elsewhere', 'r.yaml'), rules);
      const exp = (ref: string) => tinyUa('r', 'q', 10, '1d3+1', '').replace('game: urban-assault', `game: urban-assault\nrules: ${ref}`);
      writeFileSync(join(root, 'experiments', 'ok.yaml'), exp('../rulesets/my-rules.yaml'));
      writeFileSync(join(root, 'experiments', 'no.yaml'), exp('../elsewhere/r.yaml'));
      expect(() => loadExperiment(join(root, 'experiments', 'ok.yaml'), {})).not.toThrow();
      expect(() => loadExperiment(join(root, 'experiments', 'no.yaml'), {})).toThrow(/ruleset file "\.\.\/elsewhere\/r\.yaml" is outside/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
