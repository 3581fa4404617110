// `balance-lab check` end to end through the built CLI (dist/, built by
// global-setup): (3) bands that hold pass and bands that do not fail, with
// exit codes; --update; a deliberate change exits 1; (4) every kind of bad
// input exits 2 with one line on stderr and nothing on stdout.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { uaFixtureYaml } from './helpers/ua-fixture.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-check-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The fixture (variants plus1, base, minus1; base clears about 77% of games) named check-cli, with optional `checks:` lines. */
function yaml(checks = '', edit: (t: string) => string = (t) => t): string {
  const text = edit(uaFixtureYaml('games: 2000\nchunk: 500').replace('name: stub-test', 'name: check-cli'));
  return checks ? `${text}checks:\n${checks}\n` : text;
}

function write(name: string, text: string): string {
  const file = join(root, name);
  writeFileSync(file, text);
  return file;
}

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, 'check', ...args, '--workers', '0'], { cwd: root, encoding: 'utf8', timeout: 110_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, last: r.stdout.trimEnd().split('\n').at(-1) ?? '' };
}

/** Bad input: exit 2, exactly one `balance-lab: …` line, nothing on stdout; returns the line. */
function badInput(args: string[]): string {
  const r = cli(args);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.split('\n').filter((l) => l.length > 0);
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^balance-lab: \S/);
  return lines[0];
}

const HOLDS = '  - { variant: base, metric: win, within: [0.70, 0.85] }     # clear rate 70–85%';
const VIOLATED = '  - { variant: base, metric: win, within: [0.50, 0.60] }';
const STRADDLES = '  - { variant: minus1, metric: win, within: [0.30, 0.465] }   # the estimate is inside, its CI is not';
const baselineFile = join(root, 'results', 'baselines', 'check-cli.json');

