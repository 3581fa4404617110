// chojin-locke rules tests, part 2 (seed 003): combat start, initiative,
// continuation, special actions, minions, fields, suits, escapes, death and
// the automatic-combat enemy of 10.12.2. Every die is scripted; each test
// names its clause and checks how many dice were consumed.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/chojin-locke/decisions.js';
import { END_NO_COMBAT, END_NO_CONTINUATION, END_SIDE_GONE, LOC_DISCARD, ST_ACTIVE, ST_DEAD, ST_ESCAPED } from '../src/rules/chojin-locke/state.js';
import { autoEnemyPolicy } from '../src/policies/chojin-locke/index.js';
import { harness, play } from './helpers/lk-harness.js';

const DECK = `deck:
  - { kind: attack, name: バズーカ, level: 3, power: 7 }      # 0
  - { kind: attack, name: ブラスター, level: 2, power: 5 }    # 1
  - { kind: attack, name: ビームキャノン, level: 4, power: 14 } # 2
  - { kind: teleport, name: テレポート, level: 3 }            # 3
  - { kind: teleport, name: テレポート, level: 2 }            # 4
  - { kind: teleport, name: テレポート, level: 4 }            # 5
  - { kind: illusion, name: 幻覚, level: 3 }                  # 6
  - { kind: defence, name: ESPバリア, level: 4 }              # 7
  - { kind: attack, name: D弾, level: 6, power: 50 }          # 8
  - { kind: contact, level: 0, count: 9 }                     # 9..17
hand_size: 2`;
const esper = (name: string, lv: number, extra = ''): string => `  - { name: ${name}, level: ${lv}, power: 20, durability: 6, willpower: 5${extra} }`;
const two = (p: string, e: string, extra = ''): string => `${DECK}\n${extra}party:\n${p}\nenemies:\n${e}`;

describe('10.1 combat start, 10.3 flow', () => {
  it('10.1 「戦闘に必要な枚数のコンバットカードがない場合は、戦闘は発生しない」', () => {
    const deck = 'deck:\n  - { kind: contact, level: 0, count: 3 }\nhand_size: 2';
    const h = harness(`${deck}\nparty:\n${esper('A', 3)}\nenemies:\n${esper('B', 3)}`, []);
    expect(h.game.s.over).toBe(true);
    expect(h.game.s.endReason).toBe(END_NO_COMBAT);
  });

  it('10.3.3 initiative: 2D6 each, high first; equal rolls roll again among themselves (LK-R08 reroll)', () => {
    const h = harness(two(esper('A', 3), esper('B', 3)), [3, 3, 2, 4, 1, 1, 6, 6]);
    h.give(0, 9, 10);
    h.give(1, 11, 12);
    h.round();
    expect(Array.from(h.game.s.order.subarray(0, 2))).toEqual([1, 0]);
    expect(h.asked.filter((a) => a.name === 'normal').map((a) => a.esper)).toEqual([1, 0]);
  });

  it('10.3.3 initiative ties keep the listing order under LK-R08 seat-order (no extra dice)', () => {
    const h = harness(two(esper('A', 3), esper('B', 3), 'rulings: { initiative_ties: seat-order }\n'), [3, 3, 2, 4]);
    h.give(0, 9, 10);
    h.give(1, 11, 12);
    h.round();
    expect(Array.from(h.game.s.order.subarray(0, 2))).toEqual([0, 1]);
  });

  it('10.3.5 a round without attacks: continuation is asked; nobody declares it → the combat ends', () => {
    const h = harness(two(esper('A', 3), esper('B', 3)), [6, 6, 1, 1]);
    h.give(0, 9, 10);
    h.give(1, 11, 12);
    h.round();
    expect(h.asked.filter((a) => a.name === 'continue').map((a) => a.esper)).toEqual([0, 1]);
    expect(h.game.s.endReason).toBe(END_NO_CONTINUATION);
  });

  it('10.3.5 a declared continuation keeps the combat going; LK-R04 attack-only ends it without asking', () => {
    const h = harness(two(esper('A', 3), esper('B', 3)), [6, 6, 1, 1]);
    h.give(0, 9, 10);
    h.give(1, 11, 12);
    h.answer(0, 'continue', play(D.K_YES));
    h.round();
    expect(h.game.s.over).toBe(false);
    const k = harness(two(esper('A', 3), esper('B', 3), 'rulings: { continuation: attack-only }\n'), [6, 6, 1, 1]);
    k.give(0, 9, 10);
    k.give(1, 11, 12);
    k.round();
    expect(k.asked.some((a) => a.name === 'continue')).toBe(false);
    expect(k.game.s.endReason).toBe(END_NO_CONTINUATION);
  });
});

