// Scenario state as data (issue 14 items 2, 3, 8 in part; ruling UA-R95): counters declared under `counters:`
// (`info` is one), `counter` effects that add or set, conditions (`if:`) that gate options and effects, the
// counters' values as outputs, and the scripted policy's valuation of a counter-raising option. Scripted dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { defaultPolicy } from '../src/policies/urban-assault/default.js';
import { ScriptedDice } from './helpers/scripted-dice.js';
import { code, codes, compileOp, d33Traces, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';

function spec(over: Record<string, unknown>, laps?: unknown[]): OpSpec {
  return {
    scenario: {
      scenario: 'state', map: 'd33',
      progression: { tiles_before_mid: 1, tiles_after_mid: 1 },
      rules: { starting_magazines: { NORMAL: 10 } },
      tiles: d33Traces(),
      ...(laps ? { laps } : { mid: trace('mid', 90), final: trace('final', 99) }),
      ...over,
    },
    squad: { leader: { sub_ability: 'shooting' } },
  };
}
const bump = (n: number, name = 'contact') => ({ name: `radio ${n}`, location: 'indoor', supply: { effects: [{ counter: { name, add: n } }] } });

describe('counters: add, set, clamp, narration and output', () => {
  it('adds and clamps to the range; the value at the end is an output; every change is narrated', () => {
    const s = spec({ counters: { contact: { start: 1, min: 0, max: 3 } }, tiles: d33Traces({ 11: bump(1), 12: bump(5) }), mid: { name: 'mid', location: 'indoor', supply: { effects: [{ counter: { name: 'contact', set: 0 } }] } } });
    // tile 11 (+1 → 2), mid (set 0), tile 12 (+5 → clamped 3), final.
    const r = playOp(s, codes(11, 12), {});
    expect(r.lines.filter((l) => l.startsWith('  counter contact'))).toEqual(['  counter contact: 1 → 2', '  counter contact: 2 → 0', '  counter contact: 0 → 3']);
    expect(r.value('counter_contact')).toBe(3);
    expect(r.dice.remaining).toBe(0);
  });

  it('a counter may be named in Japanese, as the designer writes it (接触兆候, issue 28 item 8); a name with spaces or upper case is refused', () => {
    const s = spec({ counters: { 接触兆候: { start: 0, max: 3 } }, tiles: d33Traces({ 11: bump(2, '接触兆候') }) });
    const r = playOp(s, codes(11, 12), {});
    expect(r.lines).toContain('  counter 接触兆候: 0 → 2');
    expect(r.value('counter_接触兆候')).toBe(2);
    for (const bad of ['Contact', 'two words', '1st']) {
      expect(() => compileOp(spec({ counters: { [bad]: { start: 0 } } }))).toThrow(/not a valid counter name/);
    }
  });

  it('start_by_lap sets each lap\'s start (lap 2 starts at 2)', () => {
    const lap = { mid: trace('mid', 90), final: trace('final', 99) };
    const s = spec({ counters: { collapse: { start: 0, max: 4, start_by_lap: [0, 2] } }, operation: undefined }, [lap, lap]);
    const op: OpSpec = { ...s, operation: { lap: 2 } };
    const r = playOp(op, codes(11, 12), {});
    expect(r.value('counter_collapse')).toBe(2);
  });

  it('`info` is a counter: its effect is reported and a condition can read it', () => {
    const tip = { name: 'informant', location: 'indoor', supply: { effects: [{ info: 2 }] } };
    const gate = { name: 'gate', location: 'indoor', supply: { effects: [{ if: { counter: 'info', at_least: 2 }, then: [{ magazines: 5 }], else: [{ scrip: 1 }] }] } };
    const r = playOp(spec({ tiles: d33Traces({ 11: tip, 12: gate }) }), codes(11, 12), {});
    expect(r.value('counter_info')).toBe(2);
    expect(r.value('magazines_left')).toBe(15);
    const none = playOp(spec({ tiles: d33Traces({ 12: gate, 11: trace('x', 1) }) }), codes(11, 12), {});
    expect(none.value('magazines_left')).toBe(10);
    expect(none.value('scrip')).toBe(1 + 1 + 90 + 99); // tile 11 (1), the else branch (1), mid, final
  });

  it('a scenario that neither declares nor uses a counter reports none (its values: the 11 of an operation and the 2 framework values)', () => {
    const r = playOp(spec({}), codes(11, 12), {});
    expect(r.record.values.length).toBe(11 + 2);
  });
});

describe('conditions gate options', () => {
  const door = (need: number) => ({ name: 'door', location: 'indoor', choice: [
    { label: 'use the code', if: { counter: 'contact', at_least: need }, effects: [{ magazines: 3 }] },
    { label: 'force it', effects: [{ scrip: 1 }] },
  ] });
  it('an option whose condition fails is not offered', () => {
    // Tile 13 can raise contact, so contact ≥ 2 is reachable (a never-reachable condition is refused, issue 28 item 8).
    const s = (need: number) => spec({ counters: { contact: { start: 1, max: 3 } }, tiles: d33Traces({ 11: door(need), 13: bump(1) }) });
    expect(playOp(s(1), codes(11, 12), { 'event-option': 0 }).policy.askedFor('event-option')[0].legal).toEqual([0, 1]);
    const locked = playOp(s(2), codes(11, 12), {});
    expect(locked.policy.askedFor('event-option')).toHaveLength(0); // one option left: taken without asking
    expect(locked.value('magazines_left')).toBe(10);
  });
});

describe('conditions on the lap, the difficulty, items held, members and skills (UA-R95)', () => {
  const gated = (cond: Record<string, unknown>) => ({ name: 'gated', location: 'indoor', supply: { effects: [{ if: cond, then: [{ scrip: 7 }], else: [{ scrip: 1 }] }] } });
  const scrip = (cond: Record<string, unknown>, squad: Record<string, unknown> = { leader: { sub_ability: 'shooting' } }, operation: Record<string, unknown> = {}, laps?: unknown[]) => {
    const s = spec({ tiles: d33Traces({ 11: gated(cond) }) }, laps);
    return playOp({ ...s, squad, operation }, codes(11, 12), {}).value('scrip') - (laps ? 90 + 99 : 90 + 99) - 12;
  };
  it('lap: the then branch on lap 2 only', () => {
    const lap = { mid: trace('mid', 90), final: trace('final', 99) };
    expect(scrip({ lap: 2 }, undefined, { lap: 2 }, [lap, lap])).toBe(7);
    expect(scrip({ lap: 2 }, undefined, { lap: 1 }, [lap, lap])).toBe(1);
  });
  it('difficulty, an expendable held, a member present, a skill known', () => {
    expect(scrip({ difficulty: 'NORMAL' })).toBe(7);
    expect(scrip({ difficulty: 'HARD' })).toBe(1);
    expect(scrip({ holds: 'medkit' }, { leader: { sub_ability: 'command' } })).toBe(7); // the 指揮 kit has a medkit
    expect(scrip({ holds: 'medkit' })).toBe(1);
    expect(scrip({ member: 'engineer' }, { leader: { sub_ability: 'shooting' }, members: { engineer: 1 } })).toBe(7);
    expect(scrip({ member: 'engineer' })).toBe(1);
    expect(scrip({ skill: 'rapid_fire' }, { leader: { sub_ability: 'shooting', skills: ['rapid_fire'] } })).toBe(7);
    expect(scrip({ skill: 'negotiation' }, { leader: { sub_ability: 'shooting', skills: ['rapid_fire'] } })).toBe(1);
  });
  it('one test per condition', () => {
    expect(() => compileOp(spec({ tiles: d33Traces({ 11: gated({ lap: 1, difficulty: 'EASY' }) }) }))).toThrow(/one test per condition \(got lap, difficulty\)/);
  });
});

describe('triggers (UA-R96): combat start, combat end, tile entry', () => {
  const fight = (name: string, enemies: unknown[]) => ({ name, location: 'indoor', encounter: { enemies, reaction: 'fight_to_the_end' } });
  const mortarTile = fight('mortar pit', [{ name: 'mortar team', kind: 'high_threat', level: 4, life: 3, attacks: 0 }]);
  const riflemen = fight('riflemen', [{ name: 'rifles', count: 1, level: 4, attacks: 0 }]);
  const base = (triggers: unknown[], tiles: Record<number, Record<string, unknown>>) => ({
    ...spec({ counters: { collapse: { max: 4 } }, triggers, tiles: d33Traces(tiles) }), squad: { leader: { sub_ability: 'shooting' }, members: { assault: 2 } }, operation: { max_rounds: 1, max_flees: 0 },
  });
  it('combat start: while the mortar team stands, a hit-table roll (mortar pressure); not in a fight without it', () => {
    const triggers = [{ at: 'combat_start', if: { enemy_standing: 'mortar team' }, effects: [{ hit_table: 1 }] }];
    const ans = { opening: D.A_PREEMPT, round0: D.act(D.K_PASS), leader: D.act(D.K_PASS), 'member-fire': (l: readonly number[]) => l[0] };
    const pad = Array(30).fill(3);
    const withMortar = playOp(base(triggers, { 11: mortarTile }), [...code(11), 6, ...pad], ans);
    expect(withMortar.lines).toContain('  trigger (combat_start)');
    expect(withMortar.lines.some((l) => /hit table d6=6/.test(l))).toBe(true);
    const without = playOp(base(triggers, { 11: riflemen, 33: mortarTile }), [...code(11), ...pad], ans); // the mortar pit is on the map, not in this fight
    expect(without.lines).not.toContain('  trigger (combat_start)');
  });
  it('combat end: +1 collapse when a high-threat target still stands; tile entry fires on every tile', () => {
    const triggers = [
      { at: 'combat_end', if: { enemy_standing: 'high_threat' }, effects: [{ counter: { name: 'collapse', add: 1 } }] },
      { at: 'tile_enter', effects: [{ scrip: 1 }] },
    ];
    const ans = { opening: D.A_PREEMPT, round0: D.act(D.K_PASS), leader: D.act(D.K_PASS), 'member-fire': (l: readonly number[]) => l[0] };
    const r = playOp(base(triggers, { 11: mortarTile }), [...code(11), ...Array(30).fill(3)], ans);
    expect(r.value('counter_collapse')).toBe(1);
    expect(r.lines.filter((l) => l === '  trigger (tile_enter)').length).toBe(1);
  });
  it('a trigger with an unknown moment is bad input', () => {
    expect(() => compileOp(base([{ at: 'dawn', effects: ['nothing'] }], {}))).toThrow(/triggers\[0\]\.at: unknown value "dawn"/);
  });
});

describe('skills and sub-ability points in options (UA-R97)', () => {
  const parley = (cost: number) => ({ name: 'checkpoint', location: 'indoor', check: [{ label: 'talk',
    check: { roll: 'command', target: 6, auto_success_with_skill: 'negotiation', skill_cost: cost }, success: [{ scrip: 5 }], failure: [{ scrip: 1 }] }] });
  const cmd = (skills: string[]) => ({ leader: { sub_ability: 'command', xp: { sub: 2 }, skills } });
  const play = (tile: Record<string, unknown>, squad: Record<string, unknown>, faces: number[]) =>
    playOp({ ...spec({ tiles: d33Traces({ 11: tile }) }), squad }, [...code(11), ...faces, ...code(12)], { between: D.A_CONTINUE });
  it('ネゴシエーション makes the parley automatic for its cost in 指揮点; without the skill the check is rolled', () => {
    const skilled = play(parley(1), cmd(['negotiation', 'first_aid']), []);
    expect(skilled.lines).toContain('  check succeeds without a roll (the leader\'s skill, 1 point(s): 3 left)');
    expect(skilled.value('scrip')).toBe(5 + 12 + 90 + 99);
    const unskilled = play(parley(1), cmd(['fortify', 'first_aid']), [1]);
    expect(unskilled.value('scrip')).toBe(1 + 12 + 90 + 99);
  });
  it('pay: { sub: 2 } is offered only with 2 points; recover_sub gives points back up to the maximum', () => {
    const shrine = { name: 'rest', location: 'indoor', choice: [
      { label: 'drill', pay: { sub: 2 }, effects: [{ scrip: 3 }] },
      { label: 'rest', effects: [{ recover_sub: 5 }] },
    ] };
    const r = playOp({ ...spec({ tiles: d33Traces({ 11: shrine }) }), squad: cmd(['fortify', 'first_aid']) }, codes(11, 12), { 'event-option': 0, between: D.A_CONTINUE });
    expect(r.policy.askedFor('event-option')[0].legal).toEqual([0, 1]);
    expect(r.game.s.subCur).toBe(2);
    // Tile 11 drill (−2: 4 → 2), tile 12 a nap (+1 → 3).
    const both = playOp({ ...spec({ tiles: d33Traces({ 11: shrine, 12: { name: 'nap', location: 'indoor', supply: { effects: [{ recover_sub: 1 }] } } }) }), squad: cmd(['fortify', 'first_aid']) }, codes(11, 12), { 'event-option': 0, between: D.A_CONTINUE });
    expect(both.game.s.subCur).toBe(3);
    expect(both.lines).toContain('  the leader recovers 1 sub-ability point(s): 3');
  });
});

describe('the scripted policy values a counter by its declared worth (UA-R95)', () => {
  const deal = { name: 'deal', location: 'indoor', choice: [
    { label: 'pay for intel', pay: { magazines: 2 }, effects: [{ counter: { name: 'contact', add: 1 } }] },
    { label: 'walk on', effects: ['nothing'] },
  ] };
  const choose = (value: number): number => {
    const s = spec({ counters: { contact: { start: 0, max: 3, value } }, tiles: d33Traces({ 11: deal }) });
    const pol = defaultPolicy.create(Object.fromEntries(Object.entries(defaultPolicy.defaults).map(([k, d]) => [k, d.default])));
    let pick = -1;
    playOp(s, codes(11, 12), { 'event-option': (legal, o) => (pick = pol.decide(D.D_EVENT_OPTION, o, Int32Array.from(legal), legal.length, new ScriptedDice([], 'policy'))) });
    return pick;
  };
  it('pays 2 magazines for a point worth 3, not for a point worth 1', () => {
    expect(choose(3)).toBe(0);
    expect(choose(1)).toBe(1);
  });
});

describe('bad input names the line and what is allowed', () => {
  const bad = (over: Record<string, unknown>) => () => compileOp(spec(over));
  it.each([
    ['an unknown counter', { tiles: d33Traces({ 11: bump(1, 'nope') }) }, /effects\[0\]\.counter\.name: unknown value "nope" \(allowed: info\)/],
    ['add and set together', { counters: { c: {} }, tiles: d33Traces({ 11: { name: 'x', location: 'indoor', supply: { effects: [{ counter: { name: 'c', add: 1, set: 2 } }] } } }) }, /give exactly one of add or set/],
    ['a bound never met', { counters: { c: {} }, tiles: d33Traces({ 11: { name: 'x', location: 'indoor', supply: { effects: [{ if: { counter: 'c', at_least: 3, at_most: 1 }, then: ['nothing'] }] } } }) }, /never true/],
    ['a start outside the range', { counters: { c: { min: 0, max: 2, start: 5 } } }, /counters\.c\.start/],
    ['a bad name', { counters: { 'Bad-Name': {} } }, /not a valid counter name/],
  ] as const)('%s', (_what, over, msg) => {
    expect(bad(over as Record<string, unknown>)).toThrow(msg);
  });
});
