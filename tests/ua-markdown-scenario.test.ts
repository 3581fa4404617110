// Scenarios inside the designer's Markdown (issue 25 item 4) and the designer's targets (item 5): the
// ```yaml balance-lab block is read with the .md's line numbers, the header gives id and level, the prose's
// numbers are compared with the block's, a .md without a block says how to add one, an experiment naming the .md
// plays exactly what the same scenario as YAML plays, and targets come out met / missed / undecided.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/sim/input/input-error.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runChunk } from '../src/sim/run/chunk.js';
import { runExperiment } from '../src/sim/run/run.js';
import { parseMarkdownScenario, proseWarnings } from '../src/rules/urban-assault/scenario/markdown.js';
import { validateMarkdown } from '../src/cli/cmd-validate.js';
import { evaluateTargets } from '../src/report/targets.js';

const MD = 'tests/fixtures/markdown/training.md';
const text = readFileSync(MD, 'utf8');
const lineOf = (s: string, needle: string) => s.split('\n').findIndex((l) => l.includes(needle)) + 1;

function sink(): { stream: Writable; text: () => string } {
  let buf = '';
  return { stream: new Writable({ write(c, _e, cb) { buf += String(c); cb(); } }), text: () => buf };
}

function tempMd(content: string): string {
  const f = join(mkdtempSync(join(tmpdir(), 'bl-md-')), 'x.md');
  writeFileSync(f, content);
  return f;
}

describe('reading the block', () => {
  it('takes the id and level from the header when the block omits them', () => {
    const md = parseMarkdownScenario(MD, text);
    const doc = md.root.value as Record<string, unknown>;
    expect(doc.scenario).toBe('md-training-01');
    expect(doc.recommended_level).toEqual([10, 11]);
    expect(md.block.open).toBe(lineOf(text, '```yaml balance-lab'));
  });

  it('a schema error names the .md and the line inside the block', () => {
    const bad = text.replace('attackers_per_round: 4', 'attackers_per_round: lots');
    const f = tempMd(bad);
    const out = sink(), err = sink();
    let e: unknown;
    try { validateMarkdown(f, out.stream, err.stream); } catch (x) { e = x; }
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).file).toBe(f);
    expect((e as InputError).line).toBe(lineOf(bad, 'attackers_per_round: lots'));
  });

  it('a YAML syntax error inside the block names its .md line', () => {
    const bad = text.replace('  attackers_per_round: 4', '  attackers_per_round: [4');
    let e: unknown;
    try { parseMarkdownScenario('x.md', bad); } catch (x) { e = x; }
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).line).toBeGreaterThanOrEqual(lineOf(bad, 'attackers_per_round: [4'));
    expect((e as InputError).line).toBeLessThan(lineOf(bad, 'attackers_per_round: [4') + 3);
  });

  it('a .md with no block gets one message saying how to add one', () => {
    let e: unknown;
    try { parseMarkdownScenario('plain.md', '# title\n\nscenario_id: x\n\n## 概要\ntext\n'); } catch (x) { e = x; }
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).problemMsg?.id).toBe('markdown.noBlock');
    expect((e as InputError).message).toContain('```yaml balance-lab');
  });

  it('an unclosed block is refused at its opening line', () => {
    let e: unknown;
    try { parseMarkdownScenario('u.md', '# t\n\n```yaml balance-lab\nmap: d33\n'); } catch (x) { e = x; }
    expect((e as InputError).line).toBe(3);
  });
});

describe('prose numbers against the block (validate)', () => {
  it('the fixture agrees with its block: no warning', () => {
    expect(proseWarnings(parseMarkdownScenario(MD, text))).toEqual([]);
  });

  it('NORMAL 12 in the difficulty list warns at that line; so do 初期弾倉 in 参加条件, the level and the map type', () => {
    const bad = text.replace('- NORMAL：17', '- NORMAL：12').replace('初期弾倉：17', '初期弾倉：16').replace('推奨レベル：10-11', '推奨レベル：12-16').replace('シナリオ(d33)', 'シナリオ(d66)');
    const f = tempMd(bad);
    const out = sink(), err = sink();
    const ws = validateMarkdown(f, out.stream, err.stream);
    expect(ws.map((w) => w.line).sort((a, b) => a - b)).toEqual([lineOf(bad, '(d66)'), lineOf(bad, '推奨レベル'), lineOf(bad, '初期弾倉：16'), lineOf(bad, 'NORMAL：12')].sort((a, b) => a - b));
    expect(err.text()).toContain(`${f}:${lineOf(bad, 'NORMAL：12')}: warning: the prose gives 12 starting magazines at NORMAL, the block gives 17`);
    expect(out.text()).toMatch(/^ok: /);
  });
});

describe('an experiment naming the .md', () => {
  it('plays exactly what the same scenario as YAML plays (same accumulators)', () => {
    const md = loadExperiment('tests/fixtures/markdown/experiment.yaml');
    const dir = mkdtempSync(join(tmpdir(), 'bl-md-yaml-'));
    const y = readFileSync('tests/fixtures/markdown/experiment.yaml', 'utf8').replace('scenario: training.md', 'scenario: builtin:tutorial-01-port').replace(/targets:[\s\S]*$/, '');
    writeFileSync(join(dir, 'e.yaml'), y);
    const yaml = loadExperiment(join(dir, 'e.yaml'));
    const a = runChunk(md, 0, 150), b = runChunk(yaml, 0, 150);
    expect(a.data.map((d) => Array.from(d))).toEqual(b.data.map((d) => Array.from(d)));
  });

  it('the block\'s framework targets and the experiment\'s own are evaluated: met, missed or undecided with the CI', async () => {
    const exp = loadExperiment('tests/fixtures/markdown/experiment.yaml', { games: 300 });
    expect(exp.targets!.map((x) => x.metric)).toEqual(['win', 'wiped', 'combats', 'combat_magazines', 'magazines_per_combat', 'leader_survived']);
    const rows = evaluateTargets(exp.targets!, await runExperiment(exp, { workers: 0 }));
    for (const r of rows) {
      expect(r.lo).toBeLessThanOrEqual(r.estimate);
      expect(r.estimate).toBeLessThanOrEqual(r.hi);
      const inside = r.lo >= r.target.lo && r.hi <= r.target.hi, outside = r.hi < r.target.lo || r.lo > r.target.hi;
      expect(r.verdict).toBe(inside ? 'met' : outside ? 'missed' : 'undecided');
    }
    // The tutorial spends far more than the framework's 5–10 magazines per d33 operation.
    expect(rows.find((r) => r.target.metric === 'combat_magazines')!.verdict).toBe('missed');
    expect(rows.find((r) => r.target.metric === 'wiped')!.beside).toBeDefined();
  });
});

describe('validate of an experiment on a Markdown scenario', () => {
  it('compiles it (exit 0) and prints the prose warnings of its .md', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bl-md-exp-'));
    writeFileSync(join(dir, 'training.md'), text.replace('- HARD：15', '- HARD：14'));
    writeFileSync(join(dir, 'e.yaml'), readFileSync('tests/fixtures/markdown/experiment.yaml', 'utf8'));
    const r = spawnSync(process.execPath, ['bin/balance-lab.js', 'validate', join(dir, 'e.yaml')], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${join(dir, 'training.md')}:${lineOf(text, '- HARD：15')}: warning: the prose gives 14 starting magazines at HARD, the block gives 15`);
  });
});
