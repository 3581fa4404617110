// robot-skirmish rules (seed 000, 2−2−3 戦闘フェイズ): the attack roll, melee,
// shooting, friendly fire, point-blank, criticals and fumbles, defensive
// equipment, punch and kick — every roll forced with scripted dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/robot-skirmish/decisions.js';
import { filler, grep, setupRobot, type RobotSpec, type UnitSpec } from './helpers/robot-harness.js';

const FAR_S = filler('Zs', [3, 3]);
const FAR_R = filler('Zr', [87, 57]);
const unit = (name: string, at: [number, number], extra: Partial<UnitSpec> = {}): UnitSpec => ({ name, at, weapons: ['rifle'], ...extra });
const spec = (subject: UnitSpec[], reference: UnitSpec[], extra: Partial<RobotSpec> = {}): RobotSpec => ({
  subject: [...subject, FAR_S], reference: [...reference, FAR_R], ...extra,
});
/** The attack roll lines of the narration. */
const rolls = (lines: readonly string[]) => grep(lines, /roll: /).map((l) => l.trim());

describe('◆攻撃行動: attack value + 2D6 ≥ defence → damage value', () => {
  it('3 + 4 + 3 = 10 ≥ 10 hits for the rifle\'s 2; 3 + 4 + 2 = 9 misses', () => {
    const sp = spec([unit('A', [45, 10])], [unit('E', [45, 40], { weapons: [] })]);
    const hit = setupRobot(sp, [4, 3], { attack: [D.at(D.AK_SHOOT, 0, 2, 0)] });
    hit.game.playTurn(0);
    expect(rolls(hit.lines)).toEqual(['roll: 3 + 2d6=4+3 +0 → 10 vs defence 10: hit']);
    expect(hit.s.hp[hit.u('R-E')]).toBe(2);
    expect(hit.dice.remaining).toBe(0);
    const miss = setupRobot(sp, [4, 2], { attack: [D.at(D.AK_SHOOT, 0, 2, 0)] });
    miss.game.playTurn(0);
    expect(rolls(miss.lines)).toEqual(['roll: 3 + 2d6=4+2 +0 → 9 vs defence 10: miss']);
    expect(miss.s.hp[miss.u('R-E')]).toBe(4);
  });

  it('bonus points: attack +1 per point, defence +1 per point', () => {
    const r = setupRobot(spec([unit('A', [45, 10], { bonus: { attack: 2 } })], [unit('E', [45, 40], { weapons: [], bonus: { defence: 3 } })]), [4, 3], { attack: [D.at(D.AK_SHOOT, 0, 2, 0)] });
    r.game.playTurn(0);
    expect(rolls(r.lines)).toEqual(['roll: 5 + 2d6=4+3 +0 → 12 vs defence 13: miss']);
  });
});

describe('◆白兵攻撃: melee only against enemies in contact', () => {
  it('a sword is offered only at the enemy touching the attacker', () => {
    const r = setupRobot(spec([unit('A', [45, 30], { weapons: ['sword'] })], [unit('E', [49.5, 30], { weapons: [] }), unit('F', [30, 30], { weapons: [] })]), [5, 5], {
      attack: [(legal) => legal.find((a) => D.atKind(a) === D.AK_MELEE)!],
    });
    r.game.playTurn(0);
    const melee = r.p0.askedFor('attack')[0].legal.filter((a) => D.atKind(a) === D.AK_MELEE);
    expect(melee.map(D.atTarget)).toEqual([r.u('R-E')]);
    expect(r.s.hp[r.u('R-E')]).toBe(2);
  });
});

