// Issue 28 item 7 (ruling UA-R134): a chain of scenarios — one scenario's end state (magazines, counters) as the next
// one's start (the outpost trilogy's 第3部 「初期弾倉：前シナリオ残量引き継ぎ」). An experiment's `operation.after` lists
// the scenarios the squad plays first; the measured scenario's `rules.carry_over` says what it takes over. Before:
// neither key existed (refused as unknown). No dice are drawn here: every event is a supply.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { setLang } from '../src/i18n/lang.js';
import { GameRecord } from '../src/sim/core/types.js';
import { getEngine } from '../src/registry.js';
import { ScriptedDice } from './helpers/scripted-dice.js';
import { d33Traces } from './helpers/ua-op-harness.js';

function scenario(id: string, mags: Record<string, number>, finalEffects: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    scenario: id, title: id, map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
    rules: { starting_magazines: mags, ...(extra.rules as object ?? {}) }, counters: { collapse: { start: 0, max: 4 } }, tiles: d33Traces(),
    final: { name: 'final', location: 'indoor', supply: { effects: finalEffects } },
    ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'rules')),
  };
}

/** Write part 2 and part 3 and an experiment playing part 3 after part 2; returns the experiment's path. */
function chain(part2: Record<string, unknown>, part3: Record<string, unknown>, operation: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'ua-chain-'));
  writeFileSync(join(dir, 'part-2.yaml'), stringify(part2));
  writeFileSync(join(dir, 'part-3.yaml'), stringify(part3));
  const exp = {
    name: 'chain', game: 'urban-assault', seed: 1, stop: { games: 1 },
    operation: { scenario: 'part-3.yaml', after: ['part-2.yaml'], difficulty: 'NORMAL', ...operation },
    variants: [{ name: 'v', baseline: true, leader: { sub_ability: 'shooting' }, members: { assault: 2 } }],
  };
  writeFileSync(join(dir, 'chain.yaml'), stringify(exp));
  return join(dir, 'chain.yaml');
}

function play(file: string) {
  const exp = loadExperiment(file, {});
  const engine = getEngine('urban-assault');
  const spec = engine.metrics(exp.compiled.game);
  const rec = new GameRecord(spec);
  rec.clear();
  const lines: string[] = [];
  engine.createRunner(exp.compiled.game, exp.compiled.variants[0].params).play(new ScriptedDice([], 'rules'), new ScriptedDice([], 'policy'), rec, { line: (t: string) => lines.push(t) });
  return { lines, rate: (id: string) => rec.rates[spec.rates.findIndex((r) => r.id === id)], value: (id: string) => rec.values[spec.values.findIndex((v) => v.id === id)] };
}

const part2 = scenario('part-2', { NORMAL: 10 }, [{ magazines: 3 }, { counter: { name: 'collapse', add: 2 } }]);

describe('a chain of scenarios (UA-R134)', () => {
  it('part 3 starts with part 2\'s magazines and collapse where carry_over says so', () => {
    const r = play(chain(part2, scenario('part-3', { NORMAL: 17 }, ['nothing'], { rules: { carry_over: { magazines: true, counters: ['collapse'] } } })));
    expect(r.value('magazines_at_start')).toBe(13);
    expect(r.value('counter_collapse')).toBe(2);
    expect(r.rate('win')).toBe(1);
    expect(r.rate('fell_before')).toBe(0);
    expect(r.lines.some((l) => /chain: part-2 ended .*part-3 starts with magazines 13, collapse 2/.test(l))).toBe(true);
  });

  it('without carry_over part 3 starts from its own values', () => {
    const r = play(chain(part2, scenario('part-3', { NORMAL: 17 }, ['nothing'])));
    expect(r.value('magazines_at_start')).toBe(17);
    expect(r.value('counter_collapse')).toBe(0);
  });

  it('a leader who falls in part 2 ends the chain: part 3 not played, not cleared', () => {
    const r = play(chain(scenario('part-2', { NORMAL: 10 }, [{ leader_damage: 20 }]), scenario('part-3', { NORMAL: 17 }, ['nothing'])));
    expect([r.rate('fell_before'), r.rate('win'), r.rate('leader_survived')]).toEqual([1, 0, 0]);
    expect(r.lines.some((l) => /the leader fell in part-2; part-3 is not played/.test(l))).toBe(true);
  });

  it('refuses bad input at its line', () => {
    const p3 = scenario('part-3', { NORMAL: 17 }, ['nothing'], { rules: { carry_over: { counters: ['heat'] } } });
    expect(() => loadExperiment(chain(part2, p3), {})).toThrow(/part-3\.yaml:\d+: .*carry_over.*heat/);
    expect(() => loadExperiment(chain(part2, scenario('part-3', { NORMAL: 17 }, ['nothing']), { campaign: { max_attempts: 2 } }), {})).toThrow(/chain\.yaml:\d+: .*after.*campaign/);
    expect(() => loadExperiment(chain(scenario('part-2', { HARD: 10 }, ['nothing']), scenario('part-3', { NORMAL: 17 }, ['nothing'])), {})).toThrow(/chain\.yaml:\d+: .*part-2\.yaml has no starting magazines for difficulty NORMAL/);
  });

  it('says it in Japanese for a Japanese user', () => {
    setLang('ja');
    try {
      const p3 = scenario('part-3', { NORMAL: 17 }, ['nothing'], { rules: { carry_over: { counters: ['heat'] } } });
      expect(() => loadExperiment(chain(part2, p3), {})).toThrow(/part-3\.yaml:\d+: .*carry_over にあるカウンター heat はこのシナリオにありません/);
      expect(() => loadExperiment(chain(part2, scenario('part-3', { NORMAL: 17 }, ['nothing']), { campaign: { max_attempts: 2 } }), {})).toThrow(/after: は campaign: と同時に指定できません/);
    } finally { setLang('en'); }
  });

  it('validate exits 2 on a chain whose scenario lacks the difficulty, naming the file and line', () => {
    const file = chain(scenario('part-2', { HARD: 10 }, ['nothing']), scenario('part-3', { NORMAL: 17 }, ['nothing']));
    const r = spawnSync(process.execPath, ['bin/balance-lab.js', 'validate', file], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/chain\.yaml:\d+: operation\.after\[0\]: the scenario part-2\.yaml has no starting magazines for difficulty NORMAL/);
  });
});
