// Scenario format, issue 28 item 8 (the rest): a counter condition no value of the counter can meet is refused at its
// line; `equals` together with a bound is refused (it silently ignored the bound); scenario_patch merges a condition
// bound by bound; a variation's squad_first_strike under an encounter's enemy_first_strike is a warning, shown by validate
// and run of an experiment too (its scenario and each scenario_patch result).
import { describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { Source } from '../src/sim/input/schema.js';
import { compileScenarioChecked } from '../src/rules/urban-assault/scenario/compile.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import type { UaVariant } from '../src/rules/urban-assault/config.js';
import { validateCommand, writeFormatWarnings } from '../src/cli/cmd-validate.js';
import { writeCompileNotices } from '../src/cli/compile-notices.js';
import { runCommand } from '../src/cli/cmd-run.js';
import { setLang } from '../src/i18n/lang.js';
import { d33Traces, trace } from './helpers/ua-op-harness.js';

const base = (over: Record<string, unknown> = {}) => ({
  scenario: 'cond', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 1 },
  rules: { starting_magazines: { NORMAL: 10 } }, mid: trace('mid', 90), final: trace('final', 99), ...over,
});
const bump = { name: 'radio', location: 'indoor', supply: { effects: [{ counter: { name: 'contact', add: 1 } }] } };
const gate = (cond: Record<string, unknown>) => ({ name: 'gate', location: 'indoor', supply: { effects: [{ if: cond, then: [{ magazines: 1 }] }] } });
const compile = (doc: Record<string, unknown>) => compileScenarioChecked(Source.parse('cond.yaml', stringify(doc)).root());

describe('a counter condition that can never hold (issue 28 item 8)', () => {
  it('a bound above the counter\'s max is refused at the condition\'s line, in English and Japanese', () => {
    const doc = base({ counters: { contact: { max: 3 } }, tiles: d33Traces({ 11: bump, 12: gate({ counter: 'contact', at_least: 4 }) }) });
    expect(() => compile(doc)).toThrow(/cond\.yaml:\d+: tiles\[12\]\.supply\.effects\[0\]\.if\.counter: counter contact can never be at_least 4: its values are 0–3/);
    setLang('ja');
    try {
      expect(() => compile(doc)).toThrow(/カウンター contact は at_least 4 になり得ません（取り得る値は 0–3）/);
    } finally { setLang('en'); }
    // Inside the range it compiles (the same file, one bound lower).
    expect(() => compile(base({ counters: { contact: { max: 3 } }, tiles: d33Traces({ 11: bump, 12: gate({ counter: 'contact', at_least: 3 }) }) }))).not.toThrow();
  });
  it('a counter no effect moves can only be its start values', () => {
    const still = base({ counters: { alarm: { start: 1, max: 5 } }, tiles: d33Traces({ 12: gate({ counter: 'alarm', at_least: 2 }) }) });
    expect(() => compile(still)).toThrow(/counter alarm can never be at_least 2: its values are 1/);
    // start_by_lap adds its values.
    const lap = { mid: trace('mid', 90), final: trace('final', 99) };
    const byLap = { ...base({ counters: { alarm: { start: 1, max: 5, start_by_lap: [1, 3] } }, tiles: d33Traces({ 12: gate({ counter: 'alarm', equals: 3 }) }), laps: [lap, lap] }) };
    delete (byLap as Record<string, unknown>).mid; delete (byLap as Record<string, unknown>).final;
    expect(() => compile(byLap)).not.toThrow();
    // `info` is moved by the rules themselves (§43): any value in its range counts.
    expect(() => compile(base({ tiles: d33Traces({ 12: gate({ counter: 'info', at_least: 5 }) }) }))).not.toThrow();
  });
  it('progression.final_when and an option\'s if: are checked too', () => {
    expect(() => compile(base({ counters: { collapse: { max: 4 } }, tiles: d33Traces({ 11: { ...bump, supply: { effects: [{ counter: { name: 'collapse', add: 1 } }] } } }),
      progression: { tiles_before_mid: 1, tiles_after_mid: 1, final_when: { counter: 'collapse', at_least: 5 } } }))).toThrow(/progression\.final_when\.counter: counter collapse can never be at_least 5/);
  });
  it('equals with at_least or at_most is refused (the bound was silently ignored)', () => {
    expect(() => compile(base({ counters: { contact: { max: 3 } }, tiles: d33Traces({ 11: bump, 12: gate({ counter: 'contact', equals: 2, at_least: 3 }) }) })))
      .toThrow(/\.if\.equals: equals cannot be given together with at_least/);
  });
});

describe('scenario_patch merges a condition bound by bound (issue 28 item 8)', () => {
  const scen = base({ counters: { contact: { max: 5 } }, tiles: d33Traces({ 11: bump, 12: gate({ counter: 'contact', equals: 2 }), 13: gate({ counter: 'contact', at_least: 1, at_most: 3 }) }) });
  const exp = (patch: Record<string, unknown>) => compileExperiment(Source.parse('exp.yaml', stringify({
    name: 'x', game: 'urban-assault', seed: 1, stop: { games: 10 }, operation: { difficulty: 'NORMAL', scenario: scen },
    squad: { leader: { sub_ability: 'shooting' } }, variants: [{ name: 'a', baseline: true }, { name: 'b', operation: { scenario_patch: patch } }],
  })));
  const cond = (e: ReturnType<typeof exp>, tile: number) => {
    const c = (e.compiled.variants[1].params as UaVariant).operation!.scenario.tiles[tile]!.options[0].effects[0].cond!;
    return [c.lo, c.hi];
  };
  const at = (tile: number, v: Record<string, unknown>) => ({ tiles: { [tile]: { supply: { effects: { 0: { if: v } } } } } });
  it('at_most replaces the upper bound only; the lower bound stays', () => {
    expect(cond(exp(at(13, { at_most: 5 })), 13)).toEqual([1, 5]);
  });
  it('over an equals, at_least replaces the lower bound and keeps equals as the upper (was: equals kept, at_least ignored)', () => {
    expect(cond(exp(at(12, { at_least: 1 })), 12)).toEqual([1, 2]);
  });
  it('equals replaces both bounds', () => {
    expect(cond(exp(at(13, { equals: 4 })), 13)).toEqual([4, 4]);
  });
});

