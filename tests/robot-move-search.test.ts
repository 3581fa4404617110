// The robot move search (issue 27): a policy names the families of move destinations it scores
// (RsPolicy.moveFamilies, the scripted policies' `destinations`), the engine builds only those, and
// `thorough: 1` scores every family as before; a variant may play its own reference (a head-to-head
// with the sides swapped).
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/robot-skirmish/decisions.js';
import { C_COVER, C_DIR, type RsObservation } from '../src/rules/robot-skirmish/state.js';
import { FAST_DESTINATIONS, RS_POLICIES } from '../src/policies/robot-skirmish/index.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { Source } from '../src/sim/input/schema.js';
import type { RsVariant } from '../src/rules/robot-skirmish/config.js';
import { filler, setupRobot, type RobotSpec } from './helpers/robot-harness.js';

const SPEC: RobotSpec = {
  subject: [{ name: 'A', at: [45, 10], weapons: ['rifle'] }, { name: 'B', at: [50, 10], weapons: ['rifle'] }, filler('Zs', [3, 3])],
  reference: [{ name: 'E', at: [45, 50], weapons: ['rifle'] }, filler('Zr', [87, 57])],
  terrain: [{ kind: 'hinder', x: 30, y: 20, w: 6, h: 4 }, { kind: 'block', x: 60, y: 22, w: 6, h: 3 }],
};

/** Tags (C_*) and direction refs of the ground-move destinations the subject's first mover is offered, with these families. */
function offered(families: number | null): { tags: number[]; dirs: number[] } {
  const tags: number[] = [], dirs: number[] = [];
  let seen = false;
  const move = (legal: readonly number[], o: RsObservation): number => {
    if (!seen) {
      seen = true;
      for (const a of legal) {
        if (D.mvKind(a) !== D.MK_MOVE) continue;
        const c = D.mvCand(a);
        tags.push(o.candTag[c]);
        if (o.candTag[c] === C_DIR) dirs.push(o.candRef[c]);
      }
    }
    return D.mv(D.MK_STAY);
  };
  const r = setupRobot(SPEC, [], { move });
  if (families !== null) (r.p0 as { moveFamilies?: (o: RsObservation) => number }).moveFamilies = () => families;
  r.game.playTurn(0);
  expect(seen).toBe(true);
  return { tags, dirs };
}

describe('robot move search', () => {
  it('the engine builds only the families the policy names', () => {
    const all = offered(null);
    const some = offered(D.MF_DIR_FULL | D.MF_COVER);
    expect(new Set(all.tags).size).toBeGreaterThan(2);
    expect(some.tags.length).toBeGreaterThan(0);
    expect(some.tags.every((t) => t === C_DIR || t === C_COVER)).toBe(true);
    // Full-move directions only: each direction once (with every family, each twice: full and half).
    expect(new Set(some.dirs).size).toBe(some.dirs.length);
    expect(all.dirs.length).toBeGreaterThan(new Set(all.dirs).size);
    expect(some.tags.length).toBeLessThan(all.tags.length);
  });

  it('each scripted policy names its own families by default; thorough: 1 names every family', () => {
    const want: Record<string, number> = { 'focus-fire': FAST_DESTINATIONS.focus, 'formation-first': FAST_DESTINATIONS.formation, 'multi-attack-first': FAST_DESTINATIONS.multi, charge: FAST_DESTINATIONS.charge };
    const r = setupRobot(SPEC, []);
    for (const [id, fam] of Object.entries(want)) {
      const info = RS_POLICIES.find((p) => p.id === id)!;
      const defaults = Object.fromEntries(Object.entries(info.defaults).map(([k, d]) => [k, d.default]));
      expect(info.create(defaults).moveFamilies!(r.s), id).toBe(fam);
      expect(info.create({ ...defaults, thorough: 1 }).moveFamilies!(r.s), id).toBe(D.MF_ALL);
      expect(fam & D.MF_DIR_FULL, id).toBe(D.MF_DIR_FULL);
      expect(fam, id).not.toBe(D.MF_ALL);
    }
  });

  it('a variant may play its own reference; the others keep the experiment\'s', () => {
    const yaml = `
name: h2h
game: robot-skirmish
armies:
  a:
    - { name: S, size: small, weapons: [rifle] }
    - { name: M, size: medium, weapons: [rifle] }
reference: { army: a, policy: focus-fire, policy_params: { thorough: 1 } }
variants:
  - { name: new-first, baseline: true, army: a, policy: focus-fire }
  - { name: thorough-first, army: a, policy: focus-fire, policy_params: { thorough: 1 }, reference: { army: a, policy: formation-first } }
`;
    const exp = compileExperiment(Source.parse('h2h.yaml', yaml));
    const [v0, v1] = exp.compiled.variants.map((v) => v.params as RsVariant);
    expect(v0.reference.policy).toBe('focus-fire');
    expect(v0.reference.policyParams.thorough).toBe(1);
    expect(v0.subject.policyParams.thorough).toBe(0);
    expect(v1.reference.policy).toBe('formation-first');
    expect(v1.reference.policyParams.thorough).toBe(0);
    expect(v1.subject.policyParams.thorough).toBe(1);
    expect(() => compileExperiment(Source.parse('h2h.yaml', yaml.replace('reference: { army: a, policy: formation-first }', 'reference: { army: a, polisy: formation-first }')))).toThrow(/polisy/);
  });
});
