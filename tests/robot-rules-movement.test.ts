// robot-skirmish rules (seed 000, 2−2−2 移動フェイズ): movement, contact,
// disengagement, run, hover, transformation, combining and separating,
// stealth — with forced dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/robot-skirmish/decisions.js';
import { C_DIR, type RsObservation } from '../src/rules/robot-skirmish/state.js';
import { filler, grep, setupRobot, type RobotSpec, type UnitSpec } from './helpers/robot-harness.js';

const unit = (name: string, at: [number, number], extra: Partial<UnitSpec> = {}): UnitSpec => ({ name, at, weapons: ['rifle'], ...extra });
const spec = (subject: UnitSpec[], reference: UnitSpec[], extra: Partial<RobotSpec> = {}): RobotSpec => ({
  subject: [...subject, filler('Zs', [3, 3])], reference: [...reference, filler('Zr', [87, 57])], ...extra,
});
const rolls = (lines: readonly string[]) => grep(lines, /roll: /).map((l) => l.trim());

/** The legal move of `kind` in direction k (0 = +x, 2 = +y, 6 = −y) going farthest. */
const dir = (kind: number, k: number) => (legal: readonly number[], o: RsObservation) => {
  let best = -1, bestD = -1;
  for (const a of legal) {
    if (D.mvKind(a) !== kind) continue;
    const c = D.mvCand(a);
    if (o.candTag[c] !== C_DIR || o.candRef[c] !== k) continue;
    const d = Math.hypot(o.candX[c] - o.x[o.actor], o.candY[c] - o.y[o.actor]);
    if (d > bestD) {
      bestD = d;
      best = a;
    }
  }
  if (best < 0) throw new Error(`no ${D.MOVE_KIND_NAMES[kind]} in direction ${k}`);
  return best;
};
type MoveAnswer = number | ((legal: readonly number[], o: RsObservation) => number);
/** Movement answers for unit 0 only, in order; every other unit stays. */
const forA = (...answers: MoveAnswer[]) => {
  let i = 0;
  return (legal: readonly number[], o: RsObservation): number => {
    if (o.actor !== 0 || i >= answers.length) return D.mv(D.MK_STAY);
    const a = answers[i++];
    return typeof a === 'function' ? a(legal, o) : a;
  };
};
const kinds = (legal: readonly number[]) => [...new Set(legal.map(D.mvKind))].sort((a, b) => a - b);

describe('◆移動行動: up to the move value, measured from the base point', () => {
  it('a small robot (move 10) moves 10; +1 move point gives 13', () => {
    const r = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 50])]), [], { move: forA(dir(D.MK_MOVE, 2)) });
    r.game.playTurn(0);
    expect(r.s.y[0]).toBeCloseTo(20, 6);
    const q = setupRobot(spec([unit('A', [45, 10], { bonus: { move: 1 } })], [unit('E', [45, 50])]), [], { move: forA(dir(D.MK_MOVE, 2)) });
    q.game.playTurn(0);
    expect(q.s.y[0]).toBeCloseTo(23, 6);
  });
  it('hindering terrain costs double (ruling RS-F05): the same move stops short', () => {
    const r = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 50])], { terrain: [{ kind: 'hinder', x: 30, y: 12, w: 30, h: 5 }] }), [], { move: forA(dir(D.MK_MOVE, 2)) });
    r.game.playTurn(0);
    const cost = r.s.table.pathCost(45, 10, r.s.x[0], r.s.y[0]);
    expect(cost).toBeLessThanOrEqual(10 + 1e-6);
    expect(cost).toBeGreaterThan(9.5);
    expect(r.s.y[0]).toBeLessThan(17);
  });
  it('blocking terrain is impassable: no destination crosses it or stands on it', () => {
    const r = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 50])], { terrain: [{ kind: 'block', x: 30, y: 14, w: 30, h: 2 }] }), []);
    r.game.playTurn(0);
    const o = r.s;
    expect(r.p0.askedFor('move')[0].legal.length).toBeGreaterThan(5);
    // The candidates of the decision were overwritten by later decisions; regenerate them.
    const n = r.game.genMoves(0, true);
    for (let i = 0; i < n; i++) {
      const a = r.game.legal[i];
      if (D.mvKind(a) !== D.MK_MOVE && D.mvKind(a) !== D.MK_RUN) continue;
      const c = D.mvCand(a);
      expect(o.table.pathBlocked(45, 10, o.candX[c], o.candY[c], 2)).toBe(false);
      expect(o.candY[c]).toBeLessThan(14);
    }
  });
  it('bases never pass through other bases', () => {
    const r = setupRobot(spec([unit('A', [45, 10]), unit('B', [45, 15])], [unit('E', [45, 50])]), []);
    const n = r.game.genMoves(0, true);
    for (let i = 0; i < n; i++) {
      const a = r.game.legal[i];
      if (D.mvKind(a) !== D.MK_MOVE) continue;
      const c = D.mvCand(a);
      expect(r.s.candY[c] < 15 || Math.abs(r.s.candX[c] - 45) >= 4 - 1e-6).toBe(true);
    }
  });
});

