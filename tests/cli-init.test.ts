// `balance-lab init` and `builtin:` scenario names: what init writes, that it
// never overwrites without --force, that every starter experiment validates and
// runs from the scaffolded folder, and bad input (exit 2, nothing written).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { engineIds } from '../src/registry.js';
import { builtinScenarios } from '../src/sim/input/package-root.js';
import { PACKAGE_ROOT } from '../src/node/package-root.js';
import { resolveScenarioPath } from '../src/sim/input/scenario-path.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { LATEST_VERSION, RULE_VERSIONS } from '../src/rules/urban-assault/catalogue/ruleset.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-init-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function cli(args: string[], cwd = root) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 110_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('init', () => {
  it('writes the starter files for the default engine and says so', () => {
    const dir = join(root, 'default');
    const r = cli(['init', dir]);
    expect(r.code, r.stderr).toBe(0);
    for (const f of ['experiments/urban-assault.yaml', 'scenarios/starter-port.yaml', 'results/baselines/.gitkeep', '.github/workflows/balance.yml', '.gitignore', 'README.md']) {
      expect(existsSync(join(dir, f)), f).toBe(true);
      expect(r.stdout).toContain(`wrote ${join(dir, f).replace(`${root}/`, '')}`.split('/').pop()!);
    }
    expect(readdirSync(join(dir, 'experiments'))).toEqual(['urban-assault.yaml']);
    // .gitignore ignores results but keeps the baselines.
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toMatch(/results\/\*\n!results\/baselines\//);
    // …but not the journal and lock `check --queue` keeps beside a baseline while it runs.
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toMatch(/^\.\*\.check\.staging\/\n\.\*\.check\.lock$/m);
    // The workflow uses the balance-lab Action (no npm step, no local Node): check, check-and-publish, update baselines.
    const wf = parse(readFileSync(join(dir, '.github/workflows/balance.yml'), 'utf8')) as { jobs: Record<string, { steps: { run?: string; uses?: string; with?: Record<string, string> }[] }> };
    expect(Object.keys(wf.jobs)).toEqual(['check', 'check-and-publish', 'update-baselines']);
    for (const job of Object.values(wf.jobs)) {
      expect(job.steps.some((st) => st.uses?.startsWith('balance-lab/balance-lab@v'))).toBe(true);
      expect(job.steps.some((st) => /\bnpm\b|\bnpx\b/.test(st.run ?? ''))).toBe(false);
    }
    expect(wf.jobs['update-baselines'].steps.find((st) => st.with)?.with?.mode).toBe('update');
  });

  it('never overwrites without --force; --force does', () => {
    const dir = join(root, 'keep');
    expect(cli(['init', dir]).code).toBe(0);
    const f = join(dir, 'experiments', 'urban-assault.yaml');
    writeFileSync(f, '# mine\n');
    const again = cli(['init', dir]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('kept');
    expect(again.stdout).not.toContain('wrote');
    expect(readFileSync(f, 'utf8')).toBe('# mine\n');
    const forced = cli(['init', dir, '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(f, 'utf8')).toContain('name: urban-assault');
  });

  it('every engine has a starter experiment that validates where init put it, and the scaffold runs', () => {
    const dir = join(root, 'all');
    const r = cli(['init', dir, '--engines', engineIds().join(',')]);
    expect(r.code, r.stderr).toBe(0);
    for (const id of engineIds()) {
      const exp = loadExperiment(join(dir, 'experiments', `${id}.yaml`));
      expect(exp.engine).toBe(id);
      expect(exp.compiled.variants.length).toBeGreaterThanOrEqual(2);
    }
    const run = cli(['run', 'experiments/urban-assault.yaml', '--games', '100', '--workers', '0', '--quiet'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(dir, 'results', 'urban-assault', 'summary.csv'))).toBe(true);
  });

  it('an unknown engine is bad input: exit 2, one line, nothing written', () => {
    const dir = join(root, 'bad');
    const r = cli(['init', dir, '--engines', 'urban-assault,chess']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^balance-lab: command line: --engines: unknown engine "chess" \(allowed: .*urban-assault.*\)\n$/);
    expect(existsSync(dir)).toBe(false);
  });
});

describe('builtin: scenario names', () => {
  it('name the shipped scenarios, from any folder', () => {
    expect(builtinScenarios('urban-assault')).toEqual(['blacksun-01', 'blacksun-01-v1.01', 'relay-station', 'tutorial-01-port', 'tutorial-01-port-v1.01']);
    const ctx = { experimentDir: '/elsewhere', roots: [], file: '/elsewhere/x.yaml', path: 'operation.scenario' };
    expect(resolveScenarioPath('builtin:tutorial-01-port', ctx)).toBe(realpathSync(join(PACKAGE_ROOT, 'scenarios', 'urban-assault', 'tutorial-01-port.yaml')));
  });

  it('an experiment outside the repository plays a builtin scenario, identical to the path form', () => {
    const dir = mkdtempSync(join(root, 'builtin-'));
    const src = readFileSync(join(PACKAGE_ROOT, 'templates', 'init', 'experiments', 'urban-assault.yaml'), 'utf8').replace('__RULES__', LATEST_VERSION);
    const byPath = join(dir, 'by-path.yaml');
    const byName = join(dir, 'by-name.yaml');
    writeFileSync(byPath, src.replace('scenario: ../scenarios/starter-port.yaml', 'scenario: ' + join(PACKAGE_ROOT, 'scenarios', 'urban-assault', 'tutorial-01-port.yaml')));
    writeFileSync(byName, src.replace('scenario: ../scenarios/starter-port.yaml', 'scenario: ' + 'builtin:tutorial-01-port'));
    for (const [f, out] of [[byPath, 'a'], [byName, 'b']]) {
      const r = cli(['run', f, '--games', '200', '--workers', '0', '--quiet', '--out', join(dir, out)], dir);
      expect(r.code, r.stderr).toBe(0);
    }
    expect(readFileSync(join(dir, 'b', 'summary.csv'), 'utf8')).toBe(readFileSync(join(dir, 'a', 'summary.csv'), 'utf8'));
  });

  it('an unknown builtin name lists the shipped ones (exit 2)', () => {
    const dir = mkdtempSync(join(root, 'builtin-bad-'));
    const src = readFileSync(join(PACKAGE_ROOT, 'templates', 'init', 'experiments', 'urban-assault.yaml'), 'utf8').replace('__RULES__', LATEST_VERSION);
    const f = join(dir, 'x.yaml');
    writeFileSync(f, src.replace('scenario: ../scenarios/starter-port.yaml', 'scenario: ' + 'builtin:no-such'));
    const r = cli(['validate', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/x\.yaml:\d+: operation\.scenario: scenario file "builtin:no-such" not found .*builtin:blacksun-01, builtin:blacksun-01-v1.01, builtin:relay-station, builtin:tutorial-01-port, builtin:tutorial-01-port-v1.01/);
  });

  it('--scenarios finds his Markdown scenarios (one experiment each, with the framework targets), keeps his workflows and reports a .md without a block', () => {
    const dir = join(root, 'md');
    mkdirSync(join(dir, 'scenarios', 'training'), { recursive: true });
    mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
    writeFileSync(join(dir, '.github', 'workflows', 'mine.yml'), 'name: mine\n');
    copyFileSync('tests/fixtures/markdown/training.md', join(dir, 'scenarios', 'training', 'port.md'));
    writeFileSync(join(dir, 'scenarios', 'training', 'notes.md'), '# notes\n');
    const r = cli(['init', dir, '--scenarios', 'scenarios/training']);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(dir, 'experiments'))).toEqual(['port.yaml']);
    expect(existsSync(join(dir, 'scenarios', 'starter-port.yaml'))).toBe(false);
    expect(readFileSync(join(dir, '.github', 'workflows', 'mine.yml'), 'utf8')).toBe('name: mine\n');
    expect(r.stdout).toContain('scenarios/training/notes.md');
    const exp = loadExperiment(join(dir, 'experiments', 'port.yaml'));
    expect(exp.targets!.filter((x) => x.framework === 'd33').map((x) => x.metric)).toEqual(['win', 'wiped', 'combats', 'combat_magazines', 'magazines_per_combat']);
    // The comments name his file from the repository's root, where the command runs (not ../ from experiments/).
    const text = readFileSync(join(dir, 'experiments', 'port.yaml'), 'utf8');
    expect(text).toContain('`balance-lab validate scenarios/training/port.md`');
    expect(text).toContain('scenario: ../scenarios/training/port.md');
    expect(text).not.toContain('../../');
  });

  it('the starter experiments name the rule version they play: the latest shipped one, on an explicit rules: line', () => {
    const dir = join(root, 'rules');
    const r = cli(['init', dir]);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(join(dir, 'experiments', 'urban-assault.yaml'), 'utf8');
    expect(text).toMatch(new RegExp(`^rules: ${LATEST_VERSION}$`, 'm'));
    expect(LATEST_VERSION).toBe(RULE_VERSIONS[RULE_VERSIONS.length - 1]);
    const exp = loadExperiment(join(dir, 'experiments', 'urban-assault.yaml'));
    expect(exp.compiled.rulings.find((x) => x.id === 'rules')?.choice).toBe(LATEST_VERSION);
  });
});
