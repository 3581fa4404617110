/**
 * `balance-lab init [DIR]`: scaffold a designer's repository — one commented
 * starter experiment per chosen engine, a starter scenario (URBAN ASSAULT),
 * results/baselines/, a GitHub Actions balance workflow, a .gitignore that
 * keeps the baselines and a README of the commands. Never overwrites a file
 * without `--force`; prints every file it wrote or kept.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { InputError } from '../sim/input-error.js';
import { PACKAGE_ROOT } from '../sim/package-root.js';
import { engineIds } from '../rules/registry.js';
import { t } from '../i18n/t.js';

/** Options of `init`. */
export interface InitOptions {
  engines?: string;
  force?: boolean;
}

const TEMPLATES = join(PACKAGE_ROOT, 'templates', 'init');

function template(...parts: string[]): string {
  return readFileSync(join(TEMPLATES, ...parts), 'utf8');
}

/** The chosen engines, validated against the registry (default: urban-assault). */
function chosenEngines(list: string | undefined): string[] {
  const ids = engineIds();
  const chosen = (list ?? 'urban-assault').split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (chosen.length === 0) throw new InputError(t('cli.commandLine'), undefined, '--engines', { id: 'cli.noEngineGiven' }, ids.join(', '));
  for (const id of chosen) {
    if (!ids.includes(id)) throw new InputError(t('cli.commandLine'), undefined, '--engines', { id: 'cli.unknownEngine', params: { id } }, ids.join(', '));
  }
  return [...new Set(chosen)];
}

/** The files `init` writes: path relative to DIR → content. */
export function initFiles(engines: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const e of engines) files.set(`experiments/${e}.yaml`, template('experiments', `${e}.yaml`));
  if (engines.includes('urban-assault')) {
    const shipped = readFileSync(join(PACKAGE_ROOT, 'scenarios', 'urban-assault', 'tutorial-01-port.yaml'), 'utf8');
    files.set(
      'scenarios/starter-port.yaml',
      '# Starter scenario, written by `balance-lab init`: a copy of the shipped training scenario 01\n' +
        '# (builtin:tutorial-01-port) to edit into your own. Check it with\n' +
        '#   npx balance-lab validate scenarios/starter-port.yaml\n' +
        '# Format reference: node_modules/balance-lab/docs/scenarios/urban-assault.md\n#\n' +
        shipped,
    );
  }
  files.set('results/baselines/.gitkeep', '');
  const steps = engines.map((e) => `      - run: npx balance-lab check experiments/${e}.yaml`).join('\n');
  files.set('.github/workflows/balance.yml', template('workflow', 'balance.yml').replace("__CHECK_STEPS__", `${steps}\n`));
  files.set('.gitignore', template('gitignore'));
  files.set('README.md', template('README.md'));
  return files;
}

export function initCommand(dir: string | undefined, opts: InitOptions): void {
  const root = resolve(process.cwd(), dir ?? '.');
  const engines = chosenEngines(opts.engines);
  const files = initFiles(engines);
  const kept: string[] = [];
  const written: string[] = [];
  for (const [rel, content] of files) {
    const target = join(root, rel);
    if (existsSync(target) && !opts.force) {
      kept.push(rel);
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content, 'utf8');
    written.push(rel);
  }
  const where = relative(process.cwd(), root) || '.';
  for (const rel of written) process.stdout.write(t('cli.initWrote', { path: join(where, rel) }));
  for (const rel of kept) process.stdout.write(t('cli.keptExistsForceOverwrites', { join: join(where, rel) }));
  if (!existsSync(join(root, 'package.json'))) {
    process.stdout.write(t('cli.noteNoPackageJson'));
  }
  process.stdout.write(
    t('cli.nextNpxBalanceLab', { engine: engines[0], engine2: engines[0] }),
  );
}
