// Solve (issue 15): the stochastic root finder on synthetic problems with a known crossing — coverage of its answer
// measured over many seeds against the nominal 95% — and the command on a real experiment: the same answer for any
// worker count, and bad input (a path the engine rejects, a range of the wrong type, an unknown metric) as exit 2 with
// the file and line. Synthetic games use common random numbers: game i of every value shares its uniform draw.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tinyUa } from './helpers/tiny-ua.js';
import { gameStream } from '../src/sim/core/streams.js';
import { RngDice } from '../src/sim/core/dice.js';
import { wilson } from '../src/sim/stats/stats.js';
import { gridOf, looksOf, solve, type Evaluate } from '../src/sim/design/solve-core.js';

/** A rate p(x) played with common random numbers: game i succeeds at x when its uniform is below p(x). */
function synthetic(seed: number, p: (x: number) => number): Evaluate {
  const u: number[] = [];
  const draw = (n: number) => { while (u.length < n) { const d = new RngDice(gameStream(seed, u.length, 7)); u.push(d.below(1_000_000) / 1_000_000); } };
  return async (x, n, z) => {
    draw(n);
    let k = 0;
    for (let i = 0; i < n; i++) if (u[i] < p(x)) k++;
    const w = wilson(k, n, z);
    return { estimate: k / n, lo: w.lo, hi: w.hi, games: n };
  };
}

