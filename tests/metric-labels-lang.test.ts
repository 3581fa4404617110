// Issue 26: the engines' metric labels (rates, values, the attrition series, its variables and step groups) are shown
// in the reader's language — the run table, report.html, the charts, `replay`'s final figures, `check` and the web
// app — from the catalogue areas ua/rs/aam/lk/if-metric.ts, whose English is the engines' own text. run.json, the CSVs
// and baselines keep the English labels. Names from the designer's files (tiles, counters, engagements) stay as written.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { getEngine, engines } from '../src/registry.js';
import { PLURAL_PLACEHOLDER, catalogue, format } from '../src/i18n/t.js';
import { setLang } from '../src/i18n/lang.js';
import { METRIC_AREAS, metricLabel, metricMessage } from '../src/sim/core/metric-text.js';
import { metricsInLang, summaryInLang } from '../src/report/summary-lang.js';
import { formatTable } from '../src/report/format-table.js';
import { checkTableRows } from '../src/check/format-check.js';
import type { CheckResult } from '../src/check/run-check.js';
import type { RunSummary } from '../src/sim/stats/summary.js';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const root = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(root, 'bin/balance-lab.js');
const en = catalogue('en') as Readonly<Record<string, string>>;
const ja = catalogue('ja') as Readonly<Record<string, string>>;
const SC = resolve(root, 'scenarios/urban-assault');

/** URBAN ASSAULT experiments the shipped ones do not cover: a single operation with counters and a briefing, a
 * campaign cut by the scenario's operations.max, a chain of scenarios (after:). */
function extraExperiments(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'metric-lang-'));
  const head = 'game: urban-assault\nseed: 1\nstop: { games: 1 }\nsquad: { members: { assault: 4 } }\nvariants:\n  - { name: a, baseline: true, leader: { sub_ability: shooting } }\n';
  const files: [string, string][] = [
    ['op.yaml', `name: op\n${head}operation: { scenario: ${join(SC, 'relay-station.yaml')}, difficulty: NORMAL }\n`],
    ['cap.yaml', `name: cap\n${head}operation: { scenario: ${join(SC, 'blacksun-01.yaml')}, difficulty: NORMAL, campaign: { max_attempts: 5 } }\n`],
    ['chain.yaml', `name: chain\n${head}operation: { scenario: ${join(SC, 'relay-station.yaml')}, after: [${join(SC, 'tutorial-01-port.yaml')}], difficulty: NORMAL }\n`],
  ];
  return files.map(([name, text]) => { writeFileSync(join(dir, name), text); return join(dir, name); });
}

interface Shown { engine: string; label: string; group: boolean }

/** Every metric label the shipped experiments (and the extra ones) produce, per engine. */
function allLabels(): Shown[] {
  const files = [...readdirSync(join(root, 'experiments')).filter((f) => f.endsWith('.yaml')).map((f) => join(root, 'experiments', f)), ...extraExperiments()];
  const seen = new Set<string>(), out: Shown[] = [];
  const add = (engine: string, label: string, group = false) => {
    if (seen.has(`${engine}|${label}`)) return;
    seen.add(`${engine}|${label}`);
    out.push({ engine, label, group });
  };
  for (const f of files) {
    const exp = loadExperiment(f);
    const m = getEngine(exp.engine).metrics(exp.compiled.game);
    for (const x of [...m.rates, ...m.values]) add(exp.engine, x.label);
    add(exp.engine, exp.compiled.costUnit);
    if (m.series) {
      add(exp.engine, m.series.label);
      for (const v of m.series.vars) add(exp.engine, v.label);
      for (const s of m.series.steps) add(exp.engine, s.group, true);
    }
  }
  return out;
}

const labels = allLabels();

/** The values a label carries that are not catalogue texts themselves (names and numbers), nested ones included. */
function leaves(engine: string, label: string): string[] {
  const msg = metricMessage(engine, label);
  if (!msg) return [label];
  return Object.entries(msg.params).filter(([k, v]) => v !== '' && !PLURAL_PLACEHOLDER.test(k)).flatMap(([, v]) => leaves(engine, v));
}

afterEach(() => setLang('en'));

