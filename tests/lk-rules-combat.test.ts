// chojin-locke rules tests (seed 003, 第10章 戦闘): each test forces every die
// with the scripted stream, names the clause it checks, and ends by proving
// how many dice the clause consumed (`remaining === 0`).
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/chojin-locke/decisions.js';
import { END_DECK_OUT, END_SIDE_GONE, LOC_DISCARD, ST_ACTIVE, ST_ESCAPED, ST_OUT, ST_RESIDUAL } from '../src/rules/chojin-locke/state.js';
import { harness, pass, play } from './helpers/lk-harness.js';

/** Deck: card ids in listing order. */
const DECK = `deck:
  - { kind: attack, name: D弾, level: 6, power: 40 }          # 0
  - { kind: attack, name: レイガン, level: 1, power: 1 }      # 1
  - { kind: contact, level: 0 }                               # 2
  - { kind: contact, level: 0 }                               # 3
  - { kind: attack, name: バズーカ, level: 3, power: 7 }      # 4
  - { kind: attack, name: ビームキャノン, level: 4, power: 14 } # 5
  - { kind: attack, name: G弾, level: 5, power: 25 }          # 6
  - { kind: light-sword, name: 光の剣, level: 5, power: 30 }  # 7
  - { kind: defence, name: ESPバリア, level: 5 }              # 8
  - { kind: teleport, name: テレポート, level: 3 }            # 9
  - { kind: teleport, name: テレポート, level: 4 }            # 10
  - { kind: teleport, name: テレポート, level: 2 }            # 11
  - { kind: illusion, name: 幻覚, level: 4 }                  # 12
  - { kind: defence, name: ESPバリア, level: 4 }              # 13
  - { kind: contact, level: 0, count: 8 }                     # 14..21
  - { kind: teleport, name: テレポート, level: 2 }            # 22
hand_size: 2`;

const esper = (name: string, lv: number, extra = ''): string => `  - { name: ${name}, level: ${lv}, power: 20, durability: 6, willpower: 5${extra} }`;

