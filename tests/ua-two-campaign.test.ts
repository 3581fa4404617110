// URBAN ASSAULT v1.01 §45 two players (2人の分隊長) beyond one operation (issue 40): campaigns, chains and buy_between.
// Tactical Drill 01 v1.01: 「2人プレイでは、どちらか一方の分隊長が戦死した時点で作戦失敗となり、戦死した側だけ後任分隊長を
// 作成します。生存している分隊長はそのまま継続します。」「経験点を獲得できるのは、各分隊長につき本シナリオで最初に作戦成功した
// 1回のみです。」; §45 「各分隊長の能力値、技能、経験点、個人装備…は、それぞれ個別に管理します」 and the shared 作戦全体 pool.
// Rulings UA-V66 (campaign), UA-V67 (buying between operations), UA-V68 (chain). Before: `players: 2` was refused in all
// three (UA-V65). Scripted dice: each fight is two leaders shooting a level-4 pair (a 5 hits, a 2 misses), then each
// enemy's 5 attacks split 3 / 2 between the leaders (6 is safe, 1 is a hit).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import * as D from '../src/rules/urban-assault/decisions.js';
import { EXP_FRAG, R_ASSAULT } from '../src/rules/urban-assault/catalogue/catalogue.js';
import { CAMP_V_GUNPYO, CAMP_V_LEVEL, CAMP_V_MAGAZINES } from '../src/rules/urban-assault/operation/campaign.js';
import type { UaOperation } from '../src/rules/urban-assault/operation/operation.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { GameRecord } from '../src/sim/core/types.js';
import { createUaRunner, uaMetrics } from '../src/rules/urban-assault/engine.js';
import type { GauntletDef, UaVariant } from '../src/rules/urban-assault/config.js';
import { PASS, scriptedPolicy, type Answers } from './helpers/ua-harness.js';
import { ScriptedDice } from './helpers/scripted-dice.js';
import { compileOp, d33Traces, playOp, seededGames, type OpRun, type OpSpec } from './helpers/ua-op-harness.js';

type Obj = Record<string, unknown>;
const V101 = 'v1.01-2026-10';
const fight = { name: 'final', location: 'indoor', encounter: { enemies: [{ name: 'a', count: 1, level: 4, attacks: 5 }, { name: 'b', count: 1, level: 4, attacks: 5 }], reaction: 'fight_to_the_end' } };
/** Both leaders hit: the pair is down before it acts. */
const WIN = [5, 5];
/** Both leaders miss; the first leader's defence rolls are safe, the second's hit: 2 + 2 hits kill a leader of life 4. */
const B_FALLS = [2, 2, 6, 6, 6, 1, 1, 6, 6, 6, 1, 1];
function camp(squad: Obj = {}, campaign: Obj = {}, laps = 2, xp = 'first_success'): OpSpec {
  return {
    rules: V101,
    scenario: {
      scenario: 'duo', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 10 } }, operations: { xp }, tiles: d33Traces(),
      laps: Array.from({ length: laps }, () => ({ final: fight })),
    },
    squad: { leader: { sub_ability: 'shooting' }, armour: 'none', players: 2, ...squad },
    operation: { campaign: { max_attempts: 5, ...campaign } },
  };
}
/** Each leader shoots the first enemy standing (a second leader with a frag throws it, when `frag`). */
const act = (frag: boolean) => (legal: readonly number[], o: { active: number }): number =>
  legal.find((a) => D.kindOf(a) === (frag && o.active === 1 ? D.K_FRAG : D.K_SHOOT)) ?? legal[0];
const ANS: Answers = { opening: D.A_PREEMPT, round0: PASS, leader: act(false), between: D.A_CONTINUE, growth: D.A_GROW_SAVE, sell: D.A_NO };
const series = (r: OpRun, attempt: number, v: number) => r.record.series[(attempt - 1) * r.record.nVars + v];
/** The campaign's record of the second leader (between games the first is in play). */
const second = (r: OpRun) => (r.game as unknown as { otherCareer: { xpLevel: number; xpBank: number; plays: number; leaderWins: number } }).otherCareer;
const first = (r: OpRun) => r.game as unknown as { xpLevel: number; xpBank: number; plays: number; leaderWins: number };

