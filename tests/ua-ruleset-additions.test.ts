// URBAN ASSAULT rulesets adding member roles and expendables without code (issue 24): an experiment's `catalogue:` or
// a designer's ruleset file adds a 隊員 role (played as a member without special abilities: its 技量点, 射撃回数,
// 被弾テーブル number) and a 消耗装備 (played by the procedure of the fixed one it names, `use_as`), each with
// its own price and 最大携行数. Scripted dice show each changes play; bad input is a file:line error.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { EXP_FRAG, N_ROLES } from '../src/rules/urban-assault/catalogue/catalogue.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import type { UaVariant } from '../src/rules/urban-assault/config.js';
import { compileUa, leaderAct, playUa, PASS, type UaSpec } from './helpers/ua-harness.js';

type Obj = Record<string, unknown>;
const PUB = 'public-2026-03-23';
const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'balance-lab-uaadd-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const breacher = { ja: 'ブリーチャー', cost: 2, skill: 2, shots: 1, life: 1, hit_table: 5 };
const m67 = { ja: 'M67破片手榴弾', cost: 1, max_carried: 2, use_as: 'frag_grenade' };
const foe = (extra: Obj = {}): Obj => ({ name: 'foes', count: 1, level: 4, attacks: 0, ...extra });
function spec(squad: Obj, catalogue: Obj, enemies: Obj[] = [foe()]): UaSpec {
  return {
    rules: PUB, catalogue,
    engagements: [{ name: 'e', location: 'outdoor', enemies, reaction: 'fight_to_the_end' }],
    gauntlet: { max_rounds: 1 },
    squad: { leader: { sub_ability: 'command' }, ...squad },
  };
}

