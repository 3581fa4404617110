// Scenario state, part 2 (issue 14 items 3–6; rulings UA-R98 … UA-R102): encounter variations by condition, absent
// groups, screens and reach, scenario withdrawal rules, round limits with their own outcome, retreat checks, scoped
// attack/defence modifiers, round-start triggers and reinforcements, trigger cancellation by an item or 察知, the jump
// to the final event, counters kept across a campaign and tracks hidden until a lap. Scripted dice throughout.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { code, codes, compileOp, d33Traces, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';

const SHOOT = (u = 0) => D.act(D.K_SHOOT, u);
const PASS = D.act(D.K_PASS);
/** Squad first (先制攻撃, no reaction roll), the leader passes unless told, members do not shoot. */
const calm = { opening: D.A_PREEMPT, round0: PASS, leader: PASS, 'member-fire': (l: readonly number[]) => l[0], between: D.A_CONTINUE };

function op(tiles: Record<number, Record<string, unknown>>, over: Record<string, unknown> = {}, squad: Record<string, unknown> = { leader: { sub_ability: 'shooting' } }, operation: Record<string, unknown> = { max_rounds: 3 }): OpSpec {
  return {
    scenario: {
      scenario: 'state2', map: 'd33',
      progression: { tiles_before_mid: 1, tiles_after_mid: 1 },
      rules: { starting_magazines: { NORMAL: 10 } },
      tiles: d33Traces(tiles),
      mid: trace('mid', 90), final: trace('final', 99),
      ...over,
    },
    squad,
    operation,
  };
}
const fight = (encounter: Record<string, unknown>, name = 'fight') => ({ name, location: 'indoor', encounter: { reaction: 'hostile', ...encounter } });
const raise = (n: number) => ({ name: 'radio', location: 'indoor', supply: { effects: [{ counter: { name: 'contact', add: n } }] } });
const contact = { counters: { contact: { start: 0, max: 3 } } };

