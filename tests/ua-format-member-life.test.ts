// Issue 28 item 7 (ruling UA-R132): a scenario member with more than one life (生命 > 1). Hits on the type go to its
// wounded member until he drops; the wound is healed at the next operation. Before: `life` above 1 was refused (only 1
// was played). Scripted dice.
import { describe, expect, it } from 'vitest';
import { compileOp, d33Traces, playOp, type OpSpec } from './helpers/ua-op-harness.js';

function spec(life: number, effects: unknown[]): OpSpec {
  return {
    scenario: {
      scenario: 'member-life', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(),
      members: { guard: { name: '護衛', skill: 1, life, shots: 1, hit_table: 5 } },
      final: { name: 'final', location: 'indoor', supply: { effects } },
    },
    squad: { leader: { sub_ability: 'shooting' }, members: { guard: 2 } },
  };
}

describe('a scenario member with life 2 (UA-R132)', () => {
  it('two hit-table hits on the type: the first wounds, the second drops that member; the other stays whole', () => {
    const r = playOp(spec(2, [{ hit_table: 2 }]), [5, 5], {});
    expect(r.game.s.scMembers[0]).toBe(1);
    expect(r.lines.some((l) => /護衛 takes the hit and stays \(1 life left\)/.test(l))).toBe(true);
    expect(r.lines.some((l) => /a 護衛 drops/.test(l))).toBe(true);
  });

  it('life 1 (the default reading, §33): the first hit drops a member', () => {
    const r = playOp(spec(1, [{ hit_table: 2 }]), [5, 5], {});
    expect(r.game.s.scMembers[0]).toBe(0);
  });

  it('three hits on life 2: the second member is wounded, not dropped', () => {
    const r = playOp(spec(2, [{ hit_table: 3 }]), [5, 5, 5], {});
    expect(r.game.s.scMembers[0]).toBe(1);
    expect(r.game.s.scWounds[0]).toBe(1);
  });

  it('refuses a life above 9 at its line', () => {
    expect(() => compileOp(spec(10, [{ hit_table: 1 }]))).toThrow(/ua-op\.yaml:\d+: .*members\.guard\.life/);
  });
});
