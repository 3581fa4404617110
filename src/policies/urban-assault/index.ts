/** The URBAN ASSAULT policies, by id. */
import { aggressivePolicy } from './aggressive.js';
import { conservativePolicy } from './conservative.js';
import { defaultPolicy } from './default.js';
import { randomPolicy } from './random.js';
import type { UaPolicyInfo } from '../../rules/urban-assault/decisions.js';

export const UA_POLICIES: readonly UaPolicyInfo[] = [defaultPolicy, aggressivePolicy, conservativePolicy, randomPolicy];
