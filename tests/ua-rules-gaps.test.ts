// URBAN ASSAULT clauses an audit found untested (issue 13): the frag grenade's damage thresholds, the flashlight,
// the 対爆スーツ's every effect, loot face 4, and the §06 1d3 of the shared dice arithmetic (src/sim/core/dice.ts).
// Forced dice; each test names its clause.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { DiceBase, RngDice } from '../src/sim/core/dice.js';
import { gameStream } from '../src/sim/core/streams.js';
import { leaderAct, playUa, PASS, type UaSpec } from './helpers/ua-harness.js';

type Obj = Record<string, unknown>;
function spec(squad: Obj, opts: { level?: number; location?: string; dark?: boolean; attacks?: number; loot?: unknown; count?: number } = {}): UaSpec {
  return {
    engagements: [{
      name: 'e', location: opts.location ?? 'indoor', ...(opts.dark ? { dark: true } : {}),
      enemies: [{ name: 'foes', count: opts.count ?? 3, level: opts.level ?? 4, attacks: opts.attacks ?? 0 }],
      reaction: 'fight_to_the_end', ...(opts.loot !== undefined ? { loot: opts.loot } : {}),
    }],
    gauntlet: { max_rounds: 1 },
    squad,
  };
}
const command = { sub_ability: 'command' }; // 射撃ロール with 技量点 (UA-R16)
const frag = { opening: D.A_PREEMPT, round0: PASS, leader: leaderAct(D.K_FRAG, 0) };

describe('§28 フラググレネード: ≥ level → 1 damage, ≥ level + 3 → 2 (max 2), +1 indoors', () => {
  // Base: 技量 0 for a 10-XP 指揮 leader with no XP in skill (checked from the log: "+0" outdoors, "+1" indoors).
  it.each([
    ['outdoor', 3, 'd6=3 +0 → 3 vs 4', 0],
    ['outdoor', 4, 'd6=4 +0 → 4 vs 4', 1],
    ['outdoor', 6, 'd6=6 +0 → 6 vs 4', 1],
    ['indoor', 3, 'd6=3 +1 → 4 vs 4', 1],
    ['indoor', 6, 'd6=6 +1 → 7 vs 4', 2],
  ] as const)('%s, face %i: %s → %i soldier(s) down', (location, face, line, killed) => {
    const r = playUa(spec({ leader: command, buy: ['frag_grenade'] }, { location }), [face], frag);
    expect(r.lines.some((l) => l.includes(`frag grenade at foes: ${line}`))).toBe(true);
    expect(3 - r.game.s.unitLeft[0]).toBe(killed);
    expect(r.dice.remaining).toBe(0);
  });
  it('level + 3 is the edge: outdoors at level 3, face 6 (6 ≥ 3 + 3) → 2; face 5 → 1', () => {
    expect(3 - playUa(spec({ leader: command, buy: ['frag_grenade'] }, { location: 'outdoor', level: 3 }), [6], frag).game.s.unitLeft[0]).toBe(2);
    expect(3 - playUa(spec({ leader: command, buy: ['frag_grenade'] }, { location: 'outdoor', level: 3 }), [5], frag).game.s.unitLeft[0]).toBe(1);
  });
});

describe('§28 フラッシュライト: no darkness penalty on shooting; −1 to the leader\'s defence in the dark', () => {
  const shoot = { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) };
  it('in the dark the AR shoots at −1 without it and +0 with it (UA-R13)', () => {
    const without = playUa(spec({ leader: command }, { dark: true }), [4], shoot);
    const withLight = playUa(spec({ leader: command, attachment: 'flashlight', buy: ['flashlight'] }, { dark: true }), [4], shoot);
    const roll = (r: ReturnType<typeof playUa>) => r.lines.find((l) => l.includes('leader shoots at foes'))!;
    expect(roll(without)).toMatch(/d6=4 −1 → /);
    expect(roll(withLight)).toMatch(/d6=4 \+0 → /);
  });
});

describe('§28 対爆スーツ: max life +2, 攻撃ロール −1, 察知 −1 (UA-R52), blast/trap −1 (UA-R70, UA-R88)', () => {
  it('max life +2 and the gun\'s attack roll −1', () => {
    const plain = playUa(spec({ leader: command, magazines: 8 }), [4], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) });
    const eod = playUa(spec({ leader: command, armour: 'eod_suit', buy: ['eod_suit'], magazines: 16 }), [4], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) });
    const plainArmour = plain.game.s.armour ? plain.game.s.armour.life : 0;
    expect(eod.game.s.lifeMax - (plain.game.s.lifeMax - plainArmour)).toBe(2);
    const mod = (r: ReturnType<typeof playUa>) => Number(r.lines.find((l) => l.includes('leader shoots'))!.match(/d6=4 ([+−]\d+)/)![1].replace('−', '-'));
    expect(mod(eod) - mod(plain)).toBe(-1 - (plain.game.s.armour ? plain.game.s.armour.attack : 0));
  });
});

describe('§40 戦利品表 face 4: 少額軍票 1d6 × 1d6', () => {
  it('face 4, then 3 and 5: 15 軍票, no magazines', () => {
    const r = playUa(spec({ leader: command }, { loot: 'table', count: 1 }), [5, 4, 3, 5], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) });
    expect(r.lines).toContain('  loot table d6=4: 0 magazine(s), scrip 15');
    expect(r.game.s.scrip).toBe(15);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('§06 1d3 in the shared dice arithmetic (src/sim/core/dice.ts, not the test helper)', () => {
  class Faces extends DiceBase {
    draws = 0;
    constructor(private readonly values: number[]) { super(); }
    below(n: number): number {
      const v = this.values.shift()!;
      if (v >= n) throw new Error('out of range');
      return v;
    }
  }
  it('d3 is the d6 face halved, rounded up: below(6) = 0…5 → 1, 1, 2, 2, 3, 3', () => {
    const d = new Faces([0, 1, 2, 3, 4, 5]);
    expect([d.d3(), d.d3(), d.d3(), d.d3(), d.d3(), d.d3()]).toEqual([1, 1, 2, 2, 3, 3]);
  });
  it('RngDice.d3 is uniform: 60,000 draws, each face within 4 SE of 1/3', () => {
    const d = new RngDice(gameStream(7, 0));
    const n = 60_000, c = [0, 0, 0, 0];
    for (let i = 0; i < n; i++) c[d.d3()]++;
    expect(c[0]).toBe(0);
    const se = Math.sqrt(n * (1 / 3) * (2 / 3));
    for (let f = 1; f <= 3; f++) expect(Math.abs(c[f] - n / 3)).toBeLessThan(4 * se);
  });
});