describe('an added member role (catalogue: members)', () => {
  it('is recruited at its price and attacks with its own 技量点 (d6=2 +2 → 4 hits level 4)', () => {
    const r = playUa(spec({ members: { breacher: 1 } }, { members: { breacher } }), [2], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': 1 });
    expect(r.game.squad.scripStart).toBe(8); // 10 軍票 − 2
    expect(r.game.squad.members[N_ROLES]).toBe(1);
    expect(r.lines.some((l) => /ブリーチャー.*d6=2 \+2 → 4 vs level 4 hit/.test(l)), r.lines.join('\n')).toBe(true);
    expect(r.game.s.unitLeft[0]).toBe(0);
    // The same squad with an assault (技量点 1) instead: 2 + 1 = 3 misses, the foe stands.
    const a = playUa(spec({ members: { assault: 1 } }, {}), [2], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': 1 });
    expect(a.game.s.unitLeft[0]).toBe(1);
  });

  it('answers to its 被弾テーブル number: a hit rolled 5 drops it', () => {
    // The foe hits: leader defence (d6=1 fails), odd attack 1 of 2 to the members: defence 1 fails, hit table 5.
    const r = playUa(spec({ members: { breacher: 1 } }, { members: { breacher } }, [foe({ attacks: 2, level: 6 })]), [1, 2, 2, 5], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': 0, 'odd-attack': D.A_TO_LEADER, fumble: D.A_LOSE_MEMBER });
    expect(r.game.s.scMembers[0]).toBe(0);
    expect(r.lines.some((l) => /ブリーチャー/.test(l) && /drops|脱落/.test(l)), r.lines.join('\n')).toBe(true);
    // 生命点 2: the same hit wounds him and he stays (UA-R132's rule for member types).
    const tough = playUa(spec({ members: { breacher: 1 } }, { members: { breacher: { ...breacher, life: 2 } } }, [foe({ attacks: 2, level: 6 })]), [1, 2, 2, 5], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': 0, 'odd-attack': D.A_TO_LEADER, fumble: D.A_LOSE_MEMBER });
    expect(tough.game.s.scMembers[0]).toBe(1);
  });

  it('a designer\'s ruleset file adds it the same way (rules: <file>)', () => {
    writeFileSync(join(dir, 'roles.yaml'), `base: ${PUB}\nmembers:\n  breacher: { ja: ブリーチャー, cost: 2, skill: 2, shots: 1, life: 1, hit_table: 5 }\nexpendables:\n  m67: { cost: 1, max_carried: 2, use_as: frag_grenade }\n`);
    const file = join(dir, 'exp.yaml');
    writeFileSync(file, `name: t\ngame: urban-assault\nseed: 1\nstop: { games: 10 }\nrules: roles.yaml\ngauntlet:\n  starting_magazines: 8\n  engagements:\n    - { name: e, location: indoor, enemies: [{ name: foes, count: 3, level: 4 }], reaction: hostile }\nvariants:\n  - { name: a, baseline: true, leader: { sub_ability: command }, members: { breacher: 2 }, buy: [m67, m67] }\n`);
    const variant = loadExperiment(file).compiled.variants[0].params as UaVariant;
    expect(variant.squad.scripStart).toBe(4); // 10 − 2×2 − 2×1
    expect(variant.squad.rules.catalogue.extraRoles.map((m) => m.id)).toEqual(['breacher']);
  });
});

describe('an added expendable (catalogue: expendables, use_as)', () => {
  it("is bought at its own price and thrown as a frag grenade (the fixed one's procedure)", () => {
    const r = playUa(spec({ buy: ['m67'] }, { expendables: { m67 } }), [5], { opening: D.A_PREEMPT, round0: PASS, leader: leaderAct(D.K_FRAG, 0) });
    expect(r.game.squad.scripStart).toBe(9); // 10 − 1 (a frag grenade costs 3)
    expect(r.lines.some((l) => /frag/.test(l) && /d6=5/.test(l)), r.lines.join('\n')).toBe(true);
    expect(r.game.s.unitLeft[0]).toBe(0);
    expect(r.game.s.expendables[5]).toBe(0);
    // Without it the frag grenade is not offered.
    const none = playUa(spec({}, { expendables: { m67 } }), [5], { opening: D.A_PREEMPT, leader: PASS });
    expect(none.policy.askedFor('leader')[0].legal).not.toContain(leaderAct(D.K_FRAG, 0));
  });

  it('the fixed one is spent first, then the added one (UA-V23)', () => {
    const r = playUa(spec({ buy: ['m67', 'frag_grenade'] }, { expendables: { m67 } }), [5], { opening: D.A_PREEMPT, round0: PASS, leader: leaderAct(D.K_FRAG, 0) });
    expect([r.game.s.expendables[EXP_FRAG], r.game.s.expendables[5]]).toEqual([0, 1]);
  });

  it('its 最大携行数 holds: a third m67 is refused', () => {
    expect(() => compileUa(spec({ buy: ['m67', 'm67', 'm67'] }, { expendables: { m67 } }))).toThrow(/at most 2/);
  });
});

describe('bad input: file:line, what is allowed', () => {
  const bad = (cat: Obj, squad: Obj = {}) => () => compileUa(spec(squad, cat));
  it('missing required fields of a new entry', () => {
    expect(bad({ members: { robot: { cost: 1, skill: 0, shots: 1, life: 1 } } })).toThrow(/ua-rules\.yaml:\d+: catalogue\.members\.robot: new members entry "robot" lacks the required field "hit_table"/);
    expect(bad({ expendables: { smoke: { cost: 1, max_carried: 2 } } })).toThrow(/ua-rules\.yaml:\d+: catalogue\.expendables\.smoke: new expendables entry "smoke" lacks the required field "use_as"/);
  });
  it("unknown fields, and an added entry's field on a fixed entry", () => {
    expect(bad({ members: { breacher: { ...breacher, armour: 2 } } })).toThrow(/ua-rules\.yaml:\d+: catalogue\.members\.breacher\.armour: unknown key "armour"/);
    expect(bad({ expendables: { medkit: { use_as: 'frag_grenade' } } })).toThrow(/ua-rules\.yaml:\d+: catalogue\.expendables\.medkit\.use_as: "use_as" is a field of an added expendables entry only/);
    expect(bad({ members: { medic: { hit_table: 3 } } })).toThrow(/catalogue\.members\.medic\.hit_table: "hit_table" is a field of an added members entry only/);
  });
  it('values out of range, an unknown use_as, a taken id, too many member types', () => {
    expect(bad({ expendables: { smoke: { ...m67, use_as: 'smoke_grenade' } } })).toThrow(/catalogue\.expendables\.smoke\.use_as: .*flashbang, frag_grenade, c4, at4, medkit/);
    expect(bad({ members: { breacher: { ...breacher, life: 10 } } })).toThrow(/catalogue\.members\.breacher\.life: an added member role has 生命点 1 to 9/);
    expect(bad({ members: { breacher: { ...breacher, hit_table: 7 } } })).toThrow(/catalogue\.members\.breacher\.hit_table/);
    expect(bad({ expendables: { LMG: m67 } })).toThrow(/catalogue\.expendables\.LMG: "LMG" already names a weapons entry/);
    const five = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((k) => [k, breacher]));
    expect(bad({ members: five })).toThrow(/5 member types beyond the fixed roles \(a, b, c, d, e\): at most 4/);
  });
  it('the CLI: exit 2, the message in Japanese with --lang ja', () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, `name: t\ngame: urban-assault\nseed: 1\nstop: { games: 10 }\nrules: ${PUB}\ncatalogue:\n  members:\n    robot: { cost: 1, skill: 0, shots: 1, life: 1 }\ngauntlet:\n  starting_magazines: 8\n  engagements:\n    - { name: e, location: indoor, enemies: [{ name: foes, count: 3, level: 4 }], reaction: hostile }\nvariants:\n  - { name: a, baseline: true, leader: { sub_ability: command } }\n`);
    const r = spawnSync(process.execPath, [BIN, 'validate', file, '--lang', 'ja'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad\.yaml:8: .*members の新しい項目 "robot" に必須の欄 "hit_table" がありません/);
  });
});