describe('◆射撃攻撃: range to the nearest part of the target, and a line of fire', () => {
  const shots = (r: ReturnType<typeof setupRobot>) => r.p0.askedFor('attack')[0]?.legal.filter((a) => D.atKind(a) === D.AK_SHOOT).map(D.atTarget) ?? [];
  it('range 40 reaches a small base whose centre is 41.9 away (its edge is 39.9); not 42.1', () => {
    const near = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 51.9], { weapons: [] })]), [], { attack: D.at(D.AK_END, 0) });
    near.game.playTurn(0);
    expect(shots(near)).toEqual([near.u('R-E')]);
    const far = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 52.1], { weapons: [] })]), []);
    far.game.playTurn(0);
    expect(far.p0.askedFor('attack')).toHaveLength(0); // nothing to do: no decision
  });

  it('blocking terrain across every ray removes the shot; a ray past its edge keeps it', () => {
    const wall = { kind: 'block', x: 30, y: 24, w: 30, h: 2 };
    const blocked = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 40], { weapons: [] })], { terrain: [wall] }), []);
    blocked.game.playTurn(0);
    expect(blocked.p0.askedFor('attack')).toHaveLength(0);
    const edge = { kind: 'block', x: 30, y: 24, w: 15, h: 2 };
    const partial = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 40], { weapons: [] })], { terrain: [edge] }), []);
    partial.game.playTurn(0);
    expect(shots(partial)).toEqual([partial.u('R-E')]);
  });

  it('hindering terrain does not block the line of fire', () => {
    const woods = { kind: 'hinder', x: 30, y: 24, w: 30, h: 2 };
    const r = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 40], { weapons: [] })], { terrain: [woods] }), []);
    r.game.playTurn(0);
    expect(shots(r)).toEqual([r.u('R-E')]);
  });
});

describe('誤射判定: shooting an enemy that touches a friend', () => {
  const sp = (rulings?: Record<string, string>) => spec(
    [unit('A', [45, 10]), unit('B', [40.5, 40], { weapons: [] }), unit('C', [49.5, 40], { weapons: [] })],
    [unit('E', [45, 40], { weapons: [] })], { rulings });
  const shoot = { attack: [D.at(D.AK_SHOOT, 0, 4, 0)] };
  it('1d6 = 2: a random touching friend (below(2) → the second) is hit, no attack roll', () => {
    const r = setupRobot(sp(), [2, 2], shoot);
    r.game.playTurn(0);
    expect(grep(r.lines, /friendly-fire/)[0]).toContain('d6=2 → hits S-C');
    expect(rolls(r.lines)).toEqual([]);
    expect(r.s.hp[r.u('S-C')]).toBe(2);
    expect(r.s.hp[r.u('R-E')]).toBe(4);
    expect(r.dice.remaining).toBe(0);
  });
  it('1d6 = 3: clear, the attack is rolled against the enemy', () => {
    const r = setupRobot(sp(), [3, 5, 5], shoot);
    r.game.playTurn(0);
    expect(rolls(r.lines)).toHaveLength(1);
    expect(r.s.hp[r.u('R-E')]).toBe(2);
  });
  it('RS-R04 on-hit: the attack is rolled first; a hit then goes to a friend on 1–2', () => {
    const r = setupRobot(sp({ friendly_fire: 'on-hit' }), [5, 5, 1, 1], shoot);
    r.game.playTurn(0);
    expect(rolls(r.lines)).toHaveLength(1);
    expect(r.s.hp[r.u('S-B')]).toBe(2);
    expect(r.s.hp[r.u('R-E')]).toBe(4);
  });
  it('no check when no friend touches the target', () => {
    const r = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 40], { weapons: [] })]), [5, 5], { attack: [D.at(D.AK_SHOOT, 0, 2, 0)] });
    r.game.playTurn(0);
    expect(grep(r.lines, /friendly-fire/)).toEqual([]);
  });
});

