// Issue 29 items 1, 3, 12: an experiment reads only the files its author meant — a scenario inside the
// experiment's folder (or the scenarios/ folder beside it), a configured scenario root, or a shipped
// `builtin:` one — and only ordinary files of bounded size. Refusals are InputErrors (exit 2) naming the
// experiment's file:line and path, and never quote the refused file's contents.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../src/node/package-root.js';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { InputError } from '../src/sim/input/input-error.js';
import { readBoundedFile, resolveScenarioPath, setScenarioRoots, takeScenarioRoots } from '../src/sim/input/scenario-path.js';
import { LATEST_VERSION } from '../src/rules/urban-assault/catalogue/ruleset.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-paths-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => setScenarioRoots([]));

const TEMPLATE = readFileSync(join(PACKAGE_ROOT, 'templates', 'init', 'experiments', 'urban-assault.yaml'), 'utf8').replace(/__RULES__/g, LATEST_VERSION); // as init fills it in (issue 42)
const SHIPPED = join(PACKAGE_ROOT, 'scenarios', 'urban-assault', 'tutorial-01-port.yaml');

/** An experiment in `dir` naming `scenario` (written as a YAML double-quoted string). */
function experiment(dir: string, scenario: string): string {
  mkdirSync(dir, { recursive: true });
  const f = join(dir, 'x.yaml');
  const text = TEMPLATE.replace('scenario: ../scenarios/starter-port.yaml', `scenario: ${JSON.stringify(scenario)}`);
  expect(text).not.toBe(TEMPLATE);
  writeFileSync(f, text);
  return f;
}

function compileError(f: string): InputError {
  try {
    compileExperiment(Source.load(f));
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error('compiled');
}

function cli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: root, encoding: 'utf8', timeout: 30_000, env: { ...process.env, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, signal: r.signal };
}

