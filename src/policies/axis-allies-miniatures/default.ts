/**
 * `default`: a balanced commander. Moves to the hex with the best mix of
 * firepower (close to optimal range), cover and safety, swinging towards the
 * objective from turn 4 and onto it from turn 6; in the assault phase finishes
 * off units already hit, else attacks the best target, else manoeuvres.
 * Vehicles face the most dangerous enemy.
 */
import { BEST_ATTACK, COMMON_PARAMS, FINISH_OFF, MANOEUVRE, SEIZE_OBJECTIVE, scriptedPolicy, type Params, type RuleSet } from './scripted.js';
import type { AamPolicyInfo } from '../../rules/axis-allies-miniatures/decisions.js';

export const DEFAULT_RULES: RuleSet = {
  movement: [SEIZE_OBJECTIVE, MANOEUVRE],
  assault: [SEIZE_OBJECTIVE, FINISH_OFF, BEST_ATTACK, MANOEUVRE],
};

export const defaultPolicy: AamPolicyInfo = {
  id: 'default',
  summary: 'balanced: best hex by firepower, cover, threat and objective; finish off units already hit, else the best attack',
  defaults: COMMON_PARAMS,
  create: (p: Params) => scriptedPolicy(DEFAULT_RULES, p),
};
