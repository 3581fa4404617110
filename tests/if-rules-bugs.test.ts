// if-battle bugs (バグ表): accumulated points as duration (−1 per turn, IF-R02),
// each bug's effect, and the turn-up recovery check (回復判定) with the listed
// skill.
import { describe, expect, it } from 'vitest';
import * as B from '../src/rules/if-battle/catalogue.js';
import * as D from '../src/rules/if-battle/decisions.js';
import { char, grep, moreDice, placeAt, setupIf, type IfSpec } from './helpers/if-harness.js';

const zap = (bug: string, points = 2) => ({ type: 'main', cost: 1, skill: 'word', range: [0, 5], damage: 0, bug, bug_points: points });
const duel = (a: Record<string, unknown> = {}, b: Record<string, unknown> = {}, extra: Partial<IfSpec> = {}): IfSpec =>
  ({ subject: { A: char({ speed: 9, ...a }) }, reference: { B: char(b) }, memories: { zap_bind: zap('bind') }, ...extra });
const beside = [...placeAt(5, 5), ...placeAt(5, 6)];
const setBug = (s: { bugs: Int16Array }, c: number, b: number, p: number): void => void (s.bugs[c * B.N_BUGS + b] = p);

describe('bug points: a landed memory adds its points; they last that many turns, −1 per turn', () => {
  it('two landed 呪縛鎖-like memories accumulate 2 + 2 = 4 points', () => {
    const spec = duel({ skills: { word: 2 }, memories: ['strike', 'zap_bind'] });
    const run = setupIf(spec, [...beside, 6, 6, 1, 1, 6, 6, 1, 1], { main: [D.mem(1, 1), D.A_WAIT, D.mem(1, 1), D.A_WAIT] });
    run.game.masterTime(0);
    expect(run.s.bug(1, B.B_BIND)).toBe(2);
    run.game.masterTime(0);
    expect(run.s.bug(1, B.B_BIND)).toBe(4);
    expect(run.dice.remaining).toBe(0);
  });
  it('IF-R02 standby (default): 2 points bind the bearer for 2 of its turns (points drop at its スタンバイ)', () => {
    const run = setupIf(duel(), beside);
    setBug(run.s, 1, B.B_BIND, 2);
    const moves = () => run.p1.asked.at(-1)!.legal.some((a) => D.isMove(a));
    run.game.masterTime(1);
    expect(run.s.bug(1, B.B_BIND)).toBe(1);
    run.game.masterTime(1);
    expect(run.s.bug(1, B.B_BIND)).toBe(0);
    const bound = run.p1.askedFor('main').map((a) => a.legal.some((x) => D.isMove(x)));
    run.game.masterTime(1);
    expect(bound).toEqual([false, false]);
    expect(moves()).toBe(true);
  });
  it('IF-R02 turn-up: the points drop at each turn-up, so 2 points bind for 1 turn', () => {
    const run = setupIf(duel({}, {}, { rulings: { bug_tick: 'turn-up' } }), beside);
    setBug(run.s, 1, B.B_BIND, 2);
    run.game.masterTime(1);
    expect(run.s.bug(1, B.B_BIND)).toBe(1);
    run.game.masterTime(1);
    expect(run.s.bug(1, B.B_BIND)).toBe(0);
    expect(run.p1.askedFor('main').map((a) => a.legal.some((x) => D.isMove(x)))).toEqual([false, true]);
  });
});

