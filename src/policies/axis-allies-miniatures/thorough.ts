/**
 * `thorough`: the `default` policy's rules and parameters, scoring hexes with the evaluator as it was before issue 27
 * ({@link HexEvaluator}: it re-reads every enemy's live state at each decision and refills its threat terms per phase
 * and class). It makes the same decisions as `default`, only slower; kept so any answer can be re-checked with it
 * (experiments/policy-strength-aam.yaml plays the two against each other).
 */
import { COMMON_PARAMS, THOROUGH, scriptedPolicy, type Params } from './scripted.js';
import { DEFAULT_RULES } from './default.js';
import type { AamPolicyInfo } from '../../rules/axis-allies-miniatures/decisions.js';

export const thoroughPolicy: AamPolicyInfo = {
  id: 'thorough',
  summary: 'the default policy with the evaluator before issue 27 (same decisions, slower): for re-checking answers',
  defaults: COMMON_PARAMS,
  create: (p: Params) => scriptedPolicy(DEFAULT_RULES, p, THOROUGH),
};