describe('§45 two players in a campaign (UA-V66)', () => {
  it('the second leader falls in operation 2: only his side gets a successor; the first keeps his XP, his record and his gear', () => {
    // Operation 1 (lap 1) won: each leader's first success, +1 XP each (level 11). Operation 2 (lap 2): the second leader
    // falls. Operation 3 (lap 2, stage 1): won — the first leader has had his first success (0 XP, Tactical Drill 01's
    // 「各分隊長につき…最初に作戦成功した1回のみ」), the successor (level 11, the predecessor's) has not: +1 → 12.
    const r = playOp(camp({ buy: ['frag_grenade'] }), [...WIN, ...B_FALLS, ...WIN], ANS);
    expect(r.dice.remaining).toBe(0);
    expect(r.rate('win')).toBe(1);
    expect(r.value('attempts')).toBe(3);
    expect(r.value('leader_deaths')).toBe(1);
    expect(r.lines).toContain('  the second leader fell (deaths 1); a successor takes over his side only (§45), the other leader carries on');
    expect([first(r).xpLevel, first(r).xpBank, first(r).plays, first(r).leaderWins]).toEqual([11, 1, 3, 2]);
    expect([second(r).xpLevel, second(r).xpBank, second(r).plays, second(r).leaderWins]).toEqual([12, 2, 1, 1]);
    expect(r.value('level_end')).toBe(11); // the recorded level is the first leader's
    expect([1, 2, 3].map((a) => series(r, a, CAMP_V_LEVEL))).toEqual([10, 11, 11]);
    // One reorganization stage for both: operation 3 starts with 10 + 3 magazines, not 10 + 3 + 3.
    expect([1, 2, 3].map((a) => series(r, a, CAMP_V_MAGAZINES))).toEqual([10, 10, 13]);
    // The first leader's frag was never used nor bought again; the successor's is re-bought (§41, UA-R58) from the one
    // 軍票 pool at the next refit: 3 軍票 less than the magazines converted would give.
    const s = r.game.s;
    expect([s.expendables[EXP_FRAG], s.other.expendables[EXP_FRAG]]).toEqual([1, 1]);
    const g = [1, 2, 3].map((a) => series(r, a, CAMP_V_GUNPYO));
    expect(g[1] - g[0]).toBe(8); // 10 magazines − 2 shots, converted
    expect(g[2] - g[1]).toBe(8 + 3 - 3); // 10 + 3 (stage 1) − 2 shots, less the successor's frag
    expect([s.life, s.other.life, s.lifeMax, s.other.lifeMax]).toEqual([4, 4, 4, 4]);
  });

  it('the first leader falls: the successor is his, the second leader carries on (his XP kept)', () => {
    // Operation 2: the first leader's rolls are the failing ones (his 3 from each enemy: 1, 1, 1 and 1 → down).
    const aFalls = [2, 2, 1, 1, 1, 6, 6, 1];
    const r = playOp(camp({}, { successor_level: 'minimum' }), [...WIN, ...aFalls, ...WIN], ANS);
    expect(r.dice.remaining).toBe(0);
    expect(r.rate('win')).toBe(1);
    expect(r.lines).toContain('  the first leader fell (deaths 1); a successor takes over his side only (§45), the other leader carries on');
    // The first leader's successor starts at level 10 (successor_level: minimum) and earns his first success; the second
    // leader keeps his level 11 and earns nothing more.
    expect([first(r).xpLevel, first(r).plays]).toEqual([11, 1]);
    expect([second(r).xpLevel, second(r).plays]).toEqual([11, 3]);
  });

  it('XP is each leader\'s own: with operations.xp every, both earn at each success; growth is asked of each', () => {
    const r = playOp(camp({}, {}, 3, 'every'), [...WIN, ...WIN, ...WIN], { ...ANS, growth: D.A_GROW_LIFE });
    expect(r.value('attempts')).toBe(3);
    expect(r.policy.askedFor('growth')).toHaveLength(4); // after operations 1 and 2, each leader
    const s = r.game.s;
    expect([s.lifeMax, s.other.lifeMax]).toEqual([6, 6]); // 4 + 2 grown each
    expect([first(r).xpLevel, second(r).xpLevel]).toEqual([13, 13]);
  });

  it('a 分隊規模 point grown is his own, and §45 plays half of it, rounded down (8 → 9 stays 4)', () => {
    // 分隊規模 8 at creation (4 each); after operation 2 each leader has 2 XP and buys a point: 9, of which half is 4.
    const growSquad = (legal: readonly number[]) => (legal.includes(D.A_GROW_SQUAD) ? D.A_GROW_SQUAD : D.A_GROW_SAVE);
    const r = playOp(camp({ leader: { sub_ability: 'shooting', xp: { squad_size: 2 } } }, {}, 3, 'every'), [...WIN, ...WIN, ...WIN], { ...ANS, growth: growSquad });
    expect(r.policy.askedFor('growth')).toHaveLength(4);
    const s = r.game.s;
    expect([s.squadSize, s.other.squadSize]).toEqual([4, 4]);
    expect(r.lines.filter((l) => l.includes('squad size'))).toHaveLength(2);
  });

  it('recovery between operations is each leader\'s own (§44): life and 負傷 back for the one who was hit', () => {
    // Operation 1: both miss; the second leader fails his 2 rolls against the first enemy (2 hits, 負傷 2), every other
    // roll is safe; the round limit ends the fight (not won). Operation 2 (lap 1 again): won.
    const hurt = [2, 2, 6, 6, 6, 1, 1, 6, 6, 6, 6, 6];
    const r = playOp(camp({}, { max_attempts: 2 }, 2), [...hurt, ...WIN], ANS);
    expect(r.dice.remaining).toBe(0);
    expect(r.lines.some((l) => l.includes('recovery between operations: 負傷 2 → 0'))).toBe(true);
    const s = r.game.s;
    expect([s.wounds, s.other.wounds, s.life, s.other.life]).toEqual([0, 0, 4, 4]);
  });

  it('負傷 at the campaign\'s end is the more wounded leader\'s (UA-V59, as in one operation)', () => {
    // One attempt: both miss; the second leader takes 2 hits (負傷 2), the first none; the round limit ends the fight and
    // the campaign (no attempt left, so no recovery after it). Before: the first leader's 0 was recorded.
    const hurt = [2, 2, 6, 6, 6, 1, 1, 6, 6, 6, 6, 6];
    const r = playOp(camp({}, { max_attempts: 1 }, 1), hurt, ANS);
    expect(r.dice.remaining).toBe(0);
    expect([r.game.s.wounds, r.game.s.other.wounds]).toEqual([0, 2]);
    expect(r.value('wounds_end')).toBe(2);
  });
});