describe('the effect of each bug', () => {
  it('0 混乱: additional memories (充填) are not offered; auto memories (鉄皮) still work', () => {
    const run = setupIf(duel({ cost: 6, memories: ['strike', 'charge_up'] }, { memories: ['strike', 'iron_skin'] }), [...beside, 6, 6, 1, 1], { main: [D.mem(0, 1)] });
    setBug(run.s, 0, B.B_CONFUSION, 1);
    setBug(run.s, 1, B.B_CONFUSION, 1);
    run.game.masterTime(0);
    expect(run.p0.askedFor('main')[0].legal).not.toContain(D.mem(1, 0));
    expect(run.s.life[1]).toBe(20 - (3 - 1));
  });
  it('1 呪縛: no area movement, by steps or by a movement memory (疾走)', () => {
    const run = setupIf(duel({ memories: ['strike', 'dash'] }), [...placeAt(0, 0), ...placeAt(9, 9)]);
    setBug(run.s, 0, B.B_BIND, 1);
    run.game.masterTime(0);
    expect(run.p0.askedFor('main')).toHaveLength(0); // only 待機 was legal: not asked
  });
  it('2 脱気: every payment costs 1 more (a step 2, strike 2)', () => {
    const run = setupIf(duel({ cost: 4 }), [...placeAt(5, 5), ...placeAt(5, 7), 1, 1], { main: [D.mvDir(1), D.mem(0, 1)] });
    setBug(run.s, 0, B.B_DRAIN, 3);
    run.game.masterTime(0);
    expect(run.s.cost[0]).toBe(0);
  });
  it('3 火傷 / 4 損傷: パワー −1 for the burnt attacker, ガード −1 for the injured target (strike 3 + power 2 − 1 − (guard 2 − 1) = 3)', () => {
    const run = setupIf(duel({ power: 2 }, { guard: 2 }), [...beside, 6, 6, 1, 1], { main: [D.mem(0, 1)] });
    setBug(run.s, 0, B.B_BURN, 1);
    setBug(run.s, 1, B.B_INJURY, 1);
    run.game.masterTime(0);
    expect(run.s.life[1]).toBe(17);
  });
  it('5 凍傷 / 6 裂傷: フォース −1 and レジスト −1 (flame_shot 2 + force 2 − 1 − (resist 2 − 1) = 2)', () => {
    const run = setupIf(duel({ force: 2 }, { resist: 2 }), [...beside, 6, 6, 1, 1], { main: [D.mem(1, 1)] });
    setBug(run.s, 0, B.B_FROSTBITE, 1);
    setBug(run.s, 1, B.B_LACERATION, 1);
    run.game.masterTime(0);
    expect(run.s.life[1]).toBe(18);
  });
  it('7 瘴気: life −1 for every check the bearer makes (the attacker\'s hit check and the target\'s counter check)', () => {
    const run = setupIf(duel(), [...beside, 6, 6, 6, 6], { main: [D.mem(0, 1)] });
    setBug(run.s, 0, B.B_MIASMA, 1);
    setBug(run.s, 1, B.B_MIASMA, 1);
    run.game.masterTime(0);
    expect(run.s.life[0]).toBe(19);
    expect(run.s.life[1]).toBe(19); // the counter succeeded: no strike damage, 1 for the check
  });
  it('8 暗闇: hit checks at rank +1, counter checks unchanged', () => {
    const run = setupIf(duel(), [...beside, 6, 6, 6, 6, 6, 6, 6, 6], { main: [D.mem(0, 1)] }, { main: [D.mem(0, 0)] });
    setBug(run.s, 0, B.B_DARKNESS, 5);
    run.game.masterTime(0);
    run.game.masterTime(1);
    expect(grep(run.lines, /S-A 命中判定: impact Lv2, rank 3/)).toHaveLength(1);
    expect(grep(run.lines, /S-A 対抗判定 .* rank 2 /)).toHaveLength(1);
  });
  it('9 麻痺: counter checks at rank +1, hit checks unchanged', () => {
    const run = setupIf(duel(), [...beside, 6, 6, 6, 6, 6, 6, 6, 6], { main: [D.mem(0, 1)] }, { main: [D.mem(0, 0)] });
    setBug(run.s, 0, B.B_PARALYSIS, 5);
    run.game.masterTime(0);
    run.game.masterTime(1);
    expect(grep(run.lines, /S-A 命中判定: impact Lv2, rank 2/)).toHaveLength(1);
    expect(grep(run.lines, /S-A 対抗判定 .* rank 3 /)).toHaveLength(1);
  });
  it('10 沈黙: checks other than hit and counter (the recovery check, field checks) at rank +1', () => {
    const run = setupIf(duel({ skills: { impact: 2, word: 2 } }), [...beside, 1, 1], { recover: B.B_SILENCE });
    setBug(run.s, 0, B.B_SILENCE, 3);
    run.game.masterTime(0);
    expect(grep(run.lines, /S-A 回復判定 for silence \(沈黙\): word Lv2, rank 3 \(2D6 ≥ 8\): 2 — failure/)).toHaveLength(1);
    expect(run.s.bug(0, B.B_SILENCE)).toBe(2);
    moreDice(run, [6, 6, 6, 6]);
    run.game.changeField(B.F_WATER);
    expect(grep(run.lines, /S-A 水中 field check: swimming Lv0, rank 5/)).toHaveLength(1);
    expect(grep(run.lines, /R-B 水中 field check: swimming Lv0, rank 4/)).toHaveLength(1);
  });
});

describe('回復判定: at turn-up, pick one bug; a success with its recovery skill sets its points to 0', () => {
  it('呪縛 (recovery ≪衝撃≫): offered bugs are the ones carried; 6+6 succeeds → 0; the other bug stays', () => {
    const run = setupIf(duel({}, { skills: { impact: 2 } }), [...beside, 6, 6], {}, { recover: B.B_BIND });
    setBug(run.s, 1, B.B_BIND, 3);
    setBug(run.s, 1, B.B_BURN, 2);
    run.game.masterTime(1);
    expect(run.p1.askedFor('recover')[0].legal).toEqual([D.A_NONE, B.B_BIND, B.B_BURN]);
    expect(grep(run.lines, /R-B 回復判定 for bind \(呪縛\): impact Lv2, rank 2/)).toHaveLength(1);
    expect(run.s.bug(1, B.B_BIND)).toBe(0);
    expect(run.s.bug(1, B.B_BURN)).toBe(1); // −1 at its standby
  });
  it('a failed recovery check leaves the points; every bug uses the skill of the table', () => {
    const run = setupIf(duel(), [...beside, 1, 1], {}, { recover: B.B_MIASMA });
    setBug(run.s, 1, B.B_MIASMA, 2);
    run.game.masterTime(1);
    expect(grep(run.lines, /R-B 回復判定 for miasma \(瘴気\): wave Lv0/)).toHaveLength(1);
    expect(run.s.bug(1, B.B_MIASMA)).toBe(1);
    expect(run.s.life[1]).toBe(19); // 瘴気: the recovery check itself costs 1 life
    expect(B.BUG_RECOVERY_SKILL.map((k) => B.SKILLS[k])).toEqual(['running', 'impact', 'offset', 'freeze', 'barrier', 'flame', 'healing', 'wave', 'aim', 'mimic', 'word']);
  });
  it('recovery_check: false — never asked', () => {
    const run = setupIf(duel({}, {}, { recovery: false }), beside, {}, { recover: B.B_BIND });
    setBug(run.s, 1, B.B_BIND, 3);
    run.game.masterTime(1);
    expect(run.p1.askedFor('recover')).toHaveLength(0);
    expect(run.dice.remaining).toBe(0);
  });
});