describe('balance-lab check (CLI)', () => {
  const file = write('check-cli.yaml', yaml(HOLDS));

  it('no baseline yet: exit 2 naming the --update command; --update writes it (exit 0); check then passes (exit 0)', () => {
    expect(badInput([file])).toBe(`balance-lab: results/baselines/check-cli.json: cannot read the baseline (ENOENT); create it with: npx balance-lab check ${relative(root, file)} --update`);
    const u = cli([file, '--update']);
    expect(u.code, u.stderr).toBe(0);
    expect(u.stdout).toContain('seed 12345 (the experiment file\'s seed: no baseline yet)');
    expect(u.last).toBe('UPDATE: no previous baseline to compare with; 1 of 1 band holds; baseline written: results/baselines/check-cli.json');
    const b = JSON.parse(readFileSync(baselineFile, 'utf8')) as { seed: number; experiment: { name: string } };
    expect(b).toMatchObject({ seed: 12345, experiment: { name: 'check-cli' } });

    const r = cli([file]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^current: +seed \d+ \(derived from the baseline seed\) · 2,000 games per variant/m);
    expect(r.stdout).toMatch(/^variant +metric +baseline \(95% CI\) +current \(95% CI\) +difference \(95% CI\) +z +p +verdict$/m);
    expect(r.stdout).toMatch(/^base +Clear rate +7\d\.\d% \[.*\] +7\d\.\d% \[.*\] +[+-]\d\.\d pp \[.*\] +[+-]\d\.\d\d +[\d.e-]+ +ok$/m);
    expect(r.stdout).toMatch(/^base +Clear rate within \[70%, 85%\] +.* \* +— +\+\d\.\d\d +[\d.e-]+ +in band$/m);
    expect(r.last).toBe('PASS: no metric moved significantly (27 compared); 1 of 1 band holds');
    // Deterministic: the same command prints the same table.
    expect(cli([file]).stdout).toBe(r.stdout);
  });

  it('(3) a violated band and a band the CI straddles fail with exit 1; the passing band still passes', () => {
    const bad = write('check-cli-bands.yaml', yaml([HOLDS, VIOLATED, STRADDLES].join('\n')));
    const r = cli([bad, '--baseline', baselineFile]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^note: experiment changed since the baseline/m);
    expect(r.stdout).toMatch(/^base +Clear rate within \[70%, 85%\] .* in band$/m);
    expect(r.stdout).toMatch(/^base +Clear rate within \[50%, 60%\] .* NOT IN BAND$/m);
    expect(r.stdout).toMatch(/^minus1 +Clear rate within \[30%, 46\.5%\] .* NOT IN BAND$/m);
    expect(r.stdout).toContain('99.8% (1 − 2α) CI');
    const lines = yaml([HOLDS, VIOLATED, STRADDLES].join('\n')).split('\n');
    const at = (s: string) => `${bad}:${lines.indexOf(s) + 1}`;
    expect(r.last).toBe(`FAIL: no metric moved significantly (27 compared); 2 of 3 bands not shown to hold: base win (${at(VIOLATED)}); minus1 win (${at(STRADDLES)})`);
    // A wider α narrows the (1 − 2α) interval, but the violated band fails at any α.
    expect(cli([bad, '--baseline', baselineFile, '--alpha', '0.2']).code).toBe(1);
  });

  it('a deliberate change (8 → 6 magazines) exits 1; --update accepts it (exit 0) and the next check passes', () => {
    const changed = write('check-cli-changed.yaml', yaml('', (t) => t.replace('magazines: 8', 'magazines: 6')));
    const copy = join(root, 'copy.json');
    writeFileSync(copy, readFileSync(baselineFile));
    const r = cli([changed, '--baseline', copy]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^base +Magazines spent .* CHANGED$/m);
    expect(r.stdout).toMatch(/^plus1 +Clear rate .* CHANGED$/m);
    expect(r.last).toMatch(/^FAIL: \d+ of 27 metrics moved significantly: \S+ magazines_spent -\d\.\d\d \(z -\d+\.\d\d, p [\d.e-]+\); /);
    const u = cli([changed, '--baseline', copy, '--update']);
    expect(u.code, u.stderr).toBe(0);
    expect(u.stdout).toMatch(/^base +Magazines spent .* CHANGED$/m); // what moved, against the old baseline
    expect(u.last).toMatch(/^UPDATE: \d+ of 27 metrics moved significantly: .*; baseline rewritten: .*copy\.json$/);
    const again = cli([changed, '--baseline', copy]);
    expect(again.code, again.stdout).toBe(0);
    expect(again.last).toMatch(/^PASS/);
  });

  it('--seed and --games override the defaults', () => {
    const r = cli([file, '--seed', '7', '--games', '500']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^current: +seed 7 \(given with --seed\) · 500 games per variant · --games: fixed 500 games per variant$/m);
  });

  it('(4) bad input: one line, exit 2, nothing written', () => {
    const good = readFileSync(baselineFile, 'utf8');
    const b = (name: string, text: string) => write(name, text);
    expect(badInput([file, '--baseline', b('bad.json', '{\n  "format": ')])).toMatch(/^balance-lab: .*bad\.json:2: malformed baseline: not valid JSON/);
    expect(badInput([file, '--baseline', b('bad2.json', '{\n  "format": x\n}')])).toMatch(/^balance-lab: .*bad2\.json(:2)?: malformed baseline: not valid JSON \(Unexpected token 'x'\)$/);
    expect(badInput([file, '--baseline', b('obj.json', '{}')])).toMatch(/obj\.json: format: malformed baseline: unknown format undefined/);
    expect(badInput([file, '--baseline', b('other.json', good.replace('"name": "check-cli"', '"name": "other-exp"'))]))
      .toMatch(/other\.json: experiment\.name: the baseline is for experiment "other-exp", not "check-cli"; after a deliberate change regenerate it with: npx balance-lab check .* --update$/);
    expect(badInput([file, '--baseline', b('variants.json', good.replace('"name": "minus1"', '"name": "minus9"'))]))
      .toMatch(/variants\.json: variants: the baseline's variants differ from the experiment's \(missing from the baseline: minus1; not in the experiment: minus9\)/);
    const badBand = write('badband.yaml', yaml('  - { variant: base, metric: clear, within: [0.4, 0.5] }'));
    expect(badInput([badBand])).toMatch(/badband\.yaml:\d+: checks\[0\]\.metric: unknown value "clear" \(allowed: win, /);
    expect(badInput([file, '--alpha', '0.7'])).toMatch(/--alpha.*allowed: a number > 0 and < 0\.5/);
    expect(badInput([file, '--games', '1'])).toBe('balance-lab: command line: --games: a check needs at least 2 games per variant');
    expect(badInput([join(root, 'missing.yaml')])).toMatch(/missing\.yaml: cannot read file \(ENOENT\)/);
    // --update never overwrites a file it cannot read as a baseline.
    const bad = b('keep.json', 'not json');
    expect(badInput([file, '--baseline', bad, '--update'])).toMatch(/keep\.json(:1)?: malformed baseline: not valid JSON/);
    expect(readFileSync(bad, 'utf8')).toBe('not json');
    expect(existsSync(join(root, 'results', 'check-cli'))).toBe(false); // check never writes a results folder
  });
});

describe('the verdict is the last line, under the targets (issue 42 item 8)', () => {
  it('an experiment with targets: the targets come before the one-line verdict', () => {
    copyFileSync(join(process.cwd(), 'tests', 'fixtures', 'markdown', 'training.md'), join(root, 'training.md'));
    const file = write('with-targets.yaml', readFileSync(join(process.cwd(), 'tests', 'fixtures', 'markdown', 'experiment.yaml'), 'utf8').replace('games: 400', 'games: 100'));
    const r = cli([file, '--update', '--baseline', join(root, 'with-targets-baseline.json')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Targets (met:');
    expect(r.last).toMatch(/^UPDATE: /);
    expect(r.stdout.indexOf('Targets (met:')).toBeLessThan(r.stdout.lastIndexOf('UPDATE: '));
  }, 120_000);
});
