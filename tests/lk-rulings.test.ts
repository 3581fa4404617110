// chojin-locke: each switchable ruling's non-default reading, and the partly
// slept synchronised attack of 10.7.2, with scripted dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/chojin-locke/decisions.js';
import { LOC_DISCARD, ST_ACTIVE, ST_ESCAPED } from '../src/rules/chojin-locke/state.js';
import { harness, play } from './helpers/lk-harness.js';

const DECK = `deck:
  - { kind: attack, name: バズーカ, level: 3, power: 7 }      # 0
  - { kind: attack, name: ブラスター, level: 2, power: 5 }    # 1
  - { kind: teleport, name: テレポート, level: 4 }            # 2
  - { kind: teleport, name: テレポート, level: 2 }            # 3
  - { kind: teleport, name: テレポート, level: 2 }            # 4
  - { kind: illusion, name: 幻覚, level: 3 }                  # 5
  - { kind: contact, level: 0, count: 10 }                    # 6..15
hand_size: 2`;
const esper = (name: string, lv: number, extra = ''): string => `  - { name: ${name}, level: ${lv}, power: 20, durability: 6, willpower: 5${extra} }`;
const three = (rulings: string): string => `${DECK}\n${rulings}party:\n${esper('A', 5)}\n${esper('C', 5)}\nenemies:\n${esper('B', 5)}`;

describe('10.7.2 幻覚 against a synchronised attack', () => {
  it('「起きている人の分だけが飛んでくる」: the base attacker stays awake, a synchroniser sleeps → only the awake part comes', () => {
    const h = harness(three(''), [6, 6, 5, 5, 1, 1, 1, 1, 6, 6, 6, 6]);
    h.give(0, 0, 6);
    h.give(1, 1, 7);
    h.give(2, 5, 8);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.answer(1, 'sync', play(D.K_SYNC, 'ブラスター', { used: 2 }));
    h.answer(2, 'response', play(D.K_ILLUSION, '幻覚', { used: 3 }));
    h.round();
    expect(h.lines).toContain('    the attack still comes with power 7');
    // 7 vs 6 → ratio 1.17 (column 2), 2D6 = 12 → 3.
    expect(h.game.s.dur[2]).toBe(3);
    expect(h.dice.remaining).toBe(0);
  });
});

describe('switchable rulings', () => {
  it('LK-R02 higher-level-immune: an esper above the illusion\'s level makes no check', () => {
    const h = harness(`${DECK}\nrulings: { illusion_check: higher-level-immune }\nparty:\n${esper('A', 5)}\n${esper('C', 2)}\nenemies:\n${esper('B', 5)}`, [6, 6, 5, 5, 1, 1, 6, 6, 1, 1]);
    h.give(0, 0, 6);
    h.give(1, 7, 8);
    h.give(2, 5, 9);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.answer(2, 'response', play(D.K_ILLUSION, '幻覚', { used: 3 }));
    h.round();
    // A (Lv5 > 3) is immune; C (Lv2) checks: 12 → asleep. The attack still comes (A awake): 7 vs 6, 2D6 = 2 → 0.
    expect(h.lines.filter((l) => l.includes('illusion check')).length).toBe(1);
    expect(h.game.s.status[2]).toBe(ST_ACTIVE);
    expect(h.dice.remaining).toBe(0);
  });

  it('LK-R03 plus-one-each: a Lv2 block with one Lv2 synchroniser counts 2 + 1 = 3, not above a Lv4 teleport (levels-add would give 4)', () => {
    const h = harness(three('rulings: { teleport_sync: plus-one-each }\n'), [6, 6, 5, 5, 1, 1, 1, 1]);
    h.give(0, 0, 3);
    h.give(1, 4, 6);
    h.give(2, 2, 7);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.answer(2, 'response', play(D.K_TELEPORT, 'テレポート', { used: 4 }));
    h.answer(1, 'block', play(D.K_TELEPORT, 'テレポート', { used: 2 }));
    h.answer(0, 'block-sync', play(D.K_SYNC, 'テレポート', { used: 2 }));
    h.round();
    expect(h.lines.some((l) => l.includes('the block fails (3 ≤ 4)'))).toBe(true);
    expect(h.game.s.status[2]).toBe(ST_ESCAPED);
  });

  it('LK-R07 blocker-only: the synchroniser of a failed hoped-for block loses its card; the blocker gets its own back', () => {
    const h = harness(three('rulings: { failed_block_refund: blocker-only }\n'), [6, 6, 5, 5, 1, 1]);
    h.give(0, 0, 3);
    h.give(1, 4, 6);
    h.give(2, 2, 7);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.answer(2, 'response', play(D.K_TELEPORT, 'テレポート', { used: 4 }));
    h.answer(1, 'block', play(D.K_TELEPORT, 'テレポート', { used: 2 }));
    h.answer(0, 'block-sync', play(D.K_SYNC, 'テレポート', { used: 2 }));
    h.round();
    // 2 + 2 = 4, not above 4: failed.
    expect(h.game.s.cardLoc[4]).toBe(1);
    expect(h.game.s.cardLoc[3]).toBe(LOC_DISCARD);
    expect(h.game.s.power[0]).toBe(20 - 3 - 2);
    expect(h.game.s.power[1]).toBe(20);
  });

  it('LK-R07 everyone (default): both cards and both powers go back', () => {
    const h = harness(three(''), [6, 6, 5, 5, 1, 1]);
    h.give(0, 0, 3);
    h.give(1, 4, 6);
    h.give(2, 2, 7);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.answer(2, 'response', play(D.K_TELEPORT, 'テレポート', { used: 4 }));
    h.answer(1, 'block', play(D.K_TELEPORT, 'テレポート', { used: 2 }));
    h.answer(0, 'block-sync', play(D.K_SYNC, 'テレポート', { used: 2 }));
    h.round();
    expect(h.game.s.cardLoc[4]).toBe(1);
    expect(h.game.s.cardLoc[3]).toBe(0);
    expect(h.game.s.power[0]).toBe(20 - 3);
  });

  it('LK-R05 combat: an esper put to sleep stays asleep in the next round (no turn)', () => {
    const h = harness(three('rulings: { sleep: combat }\n'), [6, 6, 5, 5, 1, 1, 6, 6, 1, 1, /* round 2: A and B refill one card each */ 1, 1, 6, 6, 5, 5, 1, 1]);
    h.give(0, 0, 6);
    h.give(1, 7, 8);
    h.give(2, 5, 9);
    h.answer(0, 'normal', play(D.K_ATTACK, 'バズーカ', { used: 3 }));
    h.answer(2, 'response', play(D.K_ILLUSION, '幻覚', { used: 3 }));
    h.round();
    expect(h.game.s.asleep[0]).toBe(1);
    h.round();
    expect(h.lines).toContain('  P-A is asleep');
    expect(h.asked.filter((a) => a.esper === 0 && a.name === 'normal').length).toBe(1);
    expect(h.dice.remaining).toBe(0);
  });
});