describe('encounter variations (UA-R98)', () => {
  const guards = (variations: unknown[], extra: Record<string, unknown> = {}) => fight({
    enemies: [{ name: 'guards', count: 2, level: 4, attacks: 0 }, { name: 'rooftop', count: 1, level: 4, attacks: 0, absent: true }],
    variations, ...extra,
  });
  it('a counter adds soldiers to a group and brings an absent group; nothing changes while it is low', () => {
    const v = [{ if: { counter: 'contact', at_least: 1 }, enemies: { guards: 2 }, add: ['rooftop'] }];
    // contact 1 (tile 11), then the fight at the mid event.
    const s = op({ 11: raise(1) }, { ...contact, mid: guards(v) });
    const r = playOp(s, [...code(11), ...Array(40).fill(3)], calm);
    expect(r.lines).toContain('  variation: rooftop join (1)');
    expect(r.lines).toContain('  variation: guards 2 → 4');
    expect(r.lines.find((l) => l.startsWith('engagement'))).toMatch(/guards ×4 L4 rooftop ×1 L4/);
    // Tile 13 (not visited) could raise contact: a condition no effect could meet is refused (issue 28 item 8).
    const low = playOp(op({ 11: trace('quiet', 1), 13: raise(1) }, { ...contact, mid: guards(v) }), [...code(11), ...Array(40).fill(3)], calm);
    expect(low.lines.some((l) => l.startsWith('  variation'))).toBe(false);
    expect(low.lines.find((l) => l.startsWith('engagement'))).toMatch(/guards ×2 L4 rooftop ×0 L4/);
  });
  it('remove, enemy_first_strike: the enemy strikes first and the removed group is not there', () => {
    const v = [{ if: { counter: 'contact', at_most: 0 }, remove: ['guards'], add: ['rooftop'], enemy_first_strike: true }];
    const r = playOp(op({ 11: trace('quiet', 1) }, { ...contact, mid: guards(v) }), [...code(11), ...Array(40).fill(3)], calm);
    expect(r.lines).toContain('  variation: no guards this time');
    expect(r.lines).toContain('  the enemy strikes first (forced; no 先制攻撃)');
    expect(r.lines.find((l) => l.startsWith('engagement'))).toMatch(/guards ×0 L4 rooftop ×1 L4/);
  });
  it('untargetable: a group out of reach cannot be aimed at, and when only it is left the fight ends', () => {
    const v = [{ if: { counter: 'contact', at_most: 0 }, untargetable: ['sniper'] }];
    const enc = fight({ enemies: [{ name: 'guard', count: 1, level: 4, attacks: 0 }, { name: 'sniper', count: 1, level: 4, attacks: 0 }], variations: v });
    // The leader shoots: one hit (d6 5 + 射撃) kills the guard; only the sniper is left, out of reach.
    const r = playOp(op({ 11: trace('quiet', 1) }, { ...contact, mid: enc }), [...code(11), 5, ...Array(40).fill(3)], { ...calm, leader: SHOOT(0) });
    expect(r.policy.askedFor('leader')[0].legal).not.toContain(SHOOT(1));
    expect(r.lines).toContain('  only enemies out of reach are left: the fight ends');
    expect(r.rate('win')).toBe(1);
  });
  it('screen_off: a screened unit can be targeted while its screen stands', () => {
    const enc = (v: unknown[]) => fight({ enemies: [{ name: 'wall', count: 2, level: 4, attacks: 0 }, { name: 'boss', kind: 'high_threat', life: 2, level: 4, attacks: 0, screened_by: 'wall' }], ...(v.length ? { variations: v } : {}) });
    const legal = (v: unknown[]) => playOp(op({ 11: trace('quiet', 1) }, { ...contact, mid: enc(v) }), [...code(11), ...Array(40).fill(1)], calm).policy.askedFor('leader')[0].legal;
    expect(legal([])).not.toContain(SHOOT(1));
    expect(legal([{ if: { counter: 'contact', at_most: 0 }, screen_off: ['boss'] }])).toContain(SHOOT(1));
  });
  it('bad input: an unknown unit, an add of a unit that is not absent, an absent unit with no variation, a variation that changes nothing', () => {
    const bad = (enc: Record<string, unknown>) => () => compileOp(op({}, { ...contact, mid: fight(enc) }));
    const e = [{ name: 'guards', count: 2, level: 4 }];
    expect(bad({ enemies: e, variations: [{ if: { lap: 1 }, remove: ['ghosts'] }] })).toThrow(/variations\[0\]\.remove\[0\]: unknown value "ghosts" \(allowed: guards\)/);
    expect(bad({ enemies: e, variations: [{ if: { lap: 1 }, add: ['guards'] }] })).toThrow(/"guards" is in the fight anyway/);
    expect(bad({ enemies: [...e, { name: 'x', count: 1, level: 4, absent: true }] })).toThrow(/an `absent` enemy with no variation/);
    expect(bad({ enemies: e, variations: [{ if: { lap: 1 } }] })).toThrow(/a variation that changes nothing/);
  });
});

