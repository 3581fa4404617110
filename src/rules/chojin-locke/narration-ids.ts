/**
 * Catalogue ids the chojin-locke replay narration picks by engine code (end reason, esper status), indexed like
 * the constants in state.ts. The text itself lives in src/i18n/areas/lk-replay.ts.
 */
import type { MessageId } from '../../i18n/messages-en.js';

/** By end reason END_* (state.ts); END_NONE has no text. */
export const END_MSG: readonly (MessageId | null)[] = [null, 'lkReplay.endSideGone', 'lkReplay.endDeckOut', 'lkReplay.endNoContinuation', 'lkReplay.endRoundCap', 'lkReplay.endNoCombat'];

/** By status ST_* (state.ts): elsewhere, in the combat, dead, escaped, residual thought. */
export const STATUS_MSG: readonly MessageId[] = ['lkReplay.stElsewhere', 'lkReplay.stIn', 'lkReplay.stDead', 'lkReplay.stEscaped', 'lkReplay.stResidual'];
