// bench --specialised (issue 44 item 3): the specialised path against the general engine on the flagship, the 軍票
// campaign and Black Sun's three-lap campaign — the cases, the timed experiment, the pairs' alternating order, the
// ratios, the table (ja/en) and a real run at a tiny count. Timings themselves are never checked (they are the load's).
import { describe, expect, it, afterEach } from 'vitest';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { measureSpecialised, median, SPECIALISED_CASES, timedExperiment, type SpecialisedRow } from '../src/bench/specialised.js';
import { specialisedTable } from '../src/cli/cmd-bench.js';
import { loadExperiment, type Experiment } from '../src/sim/experiment/load.js';
import { setLang } from '../src/i18n/lang.js';

const experiments = join(__dirname, '..', 'experiments');

afterEach(() => setLang('en'));

describe('the cases', () => {
  it('are the flagship, the 軍票 campaign and Black Sun\'s three laps, all shipped URBAN ASSAULT files', () => {
    expect(SPECIALISED_CASES.map((c) => c.file)).toEqual(['lmg-worth-8-magazines.yaml', 'lmg-worth-gunpyo-campaign.yaml', 'blacksun-campaign.yaml']);
    for (const c of SPECIALISED_CASES) {
      const exp = loadExperiment(join(experiments, c.file));
      expect(exp.engine).toBe('urban-assault');
      expect(exp.compiled.variants.length).toBeGreaterThan(1);
    }
    const bs = loadExperiment(join(experiments, 'blacksun-campaign.yaml'));
    expect(JSON.stringify(bs.compiled.game)).toMatch(/campaign/);
  });
});

describe('the timed experiment', () => {
  const exp = loadExperiment(join(experiments, 'lmg-worth-gunpyo-campaign.yaml'));
  it('plays the file at N games per variant, every worker with chunks (at least 4 each), never a larger chunk than the file\'s', () => {
    const x = timedExperiment(exp, 1000, 2);
    expect(x.stop).toEqual({ kind: 'games', games: 1000 });
    expect(x.chunk).toBe(125);
    expect(timedExperiment(exp, 1_000_000, 2).chunk).toBe(exp.chunk);
    expect(timedExperiment(exp, 3, 2).chunk).toBe(1);
    expect(x.seed).toBe(exp.seed);
    expect(x.hash).toBe(exp.hash);
  });
});

describe('the pairs', () => {
  it('alternate S G, G S, S G; medians, their ratio and each pair\'s ratio', async () => {
    const order: string[] = [];
    // Specialised 300, 100, 200 games/s; general 100, 200, 100 (in play order of each side).
    const fast = [300, 100, 200], slow = [100, 200, 100];
    const play = async (e: Experiment): Promise<number> => {
      order.push(e.general ? 'G' : 'S');
      return e.general ? slow.shift()! : fast.shift()!;
    };
    const rows = await measureSpecialised({ workers: 2, rounds: 3, games: 50, experimentsDir: experiments, cases: [SPECIALISED_CASES[2]], play });
    expect(order.join(' ')).toBe('S G G S S G');
    expect(rows).toHaveLength(1);
    const r = rows[0];
    expect(r).toMatchObject({ file: 'blacksun-campaign.yaml', games: 50, workers: 2, variants: 4, specialised: 200, general: 100, ratio: 2 });
    expect(r.specialised_rounds).toEqual([300, 100, 200]);
    expect(r.general_rounds).toEqual([100, 200, 100]);
    expect(r.ratio_rounds).toEqual([3, 0.5, 2]);
  });
  it('a case whose file is missing is left out', async () => {
    const rows = await measureSpecialised({ workers: 1, rounds: 1, experimentsDir: experiments, cases: [{ file: 'no-such-file.yaml', games: 10 }], play: async () => 1 });
    expect(rows).toEqual([]);
    expect(existsSync(join(experiments, 'no-such-file.yaml'))).toBe(false);
  });
  it('median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
  it('a real run in-process at a tiny count: both paths play, positive games/s', { timeout: 60_000 }, async () => {
    const rows = await measureSpecialised({ workers: 0, rounds: 2, games: 4, experimentsDir: experiments, cases: [SPECIALISED_CASES[1]] });
    expect(rows).toHaveLength(1);
    for (const x of [...rows[0].specialised_rounds, ...rows[0].general_rounds]) expect(x).toBeGreaterThan(0);
    expect(rows[0].ratio_rounds).toHaveLength(2);
  });
});

describe('the table', () => {
  const row: SpecialisedRow = {
    file: 'lmg-worth-8-magazines.yaml', games: 20_000, variants: 11, workers: 2,
    specialised_rounds: [12_000, 11_000, 13_000], general_rounds: [10_000, 11_000, 10_000],
    specialised: 12_000, general: 10_000, ratio: 1.2, ratio_rounds: [1.2, 1, 1.3],
  };
  it('one row per case: games × variants, both medians, the ratio and each pair\'s (en)', () => {
    const out = specialisedTable([row], 3, 2);
    expect(out).toContain('specialised ÷ general');
    expect(out).toMatch(/lmg-worth-8-magazines\.yaml\s+20,000 × 11\s+12,000\s+10,000\s+1\.20\s+1\.20 \/ 1\.00 \/ 1\.30/);
    expect(out).toContain('2 workers, 3 pairs per case');
  });
  it('in Japanese', () => {
    setLang('ja');
    const out = specialisedTable([row], 3, 2);
    expect(out).toContain('特化 ÷ 汎用');
    expect(out).toContain('ワーカー 2、各ケース 3 対');
    expect(out).not.toContain('specialised');
  });
});

describe('the command', () => {
  it('bench --specialised --json at a tiny count: one JSON object, a row per case with both paths\' games/s', { timeout: 120_000 }, () => {
    // The built CLI (dist/, built by global-setup), 10 games per variant, one pair: worker pools of its own per run.
    const r = spawnSync(process.execPath, [join(__dirname, '..', 'bin', 'balance-lab.js'), 'bench', '--specialised', '--json', '--games', '10', '--rounds', '1'], { encoding: 'utf8', timeout: 110_000 });
    expect(r.status, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { rounds: number; workers: number; specialised: SpecialisedRow[] };
    expect(j.rounds).toBe(1);
    expect(j.specialised.map((x) => x.file)).toEqual(SPECIALISED_CASES.map((c) => c.file));
    for (const x of j.specialised) {
      expect(x.games).toBe(10);
      expect(x.specialised).toBeGreaterThan(0);
      expect(x.general).toBeGreaterThan(0);
      expect(x.ratio).toBeCloseTo(x.specialised / x.general, 12);
    }
  });
  it('--rounds outside 1…50 is refused (exit 2, nothing measured)', () => {
    const r = spawnSync(process.execPath, [join(__dirname, '..', 'bin', 'balance-lab.js'), 'bench', '--specialised', '--rounds', '0'], { encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--rounds/);
    expect(r.stdout).toBe('');
  });
});
