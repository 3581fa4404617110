// Axis & Allies Miniatures rules: attacks (range, dice, successes, hits,
// Superior Armor, facing, Close Assault, cover), the hit counters and the
// casualty phase (seed: 命中 / 負傷フェイズ), disruption and damage, line of
// sight and movement — each with forced dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/axis-allies-miniatures/decisions.js';
import { attack, grep, playAam, type Answer, type AamSpec } from './helpers/aam-harness.js';

const W = [6, 6, 1, 1]; // initiative: Blue 12, Red 2 — Blue goes first
const TWO_TURNS = { objective_turn: 2, points_turn: 2, max_turns: 2 };
const THREE_TURNS = { objective_turn: 3, points_turn: 3, max_turns: 3 };
/** Blue's answer on turn `turn` (Red stays), or per side. */
const blueOn = (turn: number, a: Answer): Answer => (legal, o) => (o.actingSide === 0 && o.turn === turn ? a(legal, o) : D.A_STAY);
const sides = (blue: Answer, red: Answer): Answer => (legal, o) => (o.actingSide === 0 ? blue : red)(legal, o);
const onTurn = (turn: number, a: Answer): Answer => (legal, o) => (o.turn === turn ? a(legal, o) : D.A_STAY);
const attacks = (lines: string[]) => grep(lines, / attacks /);

/** Blue Sherman #0 at (7,4) attacks Red's Panzer IV #1 (facing N) at `at`. */
function tankShot(at: [number, number], units: Record<string, unknown>, extra: Partial<AamSpec> = {}): AamSpec {
  return { blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [at] }], units, ...extra };
}

describe('range and attack dice', () => {
  const units = { 'M4A1 Sherman': { vs_vehicle: [5, 3, 2] } };
  it.each([
    [[7, 5], 1, 5, 'short'],
    [[7, 7], 3, 3, 'medium'],
    [[7, 10], 6, 2, 'long'],
  ] as const)('target at %j: %i hexes → %i dice (%s range)', (at, dist, dice, band) => {
    const r = playAam(tankShot([at[0], at[1]], units), [...W, ...Array(dice).fill(1)], { assault: blueOn(1, attack(1)) });
    expect(attacks(r.lines)[0]).toContain(`${dist} hex${dist === 1 ? '' : 'es'} (${band}): ${dice} dice`);
    expect(r.dice.remaining).toBe(0);
  });

  it('beyond long range (9 hexes) there is no attack', () => {
    const r = playAam(tankShot([7, 13], units), W);
    const blueAssault = r.asked.find((a) => a.name === 'assault' && a.side === 0)!;
    expect(blueAssault.legal.some((a) => D.kindOf(a) === D.K_ATTACK)).toBe(false);
  });
});

describe('the combat table is data (AAM-R35: 4+ and the range bands 1 / 4 / 8 are public facts, overridable)', () => {
  const units = { 'M4A1 Sherman': { vs_vehicle: [5, 3, 2] } };
  it('success_on 5: a 4 is no longer a success', () => {
    const shot = (battlefield?: Record<string, unknown>) => playAam(tankShot([7, 7], units, battlefield ? { battlefield } : {}), [...W, 4, 4, 4], { assault: blueOn(1, attack(1)) });
    expect(attacks(shot().lines)[0]).toContain('→ 3 successes');
    expect(attacks(shot({ combat: { success_on: 5 } }).lines)[0]).toContain('→ 0 successes');
  });
  it('short_max 3: 3 hexes is short range (5 dice instead of the medium 3)', () => {
    const r = playAam(tankShot([7, 7], units, { battlefield: { combat: { short_max: 3 } } }), [...W, 1, 1, 1, 1, 1], { assault: blueOn(1, attack(1)) });
    expect(attacks(r.lines)[0]).toContain('3 hexes (short): 5 dice');
    expect(r.dice.remaining).toBe(0);
  });
  it('bands that do not grow are bad input naming the key', () => {
    expect(() => playAam(tankShot([7, 7], units, { battlefield: { combat: { short_max: 4, medium_max: 4 } } }), W, {})).toThrow(/battlefield\.combat\.medium_max/);
  });
});

