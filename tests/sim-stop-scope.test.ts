// `stop: { target_of: all | differences }` (src/sim/experiment/stop-scope.ts, issue 27): which half-widths a target_error stop
// waits for. On the 8-d6 fixture engine (tests/helpers/cv-dice-engine.ts) a variant with the baseline's threshold plays
// the identical game, so its paired difference is exactly 0: a `differences` stop ends at min_games while `all` keeps
// going for the own rates. Checked: where the run stops (the first chunk whose differences are within the target), that
// it does not depend on in-flight chunks, chunk completion order or a resume journal, the refusals at the key's line in
// English and Japanese (also through the CLI, exit 2), and bench's estimate counting the own rates under `all`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Accumulator } from '../src/sim/stats/accumulator.js';
import { experimentLayout, runChunk, type ChunkResult } from '../src/sim/run/chunk.js';
import { compileExperiment, type Experiment } from '../src/sim/experiment/load.js';
import { InputError } from '../src/sim/input/input-error.js';
import { referenceIndices } from '../src/sim/experiment/paired-ref.js';
import { runExperiment, worstHalfWidth } from '../src/sim/run/run.js';
import { Source } from '../src/sim/input/schema.js';
import { halfWidth, wilson } from '../src/sim/stats/stats.js';
import type { RunSummary } from '../src/sim/stats/summary.js';
import { summaryWorstHalfWidth } from '../src/sim/experiment/stop-scope.js';
import { experimentSeconds, shippedExperimentSeconds } from '../src/bench/shipped.js';
import { gamesToHalfPp, wholeChunks } from '../src/bench/seconds.js';
import { describeStopRule } from '../src/report/stop-rule.js';
import { setLang } from '../src/i18n/lang.js';
import { parseReportData } from '../src/report/html/data-read.js';
import { reportData, reportDataJson } from '../src/report/html/data.js';
import { runJson, type RunEnvironment } from '../src/report/files/run-json.js';
import { baselineFromSummary, baselineText } from '../src/check/baseline.js';
import { parseBaseline } from '../src/check/baseline-read.js';
import { journalIdentity } from '../src/sim/run/journal.js';
import { packRunSpec, readRunSpec, type RunSpec } from '../src/sim/queue/job.js';
import { runId } from '../src/sim/queue/queue.js';
import { CV_DICE_ID, registerCvDice } from './helpers/cv-dice-engine.js';
import { uaFixtureYaml } from './helpers/ua-fixture.js';

registerCvDice();

const TARGET = 0.02;

/** A fixture file; `stop` lines go under `stop:` (the first of them is line 5), the variants follow. */
function yaml(stop: string, variants: string, extra = ''): string {
  return [
    'name: scope', `game: ${CV_DICE_ID}`, 'seed: 20261127', 'stop:',
    ...stop.split('\n').map((l) => `  ${l}`),
    'variants:', variants, extra, '',
  ].join('\n');
}
const compile = (text: string): Experiment => compileExperiment(Source.parse('scope.yaml', text));

/** The baseline (sum ≥ 29), the identical game, and a fight of its own (≥ 33, no paired difference). */
const IDENTICAL = [
  '  - { name: base, threshold: 29, baseline: true }',
  '  - { name: same, threshold: 29 }',
  '  - { name: own, threshold: 33, paired_with: none }',
].join('\n');
/** The baseline, the identical game and ≥ 30 (its difference is −1 when the sum is exactly 29, else 0). */
const NEAR = [
  '  - { name: base, threshold: 29, baseline: true }',
  '  - { name: same, threshold: 29 }',
  '  - { name: up, threshold: 30 }',
].join('\n');
const stopOf = (scope: string | null, chunk = 100) =>
  [`target_error: ${TARGET}`, ...(scope === null ? [] : [`target_of: ${scope}`]), 'min_games: 300', 'max_games: 50000', `chunk: ${chunk}`].join('\n');

/** The summary without its timing fields. */
function stable(s: RunSummary): string {
  const { elapsedSeconds: _e, gamesPerSecond: _g, workers: _w, ...rest } = s;
  return JSON.stringify(rest);
}

