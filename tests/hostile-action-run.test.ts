// Issue 39 item 2: the Action (in-process, update mode) with a multi-line question injecting workflow commands
// (was echoed raw to stdout: ::add-mask, ::stop-commands, ::error) and a one-line question and label holding
// command-like text: stdout carries no workflow command but the Action's own annotation, GITHUB_OUTPUT only its
// entries, the job summary no raw tag.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAction } from '../src/action/run-action.js';
import { setLang } from '../src/i18n/lang.js';
import { tinyUa } from './helpers/tiny-ua.js';
import { commandLines } from './helpers/workflow-commands.js';

describe('the Action with a hostile question and label (in-process, update mode)', () => {
  const ws = mkdtempSync(join(tmpdir(), 'balance-lab-hostile-action-'));
  afterAll(() => rmSync(ws, { recursive: true, force: true }));

  it('stdout carries no workflow command but its own annotations; GITHUB_OUTPUT holds only its entries (item 2)', async () => {
    setLang('en');
    mkdirSync(join(ws, 'experiments'));
    const small = (text: string) => text.replace('stop: { games: 1000, chunk: 500 }', 'stop: { games: 200, chunk: 100 }');
    // A multi-line question injecting commands (was echoed to stdout raw), and a one-line one with a hostile label.
    writeFileSync(join(ws, 'experiments', 'a.yaml'), small(tinyUa('a', '"ok\\n::add-mask::secret\\n::stop-commands::zz\\n::error::fake"', 10, '1d3+1', '')));
    const tail = '  - { name: evil, label: "::error file=x::injected ##[set-output name=verdict;]pass" }\n';
    writeFileSync(join(ws, 'experiments', 'b.yaml'), small(tinyUa('b', '"::add-mask::secret | <b>"', 10, '1d3+1', tail)));
    const lines: string[] = [];
    const outFile = join(ws, 'out.txt'), summaryFile = join(ws, 'summary.md');
    writeFileSync(outFile, '');
    writeFileSync(summaryFile, '');
    // The Action runs in the workspace (baselines are written under results/baselines/ there).
    const cwd = process.cwd();
    process.chdir(ws);
    let code: number;
    try {
      code = await runAction({ experiments: 'experiments/*.yaml', mode: 'update', out: 'results', workers: 0 }, { out: (l) => lines.push(l), env: { GITHUB_WORKSPACE: ws, GITHUB_OUTPUT: outFile, GITHUB_STEP_SUMMARY: summaryFile } });
    } finally {
      process.chdir(cwd);
    }
    expect(code).toBe(1);
    const stdout = lines.join('\n');
    const own = (l: string) => /^::(error|warning) file=[^\n]*title=balance-lab::/.test(l);
    expect(commandLines(stdout).filter((l) => !own(l))).toEqual([]);
    expect(commandLines(stdout).filter(own).length).toBe(1);
    expect(readFileSync(outFile, 'utf8').trim().split('\n').map((l) => l.split('=')[0])).toEqual(['results', 'verdict', 'experiments']);
    expect(readFileSync(summaryFile, 'utf8')).not.toMatch(/(?<!\\)<b>/);
  }, 300_000);
});
