/** The Axis & Allies Miniatures policies, by id. */
import { aggressivePolicy } from './aggressive.js';
import { cautiousPolicy } from './cautious.js';
import { defaultPolicy } from './default.js';
import { holdPolicy } from './hold.js';
import { randomPolicy } from './random.js';
import { thoroughPolicy } from './thorough.js';
import type { AamPolicyInfo } from '../../rules/axis-allies-miniatures/decisions.js';

export const AAM_POLICIES: readonly AamPolicyInfo[] = [defaultPolicy, aggressivePolicy, cautiousPolicy, holdPolicy, randomPolicy, thoroughPolicy];