describe('10.5 card levels, willpower and power', () => {
  it('10.5.1 「5以下2回」: a Lv4 esper fires D弾 (Lv6) by two willpower checks; ESP power −4', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 4)}\nenemies:\n${esper('B', 1)}`, [6, 6, 1, 1, 1, 1, 2, 2, 3, 4]);
    h.give(0, 0, 1);
    h.give(1, 2, 3);
    h.answer(0, 'normal', play(D.K_ATTACK, 'D弾', { used: 4 }));
    h.round();
    const s = h.game.s;
    expect(s.power[0]).toBe(16);
    // 40 vs 6 → ratio 6.7, column 4; 2D6 = 7 → 3 damage.
    expect(s.dur[1]).toBe(3);
    expect(s.cardLoc[0]).toBe(LOC_DISCARD);
    expect(h.lines.some((l) => l.includes('"5以下2回": 2D6 2, 4 → level supplemented'))).toBe(true);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.5.1 one failed check: the card fails, is spent, and the power used is spent anyway', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 4)}\nenemies:\n${esper('B', 1)}`, [6, 6, 1, 1, 1, 1, 6, 6]);
    h.give(0, 0, 1);
    h.give(1, 2, 3);
    h.answer(0, 'normal', play(D.K_ATTACK, 'D弾', { used: 4 }));
    h.round();
    expect(h.game.s.power[0]).toBe(16);
    expect(h.game.s.dur[1]).toBe(6);
    expect(h.game.s.cardLoc[0]).toBe(LOC_DISCARD);
    expect(h.asked.some((a) => a.name === 'response')).toBe(false);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.5.2 「Lv.2のエスパーが精神力チェックを2回通してバズーカを撃つとパワーを1消費」', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 2)}\nenemies:\n${esper('B', 1)}`, [6, 6, 1, 1, 1, 1, 1, 1, 1, 1]);
    h.give(0, 4, 1);
    h.give(1, 2, 3);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 1 }));
    h.round();
    expect(h.game.s.power[0]).toBe(19);
    // The legal ways to pay for バズーカ: own level 2, 1 or 0 (1, 2 or 3 checks).
    const normal = h.asked.find((a) => a.esper === 0 && a.name === 'normal')!;
    const used = normal.legal.filter((a) => D.aKind(a) === D.K_ATTACK && D.aCard(a) === 4).map(D.aUsed);
    expect(used.sort()).toEqual([0, 1, 2]);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.5.1 an esper whose level and power reach the card\'s level is not offered willpower checks for it (LK-R09 when-short); always offers them', () => {
    const offered = (rulings: string) => {
      const h = harness(`${DECK}\nrulings: { willpower_supplement: ${rulings} }\nparty:\n${esper('A', 5)}\nenemies:\n${esper('B', 1)}`, [6, 6, 1, 1, 1, 1, 1, 1, 1, 1]);
      h.give(0, 4, 1);
      h.give(1, 2, 3);
      h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
      h.round();
      const normal = h.asked.find((a) => a.esper === 0 && a.name === 'normal')!;
      return normal.legal.filter((a) => D.aKind(a) === D.K_ATTACK && D.aCard(a) === 4).map(D.aUsed).sort();
    };
    expect(offered('when-short')).toEqual([3]);
    expect(offered('always')).toEqual([0, 1, 2, 3]);
  });

  it('10.5.1 LK-R09 when-short holds through an ESP field: an esper who can pay the level is offered the field only where it needs no checks', () => {
    const offered = (rulings: string, field: number) => {
      const h = harness(`${DECK}\nrulings: { willpower_supplement: ${rulings} }\nparty:\n${esper('A', 5, `, field: ${field}`)}\nenemies:\n${esper('B', 1)}`, [6, 6, 1, 1, 1, 1, 1, 1, 1, 1]);
      h.give(0, 4, 1);
      h.give(1, 2, 3);
      h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
      h.round();
      const normal = h.asked.find((a) => a.esper === 0 && a.name === 'normal')!;
      return normal.legal.filter((a) => D.aKind(a) === D.K_ATTACK && D.aCard(a) === 4).map(D.aUsed).sort((x, y) => x - y);
    };
    // Lv5, power 20, field Lv2, バズーカ Lv3: the field would need 1 willpower check.
    expect(offered('when-short', 2)).toEqual([3]);
    expect(offered('always', 2)).toEqual([0, 1, 2, 3, D.USED_FIELD]);
    // A field at the card's level pays it whole: no check, offered either way.
    expect(offered('when-short', 3)).toEqual([3, D.USED_FIELD]);
  });

  it('10.5.2 power 0: no more ESP power can be spent (only willpower or a field)', () => {
    const h = harness(`${DECK}\nparty:\n  - { name: A, level: 5, power: 0, durability: 6, willpower: 5 }\nenemies:\n${esper('B', 1)}`, [6, 6, 1, 1]);
    h.give(0, 4, 1);
    h.give(1, 2, 3);
    h.round();
    const normal = h.asked.find((a) => a.esper === 0 && a.name === 'normal')!;
    expect(normal.legal.filter((a) => D.aKind(a) === D.K_ATTACK).every((a) => D.aUsed(a) === 0)).toBe(true);
  });
});

describe('10.8 synchronisation', () => {
  it('10.8.1 an esper whose turn has not come adds a same-type attack at or below the level; total = base + synchronised; it then has no normal action', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 5)}\n${esper('C', 5)}\nenemies:\n${esper('B', 1)}`, [6, 6, 5, 5, 1, 1, 6, 6]);
    h.give(0, 5, 1);
    h.give(1, 4, 6);
    h.give(2, 2, 3);
    h.answer(0, 'normal', play(D.K_ATTACK, 'ビームキャノン', { used: 4 }));
    h.answer(1, 'sync', play(D.K_SYNC, 'バズーカ', { used: 3 }));
    h.round();
    const s = h.game.s;
    // 14 + 7 = 21 vs 6 → ratio 3.5 (column 3); 2D6 = 12 → 4 damage.
    expect(s.dur[2]).toBe(2);
    const sync = h.asked.find((a) => a.esper === 1 && a.name === 'sync')!;
    // G弾 (Lv5) is above the attack's Lv4: not offered.
    expect(sync.legal.some((a) => D.aCard(a) === 6)).toBe(false);
    expect(h.asked.some((a) => a.esper === 1 && a.name === 'normal')).toBe(false);
    expect(h.lines).toContain('  P-C synchronised this round: no normal action');
    expect(h.dice.remaining).toBe(0);
  });

  it('10.8 光の剣 cannot be synchronised with', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 5)}\n${esper('C', 5)}\nenemies:\n${esper('B', 1)}`, [6, 6, 5, 5, 1, 1, 1, 1]);
    h.give(0, 7, 1);
    h.give(1, 4, 6);
    h.give(2, 2, 3);
    h.answer(0, 'normal', play(D.K_ATTACK, '光の剣', { used: 5 }));
    h.round();
    expect(h.asked.some((a) => a.name === 'sync')).toBe(false);
  });
});

