/** `random`: uniform over the legal actions, from the policy's own stream (for tests). */
import type { AamPolicyInfo } from '../../rules/axis-allies-miniatures/decisions.js';

export const randomPolicy: AamPolicyInfo = {
  id: 'random',
  summary: 'uniform over the legal actions (for invariant tests)',
  defaults: {},
  create: () => ({ decide: (_d, _o, legal, n, rng) => legal[rng.below(n)] }),
};
