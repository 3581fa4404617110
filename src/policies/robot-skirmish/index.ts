/**
 * The robot-skirmish policies, by id: `formation-first`, `multi-attack-first`,
 * `focus-fire`, `charge` and `random`.
 */
import type { Dice } from '../../sim/core/dice.js';
import { COMMON_PARAMS, scriptedPolicy, type AttackRule, type Params } from './scripted.js';
import { MF_ALL, MF_CONTACT_ENEMY, MF_COVER, MF_DIR_FULL, MF_DIR_HALF, MF_HQ, MF_STANDOFF, type ParamDef, type RsPolicyInfo } from '../../rules/robot-skirmish/decisions.js';
import type { RsObservation } from '../../rules/robot-skirmish/state.js';

const always = (): boolean => true;

/** Single attacks, in the order a plain attacker tries them. */
const SINGLES: readonly AttackRule[] = [
  { action: 'single shot (best expected damage, weighted to finish damaged enemies)', kind: 'shoot', when: always },
  { action: 'single melee attack with a weapon', kind: 'melee', when: always },
  { action: 'punch or kick (no weapon usable)', kind: 'unarmed', when: always },
];

/** 陣形攻撃 first (the largest, doubled formations score best), then single attacks. */
export const FORMATION_FIRST_RULES: readonly AttackRule[] = [
  { action: 'formation attack (main attacker + every eligible sub-attacker; best split of the bonus)', kind: 'formation', when: always },
  ...SINGLES,
];

/** 複数攻撃 first, then single attacks. */
export const MULTI_FIRST_RULES: readonly AttackRule[] = [
  { action: 'multi-attack with the subset of weapons of the best total expected damage', kind: 'multi', when: always },
  ...SINGLES,
];

/** Single attacks only, every unit on the enemy it can hurt most relative to its remaining hp. */
export const FOCUS_FIRE_RULES: readonly AttackRule[] = SINGLES;

/** 突撃 whenever a charge is possible, then melee, then shooting. */
export const CHARGE_RULES: readonly AttackRule[] = [
  { action: 'charge (move into contact, melee; 1 unpreventable self-damage)', kind: 'charge', when: always },
  { action: 'melee attack with a weapon', kind: 'melee', when: always },
  { action: 'single shot', kind: 'shoot', when: always },
  { action: 'punch or kick', kind: 'unarmed', when: always },
];

/**
 * The families of move destinations (D.MF_* bits) each policy scores by default: the ones it takes, measured (issue
 * 27, experiments/policy-strength-robot.yaml). focus-fire: the 8 directions at the full and half move, standoff, the
 * headquarters; formation-first: full move, standoff, beside a friend, the headquarters; multi-attack-first: full and
 * half move, cover, the headquarters; charge: full and half move, the headquarters. `thorough: 1` scores all.
 */
export const FAST_DESTINATIONS = {
  focus: MF_DIR_FULL | MF_DIR_HALF | MF_STANDOFF | MF_HQ,
  formation: MF_ALL & ~MF_CONTACT_ENEMY,
  multi: MF_DIR_FULL | MF_DIR_HALF | MF_COVER | MF_HQ,
  charge: MF_ALL & ~MF_CONTACT_ENEMY,
} as const;

const withDefaults = (over: Record<string, Partial<ParamDef>>): Record<string, ParamDef> => {
  const out: Record<string, ParamDef> = { ...COMMON_PARAMS };
  for (const [k, v] of Object.entries(over)) out[k] = { ...(out[k] ?? { default: 0, min: 0, max: 1, doc: '' }), ...v } as ParamDef;
  return out;
};

export const formationFirstPolicy: RsPolicyInfo = {
  id: 'formation-first',
  summary: 'formation attacks (陣形攻撃) whenever two or more unacted units can, else single attacks; keeps units in contact',
  defaults: withDefaults({ cohesion: { default: 2 }, destinations: { default: FAST_DESTINATIONS.formation } }),
  create: (p: Params) => scriptedPolicy(FORMATION_FIRST_RULES, p),
};

export const multiAttackFirstPolicy: RsPolicyInfo = {
  id: 'multi-attack-first',
  summary: 'multi-attacks (複数攻撃) whenever a unit has two usable weapons, else single attacks; stands within its shortest weapon range',
  defaults: withDefaults({ range_basis: { default: 1 }, destinations: { default: FAST_DESTINATIONS.multi } }),
  create: (p: Params) => scriptedPolicy(MULTI_FIRST_RULES, p),
};

export const focusFirePolicy: RsPolicyInfo = {
  id: 'focus-fire',
  summary: 'single attacks only, each on the target of the best expected damage (a kill counts extra, overkill less: finishes damaged units)',
  defaults: withDefaults({ destinations: { default: FAST_DESTINATIONS.focus } }),
  create: (p: Params) => scriptedPolicy(FOCUS_FIRE_RULES, p),
};

export const chargePolicy: RsPolicyInfo = {
  id: 'charge',
  summary: 'charges (突撃) whenever possible, else melee, else shoots; closes to charge distance',
  defaults: withDefaults({ advance: { default: 2 }, surround: { default: 0.25 }, destinations: { default: FAST_DESTINATIONS.charge }, charge_mind: { default: 1, min: 0, max: 1, doc: 'stop at 60% of the move value from the nearest enemy (charge distance) instead of contact (1 = yes)' } }),
  create: (p: Params) => scriptedPolicy(CHARGE_RULES, p, true),
};

export const randomPolicy: RsPolicyInfo = {
  id: 'random',
  summary: 'uniform over the legal actions at every decision, from the policy stream (for invariant tests)',
  defaults: {},
  create: () => ({ decide: (_d: number, _o: RsObservation, legal: Int32Array, n: number, rng: Dice) => legal[rng.below(n)] }),
};

export const RS_POLICIES: readonly RsPolicyInfo[] = [formationFirstPolicy, multiAttackFirstPolicy, focusFirePolicy, chargePolicy, randomPolicy];

/** Rules of each scripted policy, for `list` and the docs. */
export const RS_POLICY_RULES: Readonly<Record<string, readonly AttackRule[]>> = {
  'formation-first': FORMATION_FIRST_RULES,
  'multi-attack-first': MULTI_FIRST_RULES,
  'focus-fire': FOCUS_FIRE_RULES,
  charge: CHARGE_RULES,
};