/** The accumulators of the first `n` games of `exp` (one chunk). */
function accsAt(exp: Experiment, n: number): Accumulator[] {
  const layout = experimentLayout(exp);
  return runChunk(exp, 0, n).data.map((d) => new Accumulator(layout, d));
}

describe('target_of: where a target_error run stops', () => {
  it('differences: identical games end at min_games; all keeps going for the own rates', async () => {
    const diff = await runExperiment(compile(yaml(stopOf('differences'), IDENTICAL)), { workers: 0 });
    const all = await runExperiment(compile(yaml(stopOf('all'), IDENTICAL)), { workers: 0 });
    expect(diff.gamesPerVariant).toBe(300);
    expect(diff.variants[1].pairedRates[0].diff).toEqual({ estimate: 0, lo: 0, hi: 0 });
    // The own rates were not waited for: at 300 games they are far wider than the target…
    for (const v of diff.variants) expect(halfWidth(v.rates[0].rate)).toBeGreaterThan(TARGET);
    // …while `all` ran until every own rate was within it (~0.5 · 0.5 · 1.96² / 0.02² ≈ 2,400 games).
    expect(all.gamesPerVariant).toBeGreaterThan(2000);
    for (const v of all.variants) expect(halfWidth(v.rates[0].rate)).toBeLessThanOrEqual(TARGET);
  });

  it('differences: stops at the first chunk whose every paired difference is within the target, not before', async () => {
    const exp = compile(yaml(stopOf('differences'), NEAR));
    const s = await runExperiment(exp, { workers: 0 });
    const n = s.gamesPerVariant;
    // P(sum = 29) ≈ 0.081 for 8 d6: the ≥ 30 difference needs ~1.96² · 0.074 / 0.02² ≈ 710 games.
    expect(n).toBeGreaterThan(300);
    expect(n).toBeLessThan(2000);
    const refs = referenceIndices(exp.compiled.variants);
    expect(worstHalfWidth(accsAt(exp, n), refs, 'differences')).toBeLessThanOrEqual(TARGET);
    expect(worstHalfWidth(accsAt(exp, n - 100), refs, 'differences')).toBeGreaterThan(TARGET);
    // The same games under the default rule are not done yet: the own rates are wider.
    expect(worstHalfWidth(accsAt(exp, n), refs)).toBeGreaterThan(TARGET);
    expect(halfWidth(s.variants[2].pairedRates[0].diff)).toBeLessThanOrEqual(TARGET);
    // The summary keeps the rule, and the footer names it.
    expect(s.stop).toEqual({ kind: 'target_error', target: TARGET, maxGames: 50000, minGames: 300, targetOf: 'differences' });
    expect(describeStopRule(s.stop, 'en')).toContain('each paired difference');
    expect(describeStopRule(s.stop, 'ja')).toContain('各対の差');
  });

  it('all is the default: the same stop rule object and byte-identical results as a file without the key', async () => {
    const plain = compile(yaml(stopOf(null), NEAR));
    const all = compile(yaml(stopOf('all'), NEAR));
    expect(all.stop).toEqual(plain.stop);
    expect(Object.keys(all.stop)).not.toContain('targetOf');
    const a = await runExperiment(plain, { workers: 0 });
    const b = await runExperiment(all, { workers: 0 });
    expect(stable(b).replace(all.hash, plain.hash)).toBe(stable(a));
    expect(worstHalfWidth(accsAt(plain, 500), referenceIndices(plain.compiled.variants), 'all'))
      .toBe(worstHalfWidth(accsAt(plain, 500), referenceIndices(plain.compiled.variants)));
  });

  it('control variates: the adjusted differences decide', async () => {
    const exp = compile(yaml(stopOf('differences'), NEAR, 'control_variates: true'));
    const s = await runExperiment(exp, { workers: 0 });
    expect(s.controlVariates).toBeDefined();
    expect(halfWidth(s.variants[2].pairedRates[0].diff)).toBeLessThanOrEqual(TARGET);
    const refs = referenceIndices(exp.compiled.variants);
    expect(worstHalfWidth(accsAt(exp, s.gamesPerVariant), refs, 'differences')).toBeLessThanOrEqual(TARGET);
    expect(worstHalfWidth(accsAt(exp, s.gamesPerVariant - 100), refs, 'differences')).toBeGreaterThan(TARGET);
  });

  it('does not depend on chunks in flight, their completion order or a resume journal', async () => {
    const exp = compile(yaml(stopOf('differences', 50), NEAR));
    const ref = await runExperiment(exp, { workers: 0 });
    // Eight chunks in flight, each finishing later than the one after it.
    const reversed = await runExperiment(exp, {
      workers: 0,
      executor: {
        inFlight: 8,
        run: (m, start, count) => new Promise<ChunkResult>((resolve) => setTimeout(() => resolve(runChunk(exp, start, count)), 2 * (8 - (m % 8)))),
      },
    });
    expect(stable(reversed)).toBe(stable(ref));
    // A journal of the first run; a resume that holds its first three chunks plays the rest and stops at the same game.
    const done = new Map<number, ChunkResult>();
    await runExperiment(exp, { workers: 0, journal: { done: new Map(), append: (m, r) => done.set(m, r) } });
    const resumed = await runExperiment(exp, { workers: 0, journal: { done: new Map([...done].filter(([m]) => m < 3)), append: () => undefined } });
    expect(stable(resumed)).toBe(stable(ref));
  });

  it('a real engine on worker threads stops at the same game as in-process (URBAN ASSAULT fixture)', async () => {
    const exp = compile(uaFixtureYaml('target_error: 0.03\ntarget_of: differences\nmin_games: 200\nmax_games: 20000\nchunk: 100'));
    const one = await runExperiment(exp, { workers: 0 });
    const two = await runExperiment(exp, { workers: 2 });
    expect(stable(two)).toBe(stable(one));
    expect(one.gamesPerVariant).toBeLessThan(20000);
    for (const v of one.variants) if (v.pairedRates.length > 0) expect(halfWidth(v.pairedRates[0].diff)).toBeLessThanOrEqual(0.03);
  });
});

