// Search (issue 15): the racer on synthetic candidates with known means — the best one survives in at least the
// nominal share of seeds, far fewer games than evaluating every candidate to the same precision — and the command on
// a real experiment: the same answer for 0 and 2 workers; bad input (a space the engine refuses entirely, a space over
// the limit, an unknown metric) is exit 2 with the file and line. Synthetic games share one uniform per game index
// across candidates (common random numbers).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tinyUa } from './helpers/tiny-ua.js';
import { gameStream } from '../src/sim/core/streams.js';
import { RngDice } from '../src/sim/core/dice.js';
import { race, type PlayRound } from '../src/sim/design/search-core.js';
import { setPath } from '../src/sim/design/search.js';

/** Candidates with success probabilities `p`; game i of every candidate uses the same uniform. */
function synthetic(seed: number, p: readonly number[]): PlayRound {
  const u: number[] = [];
  return async (alive, leader, games, z) => {
    while (u.length < games) u.push(new RngDice(gameStream(seed, u.length, 9)).below(1_000_000) / 1_000_000);
    const hit = (c: number, i: number) => (u[i] < p[c] ? 1 : 0);
    const est: number[] = [], lo: number[] = [], hi: number[] = [], se: number[] = [];
    for (const c of alive) {
      let s = 0, d = 0, d2 = 0;
      for (let i = 0; i < games; i++) { s += hit(c, i); const x = hit(c, i) - hit(leader, i); d += x; d2 += x * x; }
      est.push(s / games);
      const pt = (s + 1) / (games + 2);
      se.push(Math.sqrt((pt * (1 - pt)) / games));
      const m = d / games, dse = Math.sqrt(Math.max(0, d2 / games - m * m) / games);
      lo.push(m - z * dse);
      hi.push(m + z * dse);
    }
    return { estimate: est, diffLo: lo, diffHi: hi, se };
  };
}

describe('the racer', () => {
  // The first leader is candidate 0 (a poor one), so the unpaired elimination against each round's best is exercised.
  // 40 candidates: one best at 0.50, five close ones at 0.49, the rest spread below.
  const p = Array.from({ length: 40 }, (_, i) => (i === 17 ? 0.5 : i % 8 === 0 ? 0.49 : 0.2 + 0.006 * i));
  it('the best candidate survives in at least 95% of 200 seeds', async () => {
    let kept = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const r = await race({ candidates: p.length, top: 3, confidence: 0.95, startGames: 500, maxGames: 16000 }, synthetic(seed, p));
      if (r.survivors.includes(17)) kept++;
    }
    expect(kept / 200).toBeGreaterThanOrEqual(0.95 - 3 * Math.sqrt(0.95 * 0.05 / 200));
  }, 120_000);
  it('uses at least 10× fewer games than every candidate at the final precision on a large space', async () => {
    // 300 loadouts: most mediocre (0.20 … 0.50), two good ones (0.60 best, 0.58).
    const q = Array.from({ length: 300 }, (_, i) => (i === 123 ? 0.6 : i === 200 ? 0.58 : 0.2 + 0.001 * i));
    const r = await race({ candidates: q.length, top: 3, confidence: 0.95, startGames: 500, maxGames: 64000 }, synthetic(5, q));
    expect(r.survivors).toContain(123);
    expect(r.gamesExhaustive / r.gamesSpent).toBeGreaterThan(10);
  });
});

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-search-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const EXP = tinyUa('tiny-search', "Which grenades help against the guards?", 12, '1d3+2', `search:
  space:
    purchases: { items: [frag_grenade, flashbang], max_each: 2 }
  objective: { metric: win }
  top: 2
  games: { start: 500, max: 4000 }
`);
const cli = (text: string, args: string[]) => {
  const f = join(root, `e${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(f, text);
  const out = join(root, `out-${args.join('')}`);
  return { ...spawnSync(process.execPath, [BIN, 'search', f, '--out', out, '--quiet', ...args], { encoding: 'utf8', timeout: 120_000 }), out };
};

describe('balance-lab search', () => {
  it('the same answer and search.csv for 0 and 2 worker threads', () => {
    const a = cli(EXP, ['--workers', '0']), b = cli(EXP, ['--workers', '2']);
    expect(a.status, a.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(readFileSync(join(b.out, 'search.csv'), 'utf8')).toBe(readFileSync(join(a.out, 'search.csv'), 'utf8'));
    expect(a.stdout).toMatch(/of 9 candidates survive/);
  });
  it.each([
    ['a budget that allows no candidate', EXP.replace('  space:\n', '  space:\n    options: [ [ { buy: [LMG, LMG], weapon: LMG } ] ]\n'), /search\.space: none of the 9 combinations is accepted by the engine/],
    ['a space over the limit', EXP.replace('  top: 2', '  top: 2\n  limit: 5'), /search\.limit: the space has 9 combinations/],
    ['an unknown metric', EXP.replace('objective: { metric: win }', 'objective: { metric: nope }'), /search\.objective\.metric: unknown metric "nope"/],
  ])('%s: exit 2 with the file and line', (_what, text, msg) => {
    const r = cli(text, ['--workers', '0']);
    expect(r.status, r.stdout).toBe(2);
    expect(r.stderr).toMatch(/e\w+\.yaml:\d+: /);
    expect(r.stderr).toMatch(msg);
  });
});

describe('multiset spaces', () => {
  /** The number of search candidates `validate` lists for a shipped experiment. */
  const candidatesOf = (name: string): number => {
    const f = fileURLToPath(new URL(`../experiments/${name}`, import.meta.url));
    const r = spawnSync(process.execPath, [BIN, 'validate', f], { encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    return Number(/(\d+) search candidates/.exec(r.stdout)![1]);
  };

  it('every army of 2–4 of 8 unit builds, with 2 policies: 972 combinations, those over 10 points refused', () => {
    // 2 × (C(9,2) + C(10,3) + C(11,4)) = 2 × (36 + 120 + 330) = 972 combinations; the valid ones are listed.
    expect(candidatesOf('robot-best-army.yaml')).toBe(280);
  }, 120_000);

  it('a dotted key fills a side\'s force: every A&A army of 3–8 of 6 blocks, 190–200 points and ≤ 15 units', () => {
    // C(8,3) + C(9,4) + … + C(13,8) = 2,975 armies of 3–8 blocks; 51 cost 190–200 points with at most 15 units.
    expect(candidatesOf('aam-best-army.yaml')).toBe(51);
  }, 120_000);

  it('setPath sets a field of the mapping under a dotted key and keeps its other fields', () => {
    const from = { blue: { policy: 'cautious', force: [1] }, seed: 3 };
    const doc: Record<string, unknown> = { ...from };
    setPath(doc, 'blue.force', [2, 3]);
    setPath(doc, 'army', ['a']);
    expect(doc).toEqual({ blue: { policy: 'cautious', force: [2, 3] }, seed: 3, army: ['a'] });
    expect(from.blue.force).toEqual([1]);
  });
});
