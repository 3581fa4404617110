// Ruling impact (issue 43): the race on synthetic paired games with known effects (a reading with no effect is called
// a clear effect in at most the stated 5% of seeds; one changing no game stops at the first look; a 2 pp effect is
// found), the switches every engine declares (a ruling added to an engine's list is raced without touching the
// report; every procedure the rules document calls switchable is listed), the racing driver's games (game i of an
// alternative is game i of a plain two-variant run, whatever the looks), the documented rulings not measured, and
// the command on URBAN ASSAULT and robot-skirmish experiments.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tinyUa } from './helpers/tiny-ua.js';
import { impactLooks, raceImpact, type AltStats } from '../src/sim/design/impact-race.js';
import { readImpact, rulingImpact, withVariants } from '../src/sim/design/impact.js';
import { documentedRulings, hasAlternative, notMeasured, sectionOf } from '../src/sim/design/impact-docs.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { Source } from '../src/sim/input/schema.js';
import { runExperiment } from '../src/sim/run/run.js';
import { engines, getEngine } from '../src/registry.js';
import { UA_RULINGS } from '../src/rules/urban-assault/catalogue/rulings.js';
import { PROCEDURE_READINGS } from '../src/rules/urban-assault/catalogue/switches.js';
import { impactCsv, impactRows, impactSentence } from '../src/report/files/impact-output.js';
import { buildSummary } from '../src/action/summary.js';
import { uniform } from './helpers/uniform.js';

/** Race one alternative whose games move up with probability `up` and down with `down`. */
async function raceOne(seed: number, up: number, down: number) {
  const rng = uniform(seed);
  let n = 0, nu = 0, nd = 0;
  const looks = impactLooks(2000, 32000, 1000);
  return raceImpact({ alternatives: 1, threshold: 0.01, confidence: 0.95, looks }, async (_alive, games): Promise<AltStats[]> => {
    for (let i = n; i < games; i++) {
      const u = rng();
      if (u < up) nu++;
      else if (u < up + down) nd++;
    }
    n = games;
    return [{ n, sum: nu - nd, sumSq: nu + nd, inert: nu + nd === 0 }];
  });
}

describe('the race', () => {
  it('looks double from the first whole chunk to the target', () => {
    expect(impactLooks(2000, 32000, 1000)).toEqual([2000, 4000, 8000, 16000, 32000]);
    expect(impactLooks(1500, 5000, 1000)).toEqual([2000, 4000, 5000]);
    expect(impactLooks(100, 100, 500)).toEqual([500]);
  });
  it('a reading with no effect is a clear effect in at most 5% of 400 seeds (10% of its games flip)', async () => {
    let clear = 0, early = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const o = (await raceOne(seed, 0.05, 0.05)).outcomes[0];
      if (o.verdict === 'clear-effect') clear++;
      if (o.stop === 'below-threshold') early++;
    }
    expect(clear / 400).toBeLessThanOrEqual(0.05 + 3 * Math.sqrt((0.05 * 0.95) / 400));
    expect(early / 400).toBeGreaterThan(0.5); // most stop before the full target
  });
  it('an effect of 2 pp is found in every seed and never stopped early', async () => {
    for (let seed = 1; seed <= 50; seed++) {
      const o = (await raceOne(seed, 0.06, 0.04)).outcomes[0];
      expect(o.stop).toBe('full');
      expect(o.verdict).toBe('clear-effect');
    }
  });
  it('a reading that changes no game stops at the first look; the games are counted against the full target', async () => {
    const r = await raceOne(1, 0, 0);
    expect(r.outcomes[0]).toMatchObject({ stop: 'inert', games: 2000, verdict: 'no-clear-effect' });
    expect(r.alternativeGames).toBe(2000);
    expect(r.exhaustiveGames).toBe(32000);
  });
});