describe('10.7 being attacked', () => {
  it('10.7.3 光の剣 passes every card defence: no defence card is offered, only an energy ball of its level', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 5)}\nenemies:\n${esper('B', 5, ', ball: 5')}`, [6, 6, 1, 1, 1, 1]);
    h.give(0, 7, 1);
    h.give(1, 8, 9);
    h.answer(0, 'normal', play(D.K_ATTACK, '光の剣', { used: 5 }));
    h.round();
    const r = h.asked.find((a) => a.name === 'response')!;
    expect(r.legal.some((a) => D.aKind(a) === D.K_DEFEND)).toBe(false);
    expect(r.legal.some((a) => D.aKind(a) === D.K_BALL)).toBe(true);
    // 30 vs 6 → ratio 5 (column 4); 2D6 = 2 → 2 damage.
    expect(h.game.s.dur[1]).toBe(4);
    expect(h.dice.remaining).toBe(0);
  });

  it('LK-F09 光の剣 passes the psycho-pod: the pod is offered against a G弾 of the same level but not against 光の剣', () => {
    const offered = (card: number, name: string) => {
      const h = harness(`${DECK}\nparty:\n${esper('A', 5)}\nenemies:\n${esper('B', 5, ', psychopod: 5')}`, [6, 6, 1, 1, 1, 1]);
      h.give(0, card, 1);
      h.give(1, 2, 3);
      h.answer(0, 'normal', play(D.K_ATTACK, name, { used: 5 }));
      h.round();
      return h.asked.find((a) => a.name === 'response')!.legal.some((a) => D.aKind(a) === D.K_POD);
    };
    expect(offered(6, 'G弾')).toBe(true);
    expect(offered(7, '光の剣')).toBe(false);
  });

  it('10.7 a 亜空間フィールド escapes an attack of Lv ≤ 7: offered, used up, and the esper leaves the combat', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 5)}\nenemies:\n${esper('B', 5, ', subspace: 1')}`, [6, 6, 1, 1]);
    h.give(0, 6, 1);
    h.give(1, 2, 3);
    h.answer(0, 'normal', play(D.K_ATTACK, 'G弾', { used: 5 }));
    h.answer(1, 'response', play(D.K_SUBSPACE));
    h.round();
    const r = h.asked.find((a) => a.name === 'response')!;
    expect(r.legal.some((a) => D.aKind(a) === D.K_SUBSPACE)).toBe(true);
    expect(h.game.s.subspace[1]).toBe(0);
    expect(h.lines.some((l) => l.includes('escapes by 亜空間フィールド'))).toBe(true);
    expect(h.game.s.dur[1]).toBe(6);
  });

  it('10.7.3 a jammer and a field below the attack\'s level are destroyed even when the defence succeeds', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 5)}\nenemies:\n${esper('B', 5, ', jammer: 2, field: 3')}`, [6, 6, 1, 1]);
    h.give(0, 5, 1);
    h.give(1, 13, 2);
    h.answer(1, 'jammer', play(D.K_TARGET, undefined, { target: 0 }));
    h.answer(0, 'normal', play(D.K_ATTACK, 'ビームキャノン', { used: 4 }));
    h.answer(1, 'response', play(D.K_DEFEND, 'ESPバリア', { used: 4 }));
    h.round();
    const s = h.game.s;
    expect(s.dur[1]).toBe(6);
    expect(s.jammer[1]).toBe(0);
    expect(s.field[1]).toBe(0);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.7.1 ジェシカ\'s disintegration erases a card attack (LK-R06 default: the attacker fails an ESP-level check)', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 5)}\nenemies:\n  - { character: jessica, name: B }`, [6, 6, 1, 1, 3, 3]);
    h.give(0, 5, 1);
    h.give(1, 2, 3);
    h.answer(0, 'normal', play(D.K_ATTACK, 'ビームキャノン', { used: 4 }));
    h.round();
    expect(h.game.s.dur[1]).toBe(2);
    expect(h.lines.some((l) => l.includes('分解消去: 2D6=6 vs attacker\'s Lv 5 → the attack is erased'))).toBe(true);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.7.2 幻覚: everyone else checks; the attacker asleep → the attack is gone; sleepers wake in post-processing (LK-R05)', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 4)}\n${esper('C', 5)}\nenemies:\n${esper('B', 6)}`, [6, 6, 5, 5, 1, 1, 6, 6, 1, 1]);
    h.give(0, 4, 1);
    h.give(1, 2, 3);
    h.give(2, 12, 14);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.answer(2, 'response', play(D.K_ILLUSION, '幻覚', { used: 4 }));
    h.round();
    const s = h.game.s;
    expect(s.dur[2]).toBe(6);
    expect(s.status[2]).toBe(ST_ACTIVE);
    expect(h.lines).toContain('    the attacker sleeps: the attack is gone');
    expect(s.asleep[0]).toBe(0);
    expect(h.dice.remaining).toBe(0);
  });
});