describe('metric labels in the reader\'s language (issue 26)', () => {
  it('has a catalogue template for every label of every engine, its English equal to the engine\'s label', () => {
    expect(new Set(labels.map((l) => l.engine))).toEqual(new Set(engines.map((e) => e.id)));
    for (const { engine, label, group } of labels) {
      const msg = metricMessage(engine, label);
      // A gauntlet's step groups are its engagements, named in the experiment ("1. <name>"): the designer's words.
      if (group && /^\d+\. /.test(label)) { expect(msg, label).toBeNull(); continue; }
      // A label that is a rule term already (the 軍票 cost unit) reads the same in both languages.
      if (msg === null && !/[A-Za-z]{3,}/.test(label)) continue;
      expect(msg, `${engine}: "${label}" has no template in src/i18n/areas/*-metric.ts`).not.toBeNull();
      expect(format(en[msg!.id], msg!.params), label).toBe(label);
    }
  });

  it('writes every label in Japanese under ja, keeping the designer\'s names and the numbers as written', () => {
    let named = 0;
    for (const { engine, label } of labels) {
      const shown = metricLabel(engine, label, 'ja');
      const msg = metricMessage(engine, label);
      if (msg === null) { expect(shown).toBe(label); continue; }
      expect(shown, label).toMatch(JAPANESE);
      expect(shown, label).not.toBe(label);
      for (const [k, v] of Object.entries(msg.params)) {
        // A value that is not itself a catalogue text (a tile, counter or scenario name, a number) is kept as written.
        if (v !== '' && !PLURAL_PLACEHOLDER.test(k) && metricMessage(engine, v) === null) { expect(shown, `${label} (${k})`).toContain(v); named++; }
      }
      // No fixed English words left around the values (rule ids such as operations.max and carry_over stay).
      const rest = leaves(engine, label).reduce((s, v) => s.split(v).join(' '), shown);
      expect(rest.replace(/operations\.max|max_attempts|carry_over|after:|ESP|HP|§\d+/g, ''), `${label} → ${shown}`).not.toMatch(/[A-Za-z]{3,}/);
    }
    expect(named).toBeGreaterThan(50);
    // The designer's tile and operation names, and the fixed words around them.
    expect(metricLabel('urban-assault', 'Leader fell at 63 RPG-7', 'ja')).toBe('63 RPG-7で隊長が倒れた');
    expect(metricLabel('urban-assault', 'Leader fell at mid event', 'ja')).toBe('中間イベントで隊長が倒れた');
    expect(metricLabel('urban-assault', 'Counter contact at the end of the first attempt (only relay-station; 0 elsewhere)', 'ja'))
      .toBe('最初の挑戦の終了時のカウンター contact（relay-station のみ。ほかは 0）');
    expect(metricLabel('urban-assault', 'Operation success', 'ja')).toBe('作戦成功');
    expect(metricLabel('urban-assault', 'Leader survived', 'ja')).toBe('隊長生存');
    expect(metricLabel('robot-skirmish', 'free attack (failed disengage): damage dealt', 'ja')).toBe('離脱失敗による無条件の攻撃: 与えたダメージ');
  });

  it('uses every entry of the metric areas (none outlives the label it describes)', () => {
    const used = new Set<string>();
    const mark = (engine: string, label: string) => {
      const msg = metricMessage(engine, label);
      if (!msg) return;
      used.add(msg.id);
      for (const v of Object.values(msg.params)) if (v) mark(engine, v);
    };
    for (const { engine, label } of labels) mark(engine, label);
    const areas = Object.values(METRIC_AREAS);
    const ids = Object.keys(en).filter((id) => areas.some((a) => id.startsWith(`${a}.`)));
    expect(ids.filter((id) => !used.has(id))).toEqual([]);
    for (const id of ids) expect(ja[id], id).toMatch(JAPANESE);
  });

  it('leaves English as the engines write it, the very same objects', () => {
    for (const { engine, label } of labels) expect(metricLabel(engine, label, 'en')).toBe(label);
    const exp = loadExperiment(join(root, 'experiments/lmg-operation.yaml'));
    const m = getEngine(exp.engine).metrics(exp.compiled.game);
    expect(metricsInLang(exp.engine, m, 'en')).toBe(m);
    const s = { experiment: { engine: exp.engine }, metrics: m, variants: [], costUnit: exp.compiled.costUnit } as unknown as RunSummary;
    expect(summaryInLang(s, 'en')).toBe(s);
    const shown = summaryInLang(s, 'ja');
    expect(shown.metrics.rates[0].label).toBe('作戦成功');
    expect(shown.metrics.series!.steps[0].group).toBe('作戦');
    expect(shown.costUnit).toBe('弾倉'); // the engine's cost unit "magazines"
    expect(summaryInLang(shown, 'ja')).toBe(shown);
    // The summary it came from is untouched (run.json and the CSVs are written from it).
    expect(s.metrics.rates[0].label).toBe('Operation success');
  });

  it('shows check\'s rows in the reader\'s language (the baseline keeps English)', () => {
    const res = {
      summary: { experiment: { engine: 'urban-assault' } },
      rows: [{ variant: 'a', metric: 'win', label: 'Operation success', kind: 'rate', baseline: { estimate: 0.5, lo: 0.4, hi: 0.6 }, current: { estimate: 0.5, lo: 0.4, hi: 0.6 }, diff: { estimate: 0, lo: -0.1, hi: 0.1 }, z: 0, p: 1, pHolm: 1, changed: false }],
      bands: [],
    } as unknown as CheckResult;
    expect(checkTableRows(res)[0][1]).toBe('Operation success');
    setLang('ja');
    expect(checkTableRows(res)[0][1]).toBe('作戦成功');
  });
});

