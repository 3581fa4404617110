/**
 * Catalogue ids the robot-skirmish replay narration picks by engine code
 * (critical effect, move kind, end reason), indexed like the constants in
 * decisions.ts and state.ts. The text itself lives in src/i18n/areas/rs-replay.ts.
 */
import type { MessageId } from '../../i18n/messages-en.js';

/** By critical effect CR_* (decisions.ts). */
export const CRITICAL_MSG: readonly MessageId[] = ['rsReplay.critPlusOne', 'rsReplay.critIgnoreArmour', 'rsReplay.critIgnoreClone', 'rsReplay.critIgnoreAntiEn', 'rsReplay.critMaxDice'];

/** By move kind MK_* (decisions.ts); only MK_MOVE…MK_LAND are narrated as a move with a verb. */
export const MOVE_VERB_MSG: readonly MessageId[] = ['rsReplay.verbMove', 'rsReplay.verbMove', 'rsReplay.verbRun', 'rsReplay.verbHover', 'rsReplay.verbLand'];

/** By end reason END_* (state.ts). */
export const END_MSG: readonly MessageId[] = ['rsReplay.endNone', 'rsReplay.endAnnihilation', 'rsReplay.endHq', 'rsReplay.endTime'];