describe('◆接触: contact', () => {
  it('bases at most the contact gap (1) apart touch — arms stretched count; 1.2 apart do not', () => {
    const r = setupRobot(spec([unit('A', [45, 30]), unit('B', [20, 30])], [unit('E', [49.9, 30]), unit('F', [25.2, 30])]), []);
    expect(r.s.inContact(0, r.u('R-E'))).toBe(true);
    expect(r.s.inContact(1, r.u('R-F'))).toBe(false);
    expect(r.s.enemiesInContact(0)).toBe(1);
  });
  it('a hovering unit never touches a grounded one', () => {
    const r = setupRobot(spec([unit('A', [45, 30], { equipment: ['flight_booster'] })], [unit('E', [49.5, 30])]), []);
    expect(r.s.inContact(0, r.u('R-E'))).toBe(true);
    r.s.hover[0] = 1;
    expect(r.s.inContact(0, r.u('R-E'))).toBe(false);
  });
});

describe('◆離脱: disengaging from contact', () => {
  const sp = (n: number, rulings?: Record<string, string>) => spec([unit('A', [45, 30])], [
    unit('E', [45, 34.5], { weapons: [] }),
    ...(n >= 2 ? [unit('F', [40.5, 30], { weapons: [] })] : []),
    ...(n >= 3 ? [unit('G', [49.5, 30], { weapons: [] })] : []),
  ], { rulings });
  it('1d6 ≥ 4 succeeds with one enemy in contact', () => {
    const r = setupRobot(sp(1), [4], { move: forA(dir(D.MK_MOVE, 6)) });
    r.game.playTurn(0);
    expect(grep(r.lines, /disengages/)).toEqual(['  S-A disengages from 1 enemy: d6=4 → success']);
    expect(r.s.y[0]).toBeCloseTo(20, 6);
  });
  it('−(contacts − 1): with 2 enemies a 5 → 4 succeeds, a 4 → 3 fails (the seed\'s example: 3 enemies, 4 − 2 = 2 fails)', () => {
    const ok = setupRobot(sp(2), [5], { move: forA(dir(D.MK_MOVE, 6)) });
    ok.game.playTurn(0);
    expect(grep(ok.lines, /disengages/)).toEqual(['  S-A disengages from 2 enemies: d6=5 −1 → 4 → success']);
    const three = setupRobot(sp(3), [4, 2, 2, 2, 2, 2, 2], { move: forA(dir(D.MK_MOVE, 6)) });
    three.game.playTurn(0);
    expect(grep(three.lines, /disengages/)).toEqual(['  S-A disengages from 3 enemies: d6=4 −2 → 2 → failure']);
  });
  it('a 6 always succeeds, a 1 always fails', () => {
    const six = setupRobot(sp(3), [6], { move: forA(dir(D.MK_MOVE, 6)) });
    six.game.playTurn(0);
    expect(grep(six.lines, /→ success/)).toHaveLength(1);
    const one = setupRobot(sp(1), [1, 2, 2], { move: forA(dir(D.MK_MOVE, 6)) });
    one.game.playTurn(0);
    expect(grep(one.lines, /d6=1 → failure/)).toHaveLength(1);
  });
  it('failure: every contacting enemy attacks first (RS-R02 each), without the point-blank penalty; then the unit moves (RS-R03)', () => {
    const r = setupRobot(spec([unit('A', [45, 30])], [unit('E', [45, 34.5]), unit('F', [40.5, 30], { weapons: [] })]), [3, 5, 5, 2, 2], { move: forA(dir(D.MK_MOVE, 6)) }, {
      'free-attack': [(l) => l[0], (l) => l[0]],
    });
    r.game.playTurn(0);
    expect(r.p1.askedFor('free-attack').map((a) => a.actor)).toEqual([r.u('R-E'), r.u('R-F')]);
    expect(r.p1.askedFor('free-attack')[0].legal).toEqual([r.w('R-E', 0), D.WR_PUNCH, D.WR_KICK]);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=5+5 +0 → 13 vs defence 10: hit', 'roll: 3 + 2d6=2+2 +0 → 7 vs defence 10: miss']);
    expect(r.s.hp[0]).toBe(2);
    expect(r.s.y[0]).toBeLessThan(30); // it still moves
    expect(r.dice.remaining).toBe(0);
  });
  it('集中 「いかなるときでも、ダイスを振る前に」: a free attacker may concentrate before its roll (RS-F14)', () => {
    // Disengagement 3 −1 → 2 fails; R-E concentrates d6=6 → +4, 2+2 +4 → 11 hits (rifle 2); R-F declines, punches 2+2 → miss.
    const r = setupRobot(spec([unit('A', [45, 30])], [unit('E', [45, 34.5]), unit('F', [40.5, 30], { weapons: [] })]), [3, 6, 2, 2, 2, 2], { move: forA(dir(D.MK_MOVE, 6)) }, {
      'free-attack': [(l) => l[0], (l) => l[0]], concentrate: [D.A_YES, D.A_NO],
    });
    r.game.playTurn(0);
    expect(r.p1.askedFor('concentrate').map((a) => a.actor)).toEqual([r.u('R-E'), r.u('R-F')]);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=2+2 +4 → 11 vs defence 10: hit', 'roll: 3 + 2d6=2+2 +0 → 7 vs defence 10: miss']);
    expect(r.s.hp[0]).toBe(2);
    expect(r.s.concTurn[r.u('R-E')]).toBe(1);
    expect(r.s.concTurn[r.u('R-F')]).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });
  it('RS-R02 one: the enemy side picks one attacker; RS-R03 stays: the unit does not move', () => {
    const r = setupRobot(sp(2, { disengage_free_attacks: 'one', failed_disengage: 'stays' }), [2, 2, 2], { move: forA(dir(D.MK_MOVE, 6)) }, { 'free-attacker': (l) => l[1] });
    r.game.playTurn(0);
    expect(r.p1.askedFor('free-attacker')[0].legal).toEqual([r.u('R-E'), r.u('R-F')]);
    expect(grep(r.lines, /free attack:/)).toEqual(['    free attack: R-F punch → S-A']);
    expect(r.s.y[0]).toBe(30);
  });
});