describe('a squad-first variation that can never apply is a warning (issue 28 item 8)', () => {
  const fight = (enc: Record<string, unknown>) => base({ counters: { contact: { max: 3 } }, tiles: d33Traces({ 11: bump, 12: { name: 'post', location: 'outdoor', encounter: {
    enemies: [{ name: '歩哨', count: 2, level: 4 }], reaction: 'hostile', ...enc } } }) });
  const variations = [{ if: { counter: 'contact', at_most: 0 }, squad_first_strike: true }];
  it('enemy_first_strike on the encounter with a variation\'s squad_first_strike: one warning at its line', () => {
    const { warnings } = compile(fight({ enemy_first_strike: true, variations }));
    expect(warnings.map((w) => w.at.path)).toEqual(['tiles[12].encounter.variations[0].squad_first_strike']);
    let out = '';
    writeFormatWarnings(warnings, { write: (s: string) => { out += s; return true; } } as unknown as NodeJS.WritableStream);
    expect(out).toMatch(/^cond\.yaml:\d+: warning: squad_first_strike here can never apply/);
    expect(out).toMatch(/1 warning\(s\) about the scenario/);
  });
  it('no warning without enemy_first_strike', () => {
    expect(compile(fight({ variations })).warnings).toEqual([]);
  });
});

describe('the never-applying squad-first warning reaches an experiment\'s validate and run (issue 28 item 8)', () => {
  const variations = [{ if: { counter: 'contact', at_most: 0 }, squad_first_strike: true }];
  const scen = (enc: Record<string, unknown>) => base({ counters: { contact: { max: 3 } }, tiles: d33Traces({ 11: bump, 12: { name: 'post', location: 'outdoor', encounter: {
    enemies: [{ name: '歩哨', count: 2, level: 4 }], reaction: 'hostile', variations, ...enc } } }) });
  const doc = (enc: Record<string, unknown>, variant: Record<string, unknown> = {}) => ({
    name: 'x', game: 'urban-assault', seed: 1, stop: { games: 10 }, operation: { difficulty: 'NORMAL', scenario: scen(enc) },
    squad: { leader: { sub_ability: 'shooting' } }, variants: [{ name: 'a', baseline: true }, { name: 'b', ...variant }],
  });
  const exp = (d: Record<string, unknown>) => compileExperiment(Source.parse('exp.yaml', stringify(d)));
  const print = (ns: Parameters<typeof writeCompileNotices>[0]) => {
    let out = '';
    writeCompileNotices(ns, { write: (s: string) => { out += s; return true; } } as unknown as NodeJS.WritableStream);
    return out;
  };
  it('the experiment\'s own scenario: one notice at the variation\'s line, printed once', () => {
    const e = exp(doc({ enemy_first_strike: true }));
    expect(e.compiled.warnings?.map((w) => [w.file, w.path])).toEqual([['exp.yaml', 'operation.scenario.tiles[12].encounter.variations[0].squad_first_strike']]);
    expect(e.compiled.warnings![0].line).toBeGreaterThan(1);
    expect(print(e.compiled.warnings)).toMatch(/^exp\.yaml:\d+: warning: squad_first_strike here can never apply[^\n]*\n1 warning\(s\) about the scenario\n$/);
  });
  it('a scenario_patch that sets enemy_first_strike: the patched variant\'s scenario warns; the scenario alone does not', () => {
    expect(exp(doc({})).compiled.warnings).toBeUndefined();
    const e = exp(doc({}, { operation: { scenario_patch: { tiles: { 12: { encounter: { enemy_first_strike: true } } } } } }));
    expect(e.compiled.warnings?.map((w) => w.path)).toEqual(['operation.scenario.tiles[12].encounter.variations[0].squad_first_strike']);
  });
  it('the same warning from the scenario and a variant\'s patch of it is listed once', () => {
    const e = exp(doc({ enemy_first_strike: true }, { operation: { scenario_patch: { rules: { starting_magazines: { NORMAL: 12 } } } } }));
    expect(e.compiled.warnings).toHaveLength(1);
  });
  it('validate and run of the experiment file print it on stderr (the run goes on)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ua-warn-'));
    const file = join(dir, 'exp.yaml');
    writeFileSync(file, stringify({ ...doc({ enemy_first_strike: true }), stop: { games: 4 } }));
    let err = '';
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => { err += String(s); return true; });
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      validateCommand(file);
      expect(err).toMatch(/exp\.yaml:\d+: warning: squad_first_strike here can never apply/);
      err = '';
      await runCommand(file, { workers: 0, quiet: true, out: join(dir, 'out') });
      expect(err).toMatch(/exp\.yaml:\d+: warning: squad_first_strike here can never apply/);
      expect(existsSync(join(dir, 'out', 'summary.csv'))).toBe(true);
    } finally {
      spy.mockRestore();
      out.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
