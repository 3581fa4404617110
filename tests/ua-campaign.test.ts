// Rules tests for URBAN ASSAULT campaigns (§15, §16, §41, §44): attempts until
// cleared or capped, reorganization stages from leader deaths, the successor's
// inheritance, experience and growth, the operation cap between operations.
// Each attempt here is one operation whose only event is the final event: a
// 技量 check (target 4; a 射撃 leader with 技量 0 passes on 4+) whose failure
// kills the leader — so one scripted die decides each attempt.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { EXP_FRAG, R_ASSAULT, SK_DODGE } from '../src/rules/urban-assault/catalogue/catalogue.js';
import { GameRecord } from '../src/sim/core/types.js';
import { createUaRunner, uaMetrics } from '../src/rules/urban-assault/engine.js';
import type { UaCampaign } from '../src/rules/urban-assault/operation/campaign.js';
import { ScriptedDice } from './helpers/scripted-dice.js';
import { scriptedPolicy } from './helpers/ua-harness.js';
import { compileOp, d33Traces, playOp, type OpSpec } from './helpers/ua-op-harness.js';

const deadly = { name: 'final test', location: 'outdoor', check: { check: { roll: 'skill', target: 4 }, failure: [{ leader_damage: 20 }] } };
const hitFirst = { name: 'final test', location: 'outdoor', check: { check: { roll: 'skill', target: 4 }, effects: [{ hit_table: 1 }], failure: [{ leader_damage: 20 }] } };

function camp(final: Record<string, unknown> = deadly, squad: Record<string, unknown> = { leader: { sub_ability: 'shooting' } }, operation: Record<string, unknown> = {}): OpSpec {
  return {
    scenario: {
      scenario: 'camp', map: 'd33',
      progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 10 } },
      tiles: d33Traces(),
      final,
    },
    squad,
    operation: { campaign: { max_attempts: 5 }, ...operation },
  };
}
/** A campaign of two laps, each only `final`: the second lap follows a success, so a refit comes between them. */
function twoLaps(final: Record<string, unknown>, squad?: Record<string, unknown>): OpSpec {
  const s = camp(final, squad);
  (s.scenario as Record<string, unknown>).laps = [{ final }, { final }];
  delete (s.scenario as Record<string, unknown>).final;
  return s;
}
const series = (r: { record: GameRecord }, attempt: number, v: number) => r.record.series[(attempt - 1) * r.record.nVars + v];