describe('◆走行: run', () => {
  it('twice the move, 1 damage that heavy armour cannot reduce, and no attack that turn', () => {
    const r = setupRobot(spec([unit('A', [45, 10], { equipment: ['heavy_armour'] })], [unit('E', [45, 40], { weapons: [] })]), [], { move: forA(dir(D.MK_RUN, 2)) });
    r.game.playTurn(0);
    expect(r.s.y[0]).toBeCloseTo(20, 6); // move 5 (heavy armour) × 2
    expect(r.s.hp[0]).toBe(3);
    expect(r.p0.askedFor('attack')).toEqual([]);
    expect(r.dice.remaining).toBe(0);
  });
  it('a unit with a flight booster cannot run (it may hover instead)', () => {
    const r = setupRobot(spec([unit('A', [45, 10], { equipment: ['flight_booster'] })], [unit('E', [45, 50])]), []);
    r.game.playTurn(0);
    const k = kinds(r.p0.askedFor('move')[0].legal);
    expect(k).not.toContain(D.MK_RUN);
    expect(k).toContain(D.MK_HOVER);
  });
});

describe('◆滞空: hover', () => {
  const flyer = (extra: Partial<UnitSpec> = {}) => unit('A', [45, 10], { equipment: ['flight_booster'], ...extra });
  it('taking off spends half the movement (rounded up): move 13 leaves 6', () => {
    const r = setupRobot(spec([flyer({ bonus: { move: 1 } })], [unit('E', [45, 50])]), [], { move: forA(dir(D.MK_HOVER, 2)) });
    r.game.playTurn(0);
    expect(r.s.hover[0]).toBe(1);
    expect(r.s.y[0]).toBeCloseTo(16, 6);
  });
  it('hovering ignores terrain: it crosses and may stay over blocking terrain; it gets no stealth there', () => {
    const wall = { kind: 'block', x: 30, y: 13, w: 30, h: 6 };
    const r = setupRobot(spec([flyer()], [unit('E', [45, 50])], { terrain: [wall] }), [], { move: forA(dir(D.MK_HOVER, 2), dir(D.MK_MOVE, 2)), stealth: D.A_YES });
    r.game.playTurn(0);
    expect(r.s.y[0]).toBeCloseTo(15, 6); // over the wall
    expect(r.s.table.onBlocking(r.s.x[0], r.s.y[0], 2)).toBe(true);
    r.game.playTurn(1);
    r.game.playTurn(0);
    expect(r.s.y[0]).toBeCloseTo(25, 6);
    expect(r.p0.askedFor('stealth')).toEqual([]);
  });
  it('shooting from the air at a grounded unit: +1 (height, ruling RS-F08); landing is a movement action', () => {
    const r = setupRobot(spec([flyer()], [unit('E', [45, 40], { weapons: [] })]), [4, 3], { move: forA(dir(D.MK_HOVER, 2), dir(D.MK_LAND, 2)), attack: [D.at(D.AK_SHOOT, 0, 2, 0)] });
    r.game.playTurn(0);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=4+3 +1 → 11 vs defence 10: hit']);
    r.game.playTurn(1);
    r.game.playTurn(0);
    expect(r.s.hover[0]).toBe(0);
    expect(r.s.y[0]).toBeCloseTo(20, 6);
  });
  it('the height modifier is data (catalogue.base.height_mod, RS-F08): 2 gives +2 from the air', () => {
    const r = setupRobot(spec([flyer()], [unit('E', [45, 40], { weapons: [] })], { catalogue: { base: { height_mod: 2 } } }), [4, 3], { move: forA(dir(D.MK_HOVER, 2), dir(D.MK_LAND, 2)), attack: [D.at(D.AK_SHOOT, 0, 2, 0)] });
    r.game.playTurn(0);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=4+3 +2 → 12 vs defence 10: hit']);
  });
});