describe('activation order (「実行側プレイヤーがどの順番で解決するかを決定」, AAM-R29): a decision of the acting side', () => {
  const two = (): AamSpec => ({ blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }, { unit: 'M4A1 Sherman', at: [[8, 4]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 7]] }] });
  const actors = (r: ReturnType<typeof playAam>) => r.asked.filter((a) => a.name === 'assault' && a.side === 0 && a.turn === 1).map((a) => a.actor);
  it('force order by default; the policy may activate the second unit first', () => {
    expect(actors(playAam(two(), [...W, ...Array(40).fill(1)], {}))).toEqual([0, 1]);
    const r = playAam(two(), [...W, ...Array(40).fill(1)], { activate: (legal) => legal[legal.length - 1] });
    expect(actors(r)).toEqual([1, 0]);
    expect(r.asked.some((a) => a.name === 'activate' && a.legal.length === 2)).toBe(true);
  });
});

describe('successes and hits', () => {
  const units = { 'M4A1 Sherman': { vs_vehicle: [4, 4, 4] }, 'Panzer IV Ausf. F2': { defence: [2, 1] } };
  it.each([
    [[3, 3, 3, 1], 0, 0, 'untouched'],
    [[4, 3, 2, 1], 1, 0, 'untouched'],
    [[4, 5, 1, 1], 2, 1, 'disrupted'],
    [[4, 5, 6, 1], 3, 2, 'damaged'],
    [[4, 4, 4, 4], 4, 3, 'destroyed'],
  ] as const)('faces %j: each 4+ is a success → %i vs defence 2 → %i hit(s) → %s', (faces, succ, hits, result) => {
    const r = playAam(tankShot([7, 7], units), [...W, ...faces], { assault: blueOn(1, attack(1)) });
    expect(attacks(r.lines)[0]).toContain(`→ ${succ} success${succ === 1 ? '' : 'es'} vs defence 2 front → ${hits} hit${hits === 1 ? '' : 's'}`);
    const s = r.game.s;
    const state = !s.alive[1] ? 'destroyed' : s.damaged[1] ? 'damaged' : s.disrupted[1] ? 'disrupted' : 'untouched';
    expect(state).toBe(result);
    if (result === 'damaged') expect(s.disrupted[1]).toBe(1); // the first counter of the two
  });

  it('Superior Armor 2: 6 successes vs defence 5 are 1 hit (2 for a plain T-34/76); 7 are 2; 10 are 3', () => {
    const shot = (target: string, faces: number[]) => playAam({
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: target, at: [[7, 7]] }], units: { 'M4A1 Sherman': { vs_vehicle: [10, 10, 10] } },
    }, [...W, ...faces], { assault: blueOn(1, attack(1)) });
    const six = [4, 4, 4, 4, 4, 4, 1, 1, 1, 1], seven = [4, 4, 4, 4, 4, 4, 4, 1, 1, 1], ten = Array(10).fill(5);
    expect(attacks(shot('T-34/76', six).lines)[0]).toContain('6 successes vs defence 5 front → 2 hits');
    expect(attacks(shot('Guards T-34/76', six).lines)[0]).toContain('6 successes vs defence 5 front → 1 hit');
    expect(attacks(shot('Guards T-34/76', seven).lines)[0]).toContain('7 successes vs defence 5 front → 2 hits');
    expect(attacks(shot('Guards T-34/76', ten).lines)[0]).toContain('10 successes vs defence 5 front → 3 hits');
  });

  it('a soldier takes at most 2 hits: the second destroys it', () => {
    const r = playAam({
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 7]] }],
      units: { 'M4A1 Sherman': { vs_soldier: [4, 4, 4] }, 'Mauser Kar 98k': { defence: [2, 2] } },
    }, [...W, 4, 4, 4, 4], { assault: blueOn(1, attack(1)) });
    expect(attacks(r.lines)[0]).toMatch(/4 successes vs defence 2 → 2 hits; face-down counters 0 → 2 \(enough to destroy it/);
    expect(r.game.s.alive[1]).toBe(0);
  });

  it('Guard Crew: one die showing 1 is re-rolled (one extra die)', () => {
    const r = playAam({
      blue: [{ unit: 'Guards T-34/76', at: [[7, 4]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 7]] }],
      units: { 'Guards T-34/76': { vs_vehicle: [3, 3, 3] }, 'Panzer IV Ausf. F2': { defence: [9, 9] } },
    }, [...W, 1, 4, 4, 5], { assault: blueOn(1, attack(1)) });
    expect(attacks(r.lines)[0]).toContain('3 dice [1 4 4 5] → 3 successes');
    expect(r.dice.remaining).toBe(0);
  });
});

