// Scenario format, issue 28 item 6: a d66 table driven by the difference of two dice (the outpost notes' mortar:
// 「d66を振り、大きい出目から小さい出目を引いて」). Scripted dice: the final event is the subject, no map roll.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { Source } from '../src/sim/input/schema.js';
import { compileScenario } from '../src/rules/urban-assault/scenario/compile.js';
import { DIFFERENCE_WAYS } from '../src/rules/urban-assault/scenario/scenario.js';
import { setLang } from '../src/i18n/lang.js';
import { d33Traces, playOp, type OpSpec } from './helpers/ua-op-harness.js';

/** One entry per difference: difference d gives 10 + d scrip, so the record shows which entry fired. */
const perDifference = { '0': [{ scrip: 10 }], '1': [{ scrip: 11 }], '2': [{ scrip: 12 }], '3': [{ scrip: 13 }], '4': [{ scrip: 14 }], '5': [{ scrip: 15 }] };
const scenario = (table: unknown): Record<string, unknown> => ({
  scenario: 'mortar', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
  rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(),
  final: { name: 'mortar', location: 'outdoor', supply: { effects: [{ difference_table: table }] } },
});
const spec = (table: unknown): OpSpec => ({ scenario: scenario(table), squad: { leader: { sub_ability: 'shooting' } } });
const compile = (table: unknown) => compileScenario(Source.parse('mortar.yaml', stringify(scenario(table))).root());

describe('difference_table: two d6, the larger minus the smaller (issue 28 item 6)', () => {
  it('2 and 5 pick the entry for 3, whichever die is larger; ranges cover several differences', () => {
    for (const faces of [[2, 5], [5, 2]]) {
      const r = playOp(spec(perDifference), faces, {});
      expect(r.value('scrip')).toBe(13);
      expect(r.lines).toContain(`d66 difference table: ${faces[0]} and ${faces[1]} → 3`);
      expect(r.dice.remaining).toBe(0);
    }
    const ranged = { '0': [{ leader_damage: 1 }], '1-2': [{ scrip: 7 }], '3-5': ['nothing'] };
    expect(playOp(spec(ranged), [4, 6], {}).value('scrip')).toBe(7);
    expect(playOp(spec(ranged), [6, 1], {}).value('scrip')).toBe(0);
  });
  it('over all 36 pairs the entries fire 6, 10, 8, 6, 4, 2 times: the exact distribution, which the policies weigh with', () => {
    const fired = [0, 0, 0, 0, 0, 0];
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) fired[playOp(spec(perDifference), [a, b], {}).value('scrip') - 10]++;
    expect(fired).toEqual([6, 10, 8, 6, 4, 2]);
    expect(DIFFERENCE_WAYS).toEqual(fired);
    expect(fired.reduce((x, y) => x + y, 0)).toBe(36);
  });
  it('a table that misses a difference, repeats one or names 6 is refused at its line, in English and Japanese', () => {
    expect(() => compile({ '0': ['nothing'], '1-4': ['nothing'] })).toThrow(/mortar\.yaml:\d+: final\.supply\.effects\[0\]\.difference_table: difference 5 has no entry \(allowed: cover every difference 0\.\.5\)/);
    expect(() => compile({ '0-2': ['nothing'], '2-5': ['nothing'] })).toThrow(/mortar\.yaml:\d+: final\.supply\.effects\[0\]\.difference_table\.2-5: difference 2 is covered twice/);
    expect(() => compile({ '0-5': ['nothing'], '6': ['nothing'] })).toThrow(/mortar\.yaml:\d+: .*difference_table\.6: "6" is not a difference range \(allowed: "0", "1-2", "3-5": differences 0 to 5/);
    setLang('ja');
    try {
      expect(() => compile({ '0': ['nothing'], '1-4': ['nothing'] })).toThrow(/mortar\.yaml:\d+: .*差 5 の項目がありません/);
    } finally { setLang('en'); }
  });
  it('validate exits 2 on such a scenario, naming the file and line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bl-ua-diff-'));
    writeFileSync(join(dir, 'mortar.yaml'), stringify(scenario({ '0': ['nothing'] })));
    writeFileSync(join(dir, 'e.yaml'), stringify({ name: 'e', game: 'urban-assault', seed: 1, stop: { games: 10 }, operation: { scenario: 'mortar.yaml', difficulty: 'NORMAL' }, variants: [{ name: 'a', baseline: true, leader: { sub_ability: 'shooting' } }] }));
    const r = spawnSync(process.execPath, ['bin/balance-lab.js', 'validate', join(dir, 'e.yaml')], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/mortar\.yaml:\d+: final\.supply\.effects\[0\]\.difference_table: difference 1 has no entry/);
  });
});
