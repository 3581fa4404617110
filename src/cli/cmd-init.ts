/**
 * `balance-lab init [DIR]`: scaffold a designer's repository — one commented
 * starter experiment per chosen engine, a starter scenario (URBAN ASSAULT),
 * results/baselines/, a GitHub Actions balance workflow, a .gitignore that
 * keeps the baselines and a README of the commands. Never overwrites a file
 * without `--force`; prints every file it wrote or kept.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { stringify } from 'yaml';
import { isMarkdownFile, parseMarkdownScenario } from '../rules/urban-assault/scenario/markdown.js';
import { InputError } from '../sim/input/input-error.js';
import { PACKAGE_ROOT } from '../node/package-root.js';
import { engineIds } from '../registry.js';
import { LATEST_VERSION } from '../rules/urban-assault/catalogue/ruleset.js';
import { t } from '../i18n/t.js';
import { getLang, type Lang } from '../i18n/lang.js';
import { issueFormYaml } from '../action/question.js';

/** Options of `init`. */
export interface InitOptions {
  engines?: string;
  force?: boolean;
  /** A folder of the designer's Markdown scenarios: one experiment per .md with a balance-lab block. */
  scenarios?: string;
  /** The Action the workflow uses (default: this package's repository at its version). */
  action?: string;
  /** Language of the job summary (ja or en; default ja). */
  summaryLang?: string;
}

const TEMPLATES = join(PACKAGE_ROOT, 'templates', 'init');

function template(...parts: string[]): string {
  return readFileSync(join(TEMPLATES, ...parts), 'utf8');
}

/**
 * A starter experiment with its comments (and question, labels) in `lang`: Japanese copies live in templates/init/ja/.
 * An URBAN ASSAULT one names its rule version explicitly: the designer's latest ({@link LATEST_VERSION}).
 */
function experimentTemplate(lang: Lang, name: string): string {
  return (lang === 'ja' ? template('ja', 'experiments', name) : template('experiments', name)).replace(/__RULES__/g, LATEST_VERSION);
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

/** The Action this version of balance-lab is published as: `owner/repo@v<version>` from package.json. */
export function defaultActionRef(): string {
  const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string; repository?: { url?: string } | string };
  const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url ?? '';
  const m = /github\.com[/:]([^/]+\/[^/.]+)/.exec(url);
  return `${m ? m[1] : 'balance-lab/balance-lab'}@v${pkg.version}`;
}

/** A Markdown scenario `init --scenarios` found: its path from the repository root, id, map type (null: no block). */
export interface FoundScenario {
  readonly rel: string;
  readonly stem: string;
  readonly map: string | null;
  readonly id: string | null;
}

/** The .md files under `dir` (relative to `root`), each with its block's map and id when it has one. */
export function findMarkdownScenarios(root: string, dir: string): FoundScenario[] {
  const base = resolve(root, dir);
  const out: FoundScenario[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, e.name);
      if (e.isDirectory() && !e.name.startsWith('.')) walk(p);
      else if (e.isFile() && isMarkdownFile(e.name)) {
        const rel = relative(root, p).split(sep).join('/');
        const stem = e.name.replace(/\.(md|markdown)$/i, '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'scenario';
        try {
          const md = parseMarkdownScenario(p, readFileSync(p, 'utf8'));
          const doc = md.root.value as Record<string, unknown>;
          out.push({ rel, stem, map: typeof doc.map === 'string' ? doc.map : null, id: typeof doc.scenario === 'string' ? doc.scenario : null });
        } catch (err) {
          if (!(err instanceof InputError)) throw err;
          out.push({ rel, stem, map: null, id: null });
        }
      }
    }
  };
  if (!existsSync(base) || !statSync(base).isDirectory()) throw new InputError(t('cli.commandLine'), undefined, '--scenarios', { id: 'init.notAFolder', params: { dir } });
  walk(base);
  return out;
}

const PLACEHOLDER = /__(NAME|SCENARIO|REL|ID|MAP)__/g;

/**
 * Fill a YAML template's placeholders (issue 39 item 15): a value is written by the YAML library (quoted when it
 * needs it: a scenario id with `: ` or `#` used to make invalid YAML), a comment gets the text on one line.
 */
