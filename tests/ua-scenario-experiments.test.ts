// Experiments over scenarios (issue 14 item 8) and the rest of the state vocabulary: a variant that plays another
// scenario file or patches the experiment's scenario (also from a sweep), the counters' outputs (value at the end, as
// the mid/final event starts, the distribution and the success rate given the value, in a campaign after its first
// attempt), a lap's briefing, a negative extra_enemies, counters kept across a campaign. Scripted dice where played.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import * as D from '../src/rules/urban-assault/decisions.js';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import type { UaVariant } from '../src/rules/urban-assault/config.js';
import { uaMetrics } from '../src/rules/urban-assault/engine.js';
import type { GauntletDef } from '../src/rules/urban-assault/config.js';
import { code, codes, d33Traces, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';

const scenario = (over: Record<string, unknown> = {}) => ({
  scenario: 'exp', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 1 },
  rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces({ 11: { name: 'den', location: 'indoor', encounter: { enemies: [{ name: 'thugs', count: 2, level: 4 }], reaction: 'hostile' } } }),
  mid: trace('mid', 90), final: trace('final', 99), ...over,
});
const exp = (variants: unknown[], extra: Record<string, unknown> = {}) => compileExperiment(Source.parse('exp.yaml', stringify({
  name: 'x', game: 'urban-assault', seed: 1, stop: { games: 10 },
  operation: { difficulty: 'NORMAL', scenario: scenario() }, squad: { leader: { sub_ability: 'shooting' } }, variants, ...extra,
})));
const opOf = (e: ReturnType<typeof exp>, i: number) => (e.compiled.variants[i].params as UaVariant).operation!;

