// robot-skirmish rules (seed 000, ◆攻撃特殊行動): charge and intercept,
// multi-attack, formation attacks (with the seed's worked example), throwing
// and picking up, concentration — with forced dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/robot-skirmish/decisions.js';
import { filler, grep, setupRobot, type RobotSpec, type UnitSpec } from './helpers/robot-harness.js';

const FAR_S = filler('Zs', [3, 3]);
const FAR_R = filler('Zr', [87, 57]);
const unit = (name: string, at: [number, number], extra: Partial<UnitSpec> = {}): UnitSpec => ({ name, at, weapons: ['rifle'], ...extra });
const spec = (subject: UnitSpec[], reference: UnitSpec[], extra: Partial<RobotSpec> = {}): RobotSpec => ({
  subject: [...subject, FAR_S], reference: [...reference, FAR_R], ...extra,
});
const rolls = (lines: readonly string[]) => grep(lines, /roll: /).map((l) => l.trim());
const pick = (kind: number, pred: (a: number) => boolean = () => true) => (legal: readonly number[]) => {
  const a = legal.find((x) => D.atKind(x) === kind && pred(x));
  if (a === undefined) throw new Error(`no legal ${D.ATTACK_KIND_NAMES[kind]} in [${legal.join(', ')}]`);
  return a;
};

describe('◆突撃: move, then melee; 1 unpreventable self-damage', () => {
  it('a sword unit 8 away (move 10) charges into contact, attacks, and takes 1 whatever the result', () => {
    const r = setupRobot(spec([unit('A', [45, 20], { weapons: ['sword'], equipment: ['heavy_armour'], bonus: { move: 2 } })], [unit('E', [45, 32], { weapons: [] })]), [2, 2], {
      attack: [pick(D.AK_CHARGE)],
    });
    r.game.playTurn(0);
    expect(r.s.inContact(0, r.u('R-E'))).toBe(true);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=2+2 +0 → 7 vs defence 10: miss']);
    expect(r.s.hp[0]).toBe(3); // no armour roll: unpreventable
    expect(r.dice.remaining).toBe(0);
    expect(r.record).toBeDefined();
  });
  it('not offered without a melee weapon, out of reach, or when already in contact', () => {
    const gun = setupRobot(spec([unit('A', [45, 20])], [unit('E', [45, 32], { weapons: [] })]), []);
    gun.game.playTurn(0);
    expect(gun.p0.askedFor('attack')[0]?.legal.filter((a) => D.atKind(a) === D.AK_CHARGE) ?? []).toEqual([]);
    const far = setupRobot(spec([unit('A', [45, 10], { weapons: ['sword', 'handgun'] })], [unit('E', [45, 30], { weapons: [] })]), []);
    far.game.playTurn(0);
    expect(far.p0.askedFor('attack')[0]?.legal.filter((a) => D.atKind(a) === D.AK_CHARGE) ?? []).toEqual([]);
    const touching = setupRobot(spec([unit('A', [45, 20], { weapons: ['sword'] })], [unit('E', [45, 24.5], { weapons: [] }), unit('F', [40, 30], { weapons: [] })]), []);
    touching.game.playTurn(0);
    expect(touching.p0.askedFor('attack')[0].legal.filter((a) => D.atKind(a) === D.AK_CHARGE)).toEqual([]);
  });
});