describe('10.4 a turn', () => {
  it('10.4.2 a cruiser attacks as a special action, independently of the normal action (one normal action still follows)', () => {
    const h = harness(two(esper('A', 3, ', specials: [{ kind: cruiser }]'), esper('B', 3)), [6, 6, 1, 1, 2, 2, 1, 1]);
    h.give(0, 0, 9);
    h.give(1, 10, 11);
    h.answer(0, 'special', play(D.K_TARGET, undefined, { target: 1 }));
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.round();
    // Cruiser: Lv4 power 10 vs 6 → ratio 1.7 (column 2), 2D6 = 4 → 0; バズーカ 7 vs 6, 2D6 = 2 → 0.
    expect(h.lines.some((l) => l.includes('special attack: cruiser (Lv4, power 10) at E-B'))).toBe(true);
    expect(h.lines.some((l) => l.includes('attacks E-B with バズーカ'))).toBe(true);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.4 「通常行動と特殊行動はどの順番で行なってもよい」: the esper may take the normal action first (decision order)', () => {
    const h = harness(two(esper('A', 3, ', specials: [{ kind: cruiser }]'), esper('B', 3)), [6, 6, 1, 1, 2, 2, 1, 1]);
    h.give(0, 0, 9);
    h.give(1, 10, 11);
    h.answer(0, 'order', play(D.K_YES));
    h.answer(0, 'special', play(D.K_TARGET, undefined, { target: 1 }));
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.round();
    const bazooka = h.lines.findIndex((l) => l.includes('attacks E-B with バズーカ'));
    const cruiser = h.lines.findIndex((l) => l.includes('special attack: cruiser'));
    expect(h.asked.filter((a) => a.name === 'order')).toHaveLength(1);
    expect(bazooka).toBeGreaterThanOrEqual(0);
    expect(cruiser).toBeGreaterThan(bazooka);
  });

  it('10.4.2 補足2 / LK-F08 a ジオイド弾 does nothing on 2D6 = 2–3 and its one use is gone', () => {
    const h = harness(two(esper('A', 3, ', specials: [{ kind: geoid }]'), esper('B', 3)), [6, 6, 1, 1, 1, 2]);
    h.give(0, 9, 10);
    h.give(1, 11, 12);
    h.answer(0, 'special', play(D.K_TARGET, undefined, { target: 1 }));
    h.round();
    expect(h.lines.some((l) => l.includes('geoid at E-B: 2D6=3 → nothing happens'))).toBe(true);
    expect(h.game.s.specialUses[0]).toBe(0);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.7.2 an illusion cannot answer a special attack (「人間でないもの…船(特殊攻撃)」)', () => {
    const h = harness(two(esper('A', 3, ', specials: [{ kind: cruiser, level: 3 }]'), esper('B', 4)), [6, 6, 1, 1, 1, 1]);
    h.give(0, 9, 10);
    h.give(1, 6, 11);
    h.answer(0, 'special', play(D.K_TARGET, undefined, { target: 1 }));
    h.round();
    const r = h.asked.find((a) => a.name === 'response')!;
    expect(r.legal.some((a) => D.aKind(a) === D.K_ILLUSION)).toBe(false);
  });

  it('10.4.1 escaping on one\'s own turn by teleport (the normal action): the esper leaves the combat', () => {
    const h = harness(two(esper('A', 3), esper('B', 3)), [6, 6, 1, 1]);
    h.give(0, 3, 9);
    h.give(1, 10, 11);
    h.answer(0, 'normal', play(D.K_TELEPORT, 'テレポート', { used: 3 }));
    h.round();
    expect(h.game.s.status[0]).toBe(ST_ESCAPED);
    expect(h.game.s.endReason).toBe(END_SIDE_GONE);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.7.2 幻覚 on one\'s own turn: if everyone else sleeps the user escapes', () => {
    const h = harness(two(esper('A', 3), esper('B', 3)), [6, 6, 1, 1, 6, 6]);
    h.give(0, 6, 9);
    h.give(1, 10, 11);
    h.answer(0, 'normal', play(D.K_ILLUSION, '幻覚', { used: 3 }));
    h.round();
    expect(h.game.s.status[0]).toBe(ST_ESCAPED);
    expect(h.dice.remaining).toBe(0);
  });
});

describe('10.8 minions, 10.5 fields, 10.7 suits, mirrors and death', () => {
  it('10.8 a minion adds a Lv ≤ 2 attack to its master\'s attack, free (hand 2 + 1 per minion)', () => {
    const h = harness(two(esper('A', 4, ', minions: 1'), esper('B', 3)), [6, 6, 1, 1, 6, 6]);
    h.give(0, 2, 1, 9);
    h.give(1, 10, 11);
    h.answer(0, 'normal', play(D.K_ATTACK, 'ビームキャノン', { used: 4 }));
    h.answer(0, 'minion-sync', play(D.K_SYNC, 'ブラスター'));
    h.round();
    // 14 + 5 = 19 vs 6 → ratio 3.2 (column 3), 2D6 = 12 → 4.
    expect(h.game.s.dur[1]).toBe(2);
    expect(h.game.s.power[0]).toBe(16);
    expect(h.game.s.handLimit(0)).toBe(3);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.8.3 only the teleporter\'s minions synchronise with an escape: 3 + 2 = 5, so a Lv4 block fails (and is taken back)', () => {
    const h = harness(two(esper('A', 5), esper('B', 4, ', minions: 1')), [1, 1, 6, 6]);
    h.give(0, 5, 9);
    h.give(1, 3, 4, 10);
    h.answer(1, 'normal', play(D.K_TELEPORT, 'テレポート', { level: 3, used: 3 }));
    h.answer(1, 'minion-sync', play(D.K_SYNC, 'テレポート'));
    h.answer(0, 'block', play(D.K_TELEPORT, 'テレポート', { level: 4, used: 4 }));
    h.round();
    expect(h.game.s.status[1]).toBe(ST_ESCAPED);
    expect(h.game.s.cardLoc[5]).toBe(0);
    expect(h.game.s.power[0]).toBe(20);
  });

  it('10.5.2 / LK-F10 a card played through an ESP field costs no power; willpower supplements above the field', () => {
    const h = harness(two(esper('A', 2, ', field: 3'), esper('B', 3)), [6, 6, 1, 1, 2, 2, 1, 1]);
    h.give(0, 2, 9);
    h.give(1, 10, 11);
    h.answer(0, 'normal', play(D.K_ATTACK, 'ビームキャノン', { used: D.USED_FIELD }));
    h.round();
    expect(h.game.s.power[0]).toBe(20);
    expect(h.lines.some((l) => l.includes('via field Lv3 + 1 willpower check(s)'))).toBe(true);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.7.4 / LK-F11 a suit with durability takes the hit instead of the body', () => {
    const h = harness(two(esper('A', 3), esper('B', 3, ', suit: 2')), [6, 6, 1, 1, 6, 6]);
    h.give(0, 0, 9);
    h.give(1, 10, 11);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.round();
    // 7 vs suit 2 → ratio 3.5 (column 3), 2D6 = 12 → 4: the suit is destroyed, the body untouched.
    expect(h.game.s.suit[1]).toBe(0);
    expect(h.game.s.dur[1]).toBe(6);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.7.2 ラフノールの鏡 at or above the attack\'s level escapes; below it is not offered', () => {
    const h = harness(two(esper('A', 5), esper('B', 4, ', mirror: 3')), [6, 6, 1, 1]);
    h.give(0, 0, 2);
    h.give(1, 10, 11);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.answer(1, 'response', play(D.K_MIRROR));
    h.round();
    expect(h.game.s.status[1]).toBe(ST_ESCAPED);
    const k = harness(two(esper('A', 5), esper('B', 4, ', mirror: 3')), [6, 6, 1, 1, 1, 1]);
    k.give(0, 2, 0);
    k.give(1, 10, 11);
    k.answer(0, 'normal', play(D.K_ATTACK, 'ビームキャノン', { used: 4 }));
    k.round();
    expect(k.asked.find((a) => a.name === 'response')!.legal.some((a) => D.aKind(a) === D.K_MIRROR)).toBe(false);
  });

  it('10.7.4 durability 0 or less: the character dies and leaves the combat; the other side wins', () => {
    const h = harness(two(esper('A', 6), esper('B', 3)), [6, 6, 1, 1, 4, 4]);
    h.give(0, 8, 9);
    h.give(1, 10, 11);
    h.answer(0, 'normal', play(D.K_ATTACK, 'D弾', { used: 6 }));
    h.round();
    // 50 vs 6 → ratio 8.3 (column 5), 2D6 = 8 → kill.
    expect(h.game.s.status[1]).toBe(ST_DEAD);
    expect(h.game.s.dur[1]).toBe(0);
    expect(h.game.s.endReason).toBe(END_SIDE_GONE);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.7.1 LK-R06 willpower-check: ジェシカ erases the attack on 2D6 ≤ her willpower', () => {
    const h = harness(two(esper('A', 5), '  - { character: jessica, name: J }', 'rulings: { disintegration: willpower-check }\n'), [6, 6, 1, 1, 1, 1]);
    h.give(0, 0, 9);
    h.give(1, 10, 11);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.round();
    expect(h.lines.some((l) => l.includes('分解消去: 2D6=2 vs willpower 2 → the attack is erased'))).toBe(true);
    expect(h.dice.remaining).toBe(0);
  });
});

describe('ニケ (10.3.2, 10.4.1, 10.7)', () => {
  it('ニケチェック passes (LK-F22: 2D6 ≤ 9): its attack is the normal action, neither escaped nor defended; hits to its user land on ニケ', () => {
    const h = harness(two(esper('A', 3, ', nike: 4'), esper('B', 3, ', suit: 2')), [3, 3, 6, 6, 1, 1, 1, 1, 6, 6]);
    h.give(0, 7, 9);
    h.give(1, 0, 10);
    h.answer(0, 'normal', play(D.K_NIKE, undefined, { target: 1 }));
    h.answer(1, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.round();
    const s = h.game.s;
    expect(h.asked.filter((a) => a.name === 'response').map((a) => a.esper)).toEqual([0]);
    // ニケ power 20 vs B's suit 2 → ratio 10 (column 5), 2D6 = 2 → 3: the suit is destroyed, B's body untouched.
    expect(s.suit[1]).toBe(0);
    expect(s.dur[1]).toBe(6);
    // B's バズーカ 7 vs ニケ 4 → ratio 1.75 (column 2), 2D6 = 12 → 3: ニケ has 1 left; A untouched.
    expect(s.nikeDur[0]).toBe(1);
    expect(s.dur[0]).toBe(6);
    expect(h.dice.remaining).toBe(0);
  });

  it('ニケチェック fails (2D6 = 10): no ニケ attack is offered that round', () => {
    const h = harness(two(esper('A', 3, ', nike: 4'), esper('B', 3)), [5, 5, 6, 6, 1, 1]);
    h.give(0, 9, 10);
    h.give(1, 11, 12);
    h.round();
    const normal = h.asked.find((a) => a.esper === 0 && a.name === 'normal')!;
    expect(normal.legal.some((a) => D.aKind(a) === D.K_NIKE)).toBe(false);
    expect(h.dice.remaining).toBe(0);
  });

  it('「ニケを使用している人はジャマーしか使えない」: no play through the field while ニケ works', () => {
    const h = harness(two(esper('A', 3, ', nike: 4, field: 4'), esper('B', 3)), [2, 2, 6, 6, 1, 1]);
    h.give(0, 0, 9);
    h.give(1, 10, 11);
    h.round();
    const normal = h.asked.find((a) => a.esper === 0 && a.name === 'normal')!;
    expect(normal.legal.some((a) => D.aKind(a) === D.K_ATTACK && D.aUsed(a) === D.USED_FIELD)).toBe(false);
    expect(normal.legal.some((a) => D.aKind(a) === D.K_ATTACK)).toBe(true);
  });
});

describe('10.12.2 the automatic-combat enemy', () => {
  const auto = autoEnemyPolicy.create(Object.fromEntries(Object.entries(autoEnemyPolicy.defaults).map(([k, d]) => [k, d.default])));

  it('⑤ defends only: with a teleport but no defence it takes the hit rather than escape', () => {
    const h = harness(two(esper('A', 5), esper('B', 4)), [6, 6, 1, 1, 1, 1]);
    h.give(0, 0, 9);
    h.give(1, 3, 10);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.answer(1, 'response', (legal, v) => auto.decide(D.D_RESPONSE, v, Int32Array.from(legal), legal.length, h.dice));
    h.round();
    const r = h.asked.find((a) => a.name === 'response')!;
    expect(r.legal.some((a) => D.aKind(a) === D.K_TELEPORT)).toBe(true);
    expect(D.aKind(r.answer)).toBe(D.K_PASS);
  });

  it('⑤ with a defence card it defends (the lowest one that suffices)', () => {
    const h = harness(two(esper('A', 5), esper('B', 4)), [6, 6, 1, 1]);
    h.give(0, 0, 9);
    h.give(1, 7, 3);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.answer(1, 'response', (legal, v) => auto.decide(D.D_RESPONSE, v, Int32Array.from(legal), legal.length, h.dice));
    h.round();
    expect(h.game.s.cardLoc[7]).toBe(LOC_DISCARD);
    expect(h.game.s.dur[1]).toBe(6);
  });

  it('⑥ blocks every teleport: with only a lower teleport it still blocks when an ally could synchronise', () => {
    const h = harness(two(esper('A', 5), `${esper('B', 4)}\n${esper('C', 4)}`), [6, 6, 1, 1, 1, 1, 2, 2, 1, 1]);
    h.give(0, 5, 9);
    h.give(1, 4, 10);
    h.give(2, 11, 12);
    h.answer(0, 'normal', play(D.K_TELEPORT, 'テレポート', { used: 4 }));
    h.answer(1, 'block', (legal, v) => auto.decide(D.D_BLOCK, v, Int32Array.from(legal), legal.length, h.dice));
    h.round();
    const b = h.asked.find((a) => a.name === 'block' && a.esper === 1)!;
    expect(D.aKind(b.answer)).toBe(D.K_TELEPORT);
    // Nobody synchronised: the Lv2 block (≤ 4) is taken back and A escapes.
    expect(h.game.s.cardLoc[4]).toBe(1);
    expect(h.game.s.status[0]).toBe(ST_ESCAPED);
    expect(h.game.s.status[1]).toBe(ST_ACTIVE);
    expect(h.dice.remaining).toBe(0);
  });
});
