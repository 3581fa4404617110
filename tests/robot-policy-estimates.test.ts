// robot-skirmish policies: their damage estimates read the same data the rules
// apply (issue 28 item 13: the anti-EN field's cut is catalogue.base.anti_en_reduction,
// RS-F09, not a literal 2).
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/robot-skirmish/decisions.js';
import type { RsObservation } from '../src/rules/robot-skirmish/state.js';
import { damageAfterDefence } from '../src/policies/robot-skirmish/scripted.js';
import { filler, setupRobot, type RobotSpec } from './helpers/robot-harness.js';

/** The observation the subject's policy sees at its first attack decision, with an anti-EN target. */
function observe(reduction: number | undefined): { obs: RsObservation; target: number } {
  let seen: RsObservation | null = null;
  const spec: RobotSpec = {
    subject: [{ name: 'A', at: [45, 10], weapons: ['beam_rifle'] }, filler('Zs', [3, 3])],
    reference: [{ name: 'E', at: [45, 40], weapons: [], equipment: ['anti_en_field'] }, filler('Zr', [87, 57])],
    ...(reduction === undefined ? {} : { catalogue: { base: { anti_en_reduction: reduction } } }),
  };
  const r = setupRobot(spec, [], {
    attack: (legal, o) => {
      seen = o;
      return legal.find((a) => D.atKind(a) === D.AK_END)!;
    },
  });
  r.game.playTurn(0);
  if (!seen) throw new Error('no attack decision');
  return { obs: seen, target: r.u('R-E') };
}

describe('robot-skirmish policy estimates', () => {
  it('an EN hit on an anti-EN field loses anti_en_reduction in the estimate (default 2; 0 and 3 as written)', () => {
    for (const [reduction, left] of [[undefined, 3], [0, 5], [3, 2], [9, 0]] as const) {
      const { obs, target } = observe(reduction);
      expect(damageAfterDefence(obs, target, 5, true), `anti_en_reduction ${reduction}`).toBe(left);
      expect(damageAfterDefence(obs, target, 5, false)).toBe(5);
    }
  });
});