describe('scenario withdrawal, round limits and retreat checks (UA-R99)', () => {
  it('a group withdraws after round 1; the fight goes on against the rest and is not a wipe-out', () => {
    const enc = fight({ enemies: [{ name: 'scouts', count: 2, level: 4, attacks: 0 }, { name: 'line', count: 1, level: 4, attacks: 0 }],
      withdraw: [{ unit: 'scouts', after_round: 1 }], if_wiped_out: [{ scrip: 50 }] });
    // Round 1: the leader misses (d6 1). Scouts leave at the end of round 1. Round 2: he hits the line (d6 6 critical → 6 then 1).
    const r = playOp(op({ 11: trace('quiet', 1) }, { mid: enc }), [...code(11), 1, 6, 1, ...Array(40).fill(1)], { ...calm, leader: SHOOT(1) });
    expect(r.lines).toContain('  scouts withdraws (after round 1; the scenario\'s rule)');
    expect(r.lines).toContain('  all enemies down');
    expect(r.value('scrip')).toBe(1 + 12 + 99); // tile 11, tile 12, the final — no 50: a group withdrew
  });
  it('the whole force withdraws once 2 are down (replacing §38 half strength: 1 of 4 down does not)', () => {
    const enc = fight({ enemies: [{ name: 'mob', count: 4, level: 4, attacks: 0 }], withdraw: [{ down: 2 }] });
    // Two hits, one per round (d6 5, then 5).
    const r = playOp(op({ 11: trace('quiet', 1) }, { mid: enc }), [...code(11), 5, 5, ...Array(40).fill(1)], { ...calm, leader: SHOOT(0) });
    expect(r.lines).toContain('  the enemy withdraws (2 down; the scenario\'s rule)');
    expect(r.lines.filter((l) => /^ round [1-9]/.test(l)).length).toBe(2);
  });
  it('`when: both` needs the rounds and the count; a fight-to-the-end enemy never withdraws', () => {
    const enc = (reaction: string) => fight({ reaction, enemies: [{ name: 'mob', count: 4, level: 4, attacks: 0 }], withdraw: [{ down: 1, after_round: 2, when: 'both' }] });
    const r = playOp(op({ 11: trace('quiet', 1) }, { mid: enc('hostile') }), [...code(11), 5, 1, ...Array(40).fill(1)], { ...calm, leader: SHOOT(0) });
    expect(r.lines).toContain('  the enemy withdraws (after round 2; the scenario\'s rule)');
    expect(r.lines.filter((l) => /^ round [1-9]/.test(l)).length).toBe(2);
    const f = playOp(op({ 11: trace('quiet', 1) }, { mid: enc('fight_to_the_end') }), [...code(11), 5, 1, ...Array(40).fill(1)], { ...calm, leader: SHOOT(0) });
    expect(f.lines.some((l) => l.includes('withdraws'))).toBe(false);
  });
  it('ends_after_round with its own outcome: the effects apply, no loot unless asked', () => {
    const enc = fight({ enemies: [{ name: 'mob', count: 4, level: 4, attacks: 0 }], reaction: 'fight_to_the_end', loot: { magazines: 3 },
      ends_after_round: { round: 2, effects: [{ counter: { name: 'contact', add: 2 } }] } });
    const r = playOp(op({ 11: trace('quiet', 1) }, { ...contact, mid: enc }), [...code(11), ...Array(40).fill(1)], calm);
    expect(r.lines).toContain('  the fight ends after round 2: won (the scenario\'s win condition)');
    expect(r.value('counter_contact')).toBe(2);
    expect(r.value('magazines_left')).toBe(10);
  });
  it('a retreat check: a failure loses the turn (the members do not attack), a success falls back; a modifier while a named unit stands', () => {
    const enc = fight({ enemies: [{ name: 'mob', count: 3, level: 4, attacks: 0 }, { name: 'officer', kind: 'high_threat', life: 1, level: 4, attacks: 0 }],
      retreat_check: { roll: 'command', target: 5, while_standing: { officer: -1 } } });
    const tile = { 11: enc };
    const ans = { ...calm, leader: (l: readonly number[]) => (l.includes(D.act(D.K_RETREAT)) ? D.act(D.K_RETREAT) : PASS) };
    // A 指揮 leader (指揮 2), the officer standing (−1): round 1 d6 3 + 2 − 1 = 4 < 5 fails (a point spent); round 2
    // d6 5 + 1 − 1 = 5 succeeds.
    const squad = { leader: { sub_ability: 'command', skills: ['first_aid'] } };
    const r = playOp(op(tile, {}, squad, { max_rounds: 5, max_flees: 1 }), [...code(11), 3, 5, ...codes(12, 13, 21), ...Array(40).fill(3)], ans);
    const checks = r.lines.filter((l) => l.startsWith('  retreat check'));
    expect(checks[0]).toBe('  retreat check: d6=3 +1 → 4 vs 5 — the retreat fails; the fight goes on');
    expect(checks[1]).toBe('  retreat check: d6=5 +0 → 5 vs 5 — the squad falls back');
    expect(r.lines.filter((l) => /^ round [1-9]/.test(l)).length).toBe(2);
    expect(r.value('flees')).toBe(1);
  });
});