describe('campaign attempts and reorganization stages (§41)', () => {
  it('two deaths then a clear: stage 0, 1, 2 at attempts 1–3; cleared within 3; the first attempt at stage 2 cleared', () => {
    const r = playOp(camp(), [1, 1, 6], {});
    expect(r.rate('win')).toBe(1);
    expect([1, 2, 3, 4, 5].map((k) => r.rate(`cleared_within_${k}`))).toEqual([0, 0, 1, 1, 1]);
    expect([1, 2, 3].map((s) => r.rate(`reached_stage_${s}`))).toEqual([1, 1, 0]);
    expect([0, 1, 2, 3].map((s) => r.rate(`first_attempt_cleared_stage_${s}`))).toEqual([0, 0, 1, 0]);
    expect(r.value('attempts')).toBe(3);
    expect(r.value('leader_deaths')).toBe(2);
    expect([1, 2, 3].map((a) => series(r, a, 0))).toEqual([0, 1, 2]);
    expect(r.dice.remaining).toBe(0);
  });

  it('stage 1 adds +3 magazines at each operation start (after the cap); the size is a parameter', () => {
    expect([1, 2].map((a) => series(playOp(camp(), [1, 6], {}), a, 2))).toEqual([10, 13]);
    expect([1, 2].map((a) => series(playOp(camp(deadly, undefined, { reorg: { magazines: 6 } }), [1, 6], {}), a, 2))).toEqual([10, 16]);
  });

  it('the stage is capped at 3 and the attempts at max_attempts', () => {
    const r = playOp(camp(), [1, 1, 1, 1, 1], {});
    expect(r.rate('win')).toBe(0);
    expect(r.value('attempts')).toBe(5);
    expect([1, 2, 3, 4, 5].map((a) => series(r, a, 0))).toEqual([0, 1, 2, 3, 3]);
    expect(r.value('final_stage')).toBe(3);
  });

  it('the stage resets when the scenario ends: the next campaign starts at stage 0', () => {
    const { game: g, variant } = compileOp(camp());
    const runner = createUaRunner(g, variant, scriptedPolicy({ buy: D.A_BUY_DONE })) as UaCampaign;
    const rec = new GameRecord(uaMetrics(g));
    rec.clear();
    runner.play(new ScriptedDice([1, 1, 6]), new ScriptedDice([]), rec, null);
    expect(series({ record: rec }, 3, 0)).toBe(2);
    rec.clear();
    runner.play(new ScriptedDice([6]), new ScriptedDice([]), rec, null);
    expect(series({ record: rec }, 1, 0)).toBe(0);
    expect(rec.values[2]).toBe(0); // final_stage
  });

  it('stage 2 gives one hit-table −1 per operation; unused without a death before', () => {
    const squad = { leader: { sub_ability: 'shooting' }, members: { assault: 2, gunner: 1 } };
    // Attempt 1 (stage 0): hit table 6 → the gunner drops; check 1 → death. Attempt 2 (stage 1): hit 5 → assault; check 1 → death.
    // Attempt 3 (stage 2): hit 6 → asked, −1 → 5: an assault member drops; check 6 → cleared.
    const r = playOp(camp(hitFirst, squad), [6, 1, 5, 1, 6, 6], { 'hit-adjust': D.A_YES });
    expect(r.policy.askedFor('hit-adjust').length).toBe(1);
    expect(r.rate('win')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('between operations and successors (§15, §16, §41, §44)', () => {
  it('a success earns 1 XP (level 11) spent by the growth policy; the leader recovers fully', () => {
    const r = playOp(twoLaps(deadly), [6, 6], { growth: D.A_GROW_LIFE });
    expect(r.value('level_end')).toBe(12);
    expect(r.policy.askedFor('growth').length).toBe(1);
    expect(r.rate('win')).toBe(1);
    expect(r.value('attempts')).toBe(2);
    expect(r.game.s.lifeMax).toBe(6); // 4 + soft armour 1 + 1 grown
  });

  it('a successor inherits magazines, 軍票 and surviving members; lost free members are recruited again', () => {
    const squad = { leader: { sub_ability: 'shooting' }, members: { assault: 3 } };
    const final = { name: 'final', location: 'outdoor', check: { check: { roll: 'skill', target: 4 }, effects: [{ hit_table: 1 }, { scrip: 7 }], failure: [{ leader_damage: 20 }] } };
    // Attempt 1: hit 5 → one assault drops, +7 軍票, check 1 → death. Attempt 2: recruits the assault again (free), hit 5, +7, check 6.
    const r = playOp(camp(final, squad), [5, 1, 5, 6], {});
    expect(series(r, 2, 3)).toBe(3);
    expect(r.value('scrip_end')).toBe(14);
    expect(r.game.s.members[R_ASSAULT]).toBe(2);
  });

  it('the successor re-buys the variant\'s bought gear from 軍票 then magazines, after the cap', () => {
    const squad = { leader: { sub_ability: 'shooting' }, buy: ['frag_grenade'] };
    // Cap 10: the variant pays 3 for the grenade (magazines 7). Death → the successor owes 3 at the next refit: cap 10 − 3 = 7.
    const r = playOp(camp(deadly, squad), [1, 6], { sell: D.A_NO });
    expect([1, 2].map((a) => series(r, a, 2))).toEqual([7, 7 + 3]);
    expect(r.game.s.expendables[EXP_FRAG]).toBe(1);
  });
});

describe('a successor on the starting kit (§41, issue 28 item 2)', () => {
  it('leaves the variant\'s bought guns and shield behind: they no longer count toward the carry limit', () => {
    // Cap 6, bought before the cap (UA-R03 before-cap): LMG (8) + flashbang (2); the successor owes 10 and holds 6 magazines.
    const spec = camp(deadly, { leader: { sub_ability: 'shooting' }, buy: ['LMG', 'flashbang'] });
    (spec.scenario as Record<string, { starting_magazines: Record<string, number> }>).rules.starting_magazines.NORMAL = 6;
    const r = playOp({ ...spec, rulings: { purchase_timing: 'before-cap' } }, [1, 6], { sell: D.A_NO });
    const g = r.game as unknown as { carried(): number; squad: { carriedFixed: number } };
    expect(r.lines).toContain('  the successor cannot re-buy the variant\'s gear (10): starting kit only');
    expect(r.game.s.weapon.id).toBe('AR');
    // The AR (1) of the starting kit and the flashbang restocked at the refit: the LMG's slot is gone.
    expect(g.squad.carriedFixed).toBe(2);
    expect(r.game.s.expendables[0]).toBe(1);
    expect(g.carried()).toBe(1 + 1);
  });
});

describe('selling surplus gear between operations (§39)', () => {
  const loot = { name: 'final', location: 'outdoor', check: { check: { roll: 'skill', target: 4 }, success: [{ item: 'at4' }], failure: [{ leader_damage: 20 }] } };
  it('a found AT4 beyond the loadout is sold at half its price (5 → 2 magazines); over the cap it becomes 軍票', () => {
    const r = playOp(twoLaps(loot), [6, 6], { growth: D.A_GROW_SAVE, sell: D.A_YES });
    expect(r.policy.askedFor('sell').length).toBe(1);
    expect(r.value('scrip_end')).toBe(2);
  });
  it('kept when the policy does not sell; a second AT4 is then left behind (最大携行数 1, §28)', () => {
    const r = playOp(twoLaps(loot), [6, 6], { growth: D.A_GROW_SAVE, sell: D.A_NO });
    expect(r.value('scrip_end')).toBe(0);
    expect(r.game.s.expendables[3]).toBe(1);
    expect(r.lines.some((l) => /at4 left behind \(at most 1 carried/.test(l))).toBe(true);
  });
});

describe('what to buy before an operation: a policy decision (§27; UA-R56)', () => {
  const rich = { name: 'final', location: 'outdoor', check: { check: { roll: 'skill', target: 4 }, success: [{ scrip: 10 }], failure: [{ leader_damage: 20 }] } };
  const richLaps = (squad: Record<string, unknown>): OpSpec => twoLaps(rich, squad);
  const { A_BUY_DONE, BUY_MEMBER, BUY_EXPENDABLE } = D;
  const MEDKIT = 4, AT4 = 3;

  it('offers members while 分隊規模 has room and what 軍票 + magazines can pay; a bought medkit is paid from 軍票 first', () => {
    const r = playOp(richLaps({ leader: { sub_ability: 'shooting' }, members: { assault: 6 } }), [6, 6], { growth: D.A_GROW_SAVE, buy: [BUY_EXPENDABLE + MEDKIT, A_BUY_DONE] });
    const first = r.policy.askedFor('buy')[0].legal;
    // 6 of 7 members: every role is affordable with 10 軍票 + 10 magazines (the sniper costs 5); every expendable too.
    expect(first).toEqual([A_BUY_DONE, ...Array.from({ length: 11 }, (_, k) => BUY_MEMBER + k), ...[0, 1, 2, 3, 4].map((e) => BUY_EXPENDABLE + e)]);
    expect(r.game.s.expendables[MEDKIT]).toBe(1);
    expect(r.value('scrip_end')).toBe(10 - 2 + 10);
    expect(r.game.s.magazines).toBe(10);
  });

  it('no member is offered with the squad full; an AT4 is not offered while one is carried (最大携行数 1); nothing beyond the carry limit', () => {
    const full = playOp(richLaps({ leader: { sub_ability: 'shooting' }, members: { assault: 7 }, buy: ['at4'] }), [6, 6], { growth: D.A_GROW_SAVE, sell: D.A_NO, buy: A_BUY_DONE });
    const legal = full.policy.askedFor('buy')[0].legal;
    expect(legal.some((a) => a >= BUY_MEMBER && a < D.BUY_SC_MEMBER)).toBe(false);
    expect(legal).not.toContain(BUY_EXPENDABLE + AT4);
    expect(legal).toContain(BUY_EXPENDABLE + MEDKIT);
    // Carry limit 5: the AR and four frag grenades fill it — no expendable is offered, the members still are.
    const packed = playOp(richLaps({ leader: { sub_ability: 'shooting' }, members: { assault: 6 }, buy: ['frag_grenade', 'frag_grenade'], magazines: 17 }), [6, 6], {
      growth: D.A_GROW_SAVE, sell: D.A_NO, buy: [BUY_EXPENDABLE + 1, BUY_EXPENDABLE + 1, A_BUY_DONE],
    });
    const asks = packed.policy.askedFor('buy');
    expect(asks.length).toBe(3);
    expect(asks[2].legal.some((a) => a >= BUY_EXPENDABLE)).toBe(false);
    expect(asks[2].legal).toContain(BUY_MEMBER + R_ASSAULT);
  });

  it('only what can be paid is offered: with no 軍票 and an operation cap of 0 magazines, only the free members', () => {
    const s = twoLaps(deadly, { leader: { sub_ability: 'shooting' }, members: { assault: 6 }, magazines: 0 });
    (s.scenario as Record<string, unknown>).rules = { starting_magazines: { NORMAL: 0 } };
    const r = playOp(s, [6, 6], { growth: D.A_GROW_SAVE, buy: A_BUY_DONE });
    expect(r.policy.askedFor('buy')[0].legal).toEqual([A_BUY_DONE, BUY_MEMBER + 1, BUY_MEMBER + 2, BUY_MEMBER + R_ASSAULT]); // scout, engineer, assault cost 0
  });

  it('the default policy restocks the loadout, then buys extras from 軍票 by its parameters (extra_medkits)', async () => {
    const { defaultPolicy } = await import('../src/policies/urban-assault/default.js');
    const params = Object.fromEntries(Object.entries(defaultPolicy.defaults).map(([k, d]) => [k, d.default]));
    const pol = defaultPolicy.create({ ...params, extra_medkits: 2 });
    const answer = (legal: readonly number[], o: Parameters<typeof pol.decide>[1]) => pol.decide(D.D_BUY, o, Int32Array.from(legal), legal.length, new ScriptedDice([]));
    // Attempt 1: hit 5 → one assault drops; success (+10 軍票). Refit: the assault is recruited again (free), then 2 medkits (4 軍票).
    const fin = { name: 'final', location: 'outdoor', check: { check: { roll: 'skill', target: 4 }, effects: [{ hit_table: 1 }], success: [{ scrip: 10 }], failure: [{ leader_damage: 20 }] } };
    const r = playOp(twoLaps(fin, { leader: { sub_ability: 'shooting' }, members: { assault: 3 } }), [5, 6, 6, 6], { growth: D.A_GROW_SAVE, buy: answer });
    expect(r.policy.askedFor('buy').map((a) => a.answer)).toEqual([BUY_MEMBER + R_ASSAULT, BUY_EXPENDABLE + MEDKIT, BUY_EXPENDABLE + MEDKIT, A_BUY_DONE]);
    expect(r.game.s.expendables[MEDKIT]).toBe(2);
    expect(r.value('scrip_end')).toBe(10 - 4 + 10);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('selling gear between operations: any expendable held and standing equipment got in the campaign (§39)', () => {
  it('a loadout expendable may be sold too (the policy\'s choice): frag 3 → 1 magazine; the default policy keeps it', () => {
    const squad = { leader: { sub_ability: 'shooting' }, buy: ['frag_grenade'] };
    const r = playOp(twoLaps(deadly, squad), [6, 6], { growth: D.A_GROW_SAVE, sell: D.A_YES, buy: D.A_BUY_DONE });
    expect(r.policy.askedFor('sell').length).toBe(1);
    expect(r.game.s.expendables[EXP_FRAG]).toBe(0);
    expect(r.lines).toContain('  sold a frag_grenade: magazines 8'); // 7 left after paying 3 for it, + ⌊3/2⌋
    const kept = playOp(twoLaps(deadly, squad), [6, 6], { growth: D.A_GROW_SAVE, sell: (_l, o) => (o.expendables[o.sellItem] > o.restockExpendables[o.sellItem] ? D.A_YES : D.A_NO) });
    expect(kept.game.s.expendables[EXP_FRAG]).toBe(1);
  });

  it('NVG bought at a market during the campaign may be sold at half its price (3 → 1)', () => {
    const market = { name: 'final', location: 'outdoor', encounter: { enemies: [{ name: 'm', count: 1, level: 4 }], reaction: { '1-6': { reaction: 'neutral', market: true } }, market: [{ item: 'nvg', magazines: 3 }] } };
    // Each attempt: read the reaction (d6 3: neutral), pass, buy the NVG for 3 magazines (first lap only), pass.
    const r = playOp(twoLaps(market, { leader: { sub_ability: 'shooting' } }), [3, 3], {
      opening: D.A_READ, pass: D.A_YES, market: [2, 0, 0], growth: D.A_GROW_SAVE, sell: D.A_YES, between: D.A_CONTINUE,
    });
    const sells = r.policy.askedFor('sell');
    expect(sells.length).toBe(1);
    expect(r.game.s.nvg).toBe(false);
    expect(r.game.s.carriedExtra).toBe(0);
    expect(r.lines).toContain('  sold the nvg: magazines 8');
    expect(r.dice.remaining).toBe(0);
  });
});

describe('物資支援要請 in a campaign (§21 「その作戦が終了すると失われます」, UA-R34)', () => {
  const cmd = { leader: { sub_ability: 'command', skills: ['supply_request'] }, supply_request: 'LMG' };
  it('the requested gear lasts one operation: each operation requests (and pays 1 指揮点) again', () => {
    const r = playOp(twoLaps(deadly, cmd), [6, 6], { growth: D.A_GROW_SAVE, sell: D.A_NO });
    expect(r.rate('win')).toBe(1);
    const attempts = r.lines.filter((l) => l.startsWith('── attempt'));
    expect(attempts).toHaveLength(2);
    // Both operations start with the LMG and one 指揮点 spent on the request.
    for (const a of attempts) expect(a).toMatch(/指揮 (\d+)\/(\d+), LMG\b/);
    const [, cur, max] = attempts[1].match(/指揮 (\d+)\/(\d+)/)!.map(Number);
    expect(cur).toBe(max - 1);
    expect(r.lines.filter((l) => l.includes('物資支援要請: LMG'))).toHaveLength(2);
    expect(r.lines.filter((l) => l.includes('requested gear is lost'))).toHaveLength(2);
    // After the last operation the leader holds his own weapon again.
    expect(r.game.s.weapon.id).not.toBe('LMG');
  });

  it('a successor makes his own request (issue 28 item 2): the new leader starts the next operation with the LMG, 1 指揮点 spent', () => {
    const r = playOp(camp(deadly, cmd), [1, 6], { growth: D.A_GROW_SAVE, sell: D.A_NO });
    expect(r.value('leader_deaths')).toBe(1);
    expect(r.rate('win')).toBe(1);
    const attempts = r.lines.filter((l) => l.startsWith('── attempt'));
    expect(attempts).toHaveLength(2);
    const [, cur, max] = attempts[1].match(/指揮 (\d+)\/(\d+), LMG\b/)!.map(Number);
    expect(cur).toBe(max - 1);
    // The predecessor's request, the successor's (made as he is created, returned at the refit) and the one for attempt 2:
    // the point is paid once per operation, never twice.
    expect(r.lines.filter((l) => l.includes('物資支援要請: LMG'))).toHaveLength(3);
    expect(r.lines.filter((l) => l.includes('requested gear is lost'))).toHaveLength(3);
    expect(r.game.s.weapon.id).not.toBe('LMG');
    expect(r.dice.remaining).toBe(0);
  });

  it('a requested armour raises the life maximum for its operation only', () => {
    const r = playOp(twoLaps(deadly, { ...cmd, supply_request: 'body_armor' }), [6, 6], { growth: D.A_GROW_SAVE, sell: D.A_NO });
    expect(r.rate('win')).toBe(1);
    expect(r.game.s.armour?.id ?? null).not.toBe('body_armor');
    expect(r.game.s.lifeMax).toBe(r.game.squad.lifeMax);
  });
});

describe('a successor inherits 常備装備 (§41): market-bought タイラップ and NVG stay and count toward the carry limit', () => {
  it('the new leader keeps both and the market does not offer them again', () => {
    const bazaar = { name: 'bazaar', location: 'indoor', encounter: {
      enemies: [{ name: 'dealers', count: 1, level: 4 }], reaction: { '1-6': { reaction: 'neutral', market: true } },
      market: [{ item: 'tie_wraps', scrip: 99, magazines: 1 }, { item: 'nvg', scrip: 99, magazines: 1 }] } };
    const spec = camp(deadly);
    (spec.scenario as Record<string, unknown>).progression = { tiles_before_mid: 0, tiles_after_mid: 1 };
    (spec.scenario as Record<string, unknown>).tiles = d33Traces({ 11: bazaar });
    const buys = [2, 4];
    // attempt 1: bazaar (reaction 3), buy both, pass; the final check fails (1) → successor. attempt 2: bazaar, final 6.
    const r = playOp(spec, [1, 1, 3, 1, 1, 1, 3, 6], { growth: D.A_GROW_SAVE, sell: D.A_NO, pass: D.A_YES, opening: D.A_READ, market: () => buys.shift() ?? 0 });
    expect(r.rate('win')).toBe(1);
    expect(r.value('leader_deaths')).toBe(1);
    expect(r.game.s.tieWraps).toBe(true);
    expect(r.game.s.nvg).toBe(true);
    expect(r.game.s.carriedExtra).toBe(2);
    expect(r.policy.askedFor('market' as never)).toHaveLength(2); // two purchases in attempt 1; nothing left to offer in attempt 2
    expect(r.dice.remaining).toBe(0);
  });
});

describe('§18/§20 a new skill when the 射撃点/指揮点 maximum reaches an even number (UA-R92)', () => {
  it('射撃 3 → 4 by growth: the leader learns one more shooting skill of the policy\'s choice; 4 → 5 adds none', () => {
    const shooter = { leader: { sub_ability: 'shooting', xp: { sub: 1 }, skills: ['rapid_fire'] } };
    const r = playOp(twoLaps(deadly, shooter), [6, 6], { growth: [D.A_GROW_SUB, D.A_GROW_SAVE], sell: D.A_NO, learn: 5 });
    const asked = r.policy.askedFor('learn');
    expect(asked).toHaveLength(1);
    expect(asked[0].legal).toEqual([0, 1, 2, 3, 5]); // every shooting skill but rapid fire (bit 4)
    expect(r.game.s.subMax).toBe(4);
    expect(r.game.s.skills & SK_DODGE).toBe(SK_DODGE);
    expect(r.lines.some((l) => l.includes('learns dodge (射撃 4: 2 skills)'))).toBe(true);
  });
  it('a 格闘 leader growing 格闘点 learns nothing (§22 has no skill list)', () => {
    const r = playOp(twoLaps(deadly, { leader: { sub_ability: 'melee', xp: { sub: 1 } } }), [6, 6], { growth: [D.A_GROW_SUB, D.A_GROW_SAVE], sell: D.A_NO });
    expect(r.policy.askedFor('learn')).toHaveLength(0);
    expect(r.game.s.subMax).toBe(4);
  });
});