describe('the root finder', () => {
  it('grid and looks', () => {
    expect(gridOf(0, 8, 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(gridOf(0, 1, 0.25)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(looksOf(1000, 16000)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(looksOf(1000, 5000)).toEqual([1000, 2000, 4000, 5000]);
  });

  it('brackets a known crossing in at least 95% of 300 seeds (the reported pair contains it)', async () => {
    // p(x) = 0.30 + 0.04·x on 0…10 crosses 0.5 between 4 (0.46) and 5 (0.50)… and exactly at 5: target 0.48.
    const spec = { lo: 0, hi: 10, step: 1, target: 0.48, confidence: 0.95, startGames: 500, maxGames: 32000 };
    let right = 0, crossed = 0;
    const N = 300;
    for (let seed = 1; seed <= N; seed++) {
      const a = await solve(spec, synthetic(seed, (x) => 0.3 + 0.04 * x));
      const ok = a.kind === 'crossed' ? a.a === 4 && a.b === 5 : a.kind === 'indistinguishable' ? a.a === 4 || a.a === 5 : false;
      if (ok) right++;
      if (a.kind === 'crossed') crossed++;
      expect(a.gamesSpent).toBeLessThanOrEqual(a.gamesFullSweep);
    }
    // Nominal ≥ 95%; allow 3 binomial standard errors below it.
    expect(right / N).toBeGreaterThanOrEqual(0.95 - 3 * Math.sqrt(0.95 * 0.05 / N));
    expect(crossed / N).toBeGreaterThan(0.9); // 2 pp apart at 32,000 games: it almost always decides
  }, 120_000);

  it('says "none" when the whole range is on one side, in at least 95% of 300 seeds', async () => {
    const spec = { lo: 0, hi: 8, step: 1, target: 0.8, confidence: 0.95, startGames: 500, maxGames: 8000 };
    let right = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const a = await solve(spec, synthetic(seed, (x) => 0.4 + 0.03 * x)); // at most 0.64
      if (a.kind === 'none' && a.side === 'below') right++;
    }
    expect(right / 300).toBeGreaterThanOrEqual(0.95 - 3 * Math.sqrt(0.95 * 0.05 / 300));
  }, 60_000);

  it('spends far fewer games than a full sweep at the same precision on a fine grid', async () => {
    // p crosses 0.5 half-way between 49 (0.495) and 50 (0.505).
    const a = await solve({ lo: 0, hi: 100, step: 1, target: 0.5, confidence: 0.95, startGames: 500, maxGames: 256000 }, synthetic(3, (x) => 0.005 + 0.01 * x));
    expect([a.kind, a.a, a.b]).toEqual(['crossed', 49, 50]);
    expect(a.gamesFullSweep / a.gamesSpent).toBeGreaterThan(10);
  });
});

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-solve-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const EXP = tinyUa('tiny-solve', "How many starting magazines put the AR's clear rate at 30%?", 6, '1d3+1', `solve:
  value: gauntlet.starting_magazines
  range: [0, 6]
  target: { rate: 0.3 }
  games: { start: 500, max: 4000 }
`);
const solveCli = (text: string, args: string[]) => {
  const f = join(root, `e${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(f, text);
  const out = join(root, `out-${args.join('')}`);
  const r = spawnSync(process.execPath, [BIN, 'solve', f, '--out', out, '--quiet', ...args], { encoding: 'utf8', timeout: 120_000 });
  return { ...r, out };
};

describe('balance-lab solve', () => {
  it('the same answer and solve.csv for 0 and 2 worker threads', () => {
    const a = solveCli(EXP, ['--workers', '0']), b = solveCli(EXP, ['--workers', '2']);
    expect(a.status, a.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(readFileSync(join(b.out, 'solve.csv'), 'utf8')).toBe(readFileSync(join(a.out, 'solve.csv'), 'utf8'));
    expect(a.stdout).toMatch(/crosses 30\.0% between gauntlet\.starting_magazines = \d and \d|cannot be told from 30\.0%|No value of gauntlet\.starting_magazines/);
  });
  it.each([
    ['a path the engine rejects', EXP.replace('value: gauntlet.starting_magazines', 'value: catalogue.weapons.NOPE.cost'), /e\w+\.yaml:\d+: solve\.value: with catalogue\.weapons\.NOPE\.cost = 0: .*NOPE/],
    ['a range of the wrong type', EXP.replace('range: [0, 6]', 'range: [zero, 6]'), /e\w+\.yaml:\d+: solve\.range\[0\]: expected a number/],
    ['a range the wrong way round', EXP.replace('range: [0, 6]', 'range: [6, 0]'), /solve\.range: 6 is not below 0/],
    ['an unknown metric', EXP.replace('  games: { start', '  metric: nope\n  games: { start'), /solve\.metric: unknown metric "nope"/],
    ['a rate target on a value', EXP.replace('  games: { start', '  metric: rounds\n  games: { start'), /"rounds" is a value, not a rate/],
  ])('%s: exit 2 with the file and line', (_what, text, msg) => {
    const r = solveCli(text, ['--workers', '0']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(msg);
  });
});

describe('calibration to several targets', () => {
  it('a cell is feasible only when every target is met; verdicts hold in at least 95% of 200 seeds', async () => {
    const { calibrate } = await import('../src/sim/design/calibrate-core.js');
    // Two synthetic rates on a 1-D grid: a(x) = 0.1·x must stay ≤ 0.45, b(x) = 0.2 + 0.1·x must reach ≥ 0.55.
    // Truly feasible: x = 4 (a 0.40, b 0.60); x ≤ 3 misses b, x ≥ 5 misses a.
    let right = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const ea = synthetic(seed, (x) => 0.1 * x), eb = synthetic(seed + 1000, (x) => 0.2 + 0.1 * x);
      const o = await calibrate([[2], [3], [4], [5], [6]], [{ atLeast: null, atMost: 0.45 }, { atLeast: 0.55, atMost: null }], { confidence: 0.95, startGames: 500, maxGames: 16000 },
        async (cell, n, z) => [await ea(cell[0], n, z), await eb(cell[0], n, z)]);
      const wrong = o.cells.some((c) => (c.verdict === 'feasible' && c.cell[0] !== 4) || (c.verdict === 'infeasible' && c.cell[0] === 4));
      if (!wrong) right++;
      expect(o.gamesSpent).toBeLessThanOrEqual(o.gamesExhaustive);
    }
    expect(right / 200).toBeGreaterThanOrEqual(0.95 - 3 * Math.sqrt(0.95 * 0.05 / 200));
  }, 60_000);
});

describe('balance-lab solve: the chart speaks the report language (issue 26)', () => {
  const titles = (lang: string) => {
    const r = solveCli(EXP, ['--workers', '0', '--lang', lang]);
    expect(r.status, r.stderr).toBe(0);
    const spec = readdirSync(join(r.out, 'charts')).find((x) => x.endsWith('.vl.json'))!;
    return (JSON.parse(readFileSync(join(r.out, 'charts', spec), 'utf8')) as { title: { text: string; subtitle: string } }).title;
  };
  it('Japanese with --lang ja, English with --lang en', () => {
    const ja = titles('ja'), en = titles('en');
    expect(en.text).toMatch(/ against gauntlet\.starting_magazines$/);
    expect(ja.text).toMatch(/^gauntlet\.starting_magazines に対する/);
    expect(ja.subtitle).toContain('破線: 目標');
    expect(en.subtitle).toContain('dashed: the target');
  });
});