describe('◆変形: transformation', () => {
  const transformer = (kind: string) => unit('A', [45, 10], { bonus: { attack: 1 }, transform: { kind, bonus: { move: 1 }, weapons: ['sword'] } });
  it('one-way: the other sheet (same bonus points) takes over, hp kept, and the unit may still move', () => {
    const r = setupRobot(spec([transformer('one-way')], [unit('E', [45, 50])]), [], { move: forA(D.mv(D.MK_TRANSFORM_ONE_WAY), dir(D.MK_MOVE, 2)) });
    r.s.hp[0] = 3;
    r.game.playTurn(0);
    expect(r.s.form[0]).toBe(1);
    expect(r.s.hp[0]).toBe(3);
    expect(r.s.y[0]).toBeCloseTo(23, 6); // move 13 in the new form
    expect(kinds(r.p0.askedFor('move')[1].legal)).not.toContain(D.MK_TRANSFORM_ONE_WAY);
    r.game.playTurn(1);
    r.game.playTurn(0);
    expect(kinds(r.p0.askedFor('move')[2].legal)).not.toContain(D.MK_TRANSFORM_ONE_WAY); // no way back
  });
  it('two-way: the movement action ends and nothing in the combat phase; it can switch back later', () => {
    const r = setupRobot(spec([transformer('two-way')], [unit('E', [45, 30], { weapons: [] })]), [], { move: forA(D.mv(D.MK_TRANSFORM_TWO_WAY), D.mv(D.MK_TRANSFORM_TWO_WAY)) });
    r.game.playTurn(0);
    expect(r.s.form[0]).toBe(1);
    expect(r.p0.askedFor('move').filter((a) => a.actor === 0)).toHaveLength(1);
    expect(r.p0.askedFor('attack')).toEqual([]);
    r.game.playTurn(1);
    r.game.playTurn(0);
    expect(r.s.form[0]).toBe(0);
  });
  it('in contact it must pass a disengagement check (a failure: no transformation)', () => {
    const sp = spec([transformer('two-way')], [unit('E', [45, 14.5], { weapons: [] })]);
    const ok = setupRobot(sp, [4], { move: forA(D.mv(D.MK_TRANSFORM_TWO_WAY)) });
    ok.game.playTurn(0);
    expect(ok.s.form[0]).toBe(1);
    const fail = setupRobot(sp, [3, 1, 1], { move: forA(D.mv(D.MK_TRANSFORM_TWO_WAY)) });
    fail.game.playTurn(0);
    expect(fail.s.form[0]).toBe(0);
    expect(grep(fail.lines, /cannot transform/)).toHaveLength(1);
  });
  it('the two sheets must have the same bonus points', () => {
    expect(() => setupRobot(spec([unit('A', [45, 10], { bonus: { attack: 1 }, transform: { kind: 'one-way', bonus: { move: 2 } } })], [unit('E', [45, 50])]), [])).toThrow(/same bonus points/);
  });
});