/** One small run of each engine through the CLI. */
const RUNS: { engine: string; file: string; ja: string[]; english: string[] }[] = [
  { engine: 'urban-assault', file: 'experiments/lmg-operation.yaml', ja: ['作戦成功', 'タイルごとの消耗（0 = 開始時）', '隊長の生命点'], english: ['Operation success', 'Attrition by tile'] },
  { engine: 'robot-skirmish', file: 'experiments/formation-vs-multi-attack.yaml', ja: ['勝率', '陣形攻撃: 行動回数', 'ラウンドごとの残りユニット数と HP 合計'], english: ['Win rate', 'formation attack: actions'] },
  { engine: 'axis-allies-miniatures', file: 'experiments/aam-initiative-choice.yaml', ja: ['青の勝率', '赤が失った点数', 'ターンごとの消耗（ターン終了時）'], english: ['Blue win rate', 'Red points lost'] },
  { engine: 'chojin-locke', file: 'experiments/locke-sync-vs-solo.yaml', ja: ['勝利（敵は全員死亡）', '味方が失った耐久力'], english: ['Win (every enemy dead)', 'Durability lost by the party'] },
  { engine: 'if-battle', file: 'experiments/if-bug-values.yaml', ja: ['勝率（対象側が残った）', '対象側が与えたバグの点数'], english: ['Win rate (the subject side', 'Bug points inflicted'] },
];

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: root, encoding: 'utf8', timeout: 220_000 });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('run --lang ja shows the engines\' metric labels in Japanese (issue 26)', () => {
  for (const run of RUNS) {
    it(`${run.engine}: the table and report.html in Japanese, the CSVs and run.json as in English`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'metric-run-'));
      const out = (lang: string) => {
        const o = join(dir, lang);
        const stdout = cli(['--lang', lang, 'run', run.file, '--games', '12', '--workers', '0', '--quiet', '--out', o]);
        return { stdout, o };
      };
      const j = out('ja'), e = out('en');
      const report = readFileSync(join(j.o, 'report.html'), 'utf8');
      expect(j.stdout).toContain(run.ja[0]);
      for (const w of run.ja) expect(report, w).toContain(w);
      for (const w of run.english) expect(report, w).not.toContain(w);
      expect(j.stdout).not.toContain(run.english[0]);
      expect(readFileSync(join(e.o, 'report.html'), 'utf8')).toContain(run.english[0]);
      // Language-neutral files: the same bytes in both languages (run.json apart from its timing fields).
      for (const f of readdirSync(e.o).filter((x) => x.endsWith('.csv'))) expect(readFileSync(join(j.o, f), 'utf8'), f).toBe(readFileSync(join(e.o, f), 'utf8'));
      const neutral = (o: string) => { const r = JSON.parse(readFileSync(join(o, 'run.json'), 'utf8')); delete r.elapsedSeconds; delete r.gamesPerSecond; return r; };
      expect(neutral(j.o)).toEqual(neutral(e.o));
    });
  }

  it('replay prints the final figures in the chosen language', () => {
    const ja = cli(['--lang', 'ja', 'replay', 'experiments/lmg-operation.yaml', '--variant', 'baseline', '--game', '0']);
    expect(ja).toMatch(/\n {2}作戦成功 +(はい|いいえ)\n/);
    expect(ja).toMatch(/\n {2}消費した弾倉 +\d+\n/);
    const en = cli(['--lang', 'en', 'replay', 'experiments/lmg-operation.yaml', '--variant', 'baseline', '--game', '0']);
    expect(en).toMatch(/\n {2}Operation success +(yes|no)\n/);
  });

  it('formats the run table with Japanese labels under ja', () => {
    const exp = loadExperiment(join(root, 'experiments/lmg-operation.yaml'));
    const m = getEngine(exp.engine).metrics(exp.compiled.game);
    const iv = { estimate: 0.5, lo: 0.4, hi: 0.6 };
    const v = { name: 'a', label: 'a', baseline: true, cost: 0, games: 10, rates: m.rates.map((r) => ({ id: r.id, label: r.label, count: 5, rate: iv })), values: m.values.map((x) => ({ id: x.id, label: x.label, mean: iv, sd: 1, p10: 0, p50: 0, p90: 0 })), pairedRates: [], pairedValues: [], series: [] };
    const s = { experiment: { name: 'x', question: '', file: 'x', hash: '', engine: exp.engine }, seed: 1, stop: { kind: 'games', games: 10 }, gamesPerVariant: 10, workers: 0, elapsedSeconds: 0, gamesPerSecond: 0, rulings: [], costUnit: 'magazines', metrics: m, baseline: 'a', variants: [v] } as unknown as RunSummary;
    expect(formatTable(s)).toContain('Operation success');
    setLang('ja');
    expect(formatTable(s)).toContain('作戦成功');
    expect(formatTable(s)).not.toContain('Operation success');
  });
});