describe('vehicle facing and Close Assault', () => {
  const units = { 'M4A1 Sherman': { vs_vehicle: [1, 1, 1] } };
  it('an attacker ahead of the vehicle hits its front defence (5), one behind it its rear defence (3)', () => {
    const front = playAam(tankShot([7, 7], units), [...W, 1], { assault: blueOn(1, attack(1)) });
    expect(attacks(front.lines)[0]).toContain('vs defence 5 front');
    const rear = playAam({ ...tankShot([7, 7], units), blue: [{ unit: 'M4A1 Sherman', at: [[7, 10]] }] }, [...W, 1], { assault: blueOn(1, attack(1)) });
    expect(attacks(rear.lines)[0]).toContain('vs defence 3 rear');
  });

  it('Close Assault: a Bazooka in the vehicle\'s hex rolls 10 dice, ignores cover; AAM-R03 same hex → rear defence (front with the alternative)', () => {
    const spec = (same_hex_defense: string): AamSpec => ({
      blue: [{ unit: 'Bazooka', at: [[7, 6]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 6]] }],
      battlefield: { terrain: ['.', '.', '.', '.', '.', '.', '.......F'] }, rulings: { same_hex_defense },
    });
    const rear = playAam(spec('rear'), [...W, ...Array(10).fill(4)], { assault: blueOn(1, attack(1)) });
    expect(attacks(rear.lines)[0]).toMatch(/same hex, Close Assault: 10 dice .* → 10 successes vs defence 3 rear → 3 hits; face-down/);
    expect(rear.dice.remaining).toBe(0); // no cover roll although the tank is in a forest
    expect(rear.game.s.alive[1]).toBe(0);
    const front = playAam(spec('front'), [...W, ...Array(10).fill(1)], { assault: blueOn(1, attack(1)) });
    expect(attacks(front.lines)[0]).toContain('vs defence 5 front');
  });
});

describe('cover from defensive terrain', () => {
  const forest7 = { terrain: ['.', '.', '.', '.', '.', '.', '.', '.......F'] };
  const units = { 'M4A1 Sherman': { vs_soldier: [2, 2, 2] }, 'Mauser Kar 98k': { defence: [1, 1] } };
  const spec = (extra: Partial<AamSpec> = {}): AamSpec => ({
    blue: [{ unit: 'M4A1 Sherman', count: 2, at: [[7, 4], [6, 4]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 7]] }], units, battlefield: forest7, ...extra,
  });

  it('a cover roll that holds (4+ in forest) limits the attack to disruption', () => {
    const held = playAam(spec(), [...W, 4, 4, 4], { assault: (l, o) => (o.actor === 0 ? attack(2)(l, o) : D.A_STAY) });
    expect(attacks(held.lines)[0]).toContain('→ 2 hits; cover roll (forest, 4+) d6=4 holds: limited to disruption; face-down counters 0 → 1');
    expect(held.game.s.alive[2]).toBe(1);
    expect(held.game.s.disrupted[2]).toBe(1);
    const failed = playAam(spec(), [...W, 4, 4, 3], { assault: (l, o) => (o.actor === 0 ? attack(2)(l, o) : D.A_STAY) });
    expect(attacks(failed.lines)[0]).toContain('cover roll (forest, 4+) d6=3 fails; face-down counters 0 → 2');
    expect(failed.game.s.alive[2]).toBe(0);
  });

  it('a unit that already has a face-down Disrupted counter gets nothing more from an attack whose cover roll holds (FAQ)', () => {
    const r = playAam(spec(), [...W, 4, 1, 2, 4, 4, 6], { assault: (l, o) => (o.actingSide === 0 ? attack(2)(l, o) : D.A_STAY) });
    const a = attacks(r.lines);
    expect(a[0]).toContain('→ 1 hit; cover roll (forest, 4+) d6=2 fails; face-down counters 0 → 1');
    expect(a[1]).toContain('→ 2 hits; cover roll (forest, 4+) d6=6 holds: limited to disruption; face-down counters 1 → 1');
    expect(r.game.s.alive[2]).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('the cover roll takes −1 when the attacker shares the hex', () => {
    const r = playAam({
      blue: [{ unit: 'Mauser Kar 98k', at: [[7, 7]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 7]] }],
      units: { 'Mauser Kar 98k': { vs_soldier: [2, 2, 0], defence: [1, 1] } }, battlefield: forest7,
    }, [...W, 4, 4, 4], { assault: blueOn(1, attack(1)) });
    expect(attacks(r.lines)[0]).toContain('cover roll (forest, 4+) d6=4 −1 fails');
  });

  it('no cover roll in the open, nor with cover_rolls: off (AAM-R10)', () => {
    const open = playAam({ ...spec(), battlefield: {} }, [...W, 4, 4], { assault: (l, o) => (o.actor === 0 ? attack(2)(l, o) : D.A_STAY) });
    expect(open.dice.remaining).toBe(0);
    const off = playAam(spec({ rulings: { cover_rolls: 'off' } }), [...W, 4, 4], { assault: (l, o) => (o.actor === 0 ? attack(2)(l, o) : D.A_STAY) });
    expect(off.dice.remaining).toBe(0);
    expect(off.game.s.alive[2]).toBe(0);
  });
});