describe('scenario references', () => {
  it('resolve inside the experiment folder, the scenarios/ folder beside it, a root, or builtin:', () => {
    const proj = join(root, 'proj');
    mkdirSync(join(proj, 'scenarios'), { recursive: true });
    writeFileSync(join(proj, 'scenarios', 's.yaml'), readFileSync(SHIPPED));
    expect(() => compileExperiment(Source.load(experiment(join(proj, 'experiments'), '../scenarios/s.yaml')))).not.toThrow();
    expect(() => compileExperiment(Source.load(experiment(join(proj, 'experiments'), 'builtin:tutorial-01-port')))).not.toThrow();
    expect(() => compileExperiment(Source.load(experiment(join(proj, 'experiments'), SHIPPED)))).not.toThrow();
  });

  it('refuse /etc/passwd and /proc/self/environ without quoting them', () => {
    for (const ref of ['/etc/passwd', '/proc/self/environ', '../../../../../../../../etc/passwd']) {
      const e = compileError(experiment(join(root, 'abs'), ref));
      expect(e.message).toMatch(/x\.yaml:\d+: operation\.scenario: scenario file .* is outside the folders an experiment may read/);
      expect(e.message).not.toMatch(/root:|PATH=|HOME=/);
    }
  });

  it('refuse builtin: names with folders (builtin:../../x)', () => {
    for (const ref of ['builtin:../../package', 'builtin:../urban-assault/tutorial-01-port', 'builtin:/etc/passwd', 'builtin:']) {
      const e = compileError(experiment(join(root, 'bi'), ref));
      expect(e.message).toMatch(/is not a shipped scenario name .*builtin:tutorial-01-port/);
    }
  });

  it('refuse a symlink inside the experiment folder that leads out', () => {
    const dir = join(root, 'link');
    mkdirSync(dir, { recursive: true });
    symlinkSync('/etc/passwd', join(dir, 'evil.yaml'));
    const e = compileError(experiment(dir, 'evil.yaml'));
    expect(e.message).toMatch(/"evil\.yaml" is outside the folders an experiment may read \(\/etc\/passwd\)/);
  });

  it('an empty reference and a folder get a clear message, not EISDIR', () => {
    expect(compileError(experiment(join(root, 'empty'), '')).message).toMatch(/x\.yaml:\d+: operation\.scenario: the scenario reference is empty/);
    const e = compileError(experiment(join(root, 'dot'), '.'));
    expect(e.message).toMatch(/x\.yaml:\d+: operation\.scenario: .*dot is a folder, not a file/);
    expect(e.message).not.toMatch(/EISDIR/);
  });

  it('--scenario-root and $BALANCE_LAB_SCENARIO_ROOTS admit one more folder', () => {
    const shared = join(root, 'shared-scenarios');
    mkdirSync(shared, { recursive: true });
    writeFileSync(join(shared, 'port.yaml'), readFileSync(SHIPPED));
    const f = experiment(join(root, 'elsewhere'), join(shared, 'port.yaml'));
    expect(compileError(f).message).toMatch(/is outside the folders/);
    expect(takeScenarioRoots(['node', 'x', 'validate', f, '--scenario-root', shared])).toEqual(['node', 'x', 'validate', f]);
    expect(() => compileExperiment(Source.load(f))).not.toThrow();
    setScenarioRoots([]);
    const rel = experiment(join(root, 'elsewhere2'), 'port.yaml');
    expect(cli(['validate', rel]).code).toBe(2);
    expect(cli(['validate', rel, '--scenario-root', shared]).code).toBe(0);
    expect(cli(['validate', rel], { BALANCE_LAB_SCENARIO_ROOTS: shared }).code).toBe(0);
    const bad = cli(['validate', rel, '--scenario-root', join(root, 'no-such')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--scenario-root: scenario root ".*no-such" is not a folder \(ENOENT\)/);
  });

  it('a queue job (no experiment folder) resolves only in the roots and builtin:', () => {
    const ctx = { experimentDir: null, roots: [join(PACKAGE_ROOT, 'scenarios')], file: 'job', path: 'operation.scenario' };
    expect(resolveScenarioPath('urban-assault/tutorial-01-port.yaml', ctx)).toMatch(/tutorial-01-port\.yaml$/);
    expect(() => resolveScenarioPath('/etc/passwd', ctx)).toThrow(/outside the folders/);
    // As many ../ as any checkout path can need: the answer must not depend on where the repository sits.
    expect(() => resolveScenarioPath(`${'../'.repeat(64)}etc/passwd`, ctx)).toThrow(/outside the folders/);
    // A file outside the roots that does not exist gets the same answer as one that does (no existence oracle).
    expect(() => resolveScenarioPath('/etc/no-such-file-balance-lab', ctx)).toThrow(/outside the folders/);
    expect(() => resolveScenarioPath(`${'../'.repeat(64)}no-such-dir/x.yaml`, ctx)).toThrow(/outside the folders/);
  });
});

describe('readBoundedFile', () => {
  it('refuses devices, pipes, /proc files, folders and big files, without reading them', () => {
    expect(() => readBoundedFile('/dev/zero', 1000)).toThrow(/\/dev\/zero is not an ordinary file \(it is a character device\)/);
    expect(() => readBoundedFile('/proc/self/environ', 1000)).toThrow(/\/proc\/self\/environ is not an ordinary file \(its size changes while it is read/);
    expect(() => readBoundedFile('/proc/self/status', 100_000)).toThrow(/is not an ordinary file/);
    expect(() => readBoundedFile(root, 1000)).toThrow(/is a folder, not a file/);
    const fifo = join(root, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(() => readBoundedFile(fifo, 1000)).toThrow(/is not an ordinary file \(it is a named pipe\)/);
    const big = join(root, 'big.yaml');
    writeFileSync(big, 'a: "' + 'x'.repeat(2000) + '"\n');
    expect(() => readBoundedFile(big, 1000, { file: 'e.yaml', line: 3, path: 'operation.scenario' })).toThrow(/^e\.yaml:3: operation\.scenario: .*big\.yaml is larger than 1000 bytes$/);
    expect(readBoundedFile(big, 10_000)).toHaveLength(2006);
  });

  it('the CLI refuses /dev/zero, /dev/stdin and a pipe as the experiment, at once (exit 2)', () => {
    for (const f of ['/dev/zero', '/dev/stdin', join(root, 'fifo2'), '/proc/self/environ']) {
      if (f.endsWith('fifo2')) spawnSync('mkfifo', [f]);
      const t0 = process.hrtime.bigint();
      const r = cli(['validate', f]);
      expect(r.signal).toBeNull();
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/is not an ordinary file|cannot read file \(ENXIO\)/);
      expect(r.stderr).not.toMatch(/PATH=|internal error/);
      expect(Number(process.hrtime.bigint() - t0) / 1e9).toBeLessThan(20);
    }
  });
});
