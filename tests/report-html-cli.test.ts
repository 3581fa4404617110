// `balance-lab report <results-dir>`: rebuilds report.html from summary.json
// without re-running; bad input is one line and exit code 2. Runs the built
// CLI (dist/, built by global-setup) in child processes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESULTS_MARKER_FILE } from '../src/report/files/out-folder.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uaFixtureYaml } from './helpers/ua-fixture.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-report-'));
const out = join(root, 'results', 'report-test');
afterAll(() => rmSync(root, { recursive: true, force: true }));

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: root, encoding: 'utf8', timeout: 110_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** One `balance-lab: …` line on stderr, exit code 2, nothing on stdout. */
function expectInputError(r: ReturnType<typeof cli>): string {
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.split('\n').filter((l) => l.length > 0);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^balance-lab: \S/);
  expect(lines[0]).not.toMatch(/\bat .*\.js:\d+/);
  expect(r.stdout).toBe('');
  return lines[0];
}

beforeAll(() => {
  const yaml = join(root, 'report-test.yaml');
  writeFileSync(yaml, uaFixtureYaml('games: 300\nchunk: 100').replace('name: stub-test', 'name: report-test'));
  const r = cli(['run', yaml, '--out', out, '--workers', '1', '--quiet']);
  expect(r.code, r.stderr).toBe(0);
});

describe('balance-lab report', () => {
  it('run writes report.html and summary.json into the results folder', () => {
    const files = readdirSync(out);
    expect(files).toContain('report.html');
    expect(files).toContain('summary.json');
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('<h1>does a frag grenade help?</h1>');
  });

  it('rebuilds the same report.html from summary.json, without re-running', () => {
    const page = join(out, 'report.html');
    const original = readFileSync(page, 'utf8');
    const before = statSync(join(out, 'run.json')).mtimeMs;
    unlinkSync(page);
    const r = cli(['report', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`wrote ${relative(root, page)}\n`);   // named from the working folder (issue 42)
    expect(readFileSync(page, 'utf8') === original, 'rebuilt page differs from the one run wrote').toBe(true);
    expect(statSync(join(out, 'run.json')).mtimeMs).toBe(before);
    expect(readdirSync(out).filter((f) => f.startsWith('.') && f !== RESULTS_MARKER_FILE)).toEqual([]);
  });

  it('a missing folder: one line, exit 2', () => {
    expect(expectInputError(cli(['report', join(root, 'nope')]))).toContain('no such results folder');
  });

  it('a file instead of a folder: one line, exit 2', () => {
    expect(expectInputError(cli(['report', join(out, 'run.json')]))).toContain('not a folder');
  });

  it('a folder without summary.json: one line, exit 2, nothing written', () => {
    const dir = mkdtempSync(join(root, 'old-'));
    writeFileSync(join(dir, 'run.json'), '{}\n');
    expect(expectInputError(cli(['report', dir]))).toContain('no summary.json');
    expect(readdirSync(dir)).toEqual(['run.json']);
  });

  it('a malformed or foreign summary.json: one line naming the file, exit 2, nothing written', () => {
    const dir = mkdtempSync(join(root, 'bad-'));
    const file = join(dir, 'summary.json');
    writeFileSync(file, '{"format": "balance-lab-summary", "formatVersion": 1, "summary": {');
    expect(expectInputError(cli(['report', dir]))).toContain(`${relative(root, file)}: not valid JSON`);
    writeFileSync(file, '{"rows": []}');
    expect(expectInputError(cli(['report', dir]))).toContain(`${relative(root, file)}: format: not a balance-lab summary`);
    const good = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    good.summary.variants[0].games = 'many';
    writeFileSync(file, JSON.stringify(good));
    expect(expectInputError(cli(['report', dir]))).toContain(`${relative(root, file)}: summary.variants[0].games: expected a number`);
    expect(readdirSync(dir)).toEqual(['summary.json']);
  });

  it('no folder argument: one line, exit 2', () => {
    expect(expectInputError(cli(['report']))).toContain('command line: report: <results-dir> is missing');
  });
});