describe('◆迎撃: a charged unit with a ranged weapon, not in contact before, shoots normally', () => {
  const sp = spec([unit('A', [45, 20], { weapons: ['sword'] })], [unit('E', [45, 30])]);
  it('the interception is rolled after the charge move, terrain modifiers ignored; its damage comes after the charge and its self-damage', () => {
    // Interception 5+5 (no stealth −2), charge 2+2 misses, self-damage 1, interception damage 2.
    const r = setupRobot(sp, [5, 5, 2, 2], { attack: [pick(D.AK_CHARGE)] }, { intercept: (legal) => legal[1] });
    r.s.stealth[0] = 1;
    r.game.playTurn(0);
    expect(r.p1.askedFor('intercept')[0].legal).toEqual([D.WR_NONE, r.w('R-E', 0)]);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=5+5 +0 → 13 vs defence 10: hit', 'roll: 3 + 2d6=2+2 +0 → 7 vs defence 10: miss']);
    const order = r.lines.map((l) => l.trim());
    const self = order.findIndex((l) => l.includes('takes 1 unpreventable damage from the charge'));
    const dmg = order.findIndex((l) => l.includes('the interception hits'));
    expect(self).toBeGreaterThan(0);
    expect(dmg).toBeGreaterThan(self);
    expect(r.s.hp[0]).toBe(4 - 1 - 2);
  });
  it('集中 「いかなるときでも、ダイスを振る前に」: the interceptor may concentrate before its roll; the token blocks its next own turn\'s attacks and goes at its end', () => {
    // Interceptor concentrates d6=5 → +3; interception 2+2 +3 → 10 hits; charge 2+2 misses; interception damage 2.
    const r = setupRobot(sp, [5, 2, 2, 2, 2], { attack: [pick(D.AK_CHARGE)] }, { intercept: (legal) => legal[1], concentrate: D.A_YES, attack: (legal) => legal[0] });
    r.game.playTurn(0);
    expect(r.p1.askedFor('concentrate').map((a) => a.actor)).toEqual([r.u('R-E')]);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=2+2 +3 → 10 vs defence 10: hit', 'roll: 3 + 2d6=2+2 +0 → 7 vs defence 10: miss']);
    expect(r.s.hp[0]).toBe(4 - 1 - 2);
    expect(r.s.concTurn[r.u('R-E')]).toBe(1); // placed before the reference side's first turn: it goes at that turn's end
    r.game.playTurn(1);
    expect(r.p1.askedFor('attack').filter((a) => a.actor === r.u('R-E'))).toEqual([]);
    expect(grep(r.lines, /R-E's concentration token is removed/)).toHaveLength(1);
    expect(r.dice.remaining).toBe(0);
  });
  it('no interception when the target already touched an enemy', () => {
    const r = setupRobot(spec([unit('A', [45, 20], { weapons: ['sword'] }), unit('B', [49.5, 36], { weapons: [] })], [unit('E', [45, 30]), unit('F', [49.5, 40.5], { weapons: [] })]), [2, 2], {
      attack: [pick(D.AK_CHARGE, (a) => D.atTarget(a) === 3)],
    }, { intercept: (legal) => legal[legal.length - 1] });
    r.s.x[1] = 49; r.s.y[1] = 30; // B now touches E
    r.game.playTurn(0);
    expect(r.p1.askedFor('intercept')).toEqual([]);
  });
});

describe('◆複数攻撃: n weapons at −(n−1) each; targets may differ', () => {
  const sp = spec([unit('A', [45, 10], { weapons: ['rifle', 'missile_pod'] })], [unit('E', [40, 35], { weapons: [] }), unit('F', [50, 35], { weapons: [] })]);
  it('a rifle and a 2-barrel pod give three weapons; identical barrels are taken in order (3 subsets)', () => {
    const r = setupRobot(sp, [5, 5, 5, 5], { attack: [pick(D.AK_MULTI, (a) => D.atMask(a) === 0b011)], 'multi-target': [(l) => l[0], (l) => l[1]] });
    r.game.playTurn(0);
    const masks = r.p0.askedFor('attack')[0].legal.filter((a) => D.atKind(a) === D.AK_MULTI).map(D.atMask).sort();
    expect(masks).toEqual([0b011, 0b110, 0b111]);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=5+5 −1 → 12 vs defence 10: hit', 'roll: 3 + 2d6=5+5 −1 → 12 vs defence 10: hit']);
    expect(r.s.hp[r.u('R-E')]).toBe(2); // rifle
    expect(r.s.hp[r.u('R-F')]).toBe(3); // pod
  });
  it('the seed\'s 6連キャノン: six barrels, six attacks at −5 each', () => {
    const r = setupRobot(spec([unit('A', [45, 10], { size: 'medium', weapons: ['six_cannon'] })], [unit('E', [45, 30], { weapons: [], size: 'large' })]),
      [6, 5, 6, 5, 6, 5, 6, 5, 6, 5, 6, 5], { attack: [pick(D.AK_MULTI, (a) => D.atMask(a) === 0b111111)] });
    r.game.playTurn(0);
    expect(rolls(r.lines)).toHaveLength(6);
    for (const l of rolls(r.lines)) expect(l).toBe('roll: 3 + 2d6=6+5 −5 → 9 vs defence 10: miss');
  });
});

describe('◆陣形攻撃 (formation attacks)', () => {
  // The seed's example: A (small), B (small), C (medium) attack D in a melee formation, A the main attacker.
  const example = (cSize = 'medium') => spec(
    [unit('A', [45, 25.5], { weapons: ['sword'] }), unit('B', [40.2, 30], { weapons: ['sword'] }), unit('C', [45, cSize === 'medium' ? 35 : 34.5], { size: cSize, weapons: ['sword'] })],
    [unit('D', [45, 30], { size: 'small', weapons: [] })]);
  const formation = (r: ReturnType<typeof setupRobot>) => pick(D.AK_FORM_MELEE, (a) => D.atActor(a) === 0 && D.atMask(a) === ((1 << r.u('S-B')) | (1 << r.u('S-C'))) && D.atWeapon(a) === r.w('S-A', 0));

  it('example: mixed sizes → +1 per sub-attacker; B\'s to attack and C\'s to damage gives attack +1 and damage +1', () => {
    let r!: ReturnType<typeof setupRobot>;
    r = setupRobot(example(), [4, 2], { attack: [(l) => formation(r)(l)], split: 1 });
    r.game.playTurn(0);
    expect(r.p0.askedFor('split')[0].legal).toEqual([0, 1, 2]); // damage +2, +1/+1, attack +2
    expect(grep(r.lines, /sub-attackers × 1/)).toHaveLength(1);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=4+2 +1 → 10 vs defence 10: hit']);
    expect(r.s.hp[r.u('R-D')]).toBe(4 - 3); // sword 2 + 1
  });

  it('example: the other patterns, attack +2 or damage +2', () => {
    let r!: ReturnType<typeof setupRobot>;
    r = setupRobot(example(), [4, 1], { attack: [(l) => formation(r)(l)], split: 2 });
    r.game.playTurn(0);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=4+1 +2 → 10 vs defence 10: hit']);
    expect(r.s.hp[r.u('R-D')]).toBe(2);
    let q!: ReturnType<typeof setupRobot>;
    q = setupRobot(example(), [4, 3], { attack: [(l) => formation(q)(l)], split: 0 });
    q.game.playTurn(0);
    expect(rolls(q.lines)).toEqual(['roll: 3 + 2d6=4+3 +0 → 10 vs defence 10: hit']);
    expect(q.s.hp[q.u('R-D')]).toBe(0);
  });

  it('example: A\'s action ends, B and C keep theirs and may act next', () => {
    let r!: ReturnType<typeof setupRobot>;
    r = setupRobot(example(), [1, 2, 1, 2], { attack: [(l) => formation(r)(l), pick(D.AK_MELEE, (a) => D.atActor(a) === 1)], split: 0 });
    r.game.playTurn(0);
    const second = r.p0.askedFor('attack')[1].legal;
    expect(second.some((a) => D.atActor(a) === 0 && D.atKind(a) !== D.AK_END)).toBe(false);
    expect(second.some((a) => D.atActor(a) === 1)).toBe(true);
    expect(second.some((a) => D.atActor(a) === 2)).toBe(true);
    // B may now lead a formation with C only.
    expect(second.filter((a) => D.atKind(a) === D.AK_FORM_MELEE && D.atActor(a) === 1).map(D.atMask)).toContain(1 << 2);
    expect(r.s.acted[0]).toBe(1);
    expect(r.s.acted[1]).toBe(1);
    expect(r.s.acted[2]).toBe(0);
  });

  it('all the same size doubles it: two small sub-attackers give +2 each (legal split 0..2 sub-attackers of 2 points)', () => {
    let r!: ReturnType<typeof setupRobot>;
    r = setupRobot(example('small'), [4, 2], { attack: [(l) => formation(r)(l)], split: 1 });
    r.game.playTurn(0);
    expect(grep(r.lines, /× 2 \(all the same size: doubled\)/)).toHaveLength(1);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=4+2 +2 → 11 vs defence 10: hit']);
    expect(r.s.hp[r.u('R-D')]).toBe(0); // 2 + 2
  });

  it('RS-R05 per-point: the doubled total (4) is split point by point', () => {
    let r!: ReturnType<typeof setupRobot>;
    const sp = { ...example('small'), rulings: { formation_split: 'per-point' } };
    r = setupRobot(sp, [4, 2], { attack: [(l) => formation(r)(l)], split: 3 });
    r.game.playTurn(0);
    expect(r.p0.askedFor('split')[0].legal).toEqual([0, 1, 2, 3, 4]);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=4+2 +3 → 12 vs defence 10: hit']);
  });

  it('shooting formation: the formation\'s units must touch each other and all have a line of fire to the target', () => {
    const sp = (bx: number) => spec([unit('A', [45, 10]), unit('B', [bx, 10])], [unit('E', [45, 40], { weapons: [] })]);
    const touching = setupRobot(sp(49.5), []);
    touching.game.playTurn(0);
    const forms = touching.p0.askedFor('attack')[0].legal.filter((a) => D.atKind(a) === D.AK_FORM_SHOOT);
    expect(forms.map((a) => [D.atActor(a), D.atMask(a)])).toEqual([[0, 1 << 1], [1, 1 << 0]]);
    const apart = setupRobot(sp(55), []);
    apart.game.playTurn(0);
    expect(apart.p0.askedFor('attack')[0].legal.filter((a) => D.atKind(a) === D.AK_FORM_SHOOT)).toEqual([]);
    // A wall in front of B only: B has no line of fire, no formation.
    const walled = setupRobot({ ...sp(49.5), terrain: [{ kind: 'block', x: 47.5, y: 14, w: 6, h: 2 }] }, []);
    walled.game.playTurn(0);
    expect(walled.p0.askedFor('attack')[0].legal.filter((a) => D.atKind(a) === D.AK_FORM_SHOOT)).toEqual([]);
  });

  it('units that already acted cannot join, and one unit alone is no formation', () => {
    const sp = spec([unit('A', [45, 10]), unit('B', [49.5, 10])], [unit('E', [45, 40], { weapons: [] })]);
    const r = setupRobot(sp, [1, 2], { attack: [pick(D.AK_SHOOT, (a) => D.atActor(a) === 1)] });
    r.game.playTurn(0);
    expect(r.p0.askedFor('attack')[1].legal.filter((a) => D.atKind(a) === D.AK_FORM_SHOOT)).toEqual([]);
  });
});

describe('◆投擲: throwing', () => {
  it('range = attack value × 4 (ruling RS-F12); a melee weapon deals its damage; it lies on the ground touching the target', () => {
    const inRange = setupRobot(spec([unit('A', [45, 20], { weapons: ['sword'] })], [unit('E', [45, 33.9], { weapons: [] })]), [5, 5], { attack: [pick(D.AK_THROW)] });
    inRange.game.playTurn(0);
    expect(inRange.s.hp[inRange.u('R-E')]).toBe(2);
    expect(inRange.s.carry[0]).toBe(-1);
    expect(inRange.s.nItems).toBe(1);
    expect(Math.hypot(inRange.s.itemX[0] - 45, inRange.s.itemY[0] - 33.9)).toBeCloseTo(2.5, 5);
    const out = setupRobot(spec([unit('A', [45, 20], { weapons: ['sword'] })], [unit('E', [45, 34.1], { weapons: [] })]), []);
    out.game.playTurn(0);
    expect(out.p0.askedFor('attack')[0]?.legal.filter((a) => D.atKind(a) === D.AK_THROW) ?? []).toEqual([]);
  });
  it('a thrown gun deals 1d−2 (min 1); the weapon is no longer carried (no shot with it)', () => {
    const r = setupRobot(spec([unit('A', [45, 20], { weapons: ['handgun'] })], [unit('E', [45, 30], { weapons: [] })]), [5, 5, 6], { attack: [pick(D.AK_THROW)] });
    r.game.playTurn(0);
    expect(r.s.hp[r.u('R-E')]).toBe(0);
    r.game.playTurn(1);
    r.game.playTurn(0);
    expect(r.p0.askedFor('attack')).toHaveLength(1);
  });
  it('throwing a heavy weapon gives its movement back; a unit touching it with a free hand picks it up with a whole turn', () => {
    const pickups: number[] = [];
    const r = setupRobot(spec([unit('A', [45, 20], { weapons: ['great_axe'] }), unit('B', [45, 32], { weapons: [] })], [unit('E', [45, 26], { weapons: [], size: 'large' })]), [5, 5, 3], {
      attack: [pick(D.AK_THROW)],
      move: (legal, o) => {
        const p = legal.find((a) => D.mvKind(a) === D.MK_PICKUP);
        if (p !== undefined) pickups.push(o.actor);
        return p !== undefined && o.turnNo[0] === 2 ? p : D.mv(D.MK_STAY);
      },
    });
    expect(r.s.mv[0]).toBe(8);
    r.game.playTurn(0);
    expect(r.s.mv[0]).toBe(10);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=5+5 −2 → 11 vs defence 10: hit']); // A touches E: a point-blank throw
    expect(r.s.hp[r.u('R-E')]).toBe(5); // the axe's own 1d6
    r.game.playTurn(1);
    r.game.playTurn(0);
    expect(pickups).toEqual([0]); // A touches the axe; B on the far side does not
    expect(r.s.carry[0]).toBeGreaterThanOrEqual(0);
    expect(r.s.noAttack[0]).toBe(1);
    expect(r.s.nItems).toBe(0);
    expect(r.s.mv[0]).toBe(8);
  });
});

describe('◆集中: concentration', () => {
  it('1d6−2 (min 1) is added to the attack roll; a token blocks attack actions until the end of the next own turn', () => {
    const r = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 40], { weapons: [], size: 'large' })]), [5, 3, 3, 2, 2], {
      attack: [D.at(D.AK_SHOOT, 0, 2, 0), D.at(D.AK_SHOOT, 0, 2, 0)], concentrate: [D.A_YES, D.A_NO],
    });
    r.game.playTurn(0);
    expect(grep(r.lines, /concentrates: d6=5 −2 → \+3/)).toHaveLength(1);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=3+3 +3 → 12 vs defence 10: hit']);
    expect(r.s.concTurn[0]).toBe(2); // the own turn at whose end it goes
    r.game.playTurn(1);
    r.game.playTurn(0); // turn 2: A may not attack; the token goes at the end of this turn
    expect(r.p0.askedFor('attack')).toHaveLength(1);
    expect(grep(r.lines, /S-A's concentration token is removed/)).toHaveLength(1);
    r.game.playTurn(1);
    r.game.playTurn(0); // turn 3: attacks again
    expect(r.p0.askedFor('attack')).toHaveLength(2);
    expect(r.dice.remaining).toBe(0);
  });
  it('a 1 or 2 still adds 1', () => {
    const r = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 40], { weapons: [] })]), [1, 3, 3], { attack: [D.at(D.AK_SHOOT, 0, 2, 0)], concentrate: D.A_YES });
    r.game.playTurn(0);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=3+3 +1 → 10 vs defence 10: hit']);
  });
  it('RS-R10: the whole action\'s rolls (default) or only the next roll', () => {
    const sp = (scope: string) => spec([unit('A', [45, 10], { weapons: ['rifle', 'missile_pod'] })], [unit('E', [45, 35], { weapons: [], size: 'large' })], { rulings: { concentration_scope: scope } });
    const act = { attack: [pick(D.AK_MULTI, (a) => D.atMask(a) === 0b011)], concentrate: D.A_YES };
    const all = setupRobot(sp('action'), [4, 1, 1, 1, 2], act);
    all.game.playTurn(0);
    expect(rolls(all.lines).map((l) => l.split(' → ')[0])).toEqual(['roll: 3 + 2d6=1+1 +1', 'roll: 3 + 2d6=1+2 +1']);
    const next = setupRobot(sp('next-roll'), [4, 1, 1, 1, 2], act);
    next.game.playTurn(0);
    expect(rolls(next.lines).map((l) => l.split(' → ')[0])).toEqual(['roll: 3 + 2d6=1+1 +1', 'roll: 3 + 2d6=1+2 −1']);
  });
});

describe('candidate tags', () => {
  it('a contact destination next to an enemy is offered when within the move', () => {
    const r = setupRobot(spec([unit('A', [45, 20], { weapons: ['sword'] })], [unit('E', [45, 32], { weapons: [] })]), []);
    r.game.playTurn(0);
    const legal = r.p0.askedFor('move')[0].legal;
    expect(legal.some((a) => D.mvKind(a) === D.MK_MOVE)).toBe(true);
  });
});