describe('10.9 teleport blocks', () => {
  it('a higher-level teleport blocks the escape; the escape phase was used, so the attack hits', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 5)}\n${esper('C', 5)}\nenemies:\n${esper('B', 5)}`, [6, 6, 5, 5, 1, 1, 1, 1]);
    h.give(0, 4, 1);
    h.give(1, 10, 2);
    h.give(2, 9, 3);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.answer(2, 'response', play(D.K_TELEPORT, 'テレポート', { used: 3 }));
    h.answer(1, 'block', play(D.K_TELEPORT, 'テレポート', { level: 4, used: 4 }));
    h.round();
    const s = h.game.s;
    expect(s.status[2]).toBe(ST_ACTIVE);
    expect(h.lines).toContain('    blocked: 4 > 3; the teleport fails');
    expect(h.lines.some((l) => l.startsWith('    hit on E-B: power 7 vs durability 6, 2D6=2'))).toBe(true);
    expect(s.power[1]).toBe(16);
    expect(h.dice.remaining).toBe(0);
  });

  it('注意: a block at or below the teleport\'s level that gets no synchronisation is taken back (card and power)', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 5)}\n${esper('C', 5)}\nenemies:\n${esper('B', 5)}`, [6, 6, 5, 5, 1, 1]);
    h.give(0, 4, 1);
    h.give(1, 11, 2);
    h.give(2, 9, 3);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.answer(2, 'response', play(D.K_TELEPORT, 'テレポート', { used: 3 }));
    h.answer(1, 'block', play(D.K_TELEPORT, 'テレポート', { level: 2, used: 2 }));
    h.round();
    const s = h.game.s;
    expect(s.status[2]).toBe(ST_ESCAPED);
    expect(s.power[1]).toBe(20);
    expect(s.cardLoc[11]).toBe(1);
    expect(s.endReason).toBe(END_SIDE_GONE);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.8.4 synchronising with a block adds its level (LK-R03 levels-add): 2 + 2 > 3 stops the teleport', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 5)}\n${esper('C', 5)}\nenemies:\n${esper('B', 5)}`, [6, 6, 5, 5, 1, 1, 1, 1]);
    h.give(0, 4, 11);
    h.give(1, 22, 2);
    h.give(2, 9, 3);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.answer(2, 'response', play(D.K_TELEPORT, 'テレポート', { used: 3 }));
    h.answer(1, 'block', play(D.K_TELEPORT, 'テレポート', { level: 2, used: 2 }));
    h.answer(0, 'block-sync', play(D.K_SYNC, 'テレポート', { level: 2, used: 2 }));
    h.round();
    const s = h.game.s;
    expect(s.status[2]).toBe(ST_ACTIVE);
    expect(h.lines).toContain('    blocked: 4 > 3; the teleport fails');
    expect(s.cardLoc[22]).toBe(LOC_DISCARD);
    expect(s.cardLoc[11]).toBe(LOC_DISCARD);
    expect(h.dice.remaining).toBe(0);
  });
});