describe('target_of: kept where the stop rule is written and read back', () => {
  it('summary.json (report), a check baseline, a journal identity and a queue run spec', async () => {
    const exp = compile(yaml(stopOf('differences'), NEAR));
    const s = await runExperiment(exp, { workers: 0 });
    const env: RunEnvironment = { packageVersion: '9.9.9', nodeVersion: 'v20.11.0', gitCommit: 'abc1234def' };
    const back = parseReportData(reportDataJson(reportData(s, runJson(s, env), new Date(0))), 'summary.json');
    expect(back.summary.stop).toEqual(s.stop);
    expect(parseBaseline('b.json', baselineText(baselineFromSummary(s, '9.9.9'))).stop).toEqual(s.stop);
    const identity = journalIdentity(exp, '9.9.9');
    expect(identity.stop).toEqual(s.stop);
    const spec: RunSpec = { identity, source: { file: '/x/scope.yaml', text: 'x', overrides: {}, exact: { seed: exp.seed, stop: exp.stop } } };
    const run = runId(identity);
    const read = readRunSpec(run, packRunSpec(run, spec, null).spec, '', null, runId);
    expect(read.identity.stop).toEqual(s.stop);
    expect(read.source.exact?.stop).toEqual(s.stop);
    // Another value is refused where the rule is read back.
    const bad = JSON.parse(reportDataJson(reportData(s, runJson(s, env), new Date(0))));
    bad.summary.stop.targetOf = 'own';
    expect(() => parseReportData(JSON.stringify(bad), 'summary.json')).toThrow(/summary\.stop\.targetOf/);
    // A rule without the key is written as before: no targetOf field anywhere.
    const plain = compile(yaml(stopOf(null), NEAR));
    expect(JSON.stringify(journalIdentity(plain, '9.9.9'))).not.toContain('targetOf');
  });
});