describe('§45 two players: buying between operations (UA-V67)', () => {
  // After operation 1: 10 軍票 + 8 magazines converted = 18. Body armour 6, LMG 8.
  const plan = { buy_between: ['body_armor', 'LMG'] };
  const gear = (r: OpRun) => {
    const s = r.game.s;
    return [s.armour?.id ?? 'none', s.weapon.id, s.other.armour?.id ?? 'none', s.other.weapon?.id];
  };
  const fill = new Array<number>(12).fill(5);

  it('in-turn (default): the first leader\'s plan as far as it goes, then the second\'s, from the shared 軍票', () => {
    const r = playOp(camp(plan, { max_attempts: 2 }), [...WIN, ...fill], ANS);
    expect(gear(r)).toEqual(['body_armor', 'LMG', 'none', 'AR']); // 18 − 6 − 8 = 4: nothing for the second
    expect(r.lines.filter((l) => l.startsWith('between operations: bought'))).toEqual([
      'between operations: bought body_armor for 6 (軍票 12)', 'between operations: bought LMG for 8 (軍票 4)']);
  });

  it('alternate: an entry each in turn (both leaders get body armour, then neither can pay the LMG)', () => {
    const r = playOp({ ...camp(plan, { max_attempts: 2 }), rulings: { two_player_buy_order: 'alternate' } }, [...WIN, ...fill], ANS);
    expect(gear(r)).toEqual(['body_armor', 'AR', 'body_armor', 'AR']);
    expect(r.lines.filter((l) => l.startsWith('between operations: bought'))).toEqual([
      'between operations: bought body_armor for 6 (軍票 12)', 'between operations: bought body_armor for 6 (軍票 6)']);
  });
});