describe('10.10 jammers', () => {
  it('secret level (LK-R01 default): a card at or below it is refused — card and power back — and the esper plays again', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 5)}\nenemies:\n${esper('B', 5, ', jammer: 3')}`, [6, 6, 1, 1, 1, 1]);
    h.give(0, 4, 5);
    h.give(1, 2, 3);
    h.answer(1, 'jammer', play(D.K_TARGET, undefined, { target: 0 }));
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }), play(D.K_ATTACK, 'ビームキャノン', { used: 4 }));
    h.round();
    const s = h.game.s;
    expect(h.lines).toContain('    the jammer says 出せません: card and power go back');
    expect(s.cardLoc[4]).toBe(0);
    expect(s.power[0]).toBe(16);
    // 14 vs 6 → ratio 2.3 (column 3), 2D6 = 2 → 1 damage.
    expect(s.dur[1]).toBe(5);
    // Second time round, cards at or below the refused level are no longer offered.
    const second = h.asked.filter((a) => a.esper === 0 && a.name === 'normal')[1];
    expect(second.legal.some((a) => D.aCard(a) === 4)).toBe(false);
    expect(h.dice.remaining).toBe(0);
  });

  it('known level (LK-R01 known): cards at or below it cannot even be tried', () => {
    const h = harness(`${DECK}\nrulings: { jammer_level: known }\nparty:\n${esper('A', 5)}\nenemies:\n${esper('B', 5, ', jammer: 3')}`, [6, 6, 1, 1]);
    h.give(0, 4, 5);
    h.give(1, 2, 3);
    h.answer(1, 'jammer', play(D.K_TARGET, undefined, { target: 0 }));
    h.round();
    const normal = h.asked.find((a) => a.esper === 0 && a.name === 'normal')!;
    expect(normal.legal.some((a) => D.aCard(a) === 4)).toBe(false);
    expect(normal.legal.some((a) => D.aCard(a) === 5)).toBe(true);
  });
});

describe('10.3 flow, 10.2 joining', () => {
  it('10.3.1 注1: the combat cards running out while refilling ends the combat at once', () => {
    const deck = 'deck:\n  - { kind: attack, name: レイガン, level: 1, power: 1, count: 2 }\n  - { kind: contact, level: 0, count: 2 }\nhand_size: 2';
    const h = harness(`${deck}\nparty:\n${esper('A', 5)}\nenemies:\n${esper('B', 5)}`, [6, 6, 1, 1, 1, 1]);
    h.give(0, 0, 1);
    h.give(1, 2, 3);
    h.answer(0, 'normal', play(D.K_ATTACK, 'レイガン', { used: 1 }));
    h.round();
    expect(h.game.s.over).toBe(false);
    h.round();
    expect(h.game.s.endReason).toBe(END_DECK_OUT);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.2.1 実はそこにいた (2D6=10 joins, LK-F04) and 実は生きていた → 残留思念 (11 → check; 12 → power 30, LK-F05)', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 5)}\n${esper('X', 3, ', start: bystander')}\nenemies:\n${esper('B', 5)}\n${esper('Y', 4, ', start: dead')}`, [5, 5, 5, 6, 6, 6]);
    const s = h.game.s;
    expect(s.status[1]).toBe(ST_ACTIVE);
    expect(s.status[3]).toBe(ST_RESIDUAL);
    expect(s.residual[3]).toBe(30);
    expect(h.dice.remaining).toBe(0);
  });

  it('10.2.1 「実はそこにいたチェック」を行なうことができる: a bystander who does not declare it rolls nothing and stays away', () => {
    const yaml = `${DECK}\nparty:\n${esper('A', 5)}\n${esper('X', 3, ', start: bystander')}\nenemies:\n${esper('B', 5)}`;
    const away = harness(yaml, [], [[1, 'there', pass]]);
    expect(away.game.s.status[1]).toBe(ST_OUT);
    expect(away.asked.filter((a) => a.name === 'there').map((a) => a.esper)).toEqual([1]);
    expect(away.lines).toContain('P-X: does not declare 実はそこにいた (stays away)');
    // Declaring it rolls the chart: 2D6 = 10 → joins (LK-F04).
    const there = harness(yaml, [5, 5]);
    expect(there.game.s.status[1]).toBe(ST_ACTIVE);
    expect(there.dice.remaining).toBe(0);
  });

  it('10.8.2 / 10.7 a residual thought attacks a body directly: neither escape nor defence is offered', () => {
    const h = harness(`${DECK}\nparty:\n${esper('A', 5, ', suit: 3')}\nenemies:\n${esper('B', 5)}\n${esper('Y', 4, ', start: dead')}`, [5, 6, 6, 6, 6, 6, 1, 1, 5, 5, 1, 1]);
    h.give(0, 9, 8);
    h.give(1, 2, 3);
    h.answer(2, 'normal', play(D.K_TARGET, undefined, { target: 0 }));
    h.round();
    const s = h.game.s;
    expect(s.residual[2]).toBe(30);
    expect(h.asked.some((a) => a.name === 'response')).toBe(false);
    // 30 vs 6 → column 4; 2D6 = 2 → 2 damage, to the body (the suit is untouched).
    expect(s.dur[0]).toBe(4);
    expect(s.suit[0]).toBe(3);
    expect(h.dice.remaining).toBe(0);
  });
});