describe('scoped modifiers (UA-R102)', () => {
  const two = fight({ enemies: [{ name: 'mob', count: 3, level: 6, attacks: 0 }], first_attack_roll_mod: 2 });
  it('first_attack_roll_mod: the first squad attack roll only', () => {
    const r = playOp(op({ 11: trace('quiet', 1) }, { mid: two }), [...code(11), 2, 2, ...Array(40).fill(2)], { ...calm, leader: SHOOT(0) });
    const shots = r.lines.filter((l) => l.startsWith('  leader shoots'));
    const mod = (l: string) => Number(/d6=2 ([+-]\d+)/.exec(l)![1]);
    expect(mod(shots[0]) - mod(shots[1])).toBe(2);
  });
  it('next_combat attack_mod (whole combat) and cancel_unit_mod (a named unit\'s cover, next fight with it)', () => {
    const covered = fight({ enemies: [{ name: 'nest', count: 3, level: 6, attacks: 0, attack_mod: -2 }] });
    const prep = (nc: Record<string, unknown>) => ({ name: 'prep', location: 'indoor', supply: { effects: [{ next_combat: nc }] } });
    const shots = (nc: Record<string, unknown>) => playOp(op({ 11: prep(nc) }, { mid: covered }), [...code(11), ...Array(40).fill(2)], { ...calm, leader: SHOOT(0) })
      .lines.filter((l) => l.startsWith('  leader shoots')).map((l) => Number(/d6=2 ([+−]\d+)/.exec(l)![1].replace('−', '-')));
    const base = shots({ defence_mod: 0 });
    expect(shots({ attack_mod: 1 }).every((m, i) => m === base[i] + 1)).toBe(true);
    expect(shots({ cancel_unit_mod: 'nest' }).every((m, i) => m === base[i] + 2)).toBe(true);
    expect(() => compileOp(op({ 11: prep({ cancel_unit_mod: 'nope' }) }, { mid: covered }))).toThrow(/no encounter of the scenario has an enemy named "nope"/);
  });
});

describe('round-start triggers, reinforce, cancellation (UA-R100)', () => {
  const mob = fight({ enemies: [{ name: 'mob', count: 1, level: 4, attacks: 0 }], reaction: 'fight_to_the_end' });
  /** The leader shoots the one soldier down with the first 5. */
  const shoot = { ...calm, leader: SHOOT(0) };
  it('at round_start with { round: 2 }: soldiers join the named group', () => {
    const triggers = [{ at: 'round_start', if: { round: 2 }, effects: [{ reinforce: { unit: 'mob', count: 2 } }] }];
    const r = playOp(op({ 11: trace('quiet', 1) }, { mid: mob, triggers }), [...code(11), ...Array(40).fill(1)], calm);
    expect(r.lines).toContain('  reinforcements: +2 mob (3)');
    expect(r.lines.filter((l) => l === '  trigger (round_start)').length).toBe(1);
  });
  it('cancel by an item: spent, no effect; declined: the effect applies', () => {
    const triggers = [{ at: 'combat_start', effects: [{ scrip: 7 }], cancel: { item: 'smoke' } }];
    const s = op({ 11: trace('quiet', 1) }, { mid: mob, triggers, items: { smoke: { use: 'any_time', effects: ['nothing'] } }, rules: { starting_magazines: { NORMAL: 10 }, issued: ['smoke'] } });
    const yes = playOp(s, [...code(11), ...Array(40).fill(5)], { ...shoot, 'use-item': 0, cancel: D.A_YES });
    expect(yes.lines).toContain('  cancelled: smoke used');
    expect(yes.value('scrip')).toBe(1 + 33 + 99); // tile 11, tile 33 (faces 5, 5), the final
    const no = playOp(s, [...code(11), ...Array(40).fill(5)], { ...shoot, 'use-item': 0, cancel: D.A_NO });
    expect(no.value('scrip')).toBe(1 + 7 + 33 + 99);
  });
  it('cancel by 察知: a 器用 leader spends a point and rolls', () => {
    const triggers = [{ at: 'combat_start', effects: [{ scrip: 7 }], cancel: { detect: true } }];
    const s = op({ 11: trace('quiet', 1) }, { mid: mob, triggers }, { leader: { sub_ability: 'dexterity' } });
    const ok = playOp(s, [...code(11), 5, ...Array(40).fill(5)], { ...shoot, detect: D.A_NO, cancel: D.A_YES });
    expect(ok.lines.find((l) => l.startsWith('  察知'))).toMatch(/d6=5 .* — cancelled/);
    expect(ok.value('scrip')).toBe(1 + 33 + 99);
    expect(ok.game.s.subCur).toBe(ok.game.s.subMax - 1);
    const late = playOp(s, [...code(11), 1, ...Array(40).fill(5)], { ...shoot, detect: D.A_NO, cancel: D.A_YES });
    expect(late.value('scrip')).toBe(1 + 7 + 33 + 99);
  });
});

