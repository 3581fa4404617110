// The designer's desk figures (his v1.01 resource audit §3–§4; issue 41 item 3), reproduced exactly from the engine's
// own dice: the attack roll is driven face by face through the engine, the critical chain is scripted, and his
// averages follow from the faces counted — hit rates 83.3 / 70.8 / 54.2 / 37.5 % against levels 3–6 for one +2 and
// three +1 attackers, 1.2 attack rolls per paid attack, 1.00 / 1.18 / 1.54 / 2.22 magazines per damage, and
// Tactical Drill 01's fixed fights ≈ 7.7 + 9.2 = 16.9 magazines, ≈ 14.9 net of the 2 loot magazines, ≈ 2.1 spare at 17.
import { describe, expect, it } from 'vitest';
import { getEngine } from '../src/registry.js';
import { RATE_WIN } from '../src/rules/urban-assault/combat/game.js';
import { defaultRulings } from '../src/rules/urban-assault/catalogue/rulings.js';
import { RngDice } from '../src/sim/core/dice.js';
import { gameStream, STREAM_POLICY } from '../src/sim/core/streams.js';
import { GameRecord } from '../src/sim/core/types.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import type { GauntletDef, UaVariant } from '../src/rules/urban-assault/config.js';
import { ScriptedDice } from './helpers/exact-dice.js';
import { bareLeader, oneSoldierGame } from './helpers/exact-ua.js';

const urbanAssault = getEngine('urban-assault');

/** Play one scripted game: the leader (a roll of 1d6 + `ability`) shoots first at `game`'s enemy. */
function play(game: GauntletDef, ability: number, faces: readonly number[]) {
  const runner = urbanAssault.createRunner(game, { squad: bareLeader(ability, 5), rulings: defaultRulings() });
  const rec = new GameRecord(urbanAssault.metrics(game));
  rec.clear();
  const lines: string[] = [];
  runner.play(new ScriptedDice(faces, 99), new RngDice(gameStream(1, 0, STREAM_POLICY)), rec, { line: (t) => void lines.push(t) });
  return { rec, lines, shots: lines.filter((l) => l.includes('leader shoots at')).length };
}

/** Faces (of 6) on which the engine's attack roll of 1d6 + `ability` hits a soldier of `level`. */
function hitFaces(ability: number, level: number): number {
  let hits = 0;
  for (let f = 1; f <= 6; f++) hits += play(oneSoldierGame(level, false), ability, [f]).rec.rates[RATE_WIN];
  return hits;
}

/** A high-threat target of `life` (so one hit does not end the fight and a critical chain can be watched). */
function toughGame(level: number, life: number): GauntletDef {
  const g = oneSoldierGame(level, false);
  const u = { ...g.engagements[0].units[0], name: 'target', htt: true, life, attacks: 0 };
  return { ...g, engagements: [{ ...g.engagements[0], units: [u] }] };
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

describe("the designer's desk figures from the engine's dice (audit §3)", () => {
  it('his reference squad attacks with 1d6+2 (leader: 技量点 1 + DMR +1) and 1d6+1 (members: 技量点 1)', () => {
    const exp = loadExperiment('experiments/plan-td1.yaml', { games: 1 });
    const v = exp.compiled.variants[0].params as UaVariant;
    const weapon = v.squad.rules.catalogue.weapons[v.squad.weapon];
    expect(v.squad.skill + weapon.attackMod).toBe(2);
    const roles = v.squad.rules.catalogue.roles;
    for (const id of ['marksman', 'assault']) expect(roles.find((r) => r.id === id)!.skill).toBe(1);
  });

  it('hit rates 83.3 / 70.8 / 54.2 / 37.5 % against levels 3–6: one +2 and three +1 attacks, faces counted', () => {
    const got = [3, 4, 5, 6].map((L) => ({ L, leader: hitFaces(2, L), member: hitFaces(1, L) }));
    // Exact counts of 24 (one leader + three members, six faces each): 20, 17, 13, 9.
    expect(got.map((g) => g.leader + 3 * g.member)).toEqual([20, 17, 13, 9]);
    expect(got.map((g) => round((100 * (g.leader + 3 * g.member)) / 24, 1))).toEqual([83.3, 70.8, 54.2, 37.5]);
  });

  it('a critical (natural 6) gives a free attack roll that chains; the chain costs no magazine; 1.2 rolls per paid attack', () => {
    // Faces 6, 6, 2: a paid shot, a free one, a free one (no critical: the chain stops). One magazine in all.
    const chain = play(toughGame(4, 9), 2, [6, 6, 2]);
    expect(chain.shots).toBe(3);
    expect(chain.rec.values[0]).toBe(1); // magazines spent
    expect(play(toughGame(4, 9), 2, [5]).shots).toBe(1);
    // The chain's length is geometric with P(continue) = 1/6 per roll (only the natural 6 chains: five faces stop it).
    const stops = [1, 2, 3, 4, 5].filter((f) => play(toughGame(4, 9), 2, [f]).shots === 1).length;
    expect(stops).toBe(5);
    const expectedRolls = 1 / (1 - (6 - stops) / 6);
    expect(expectedRolls).toBeCloseTo(1.2, 12);
  });

  it('magazines per damage 1.00 / 1.18 / 1.54 / 2.22, and damage per magazine ≈ 1.00 / 0.85 / 0.65 / 0.45', () => {
    const p = [3, 4, 5, 6].map((L) => (hitFaces(2, L) + 3 * hitFaces(1, L)) / 24);
    // Each roll of the chain hits with p (Wald): damage per paid attack = 1.2 p.
    expect(p.map((x) => round(1 / (1.2 * x), 2))).toEqual([1.0, 1.18, 1.54, 2.22]);
    expect(p.map((x) => round(1.2 * x, 2))).toEqual([1.0, 0.85, 0.65, 0.45]);
  });

  it("Tactical Drill 01's fixed fights: ≈ 7.7 (5 soldiers, level 5) + ≈ 9.2 (life 6, level 5) = ≈ 16.9; ≈ 14.9 net; ≈ 2.1 spare at 17", () => {
    const p5 = (hitFaces(2, 5) + 3 * hitFaces(1, 5)) / 24, perDamage = 1 / (1.2 * p5);
    const mid = 5 * perDamage, final = 6 * perDamage;
    expect(round(mid, 1)).toBe(7.7);
    expect(round(final, 1)).toBe(9.2);
    expect(round(mid + final, 1)).toBe(16.9);
    expect(round(mid + final - 2, 1)).toBe(14.9);
    expect(round(17 - (mid + final - 2), 1)).toBe(2.1);
    // With an AT4's 2 damage on the final: the other 4 cost ≈ 6.2 and the fixed fights ≈ 11.8 net (audit §4).
    expect(round(4 * perDamage, 1)).toBe(6.2);
    expect(round(mid + 4 * perDamage - 2, 1)).toBe(11.8);
  });
});
