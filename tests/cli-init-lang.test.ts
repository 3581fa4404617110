// `balance-lab init` in the user's language (issue 26): under --lang ja the starter experiments and the starter
// scenario carry Japanese comments and still validate; under --lang en they are the English templates, unchanged.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { engineIds } from '../src/registry.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { LATEST_VERSION } from '../src/rules/urban-assault/catalogue/ruleset.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-init-lang-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

function cli(args: string[], cwd = root) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 110_000, env: { ...process.env, LANG: 'C', LC_ALL: '', LC_MESSAGES: '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The comment lines of a YAML text: whole-line comments and trailing ones (after whitespace). */
function comments(text: string): string[] {
  return text.split('\n').filter((l) => /^\s*#|\s#\s/.test(l)).map((l) => l.slice(l.search(/#/)).trim()).filter((c) => c.replace(/^#\s*/, '') !== '');
}

describe('init --lang', () => {
  it('ja: every starter experiment and the starter scenario have Japanese comments, and they validate', () => {
    const dir = join(root, 'ja');
    const r = cli(['--lang', 'ja', 'init', dir, '--engines', engineIds().join(',')]);
    expect(r.code, r.stderr).toBe(0);
    for (const id of engineIds()) {
      const text = readFileSync(join(dir, 'experiments', `${id}.yaml`), 'utf8');
      const header = comments(text).filter((c) => !/^#\s+(npx |-|\{)|^#\s*[a-z_]+:$/.test(c)); // not commented-out YAML
      expect(header.length, id).toBeGreaterThan(0);
      for (const c of header) expect(c, `${id}: ${c}`).toMatch(JAPANESE);
      expect(text).not.toMatch(/written by|Question:|Measured answer/);
      expect(loadExperiment(join(dir, 'experiments', `${id}.yaml`)).engine).toBe(id);
    }
    const scenario = readFileSync(join(dir, 'scenarios', 'starter-port.yaml'), 'utf8');
    expect(scenario.startsWith('# スターターシナリオ。`balance-lab init` が書きました')).toBe(true);
    const v = cli(['--lang', 'ja', 'validate', 'experiments/urban-assault.yaml'], dir);
    expect(v.code, v.stderr).toBe(0);
    const s = cli(['--lang', 'ja', 'validate', 'scenarios/starter-port.yaml'], dir);
    expect(s.code, s.stderr).toBe(0);
  });

  it('ja --scenarios: the experiment of his Markdown scenario has Japanese comments and validates', () => {
    const dir = join(root, 'ja-md');
    mkdirSync(join(dir, 'scenarios'), { recursive: true });
    copyFileSync('tests/fixtures/markdown/training.md', join(dir, 'scenarios', 'port.md'));
    const r = cli(['--lang', 'ja', 'init', dir, '--scenarios', 'scenarios']);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(join(dir, 'experiments', 'port.yaml'), 'utf8');
    for (const c of comments(text).filter((c) => !/^#\s+`npx /.test(c))) expect(c).toMatch(JAPANESE);
    expect(loadExperiment(join(dir, 'experiments', 'port.yaml')).targets!.length).toBeGreaterThan(0);
  });

  it('ja: the README and the workflow speak Japanese, and the workflow differs from the English one only in comments', () => {
    const dir = join(root, 'ja-wf');
    const r = cli(['--lang', 'ja', 'init', dir]);
    expect(r.code, r.stderr).toBe(0);
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(readme).toMatch(/^# バランス実験/);
    expect(readme).not.toMatch(/Written by|Every push|Update the baselines/);
    const en = cli(['--lang', 'en', 'init', join(root, 'en-wf')]);
    expect(en.code, en.stderr).toBe(0);
    const ja = readFileSync(join(dir, '.github', 'workflows', 'balance.yml'), 'utf8');
    const enWf = readFileSync(join(root, 'en-wf', '.github', 'workflows', 'balance.yml'), 'utf8');
    // A pinned Action's version note (`# v4.2.2`) is the same in both languages.
    for (const c of comments(ja).filter((x) => !/^# v\d+(\.\d+)*$/.test(x))) expect(c).toMatch(JAPANESE);
    // The code is the same but for the summary's language and the lines the commit step adds to the summary.
    const code = (t: string) => t.split('\n').filter((l) => !/^\s*#/.test(l)).map((l) => l.replace(/\s+#\s.*$/, '')).join('\n').replace(/language: (ja|en)/g, 'language: L').replace(/echo "[^"]*"/g, 'echo');
    expect(code(ja)).toBe(code(enWf));
    expect(ja).toContain('language: ja');
    expect(enWf).toContain('language: en');
    expect(comments(ja).length).toBe(comments(enWf).length);
  });

  it('en: the starter files are the English templates, unchanged', () => {
    const dir = join(root, 'en');
    const r = cli(['--lang', 'en', 'init', dir, '--engines', engineIds().join(',')]);
    expect(r.code, r.stderr).toBe(0);
    for (const id of engineIds()) {
      expect(readFileSync(join(dir, 'experiments', `${id}.yaml`), 'utf8'), id).toBe(readFileSync(join('templates', 'init', 'experiments', `${id}.yaml`), 'utf8').replace('__RULES__', LATEST_VERSION));
    }
    const scenario = readFileSync(join(dir, 'scenarios', 'starter-port.yaml'), 'utf8');
    expect(scenario).toBe(
      '# Starter scenario, written by `balance-lab init`: a copy of the shipped training scenario 01\n' +
        '# (builtin:tutorial-01-port) to edit into your own. Check it with\n' +
        '#   npx balance-lab validate scenarios/starter-port.yaml\n' +
        '# Format reference: node_modules/balance-lab/docs/scenarios/urban-assault.md\n#\n' +
        readFileSync(join('scenarios', 'urban-assault', 'tutorial-01-port.yaml'), 'utf8'),
    );
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe(readFileSync(join('templates', 'init', 'README.md'), 'utf8'));
  });
});
