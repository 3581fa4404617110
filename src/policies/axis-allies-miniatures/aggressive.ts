/**
 * `aggressive`: ignores cover and threat, heads for the objective from turn 1
 * and attacks whenever it can.
 */
import { BEST_ATTACK, COMMON_PARAMS, MANOEUVRE, SEIZE_OBJECTIVE, scriptedPolicy, type Params, type RuleSet } from './scripted.js';
import type { AamPolicyInfo } from '../../rules/axis-allies-miniatures/decisions.js';

export const AGGRESSIVE_RULES: RuleSet = {
  movement: [SEIZE_OBJECTIVE, MANOEUVRE],
  assault: [BEST_ATTACK, SEIZE_OBJECTIVE, MANOEUVRE],
};

const d = COMMON_PARAMS;
export const aggressivePolicy: AamPolicyInfo = {
  id: 'aggressive',
  summary: 'rushes the objective from turn 1, ignores cover and threat, attacks whenever it can',
  defaults: {
    ...d,
    cover: { ...d.cover, default: 0 },
    threat: { ...d.threat, default: 0 },
    objective: { ...d.objective, default: 6 },
    objective_from: { ...d.objective_from, default: 1 },
    seize_from: { ...d.seize_from, default: 1 },
    attack_threshold: { ...d.attack_threshold, default: 0 },
  },
  create: (p: Params) => scriptedPolicy(AGGRESSIVE_RULES, p),
};