describe('target_of: refusals at the key\'s line', () => {
  const fails = (text: string): InputError => {
    try {
      compile(text);
    } catch (e) {
      if (e instanceof InputError) return e;
      throw e;
    }
    throw new Error('no error');
  };
  const NO_PAIRS = ['  - { name: base, threshold: 29, baseline: true }', '  - { name: own, threshold: 33, paired_with: none }'].join('\n');
  const cases = () => ({
    unknown: fails(yaml(`target_error: ${TARGET}\ntarget_of: everything`, NEAR)),
    games: fails(yaml('games: 100\ntarget_of: differences', NEAR)),
    gamesAll: fails(yaml('games: 100\ntarget_of: all', NEAR)),
    noPairs: fails(yaml(`target_error: ${TARGET}\ntarget_of: differences`, NO_PAIRS)),
    baselineOnly: fails(yaml(`target_error: ${TARGET}\ntarget_of: differences`, '  - { name: base, threshold: 29, baseline: true }')),
    search: fails(yaml(`target_error: ${TARGET}\ntarget_of: differences`, NEAR, 'search: { space: x }')),
  });

  it('in English: file, line 6, path and what is allowed', () => {
    const c = cases();
    for (const e of Object.values(c)) {
      expect(e.file).toBe('scope.yaml');
      expect(e.line).toBe(6);
      expect(e.path).toBe('stop.target_of');
      expect(e.message.startsWith('scope.yaml:6: stop.target_of:')).toBe(true);
    }
    expect(c.unknown.message).toContain('unknown target_of "everything"');
    expect(c.unknown.allowed).toContain('differences (only each variant\'s paired difference');
    expect(c.games.message).toContain('fixed games: N');
    expect(c.gamesAll.problem).toBe(c.games.problem);
    expect(c.noPairs.message).toContain('no variant of this file has one');
    expect(c.baselineOnly.problem).toBe(c.noPairs.problem);
    expect(c.search.message).toContain('not applied by search:');
    // Accepted: differences with one paired variant among paired_with: none ones.
    expect(() => compile(yaml(`target_error: ${TARGET}\ntarget_of: differences`, `${NO_PAIRS}\n  - { name: own2, threshold: 34, paired_with: own }`))).not.toThrow();
  });

  it('in Japanese', () => {
    setLang('ja');
    try {
      const c = cases();
      expect(c.unknown.message).toContain('target_of の値 "everything" は使えません');
      expect(c.unknown.message).toContain('differences（各バリアントの比較相手');
      expect(c.games.message).toContain('games: N の固定ゲーム数です');
      expect(c.noPairs.message).toContain('対の差を持つバリアントがありません');
      expect(c.search.message).toContain('search: では使われません');
      for (const e of Object.values(c)) expect(e.message.startsWith('scope.yaml:6: stop.target_of:')).toBe(true);
    } finally {
      setLang('en');
    }
  });

  it('the CLI: one line, exit code 2, in ja and en', () => {
    const dir = mkdtempSync(join(tmpdir(), 'balance-lab-scope-'));
    try {
      const file = join(dir, 'bad.yaml');
      writeFileSync(file, uaFixtureYaml('games: 200\ntarget_of: differences'));
      const bin = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
      for (const [lang, text] of [['en', 'this stop plays a fixed games: N'], ['ja', 'この stop は games: N の固定ゲーム数です']]) {
        const r = spawnSync(process.execPath, [bin, 'validate', file, '--lang', lang], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
        expect(r.status, r.stderr).toBe(2);
        const lines = r.stderr.split('\n').filter((l) => l.length > 0);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toContain('bad.yaml:7:'); // named from the working folder (issue 42)
        expect(lines[0]).not.toContain(dir);
        expect(lines[0]).toContain(text);
      }
      expect(readdirSync(dir)).toEqual(['bad.yaml']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('bench: the seconds-to-0.5-pp figure follows each file\'s stop rule', () => {
  const dir = mkdtempSync(join(tmpdir(), 'balance-lab-bench-scope-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const stop = (scope: string) => `target_error: 0.005\ntarget_of: ${scope}\nmin_games: 3000\nmax_games: 200000`;

  it('within its budget it plays the real run: under all to the own rates\' 0.5 pp, under differences to min_games', async () => {
    const all = compile(yaml(stop('all'), IDENTICAL));
    const diff = compile(yaml(stop('differences'), IDENTICAL));
    const ea = await experimentSeconds(all, 0, 0, Infinity);
    const ed = await experimentSeconds(diff, 0, 0, Infinity);
    expect([ea.target_of, ea.how, ed.target_of, ed.how]).toEqual(['all', 'measured', 'differences', 'measured']);
    // Exactly where a real run of the file stops: the own rates (near 50%) need ~38,400 games; the pairs are exactly 0.
    const real = await runExperiment(all, { workers: 0 });
    expect(ea.games).toBe(real.gamesPerVariant);
    expect(ea.games).toBeGreaterThan(30_000);
    expect(ed.games).toBe(3000);
    for (const e of [ea, ed]) expect(e.seconds).toBeGreaterThanOrEqual(e.overhead_s);
  });

  it('past its budget it is cut after four merges and extrapolated from the widest half-width there', async () => {
    const all = compile(yaml(stop('all'), IDENTICAL));
    // In-process a merge follows each chunk, so a budget already spent at the first merge cuts after the fourth.
    const e = await experimentSeconds(all, 0, 0, 1e-9);
    expect(e.how).toBe('extrapolated');
    // The cut run is the file's first four chunks (1,000 games each): its widest own Wilson half-width, scaled to 0.5 pp.
    const cut = await runExperiment({ ...all, stop: { kind: 'games', games: 4000 } }, { workers: 0 });
    const own = Math.max(...cut.variants.map((v) => halfWidth(wilson(v.rates[0].count, 4000))));
    expect(summaryWorstHalfWidth(cut, 'all')).toBe(own);
    expect(e.games).toBe(wholeChunks(gamesToHalfPp(own, 4000, 3000), 1000));
    expect(e.games).toBeGreaterThan(30_000);
    // The paired differences alone (what bench counted before target_of) are all exactly 0.
    expect(summaryWorstHalfWidth(cut, 'differences')).toBe(0);
  });

  it('with no budget it plays the first two chunks only (the quick figure, never marked measured)', async () => {
    const e = await experimentSeconds(compile(yaml(stop('all'), IDENTICAL)), 0, 0, 0);
    const pilot = await runExperiment({ ...compile(yaml(stop('all'), IDENTICAL)), stop: { kind: 'games', games: 2000 } }, { workers: 0 });
    expect(e.how).toBe('extrapolated');
    expect(e.games).toBe(wholeChunks(gamesToHalfPp(summaryWorstHalfWidth(pilot, 'all'), 2000, 3000), 1000));
    const twoK = `target_error: 0.005\ntarget_of: differences\nmin_games: 2000\nmax_games: 200000`;
    const d = await experimentSeconds(compile(yaml(twoK, IDENTICAL)), 0, 0, 0);
    expect([d.how, d.games]).toEqual(['extrapolated', 2000]);
  });

  it('shippedExperimentSeconds names what it counted for each file (a fixed count as run --target-error 0.005)', async () => {
    writeFileSync(join(dir, 'a-all.yaml'), yaml(stop('all'), IDENTICAL));
    writeFileSync(join(dir, 'b-diff.yaml'), yaml(stop('differences'), IDENTICAL));
    writeFileSync(join(dir, 'c-games.yaml'), yaml('games: 100', IDENTICAL));
    const out = await shippedExperimentSeconds(CV_DICE_ID, 0, dir);
    expect(out.map((e) => [e.file, e.target_of, e.how])).toEqual([['a-all.yaml', 'all', 'measured'], ['b-diff.yaml', 'differences', 'measured'], ['c-games.yaml', 'all', 'measured']]);
    expect(out[1].games).toBe(3000);
    expect(out[2].games).toBeGreaterThan(30_000);
    // The command's start-up (a child process) is part of every figure.
    for (const e of out) expect(e.overhead_s).toBeGreaterThan(0);
  });
});