/** A chain: part 2 (the fight) then part 3 (nothing happens); two players, each leader with a frag. */
function chain(part2Dice: readonly number[], answers: Answers, members: Obj = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ua-two-chain-'));
  const sc = (id: string, final: Obj) => ({ scenario: id, title: id, map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 }, rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(), final });
  writeFileSync(join(dir, 'part-2.yaml'), stringify(sc('part-2', fight)));
  writeFileSync(join(dir, 'part-3.yaml'), stringify(sc('part-3', { name: 'final', location: 'indoor', supply: { effects: ['nothing'] } })));
  const exp = {
    name: 'chain', game: 'urban-assault', seed: 1, stop: { games: 1 }, rules: V101,
    operation: { scenario: 'part-3.yaml', after: ['part-2.yaml'], difficulty: 'NORMAL', max_rounds: 1 },
    variants: [{ name: 'v', baseline: true, leader: { sub_ability: 'shooting' }, armour: 'none', buy: ['frag_grenade'], members, players: 2 }],
  };
  writeFileSync(join(dir, 'chain.yaml'), stringify(exp));
  const loaded = loadExperiment(join(dir, 'chain.yaml'), {});
  const g = loaded.compiled.game as GauntletDef, v = loaded.compiled.variants[0].params as UaVariant;
  const runner = createUaRunner(g, v, scriptedPolicy(answers)) as UaOperation;
  const spec = uaMetrics(g), rec = new GameRecord(spec), lines: string[] = [];
  rec.clear();
  const dice = new ScriptedDice(part2Dice, 'rules');
  runner.play(dice, new ScriptedDice([], 'policy'), rec, { line: (t: string) => lines.push(t) });
  return { s: runner.s, lines, dice, rate: (id: string) => rec.rates[spec.rates.findIndex((x) => x.id === id)] };
}

describe('§45 two players in a chain (UA-V68)', () => {
  it('each leader goes on with his own expendables (the second threw his frag in part 2), each squad with its members', () => {
    const r = chain(new Array<number>(2).fill(5), { ...ANS, leader: act(true), 'member-fire': 0, target: 0 }, { assault: 2 });
    expect(r.dice.remaining).toBe(0);
    expect(r.lines).toContain('── chain: part-2 ended (OPERATION SUCCESS); part-3 starts with magazines 10');
    expect([r.s.members[R_ASSAULT], r.s.other.members[R_ASSAULT]]).toEqual([1, 1]);
    expect(r.rate('fell_before')).toBe(0);
    expect(r.rate('win')).toBe(1);
    expect([r.s.expendables[EXP_FRAG], r.s.other.expendables[EXP_FRAG]]).toEqual([1, 0]);
  });

  it('the second leader falling in part 2 ends the chain (no successor in a chain, UA-R134)', () => {
    const r = chain(B_FALLS, ANS);
    expect(r.dice.remaining).toBe(0);
    expect(r.lines).toContain('── chain: the leader fell in part-2; part-3 is not played');
    expect([r.rate('fell_before'), r.rate('win'), r.rate('leader_survived')]).toEqual([1, 0, 0]);
  });
});

describe('§45 two players: Tactical Drill 01 v1.01 as a campaign', () => {
  it('plays whole campaigns on random dice: both leaders and squads consistent after each (the engine\'s invariants)', () => {
    const yaml = `name: t\ngame: urban-assault\nseed: 1\nstop: { games: 1 }\nrules: ${V101}\noperation:\n  scenario: ../scenarios/urban-assault/tutorial-01-port-v1.01.yaml\n  difficulty: NORMAL\n  campaign: { max_attempts: 6 }\nsquad:\n  leader: { sub_ability: shooting, xp: { skill: 4, life: 4, sub: 2 }, skills: [rapid_fire, dodge] }\n  members: { assault: 6 }\n  players: 2\nvariants:\n  - { name: duo, baseline: true }\n`;
    let cleared = 0, deaths = 0;
    seededGames(yaml, 200, (s, rec, metrics) => {
      expect([s.squadSize, s.other.squadSize]).toEqual([3, 3]);
      cleared += rec.rates[0];
      deaths += rec.values[metrics.values.findIndex((x) => x.id === 'leader_deaths')];
    });
    expect(cleared).toBeGreaterThan(100);
    expect(deaths).toBeGreaterThan(0);
  });
});

describe('§45 two players: the option in a campaign and a chain', () => {
  it('is no longer refused there, nor on a scenario that issues expendables (one pool, UA-V58)', () => {
    expect(() => playOp(camp({ buy_between: ['LMG'] }, { max_attempts: 1 }), WIN, ANS)).not.toThrow();
    const issuing = camp();
    (issuing.scenario as Obj).laps = [{ final: fight, issued: ['frag_grenade'] }];
    expect(compileOp(issuing).variant.squad.players).toBe(2);
  });
});