describe('◆合体/分離: combining and separating', () => {
  const pair = (bSize = 'small') => spec([unit('A', [45, 10], { bonus: { attack: 1 } }), unit('B', [bSize === 'small' ? 49.5 : 50, 10], { size: bSize, bonus: { defence: 2 } })], [unit('E', [45, 40])]);
  const combine = (legal: readonly number[]) => legal.find((a) => D.mvKind(a) === D.MK_COMBINE)!;
  it('friends in contact combine; their turn ends; the combination uses the best values of its units', () => {
    const r = setupRobot(pair(), [], { move: forA(combine) });
    r.game.playTurn(0);
    expect(r.s.group[1]).toBe(0);
    expect(r.s.moved[1]).toBe(1);
    expect(r.s.noAttack[0]).toBe(1);
    expect(r.s.atk[0]).toBe(4);
    expect(r.s.dfn[0]).toBe(12);
    expect(r.p0.askedFor('attack')).toEqual([]);
    expect(r.p0.askedFor('move')[0].legal.filter((a) => D.mvKind(a) === D.MK_COMBINE).map(D.mvExtra)).toEqual([1 << 1]);
  });
  it('attacks get (units − 1) split between attack and damage, doubled when all the same size', () => {
    const same = setupRobot(pair(), [3, 3], { move: forA(combine), attack: [D.at(D.AK_SHOOT, 0, 3, 0)], split: 1 });
    same.game.playTurn(0);
    same.game.playTurn(1);
    same.game.playTurn(0);
    expect(same.p0.askedFor('split')[0].legal).toEqual([0, 1]);
    expect(grep(same.lines, /combination bonus \(1 × 2\): attack \+2, damage \+0/)).toHaveLength(1);
    expect(rolls(same.lines)).toEqual(['roll: 4 + 2d6=3+3 +2 → 12 vs defence 10: hit']);
    const mixed = setupRobot(pair('medium'), [3, 3], { move: forA(combine), attack: [D.at(D.AK_SHOOT, 0, 3, 0)], split: 0 });
    mixed.game.playTurn(0);
    mixed.game.playTurn(1);
    mixed.game.playTurn(0);
    expect(grep(mixed.lines, /combination bonus \(1 × 1\): attack \+0, damage \+1/)).toHaveLength(1);
    expect(mixed.s.hp[3]).toBe(4 - 3);
  });
  it('a hit damages every unit of the combination; when one is destroyed the combination ends at once', () => {
    const r = setupRobot(pair(), [6, 6], { move: forA(combine) }, { attack: [D.at(D.AK_SHOOT, 3, 0, 3 * 8)], critical: D.CR_PLUS_ONE });
    r.s.hp[1] = 2;
    r.game.playTurn(0);
    r.game.playTurn(1);
    expect(r.s.hp[0]).toBe(1);
    expect(r.s.alive[1]).toBe(0);
    expect(r.s.group[0]).toBe(0);
    expect(r.s.nMembers[0]).toBe(1);
    expect(grep(r.lines, /the combination ends/)).toHaveLength(1);
  });
  it('separating uses the movement action: no move and no attack that turn; the units stand in contact', () => {
    const r = setupRobot(pair(), [], { move: forA(combine, D.mv(D.MK_SEPARATE)) });
    r.game.playTurn(0);
    r.game.playTurn(1);
    r.game.playTurn(0);
    expect(r.s.group[1]).toBe(1);
    expect(r.s.inContact(0, 1)).toBe(true);
    expect(r.s.noAttack[0] + r.s.noAttack[1]).toBe(2);
    expect(r.p0.askedFor('attack')).toEqual([]);
  });
});