describe('cancel by a skill (UA-R100)', () => {
  it('a leader who knows the skill cancels the trigger without a roll; one who does not suffers it', () => {
    const mob = fight({ enemies: [{ name: 'mob', count: 1, level: 4, attacks: 0 }], reaction: 'fight_to_the_end' });
    const triggers = [{ at: 'combat_start', effects: [{ scrip: 7 }], cancel: { skill: 'fortify' } }];
    const play = (skills: string[]) => playOp(op({ 11: trace('quiet', 1) }, { mid: mob, triggers }, { leader: { sub_ability: 'command', skills } }), [...code(11), ...Array(40).fill(5)], { ...calm, leader: SHOOT(0) });
    const yes = play(['fortify']);
    expect(yes.lines).toContain("  cancelled: the leader's skill");
    expect(yes.value('scrip')).toBe(1 + 33 + 99);
    expect(play(['first_aid']).value('scrip')).toBe(1 + 7 + 33 + 99);
  });
});

describe('the jump to the final event (UA-R101) and counters over a campaign', () => {
  it('goto_final skips the mid event and the tiles after it', () => {
    const s = op({ 11: { name: 'collapse', location: 'indoor', supply: { effects: [{ goto_final: true }] } } });
    const r = playOp(s, [...code(11), ...Array(10).fill(1)], calm);
    expect(r.lines).toContain('  the operation goes straight to the final event');
    expect(r.value('scrip')).toBe(99);
    expect(r.rate('win')).toBe(1);
  });
  it('progression.final_when: once the track reaches 2', () => {
    const s = op({ 11: raise(2) }, { ...contact, progression: { tiles_before_mid: 2, tiles_after_mid: 1, final_when: { counter: 'contact', at_least: 2 } } });
    const r = playOp(s, [...code(11), ...Array(10).fill(1)], calm);
    expect(r.lines).toContain('the operation goes straight to the final event (progression.final_when)');
    expect(r.value('tiles')).toBe(2);
  });
  it('bad input: goto_final: false', () => {
    expect(() => compileOp(op({ 11: { name: 'x', location: 'indoor', supply: { effects: [{ goto_final: false }] } } }))).toThrow(/goto_final takes `true`/);
  });
});

describe('progression.flee: false (found by the schema walk)', () => {
  it('a random tile\'s fight offers 逃走 (retreat) only when the progression allows fleeing', () => {
    const tile = { 11: fight({ enemies: [{ name: 'mob', count: 2, level: 4, attacks: 0 }] }) };
    const legal = (flee: boolean) => playOp(op(tile, { progression: { tiles_before_mid: 1, tiles_after_mid: 1, flee } }), [...code(11), ...Array(40).fill(1)], calm)
      .policy.askedFor('leader')[0].legal;
    expect(legal(true)).toContain(D.act(D.K_RETREAT));
    expect(legal(false)).not.toContain(D.act(D.K_RETREAT));
  });
});
