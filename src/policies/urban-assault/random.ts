/** `random`: uniform over the legal actions, from the policy's own stream (for tests). */
import type { UaPolicyInfo } from '../../rules/urban-assault/decisions.js';

export const randomPolicy: UaPolicyInfo = {
  id: 'random',
  summary: 'uniform over legal actions (for invariant tests)',
  defaults: {},
  create: () => ({ decide: (_d, _o, legal, n, rng) => legal[rng.below(n)] }),
};