describe('◆隠密行動: stealth', () => {
  const woods = { kind: 'hinder', x: 38, y: 18, w: 14, h: 4 };
  it('offered when ⅓ of the unit is hidden from every enemy (a ray crosses terrain); shooting at it then takes −2, melee does not', () => {
    const r = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 40])], { terrain: [woods] }), [5, 5], { stealth: D.A_YES }, { attack: [D.at(D.AK_SHOOT, 2, 0, 16)] });
    r.game.playTurn(0);
    expect(r.s.stealth[0]).toBe(1);
    r.game.playTurn(1);
    expect(rolls(r.lines)).toEqual(['roll: 3 + 2d6=5+5 −2 → 11 vs defence 10: hit']);
  });
  it('not offered in the open; another unit\'s base also hides; optical camouflage allows it anywhere', () => {
    const open = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 40])]), [], { stealth: D.A_YES });
    open.game.playTurn(0);
    expect(open.p0.askedFor('stealth')).toEqual([]);
    const screened = setupRobot({ subject: [unit('A', [45, 10]), unit('B', [45, 16])], reference: [unit('E', [45, 40]), filler('Zr', [45, 57])] }, [], { stealth: D.A_YES });
    screened.game.playTurn(0);
    expect(screened.p0.askedFor('stealth').map((a) => a.actor)).toEqual([0]);
    const camo = setupRobot(spec([unit('A', [45, 10], { equipment: ['optical_camo'] })], [unit('E', [45, 40])]), [], { stealth: D.A_YES });
    camo.game.playTurn(0);
    expect(camo.s.stealth[0]).toBe(1);
  });
  it('stealth lasts until the unit\'s next turn', () => {
    const r = setupRobot(spec([unit('A', [45, 10])], [unit('E', [45, 40])], { terrain: [woods] }), [], { stealth: [D.A_YES, D.A_NO] });
    r.game.playTurn(0);
    r.game.playTurn(1);
    expect(r.s.stealth[0]).toBe(1);
    r.game.playTurn(0);
    expect(r.s.stealth[0]).toBe(0);
  });
});
