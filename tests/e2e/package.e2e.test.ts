// balance-lab in a designer's own repository, for real: `npm pack` this
// repository, install the tarball into a fresh project with plain `npm install`
// (the registry for its dependencies; no install script of ours runs), then
// `init`, run the starter experiment, record a baseline, pass `check`, fail
// `check` (exit 1) after a deliberate change, use the programmatic API and a
// `builtin:` scenario from node_modules, and finally check that the generated
// workflow uses the balance-lab Action (its steps run in action.e2e.test.ts; the `uses:` steps are GitHub's
// checkout/setup-node actions, which have no meaning outside GitHub: skipped).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-pack-'));
const project = join(root, 'designer-repo');
let tarball = '';

afterAll(() => rmSync(root, { recursive: true, force: true }));

function sh(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 280_000, env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false' } });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

beforeAll(() => {
  const packed = sh('npm', ['pack', '--json', '--pack-destination', root], REPO);
  expect(packed.code, packed.stderr).toBe(0);
  const info = JSON.parse(packed.stdout.slice(packed.stdout.search(/^\[/m))) as { filename: string; files: { path: string }[] }[];
  tarball = join(root, info[0].filename);
  execFileSync('mkdir', ['-p', project]);
  expect(sh('npm', ['init', '-y'], project).code).toBe(0);
  const inst = sh('npm', ['install', '--save-dev', tarball], project);
  expect(inst.code, inst.stderr).toBe(0);
}, 300_000);

describe('the packed tool in a separate project', () => {
  it('the tarball has the build, docs, scenarios and templates, no tests, and no install script', () => {
    const listing = sh('tar', ['-tzf', tarball], root).stdout.split('\n');
    expect(listing).toContain('package/dist/cli/main.js');
    expect(listing).toContain('package/dist/api/index.js');
    expect(listing).toContain('package/dist/api/index.d.ts');
    expect(listing).toContain('package/scenarios/urban-assault/tutorial-01-port.yaml');
    expect(listing).toContain('package/templates/init/workflow/balance.yml');
    expect(listing).toContain('package/docs/rules/urban-assault.md');
    expect(listing.filter((p) => p.startsWith('package/tests/') || p.startsWith('package/src/'))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(project, 'node_modules', 'balance-lab', 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    for (const s of ['preinstall', 'install', 'postinstall']) expect(pkg.scripts?.[s], s).toBeUndefined();
    expect(existsSync(join(project, 'node_modules', 'balance-lab', 'dist', 'cli', 'main.js'))).toBe(true);
  });

  it('init → run → check --update → check passes → a deliberate change fails check (exit 1)', () => {
    const init = sh('npx', ['balance-lab', 'init'], project);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain('wrote experiments/urban-assault.yaml');
    expect(readdirSync(join(project, 'results', 'baselines'))).toEqual(['.gitkeep']);

    const run = sh('npx', ['balance-lab', 'run', 'experiments/urban-assault.yaml', '--quiet'], project);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(project, 'results', 'urban-assault', 'report.html'))).toBe(true);

    const upd = sh('npx', ['balance-lab', 'check', 'experiments/urban-assault.yaml', '--update', '--quiet'], project);
    expect(upd.code, upd.stderr).toBe(0);
    expect(existsSync(join(project, 'results', 'baselines', 'urban-assault.json'))).toBe(true);

    const ok = sh('npx', ['balance-lab', 'check', 'experiments/urban-assault.yaml', '--quiet'], project);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);

    const file = join(project, 'experiments', 'urban-assault.yaml');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace('difficulty: NORMAL', 'difficulty: HARD').replace('max_flees: 3', 'max_flees: 0'));
    const moved = sh('npx', ['balance-lab', 'check', 'experiments/urban-assault.yaml', '--quiet'], project);
    writeFileSync(file, original);
    expect(moved.code, moved.stdout + moved.stderr).toBe(1);
  });

  it('the programmatic API and builtin: scenarios work from node_modules', () => {
    writeFileSync(join(project, 'exp-builtin.yaml'), readFileSync(join(project, 'experiments', 'urban-assault.yaml'), 'utf8')
      .replace('scenario: ../scenarios/starter-port.yaml', 'scenario: builtin:tutorial-01-port'));
    writeFileSync(join(project, 'api.mjs'), [
      "import { loadExperiment, runExperiment, writeResults, readSummary, validateExperiment, engines } from 'balance-lab';",
      "if (validateExperiment('exp-builtin.yaml') !== null) throw new Error('invalid');",
      "const exp = loadExperiment('exp-builtin.yaml', { games: 200 });",
      "const s = await runExperiment(exp, { workers: 1 });",
      "await writeResults(s, 'results/api');",
      "const back = readSummary('results/api');",
      "console.log(JSON.stringify({ engines: engines().length, variants: back.summary.variants.length, games: back.summary.gamesPerVariant }));",
    ].join('\n'));
    const r = sh('node', ['api.mjs'], project);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim())).toEqual({ engines: 5, variants: 2, games: 200 });
  });

  it('the generated workflow uses the balance-lab Action at the installed version (its steps run in action.e2e.test.ts)', () => {
    const wf = parse(readFileSync(join(project, '.github', 'workflows', 'balance.yml'), 'utf8')) as { jobs: Record<string, { steps: { run?: string; uses?: string }[] }> };
    const version = (JSON.parse(readFileSync(join(project, 'node_modules', 'balance-lab', 'package.json'), 'utf8')) as { version: string }).version;
    for (const job of Object.values(wf.jobs)) {
      expect(job.steps.map((st) => st.uses?.split('@')[0]).filter(Boolean)).toEqual(['actions/checkout', 'balance-lab/balance-lab']);
      expect(job.steps.find((st) => st.uses?.startsWith('balance-lab/'))!.uses).toBe(`balance-lab/balance-lab@v${version}`);
      // No step installs anything from the designer's package.json: nothing needs Node on his machine.
      expect(job.steps.some((st) => /\bnpm\b|\bnpx\b/.test(st.run ?? ''))).toBe(false);
    }
  });
});
