/**
 * `cautious`: values cover and safety highly, fires from where it stands, and
 * goes for the objective only on the objective turn.
 */
import { BEST_ATTACK, COMMON_PARAMS, FINISH_OFF, MANOEUVRE, SEIZE_OBJECTIVE, scriptedPolicy, type Params, type RuleSet } from './scripted.js';
import type { AamPolicyInfo } from '../../rules/axis-allies-miniatures/decisions.js';

export const CAUTIOUS_RULES: RuleSet = {
  movement: [SEIZE_OBJECTIVE, MANOEUVRE],
  assault: [FINISH_OFF, BEST_ATTACK, SEIZE_OBJECTIVE, MANOEUVRE],
};

const d = COMMON_PARAMS;
export const cautiousPolicy: AamPolicyInfo = {
  id: 'cautious',
  summary: 'prefers cover and safety, fires from where it stands, contests the objective late',
  defaults: {
    ...d,
    cover: { ...d.cover, default: 2 },
    threat: { ...d.threat, default: 1.2 },
    objective_from: { ...d.objective_from, default: 6 },
    seize_from: { ...d.seize_from, default: 7 },
  },
  create: (p: Params) => scriptedPolicy(CAUTIOUS_RULES, p),
};