describe('接射: point-blank shooting', () => {
  // B touches E too: a normal shot at E would need a friendly-fire check.
  const sp = spec([unit('A', [45, 30]), unit('B', [49.5, 34.5], { weapons: [] })], [unit('E', [49.5, 30], { weapons: [] }), unit('F', [45, 50], { weapons: [] })]);
  it('a unit touching an enemy may shoot only the enemies it touches, at −2, with no friendly-fire check', () => {
    const r = setupRobot(sp, [5, 5], { attack: [(legal) => legal.find((a) => D.atKind(a) === D.AK_SHOOT)!] });
    r.game.playTurn(0);
    const shots = r.p0.askedFor('attack')[0].legal.filter((a) => D.atKind(a) === D.AK_SHOOT && D.atActor(a) === 0);
    expect(shots.map(D.atTarget)).toEqual([r.u('R-E')]);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=5+5 −2 → 11 vs defence 10: hit']);
    expect(grep(r.lines, /friendly-fire/)).toEqual([]);
    expect(grep(r.lines, /point-blank/)).toHaveLength(1);
  });
  it('a point-blank fumble costs 1 plus the weapon\'s damage (rifle 2), unpreventable', () => {
    const r = setupRobot(spec([unit('A', [45, 30], { size: 'large', equipment: ['heavy_armour'] })], [unit('E', [51, 30], { weapons: [] })]), [1, 1], {
      attack: [(legal) => legal.find((a) => D.atKind(a) === D.AK_SHOOT)!],
    });
    r.game.playTurn(0);
    expect(r.s.hp[r.u('S-A')]).toBe(8 - 3);
    expect(r.dice.remaining).toBe(0); // no armour roll
  });
});

describe('◆クリティカルとファンブル', () => {
  it('6-6 hits whatever the modifiers (3 + 12 vs defence 20) and offers the effects that apply', () => {
    const r = setupRobot(spec([unit('A', [45, 10], { weapons: ['beam_rifle'] })], [unit('E', [45, 40], { weapons: [], size: 'medium', equipment: ['heavy_armour'] })], {
      catalogue: { base: { defence: 20 } },
    }), [6, 6, 1], { attack: [D.at(D.AK_SHOOT, 0, 2, 0)], critical: D.CR_MAX_DICE });
    r.game.playTurn(0);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=6+6 +0 → 15 vs defence 20: CRITICAL']);
    expect(r.p0.askedFor('critical')[0].legal).toEqual([D.CR_PLUS_ONE, D.CR_IGNORE_ARMOUR, D.CR_MAX_DICE]);
    // 1d6−1 as all sixes = 5, heavy armour d6=1 → −1: 4.
    expect(r.s.hp[r.u('R-E')]).toBe(6 - 4);
  });
  it('+1 damage; ignoring the heavy armour skips its roll; dice as sixes', () => {
    const base = (crit: number, faces: number[]) => setupRobot(spec([unit('A', [45, 10], { weapons: ['beam_rifle'] })], [unit('E', [45, 40], { weapons: [], size: 'large', equipment: ['heavy_armour'] })]), faces, {
      attack: [D.at(D.AK_SHOOT, 0, 2, 0)], critical: crit,
    });
    const plus = base(D.CR_PLUS_ONE, [6, 6, 4, 3]); // damage die 4 → 3, +1 → 4, armour d6=3 → −1 → 3
    plus.game.playTurn(0);
    expect(plus.s.hp[plus.u('R-E')]).toBe(8 - 3);
    const ignore = base(D.CR_IGNORE_ARMOUR, [6, 6, 4]); // 3, no armour roll
    ignore.game.playTurn(0);
    expect(ignore.s.hp[ignore.u('R-E')]).toBe(8 - 3);
    expect(ignore.dice.remaining).toBe(0);
    const sixes = base(D.CR_MAX_DICE, [6, 6, 1]); // 6−1 = 5, armour d6=1 → −1 → 4 (no damage die rolled)
    sixes.game.playTurn(0);
    expect(sixes.s.hp[sixes.u('R-E')]).toBe(8 - 4);
    expect(sixes.dice.remaining).toBe(0);
  });
  it('1-1 misses whatever the modifiers and costs 1 unpreventable damage', () => {
    const r = setupRobot(spec([unit('A', [45, 10], { bonus: { attack: 3 } })], [unit('E', [45, 40], { weapons: [] })], { catalogue: { base: { defence: 2 } } }), [1, 1], {
      attack: [D.at(D.AK_SHOOT, 0, 2, 0)],
    });
    r.game.playTurn(0);
    expect(rolls(r.lines)[0]).toMatch(/FUMBLE$/);
    expect(r.s.hp[r.u('S-A')]).toBe(3);
    expect(r.s.hp[r.u('R-E')]).toBe(4);
  });
});