describe('switches', () => {
  const tut = fileURLToPath(new URL('../experiments/ruling-impact-tutorial.yaml', import.meta.url));
  it('every engine lists its experiment rulings; URBAN ASSAULT every UA_RULINGS entry with the option played', () => {
    for (const e of engines) expect(e.switches, e.id).toBeTypeOf('function');
    // Under the 2026-05-09 rules (every ruling's default is its first option there).
    const exp = compileExperiment(Source.parse(tut, readFileSync(tut, 'utf8').replace('rules: v1.01-2026-10', 'rules: dev-2026-05-09').replace('tutorial-01-port-v1.01.yaml', 'tutorial-01-port.yaml')));
    const v = exp.compiled.variants[0];
    const sw = getEngine('urban-assault').switches!(exp.compiled.game, v.params);
    for (const d of UA_RULINGS) {
      const s = sw.find((x) => x.id === d.id)!;
      expect(s, d.id).toBeDefined();
      expect(s.current).toBe(d.options[0]);
      expect(s.alternatives.map((a) => a.option)).toEqual(d.options.slice(1));
    }
    // Under the 2026-05-09 rules the 負傷 track's readings count; on tutorial 01 (no night penalty) UA-R121 does not.
    expect(sw.map((s) => s.id)).toEqual(expect.arrayContaining(['UA-V05', 'UA-V06', 'UA-V10', 'UA-V11', 'UA-R142']));
    expect(sw.map((s) => s.id)).not.toContain('UA-R121');
  });
  it('the seed rules have no 負傷 track: its readings are not listed', () => {
    const src = Source.parse(tut, readFileSync(tut, 'utf8').replace('rules: v1.01-2026-10', 'rules: seed-2026-02-28').replace('tutorial-01-port-v1.01.yaml', 'tutorial-01-port.yaml'));
    const exp = compileExperiment(src);
    const ids = getEngine('urban-assault').switches!(exp.compiled.game, exp.compiled.variants[0].params).map((s) => s.id);
    expect(ids).not.toContain('UA-V05');
    expect(ids).not.toContain('UA-V06');
  });
  it('every procedure the rules document calls switchable is a listed reading', () => {
    const doc = readFileSync(fileURLToPath(new URL('../docs/rules/urban-assault.md', import.meta.url)), 'utf8');
    const named = new Set([...doc.matchAll(/switchable procedure `(\w+)`/g), ...doc.matchAll(/\*\*Switch[^*]*\*\*: `procedures: \{ (\w+):/g)].map((m) => m[1]));
    expect(named.size).toBeGreaterThanOrEqual(4);
    for (const k of named) expect(Object.keys(PROCEDURE_READINGS), k).toContain(k);
  });
});

describe('documented rulings', () => {
  const text = `## Fixed rulings

### XX-R01 — One

- **Clause**: §3 「a」
- **Alternatives**: none — fixed.

### XX-R02 — Two

- **Clause**: §12.1 「b」
- **Alternatives**: round 1 only.

#### XX-V03 — Three
- **Clause**: rules 「c」
`;
  it('reads each row, and lists as not measured those with another reading and no switch', () => {
    const rows = documentedRulings(text);
    expect(rows.map((r) => r.id)).toEqual(['XX-R01', 'XX-R02', 'XX-V03']);
    expect(rows.map(hasAlternative)).toEqual([false, true, false]);
    expect(sectionOf(rows[1].clause)).toBe('§12.1');
    const root = mkdtempSync(join(tmpdir(), 'balance-lab-docs-'));
    writeFileSync(join(root, 'r.md'), text);
    expect(notMeasured(join(root, 'r.md'), new Set()).map((r) => r.id)).toEqual(['XX-R02']);
    expect(notMeasured(join(root, 'r.md'), new Set(['XX-R02']))).toEqual([]);
    rmSync(root, { recursive: true, force: true });
  });
  it('URBAN ASSAULT: the fixed rulings with another reading are listed, the switched ones are not', () => {
    const f = fileURLToPath(new URL('../docs/rules/urban-assault.md', import.meta.url));
    const nm = notMeasured(f, new Set(UA_RULINGS.map((d) => d.id)));
    expect(nm.length).toBeGreaterThan(10);
    expect(nm.map((r) => r.id)).not.toContain('UA-R02');
  });
});

const EXP = tinyUa('tiny-impact', 'Which readings move the fight against the guards?', 14, '2d3+6', `ruling_impact:
  games: { start: 500, max: 2000 }
`).replace('members: { assault: 1 }', 'members: { assault: 2, gunner: 1 }');

describe('the racing driver', () => {
  it('each alternative has the paired sums of a plain two-variant run of the games it played', async () => {
    const src = Source.parse('/tmp/tiny-impact.yaml', EXP);
    const exp = compileExperiment(src);
    const s = readImpact(src, exp);
    const r = await rulingImpact(src, exp, s, 0);
    expect(r.candidates.length).toBeGreaterThan(10);
    const moved = r.race.outcomes.map((o, i) => ({ o, i })).filter(({ o }) => o.stop !== 'inert');
    expect(moved.length).toBeGreaterThan(0);
    expect(new Set(moved.map(({ o }) => o.games)).size).toBeGreaterThan(1); // looks of different lengths
    for (const { o, i } of moved) {
      const c = r.candidates[i];
      const text = withVariants(src, [{ name: 'reference', baseline: true }, c.doc]);
      const plain = await runExperiment({ ...compileExperiment(Source.parse(src.file, text)), stop: { kind: 'games', games: o.games } }, { workers: 0 });
      const d = plain.variants[1].pairedRates[0].diff;
      expect(r.diffs[i][0].diff).toEqual(d);
    }
    // The answer in both languages, and the CSV's rows.
    const rows = impactRows(r);
    expect(impactSentence('urban-assault', rows[0], 'ja')).toMatch(/と読むと|と読んでも/);
    const csv = impactCsv(exp, r, []);
    expect(csv.split('\n')[0]).toMatch(/^rank,status,ruling,kind,key,section,clause/);
    expect(csv.split('\n').filter((l) => l.includes(',measured,')).length).toBe(r.candidates.length);
    expect(r.race.referenceGames + r.race.alternativeGames).toBeLessThan(r.race.exhaustiveGames + 2000);
    // The job summary lists the top five as a numbered list under its heading.
    const top = rows.filter((x) => x.stop !== 'inert').slice(0, 5).map((x) => impactSentence('urban-assault', x, 'en'));
    const md = buildSummary([{ name: 'tiny', file: 'e/tiny.yaml', status: 'ran', moved: [], bandFailures: 0, question: '', answer: [], primary: 'win', targets: [], impact: top }], { mode: 'run', pagesUrl: null, runUrl: null });
    expect(md).toMatch(/Ruling impact: the five readings that move it most/);
    expect(md).toMatch(/\n1\. §/);
  }, 120_000);
});

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-impact-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('balance-lab impact', () => {
  const cli = (file: string, args: string[]) => {
    const out = join(root, `out-${Math.random().toString(36).slice(2)}`);
    return { ...spawnSync(process.execPath, [BIN, 'impact', file, '--out', out, '--quiet', ...args], { encoding: 'utf8', timeout: 120_000 }), out };
  };
  it('the same answer and impact.csv for 0 and 2 worker threads; report.html and the tornado chart written', () => {
    const f = join(root, 'tiny.yaml');
    writeFileSync(f, EXP);
    const a = cli(f, ['--workers', '0']), b = cli(f, ['--workers', '2']);
    expect(a.status, a.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(readFileSync(join(b.out, 'impact.csv'), 'utf8')).toBe(readFileSync(join(a.out, 'impact.csv'), 'utf8'));
    expect(a.stdout).toMatch(/Racing: [\d,]+ games played instead of [\d,]+/);
    expect(JSON.parse(readFileSync(join(a.out, 'charts/tornado.vl.json'), 'utf8')).$schema).toMatch(/vega-lite/);
    expect(readFileSync(join(a.out, 'report.html'), 'utf8')).toMatch(/id="ruling-impact"/);
  }, 120_000);
  it('on another engine: robot-skirmish rulings ranked', () => {
    const f = fileURLToPath(new URL('../experiments/formation-vs-multi-attack.yaml', import.meta.url));
    const r = cli(f, ['--workers', '0', '--games', '1000', '--start-games', '500']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/RS-R\d\d/);
  }, 120_000);
  it('the Action in check mode (no baseline yet) also lists the top readings in the job summary, in Japanese', () => {
    const ws = join(root, 'ws-check');
    mkdirSync(join(ws, 'experiments'), { recursive: true });
    writeFileSync(join(ws, 'experiments', 'tiny.yaml'), EXP);
    const summary = join(root, 'summary-check.md');
    writeFileSync(summary, '');
    const r = spawnSync(process.execPath, [BIN, '--lang', 'ja', 'action', '--experiments', 'experiments/*.yaml', '--mode', 'check', '--out', 'res', '--workers', '0'], {
      cwd: ws, encoding: 'utf8', timeout: 120_000, env: { ...process.env, GITHUB_WORKSPACE: ws, GITHUB_STEP_SUMMARY: summary },
    });
    expect(r.status, r.stderr).toBe(0);
    const md = readFileSync(summary, 'utf8');
    expect(md).toContain('**ルーリングの影響：答えを最も動かす読み方 上位5件（ruling_impact）**');
    expect(md).toMatch(/\n1\. .*UA-/);
  }, 120_000);
  it('an unknown reference variant is exit 2', () => {
    const f = join(root, 'tiny2.yaml');
    writeFileSync(f, EXP);
    const r = cli(f, ['--workers', '0', '--variant', 'nope']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/nope/);
  });
});