export function fillYamlTemplate(template: string, values: Readonly<Record<'NAME' | 'SCENARIO' | 'REL' | 'ID' | 'MAP', string>>): string {
  const sub = (s: string): string => s.replace(PLACEHOLDER, (_, k: keyof typeof values) => values[k]);
  return template.split('\n').map((line) => {
    if (!/__(NAME|SCENARIO|REL|ID|MAP)__/.test(line)) return line;
    // eslint-disable-next-line no-control-regex
    if (/^\s*#/.test(line)) return sub(line).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
    const m = /^(\s*(?:- )?[\w-]+:[ \t]+)([^{[].*)$/.exec(line);
    return m ? m[1] + stringify(sub(m[2]), { lineWidth: 0 }).trimEnd() : sub(line);
  }).join('\n');
}

/** The starter experiment of one Markdown scenario, with the framework's targets of its map type. */
function markdownExperiment(s: FoundScenario, lang: Lang): string {
  return fillYamlTemplate(experimentTemplate(lang, 'markdown-scenario.yaml'), {
    NAME: s.stem, SCENARIO: `../${s.rel}`, REL: s.rel, ID: s.id ?? s.stem, MAP: s.map === 'd66' ? 'd66' : 'd33',
  });
}

const WATCHED = ['scenarios/**', 'experiments/**', 'rulesets/**', 'results/baselines/**', '**/*.md', '.github/workflows/balance.yml'];

/**
 * The files `init` writes: path relative to DIR → content. `lang` is the job summary's language; `docLang` the
 * language of the starter files' comments (default: the message language, from --lang or LANG).
 */
export function initFiles(engines: readonly string[], opts: { scenarios?: FoundScenario[]; scenariosDir?: string; action?: string; lang?: string; docLang?: Lang } = {}): Map<string, string> {
  const files = new Map<string, string>();
  const docLang = opts.docLang ?? getLang();
  const found = (opts.scenarios ?? []).filter((s) => s.map !== null);
  for (const e of engines) files.set(`experiments/${e}.yaml`, experimentTemplate(docLang, `${e}.yaml`));
  if (engines.includes('urban-assault')) {
    if (found.length > 0) {
      // His own scenarios: one experiment each, instead of the starter copy.
      files.delete('experiments/urban-assault.yaml');
      for (const s of found) files.set(`experiments/${s.stem}.yaml`, markdownExperiment(s, docLang));
    } else {
      const shipped = readFileSync(join(PACKAGE_ROOT, 'scenarios', 'urban-assault', 'tutorial-01-port.yaml'), 'utf8');
      files.set('scenarios/starter-port.yaml', `${t('initTpl.starterScenario', undefined, docLang)}\n#\n${shipped}`);
    }
  }
  files.set('results/baselines/.gitkeep', '');
  const dir = opts.scenariosDir?.replace(/\/+$/, '');
  const paths = [...WATCHED, ...(dir && !WATCHED.some((w) => w.startsWith(`${dir}/`)) ? [`${dir}/**`] : [])];
  const summaryLang: Lang = opts.lang === 'en' || opts.lang === 'ja' ? opts.lang : docLang;
  let wf = (docLang === 'ja' ? template('ja', 'workflow', 'balance.yml') : template('workflow', 'balance.yml'))
    .replace(/__PATHS__/g, `[${paths.map((p) => `"${p}"`).join(', ')}]`)
    .replace(/__ACTION__/g, opts.action ?? defaultActionRef())
    .replace(/__EXPERIMENTS__/g, '"experiments/*.yaml"')
    .replace(/__LANG__/g, summaryLang)
    // What the commit step adds to the job summary, in the summary's language.
    .replace(/__UNCHANGED__/g, t('init.wfUnchanged', undefined, summaryLang))
    .replace(/__COMMITTED__/g, t('init.wfCommitted', undefined, summaryLang));
  // Scenarios outside scenarios/ are read from a configured root (the experiments' own folders are always allowed).
  const roots = (text: string) => (dir && !/^scenarios(\/|$)/.test(dir) ? text.replace('permissions:\n  contents: read\n', `permissions:\n  contents: read\n\nenv:\n  BALANCE_LAB_SCENARIO_ROOTS: ${dir}\n`) : text);
  files.set('.github/workflows/balance.yml', roots(wf));
  // Questions from the phone (issue 42 item 4): the issue form, in the summary's language, and the workflow that answers it.
  files.set('.github/ISSUE_TEMPLATE/balance-question.yml', issueFormYaml(summaryLang));
  files.set('.github/workflows/balance-question.yml', roots((docLang === 'ja' ? template('ja', 'workflow', 'balance-question.yml') : template('workflow', 'balance-question.yml'))
    .replace(/__ACTION__/g, opts.action ?? defaultActionRef())
    .replace(/__LANG__/g, summaryLang)
    .replace(/__FORM__/g, t('ask.formName', undefined, summaryLang))
    .replace(/__FIELD__/g, t('ask.fieldScenario', undefined, summaryLang))));
  files.set('.gitignore', template('gitignore'));
  files.set('README.md', docLang === 'ja' ? template('ja', 'README.md') : template('README.md'));
  return files;
}

export function initCommand(dir: string | undefined, opts: InitOptions): void {
  const root = resolve(process.cwd(), dir ?? '.');
  const engines = chosenEngines(opts.engines);
  if (opts.summaryLang !== undefined && !['ja', 'en'].includes(opts.summaryLang)) throw new InputError(t('cli.commandLine'), undefined, '--summary-lang', { id: 'init.badLang', params: { lang: opts.summaryLang } }, 'ja, en');
  const scenarios = opts.scenarios !== undefined ? findMarkdownScenarios(root, opts.scenarios) : undefined;
  const files = initFiles(engines, { scenarios, scenariosDir: opts.scenarios, action: opts.action, lang: opts.summaryLang });
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
  for (const sc of scenarios ?? []) {
    process.stdout.write(`${sc.map === null ? t('init.noBlock', { file: sc.rel }) : t('init.found', { file: sc.rel, map: sc.map, stem: sc.stem })}\n`);
  }
  const first = [...files.keys()].find((k) => k.startsWith('experiments/')) ?? `experiments/${engines[0]}.yaml`;
  process.stdout.write(`${t('init.next', { experiment: first })}\n`);
}