describe('equipment from the construction rules', () => {
  const target = (equipment: string[], extra: Partial<UnitSpec> = {}) => unit('E', [45, 40], { weapons: [], size: 'large', equipment, ...extra });
  const shootE = { attack: [D.at(D.AK_SHOOT, 0, 2, 0)] };
  it('heavy armour: each hit −max(1, 1d6−2); RS-R07 reduction-min-1 lets it fall to 0, damage-min-1 keeps 1', () => {
    const a = setupRobot(spec([unit('A', [45, 10])], [target(['heavy_armour'])]), [5, 5, 6], shootE);
    a.game.playTurn(0);
    expect(a.s.hp[a.u('R-E')]).toBe(8); // 2 − 4 → 0
    const b = setupRobot(spec([unit('A', [45, 10])], [target(['heavy_armour'])], { rulings: { heavy_armour: 'damage-min-1' } }), [5, 5, 6], shootE);
    b.game.playTurn(0);
    expect(b.s.hp[b.u('R-E')]).toBe(7);
    const c = setupRobot(spec([unit('A', [45, 10])], [target(['heavy_armour'])]), [5, 5, 2], shootE);
    c.game.playTurn(0);
    expect(c.s.hp[c.u('R-E')]).toBe(7); // max(1, 0) = 1
  });
  it('heavy armour: move −5', () => {
    const r = setupRobot(spec([unit('A', [45, 10], { equipment: ['heavy_armour'] })], [unit('E', [45, 50])]), []);
    expect(r.s.mv[0]).toBe(5);
  });
  it('clone: a 5–6 on 1d6 cancels the hit; 4 does not', () => {
    const a = setupRobot(spec([unit('A', [45, 10])], [target(['clone'])]), [5, 5, 5], shootE);
    a.game.playTurn(0);
    expect(a.s.hp[a.u('R-E')]).toBe(8);
    expect(grep(a.lines, /clone: d6=5 → the hit is cancelled/)).toHaveLength(1);
    const b = setupRobot(spec([unit('A', [45, 10])], [target(['clone'])]), [5, 5, 4], shootE);
    b.game.playTurn(0);
    expect(b.s.hp[b.u('R-E')]).toBe(6);
  });
  it('evasion booster: attacks against it −2 (shooting and melee)', () => {
    const r = setupRobot(spec([unit('A', [45, 10])], [target(['evasion_booster'])]), [5, 5], shootE);
    r.game.playTurn(0);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=5+5 −2 → 11 vs defence 10: hit']);
    const m = setupRobot(spec([unit('A', [45, 34], { weapons: ['sword'] })], [target(['evasion_booster'], { at: [45, 40] })]), [5, 5], { attack: [D.at(D.AK_MELEE, 0, 2, 0)] });
    m.game.playTurn(0);
    expect(rolls(m.lines)).toEqual(['roll: 3 + 2d6=5+5 −2 → 11 vs defence 10: hit']);
  });
  it('jammer: cannot be shot except point-blank', () => {
    const far = setupRobot(spec([unit('A', [45, 10])], [target(['jammer'])]), []);
    far.game.playTurn(0);
    expect(far.p0.askedFor('attack')).toHaveLength(0);
    const close = setupRobot(spec([unit('A', [45, 34])], [target(['jammer'])]), [5, 5], { attack: [(legal) => legal.find((a) => D.atKind(a) === D.AK_SHOOT)!] });
    close.game.playTurn(0);
    expect(rolls(close.lines)).toEqual(['roll: 3 + 2d6=5+5 −2 → 11 vs defence 10: hit']);
  });
  it('anti-EN field: an EN weapon\'s damage −2 (ruling RS-F09); other weapons unchanged', () => {
    const en = setupRobot(spec([unit('A', [45, 10], { weapons: ['beam_rifle'] })], [target(['anti_en_field'])]), [5, 5, 6], shootE);
    en.game.playTurn(0);
    expect(en.s.hp[en.u('R-E')]).toBe(8 - 3); // 6 − 1 = 5, −2
    const plain = setupRobot(spec([unit('A', [45, 10])], [target(['anti_en_field'])]), [5, 5], shootE);
    plain.game.playTurn(0);
    expect(plain.s.hp[plain.u('R-E')]).toBe(6);
  });
  it('the anti-EN reduction is data (catalogue.base.anti_en_reduction, RS-F09): 3 takes 3 off the same hit', () => {
    const en = setupRobot(spec([unit('A', [45, 10], { weapons: ['beam_rifle'] })], [target(['anti_en_field'])], { catalogue: { base: { anti_en_reduction: 3 } } }), [5, 5, 6], shootE);
    en.game.playTurn(0);
    expect(en.s.hp[en.u('R-E')]).toBe(8 - 2); // 6 − 1 = 5, −3
    expect(en.lines.some((l) => l.includes('anti-EN −3'))).toBe(true);
  });
});