describe('variants over scenarios (issue 14 item 8)', () => {
  it('scenario_patch changes values of the experiment\'s scenario for one variant, in the record', () => {
    const e = exp([{ name: 'a', baseline: true }, { name: 'b', operation: { scenario_patch: { rules: { starting_magazines: { NORMAL: 14 } }, tiles: { 11: { encounter: { enemies: { 0: { count: 4 } } } } } } } }]);
    expect(opOf(e, 0).scenario.startingMagazines.NORMAL).toBe(10);
    expect(opOf(e, 1).scenario.startingMagazines.NORMAL).toBe(14);
    expect(opOf(e, 1).scenario.tiles[11]!.engagement!.units[0].count.bonus).toBe(4);
    expect(e.compiled.rulings.some((r) => r.id === 'scenario' && r.choice.includes('tiles.11.encounter.enemies.0.count=4 (variant b only)'))).toBe(true);
  });
  it('a sweep can vary a scenario value (a path through scenario_patch)', () => {
    const path = 'operation.scenario_patch.tiles.11.encounter.enemies.0.count';
    const e = exp([], { sweep: { grid: { [path]: [1, 3] }, baseline: { [path]: 1 } } });
    expect(e.compiled.variants.map((v) => (v.params as UaVariant).operation!.scenario.tiles[11]!.engagement!.units[0].count.bonus)).toEqual([1, 3]);
  });
  it('a variant may name another scenario file (the shipped tutorial needs the same map and counters)', () => {
    expect(() => exp([{ name: 'a', baseline: true }, { name: 'b', operation: { scenario: 'builtin:tutorial-01-port' } }]))
      .not.toThrow();
    const other = exp([{ name: 'a', baseline: true }, { name: 'b', operation: { scenario: 'builtin:tutorial-01-port' } }]);
    expect(opOf(other, 1).scenario.id).toBe('d33-training-01');
  });
  it('bad input: an index past a list, an invalid patched value, another map', () => {
    expect(() => exp([{ name: 'b', baseline: true, operation: { scenario_patch: { tiles: { 11: { encounter: { enemies: { 3: { count: 1 } } } } } } } }]))
      .toThrow(/variants\[0\]\.operation\.scenario_patch\.tiles\.11\.encounter\.enemies\.3: the scenario's tiles\.11\.encounter\.enemies is a list of 1/);
    expect(() => exp([{ name: 'b', baseline: true, operation: { scenario_patch: { rules: { starting_magazines: { NORMAL: -3 } } } } }]))
      .toThrow(/variants\[0\]\.operation\.scenario_patch: the patched scenario is not valid — .*starting_magazines\.NORMAL/);
    expect(() => exp([{ name: 'b', baseline: true, operation: { scenario: 'builtin:blacksun-01' } }])).toThrow(/map is d66 but the experiment's is d33/);
  });
});

describe('counter outputs', () => {
  const spec = (over: Record<string, unknown>, operation: Record<string, unknown> = {}): OpSpec => ({
    scenario: scenario({ counters: { heat: { min: 0, max: 2 } }, tiles: d33Traces({ 11: { name: 'alarm', location: 'indoor', supply: { effects: [{ counter: { name: 'heat', add: 1 } }] } } }),
      mid: { name: 'mid', location: 'indoor', supply: { effects: [{ counter: { name: 'heat', add: 1 } }] } }, ...over }),
    squad: { leader: { sub_ability: 'shooting' } }, operation,
  });
  it('the value at the end, as the mid and the final event start; one distribution rate per value and the success given it', () => {
    const r = playOp(spec({}), codes(11, 12), {});
    expect([r.value('counter_heat'), r.value('counter_heat_at_mid'), r.value('counter_heat_at_final')]).toEqual([2, 1, 2]);
    expect([r.rate('counter_heat_end_0'), r.rate('counter_heat_end_1'), r.rate('counter_heat_end_2')]).toEqual([0, 0, 1]);
    expect(r.rate('win_given_heat_2')).toBe(1);
    const g = (r.game as unknown as { g: GauntletDef }).g;
    expect(uaMetrics(g).rates.find((x) => x.id === 'win_given_heat_1')!.given).toBe('counter_heat_end_1');
  });
  it('a campaign: the value after the first attempt; keep: campaign carries a counter over', () => {
    const loseFirst = { name: 'final', location: 'indoor', encounter: { enemies: [{ name: 'wall', count: 1, level: 4, attacks: 1 }], reaction: 'fight_to_the_end' } };
    const s = (keep: string) => spec({ counters: { heat: { min: 0, max: 3, keep } }, final: loseFirst }, { campaign: { max_attempts: 2 }, max_rounds: 1 });
    const ans = { opening: D.A_PREEMPT, round0: D.act(D.K_PASS), leader: D.act(D.K_PASS), 'member-fire': (l: readonly number[]) => l[0], between: D.A_CONTINUE, learn: (l: readonly number[]) => l[0] };
    const faces = [...codes(11), ...Array(60).fill(2), ...codes(12), ...Array(60).fill(2)];
    const kept = playOp(s('campaign'), faces, ans);
    const reset = playOp(s('operation'), faces, ans);
    expect(kept.value('counter_heat_first')).toBe(2);
    expect(reset.value('counter_heat_first')).toBe(2);
    // The same dice play the second attempt the same way: restarted from 0 it gains `inc`; kept, 2 + inc (clamped at 3).
    const inc = reset.value('counter_heat');
    expect(inc).toBeGreaterThan(0);
    expect(kept.value('counter_heat')).toBe(Math.min(3, 2 + inc));
    expect(kept.rate('counter_heat_end_2')).toBe(1);
  });
});

describe('a lap\'s briefing and a negative extra_enemies', () => {
  it('the briefing is an event before the first tile; its choice can take a soldier from the first fight', () => {
    const s: OpSpec = {
      scenario: scenario({ briefing: { name: 'orders', location: 'indoor', choice: [
        { label: 'thin them out', effects: [{ next_combat: { extra_enemies: -1 } }] },
        { label: 'more magazines', effects: [{ magazines: 4 }] },
      ] } }),
      squad: { leader: { sub_ability: 'shooting' } }, operation: { max_rounds: 1 },
    };
    const ans = { 'event-option': 0, opening: D.A_PREEMPT, round0: D.act(D.K_PASS), leader: D.act(D.K_PASS), 'kill-group': (l: readonly number[]) => l[0], between: D.A_CONTINUE };
    const r = playOp(s, [...code(11), ...Array(20).fill(2)], ans);
    expect(r.lines[1]).toBe('tile 1: briefing orders (indoor)');
    expect(r.lines).toContain('  -1 thugs (an earlier event): 1');
    const more = playOp(s, [...code(11), ...Array(20).fill(2)], { ...ans, 'event-option': 1 });
    expect(more.lines.find((l) => l.startsWith('engagement'))).toMatch(/thugs ×2/);
  });
});