describe('hit counters and the casualty phase (simultaneous)', () => {
  it('hits from several attacks add up; a unit with enough hits to die still attacks in the enemy\'s assault phase; both take effect in the casualty phase', () => {
    const r = playAam({
      blue: [{ unit: 'Mauser Kar 98k', count: 2, at: [[7, 5], [6, 6]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 6]] }],
      units: { 'Mauser Kar 98k': { vs_soldier: [2, 2, 0], defence: [2, 2] } },
    }, [...W, 4, 4, 4, 4, 4, 4], { assault: sides(attack(2), attack(0)) });
    const a = attacks(r.lines);
    expect(a[0]).toMatch(/^ {4}Blue Mauser Kar 98k #0 .* face-down counters 0 → 1$/);
    expect(a[1]).toMatch(/^ {4}Blue Mauser Kar 98k #1 .* face-down counters 1 → 2 \(enough to destroy it in the casualty phase\)$/);
    expect(a[2]).toMatch(/^ {4}Red Mauser Kar 98k #2 .* attacks Blue Mauser Kar 98k #0 .* face-down counters 0 → 1$/);
    const cas = r.lines.slice(r.lines.indexOf('  casualty phase'));
    expect(cas).toContain('    Red Mauser Kar 98k #2 (7,6) is destroyed (2 hits)');
    expect(cas).toContain('    Blue Mauser Kar 98k #0 (7,5) is disrupted');
    expect(r.game.s.disrupted[0]).toBe(1);
  });

  it('disrupted: −1 per attack die and −1 defence; cannot move; the marker is removed in the next casualty phase', () => {
    const r = playAam({
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 7]] }],
      units: { 'M4A1 Sherman': { defence: [2, 2], vs_vehicle: [3, 3, 3] }, 'Panzer IV Ausf. F2': { defence: [9, 9], vs_vehicle: [2, 2, 2] } },
      battlefield: TWO_TURNS,
    }, [...W, 4, 4, ...W, 4, 5, 6, 1, 1], { assault: sides(onTurn(2, attack(1)), attack(0)) });
    const a = attacks(r.lines);
    expect(a[0]).toContain('→ 1 hit');
    expect(a[1]).toContain('3 dice (−1 per die) [4 5 6] → 2 successes');
    expect(a[2]).toContain('vs defence 1 front (2−1)');
    expect(r.asked.some((q) => q.name === 'move' && q.actor === 0 && q.turn === 2)).toBe(false);
    const t2 = r.asked.find((q) => q.name === 'assault' && q.actor === 0 && q.turn === 2)!;
    expect(t2.legal.some((x) => D.kindOf(x) === D.K_MOVE)).toBe(false);
    expect(r.game.s.disrupted[0]).toBe(0); // removed in the casualty phase of turn 2
    expect(r.dice.remaining).toBe(0);
  });

  it('AAM-R02 disrupted and damaged stack to −2 per die and −2 defence (max-one: −1)', () => {
    const spec = (penalties_stack: string): AamSpec => ({
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 7]] }],
      units: { 'M4A1 Sherman': { defence: [2, 2], vs_vehicle: [3, 3, 3] }, 'Panzer IV Ausf. F2': { defence: [9, 9], vs_vehicle: [3, 3, 3] } },
      battlefield: TWO_TURNS, rulings: { penalties_stack },
    });
    const faces = [...W, 4, 4, 4, ...W, 4, 5, 6, 1, 1, 1];
    const answers = { assault: sides(onTurn(2, attack(1)), attack(0)) };
    const stack = attacks(playAam(spec('stack'), faces, answers).lines);
    expect(stack[0]).toContain('→ 2 hits');
    expect(stack[1]).toContain('3 dice (−2 per die) [4 5 6] → 1 success');
    expect(stack[2]).toContain('vs defence 1 front (2−2)');
    const one = attacks(playAam(spec('max-one'), faces, answers).lines);
    expect(one[1]).toContain('3 dice (−1 per die) [4 5 6] → 2 successes');
    expect(one[2]).toContain('vs defence 1 front (2−1)');
  });

  it('damaged: −1 speed once no longer disrupted (Sherman speed 4 → 3)', () => {
    const r = playAam({
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 12]] }],
      units: { 'M4A1 Sherman': { defence: [2, 2] }, 'Panzer IV Ausf. F2': { vs_vehicle: [3, 3, 3] } },
      battlefield: THREE_TURNS,
    }, [...W, 4, 4, 4, ...W, ...W], { assault: sides(() => D.A_STAY, onTurn(1, attack(0))) });
    const s = r.game.s, m = s.map;
    const moves = (turn: number) => r.asked.find((q) => q.name === 'move' && q.actor === 0 && q.turn === turn);
    expect(moves(1)!.legal.map((a) => (D.kindOf(a) === D.K_MOVE ? m.dist(m.at(7, 4), D.argOf(a)) : 0)).reduce((a, b) => Math.max(a, b))).toBe(4);
    expect(moves(2)).toBeUndefined();
    expect(moves(3)!.legal.map((a) => (D.kindOf(a) === D.K_MOVE ? m.dist(m.at(7, 4), D.argOf(a)) : 0)).reduce((a, b) => Math.max(a, b))).toBe(3);
    expect(s.damaged[0]).toBe(1);
    expect(s.disrupted[0]).toBe(0);
  });

  it('AAM-R01 a damaged vehicle damaged again is destroyed (no-effect: stays damaged)', () => {
    const spec = (damaged_again: string): AamSpec => ({
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 7]] }],
      units: { 'M4A1 Sherman': { defence: [3, 3] }, 'Panzer IV Ausf. F2': { vs_vehicle: [4, 4, 4] } },
      battlefield: TWO_TURNS, rulings: { damaged_again, penalties_stack: 'max-one' },
    });
    const faces = [...W, 4, 4, 4, 4, ...W, 4, 4, 4, 1];
    const answers = { assault: sides(() => D.A_STAY, attack(0)) };
    const destroyed = playAam(spec('destroyed'), faces, answers);
    expect(attacks(destroyed.lines)[1]).toContain('→ 2 hits');
    expect(destroyed.lines).toContain('    Blue M4A1 Sherman #0 (7,4) is destroyed (damaged again, AAM-R01)');
    expect(destroyed.game.s.alive[0]).toBe(0);
    const kept = playAam(spec('no-effect'), faces, answers);
    expect(kept.game.s.alive[0]).toBe(1);
    expect(kept.game.s.damaged[0]).toBe(1);
  });

  it('Bravery Enforcement: a disrupted Soldier next to the Commissar attacks without the −1', () => {
    const spec = (commissarAt: [number, number]): AamSpec => ({
      blue: [{ unit: 'Mauser Kar 98k', at: [[7, 5]] }, { unit: 'Commissar', at: [commissarAt] }], red: [{ unit: 'M1 Garand Rifle', at: [[7, 7]] }],
      units: { 'Mauser Kar 98k': { vs_soldier: [3, 3, 0], defence: [2, 2] }, Commissar: { vs_soldier: [0, 0, 0] }, 'M1 Garand Rifle': { vs_soldier: [2, 2, 0], defence: [9, 9] } },
      battlefield: TWO_TURNS,
    });
    const faces = [...W, 4, 4, ...W, 4, 4, 4];
    const answers = { assault: sides(onTurn(2, (l, o) => (o.actor === 0 ? attack(2)(l, o) : D.A_STAY)), onTurn(1, attack(0))) };
    expect(attacks(playAam(spec([7, 4]), faces, answers).lines)[1]).toContain('3 dice [4 4 4] → 3 successes');
    expect(attacks(playAam(spec([2, 1]), faces, answers).lines)[1]).toContain('3 dice (−1 per die) [4 4 4] → 0 successes');
  });
});