describe('◆肉弾格闘攻撃: punch and kick', () => {
  const sp = (legs = true) => spec([unit('A', [45, 34], { weapons: [], legs })], [unit('E', [45, 40], { weapons: [], size: 'large' })]);
  it('punch: anyone, 1d−3 with a minimum of 1 (die 2 → 1, die 6 → 3)', () => {
    const lo = setupRobot(sp(), [5, 5, 2], { attack: [D.at(D.AK_PUNCH, 0, 2)] });
    lo.game.playTurn(0);
    expect(lo.s.hp[lo.u('R-E')]).toBe(7);
    const hi = setupRobot(sp(), [5, 5, 6], { attack: [D.at(D.AK_PUNCH, 0, 2)] });
    hi.game.playTurn(0);
    expect(hi.s.hp[hi.u('R-E')]).toBe(5);
  });
  it('kick: needs a leg; 1d−1 (min 1); the kicker always and a kicked unit that was hit make fall checks after the combat phase (RS-R08)', () => {
    const legless = setupRobot(sp(false), [], {});
    legless.game.playTurn(0);
    expect(legless.p0.askedFor('attack')[0].legal.filter((a) => D.atKind(a) === D.AK_KICK)).toEqual([]);
    // Hit (5+5), damage die 5 → 4; fall checks: kicker d6=1 falls, target d6=2 stays up.
    const r = setupRobot(sp(), [5, 5, 5, 1, 2], { attack: [D.at(D.AK_KICK, 0, 2)] });
    r.game.playTurn(0);
    expect(r.s.hp[r.u('R-E')]).toBe(4);
    expect(grep(r.lines, /fall check/)).toEqual(['  S-A fall check: d6=1 → falls (stands up with its next movement action)', '  R-E fall check: d6=2 → stays up']);
    expect(r.s.fallen[0]).toBe(1);
    expect(r.dice.remaining).toBe(0);
    // Its next movement action is standing up.
    r.game.playTurn(1);
    r.game.playTurn(0);
    expect(grep(r.lines, /S-A stands up/)).toHaveLength(1);
    expect(r.s.fallen[0]).toBe(0);
  });
  it('a missed kick: only the kicker checks', () => {
    const r = setupRobot(sp(), [1, 2, 6], { attack: [D.at(D.AK_KICK, 0, 2)] });
    r.game.playTurn(0);
    expect(grep(r.lines, /fall check/)).toEqual(['  S-A fall check: d6=6 → stays up']);
  });
});
