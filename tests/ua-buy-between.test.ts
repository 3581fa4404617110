// Gear bought between a campaign's operations under the 2026-03 economy (issue 24, UA-V25): the variant's
// `buy_between` plan is bought in order with the 軍票 carried from the last operation (unused magazines converted),
// before the loadout is restocked; 軍票 after each operation is the campaign's `gunpyo` series.
import { describe, expect, it } from 'vitest';
import { GameRecord } from '../src/sim/core/types.js';
import { CAMP_V_GUNPYO } from '../src/rules/urban-assault/operation/campaign.js';
import { compileUa } from './helpers/ua-harness.js';
import { d33Traces, playOp, type OpSpec } from './helpers/ua-op-harness.js';

const PUB = 'public-2026-03-23';
const ANS = { growth: 0, sell: 0 };
const pass = { name: 'final test', location: 'outdoor', check: { check: { roll: 'skill', target: 4 }, failure: [{ leader_damage: 20 }] } };
/** Two laps, each only the final check (a 6 passes): one refit between them. 10 magazines an operation, none spent. */
function twoLaps(squad: Record<string, unknown>, rules = PUB): OpSpec {
  return {
    rules,
    scenario: {
      scenario: 'camp', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(), laps: [{ final: pass }, { final: pass }],
    },
    squad: { leader: { sub_ability: 'shooting' }, ...squad },
    operation: { campaign: { max_attempts: 3 } },
  };
}
const gunpyo = (r: { record: GameRecord }, attempt: number) => r.record.series[(attempt - 1) * r.record.nVars + CAMP_V_GUNPYO];

describe('buy_between: gear bought between operations (UA-V25)', () => {
  it('the LMG is bought with the 軍票 carried over (10 + 10 magazines converted = 20 → 12) and is the gun of operation 2', () => {
    const r = playOp(twoLaps({ buy_between: ['LMG'] }), [6, 6], ANS);
    expect(r.lines.some((l) => /between operations: bought LMG for 8/.test(l)), r.lines.join('\n')).toBe(true);
    expect(r.game.s.weapon.id).toBe('LMG');
    expect([gunpyo(r, 1), gunpyo(r, 2)]).toEqual([20, 22]); // 軍票 after each operation: 12 + 10 converted
    const none = playOp(twoLaps({}), [6, 6], ANS);
    expect(none.game.s.weapon.id).toBe('AR');
    expect([gunpyo(none, 1), gunpyo(none, 2)]).toEqual([20, 30]);
  });

  it('armour replaces the worn one and raises the life maximum; the old one is sold for 軍票 (dev) or left (published)', () => {
    const r = playOp(twoLaps({ buy_between: ['body_armor'] }), [6, 6], ANS);
    expect(r.game.s.armour?.id).toBe('body_armor');
    expect(r.game.s.lifeMax).toBe(4 + 2);
    expect(gunpyo(r, 2)).toBe(20 - 6 + 10);
    expect(r.lines.some((l) => /soft_armor left behind/.test(l)), r.lines.join('\n')).toBe(true);
    const dev = playOp(twoLaps({ buy_between: ['body_armor'] }, 'dev-2026-05-09'), [6, 6], ANS);
    expect(gunpyo(dev, 2)).toBe(20 - 6 + 1 + 10); // soft armour 2 → 1 軍票
  });

  it('in order: the next entry waits while it cannot be paid (AMR 10 + LMG 8 of 20; the DMR is not bought)', () => {
    const r = playOp(twoLaps({ buy_between: ['AMR', 'LMG', 'DMR'] }), [6, 6], ANS);
    expect(r.game.s.weapon.id).toBe('LMG');
    expect(gunpyo(r, 2)).toBe(2 + 10);
  });

  it('what is held already is passed over', () => {
    const r = playOp(twoLaps({ buy_between: ['AR', 'LMG'] }), [6, 6], ANS);
    expect(r.lines.some((l) => /AR passed over \(already held\)/.test(l)), r.lines.join('\n')).toBe(true);
    expect(r.game.s.weapon.id).toBe('LMG');
  });

  it('outside a campaign, or an id that is not gear, is a file:line error', () => {
    expect(() => compileUa({ rules: PUB, engagements: [{ name: 'e', location: 'indoor', enemies: [{ name: 'f', count: 1, level: 4 }] }], squad: { leader: { sub_ability: 'shooting' }, buy_between: ['LMG'] } })).toThrow(/ua-rules\.yaml:\d+: .*buy_between: buy_between is played between a campaign's operations only/);
    expect(() => playOp(twoLaps({ buy_between: ['medkit'] }), [6, 6], ANS)).toThrow(/buy_between\[0\]: .*medkit/);
  });
});