describe('line of sight and movement', () => {
  const at = (legal: readonly number[], t: number) => legal.includes(D.act(D.K_ATTACK, t));
  const blueLegal = (spec: AamSpec) => playAam(spec, W).asked.find((q) => q.name === 'assault' && q.side === 0)!.legal;
  const base = (terrain: string[], rulings: Record<string, string> = {}): AamSpec => ({
    blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: 'Panzer IV Ausf. F2', at: [[7, 8]] }], battlefield: { terrain }, rulings,
  });
  const rows = (row: number, line: string) => [...Array(row).fill('.'), line];

  it('a forest or town hex between the units blocks line of sight; the ends\' own terrain does not', () => {
    expect(at(blueLegal(base(['.'])), 1)).toBe(true);
    expect(at(blueLegal(base(rows(6, '.......F'))), 1)).toBe(false);
    expect(at(blueLegal(base(rows(6, '.......T'))), 1)).toBe(false);
    expect(at(blueLegal(base(rows(8, '.......F'))), 1)).toBe(true); // the target's own forest
  });

  it('AAM-R05 a hill between blocks unless either unit is on a hill (never-blocks: hills never block)', () => {
    expect(at(blueLegal(base(rows(6, '.......H'))), 1)).toBe(false);
    expect(at(blueLegal(base(['.', '.', '.', '.', '.......H', '.', '.......H'])), 1)).toBe(true);
    expect(at(blueLegal(base(rows(6, '.......H'), { hill_los: 'never-blocks' })), 1)).toBe(true);
  });

  it('speed in hexes; a vehicle pays 2 to enter a forest, a soldier 1', () => {
    const spec: AamSpec = {
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }, { unit: 'Mauser Kar 98k', at: [[3, 4]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 18]] }],
      battlefield: { terrain: rows(5, 'FFFFFFFFFFFFFFF') },
    };
    const r = playAam(spec, W);
    const m = r.game.s.map;
    const legalOf = (u: number) => r.asked.find((q) => q.name === 'move' && q.actor === u)!.legal;
    expect(legalOf(0)).toContain(D.act(D.K_MOVE, m.at(7, 7)));
    expect(legalOf(0)).not.toContain(D.act(D.K_MOVE, m.at(7, 8))); // 2 (forest) + 1 + 1 + 1 = 5 > 4
    expect(legalOf(1)).toContain(D.act(D.K_MOVE, m.at(3, 5)));
  });

  it('AAM-R11 a unit may always move one hex (none: not into a hex costing more than its speed)', () => {
    const spec = (min_move: string): AamSpec => ({
      blue: [{ unit: 'M4A1 Sherman', at: [[7, 4]] }], red: [{ unit: 'Mauser Kar 98k', at: [[7, 18]] }],
      units: { 'M4A1 Sherman': { speed: 1 } }, battlefield: { terrain: rows(5, 'FFFFFFFFFFFFFFF') }, rulings: { min_move },
    });
    const legal = (min: string) => {
      const r = playAam(spec(min), W);
      return { legal: r.asked.find((q) => q.name === 'move' && q.actor === 0)!.legal, m: r.game.s.map };
    };
    const one = legal('one-hex');
    expect(one.legal).toContain(D.act(D.K_MOVE, one.m.at(7, 5)));
    const none = legal('none');
    expect(none.legal).not.toContain(D.act(D.K_MOVE, none.m.at(7, 5)));
  });

  it('stacking: at most 2 friendly units in a hex; entering an enemy\'s hex is allowed (it ends the move)', () => {
    const r = playAam({
      blue: [{ unit: 'Mauser Kar 98k', count: 3, at: [[7, 5], [7, 5], [7, 4]] }], red: [{ unit: 'Mauser Kar 98k', at: [[6, 4]] }],
      units: { 'Mauser Kar 98k': { vs_soldier: [0, 0, 0], close_assault: 0 } },
    }, W);
    const m = r.game.s.map;
    const legal = r.asked.find((q) => q.name === 'move' && q.actor === 2)!.legal;
    expect(legal).not.toContain(D.act(D.K_MOVE, m.at(7, 5)));
    expect(legal).toContain(D.act(D.K_MOVE, m.at(6, 4)));
  });
});
