/**
 * Catalogue ids the if-battle replay narration picks by engine code (drop-out reason, end reason, direction,
 * spoil), indexed like the constants in state.ts, area-map.ts and decisions.ts. The text itself lives in
 * src/i18n/areas/if-replay.ts.
 */
import type { MessageId } from '../../i18n/messages-en.js';

/** By drop-out state OUT_* (state.ts). */
export const OUT_MSG: readonly MessageId[] = ['ifReplay.outIn', 'ifReplay.outLife0', 'ifReplay.outTenth', 'ifReplay.outVoluntary', 'ifReplay.outBattery'];

/** By end reason END_* (state.ts); END_NONE has no text (the replay shows —). */
export const END_MSG: readonly (MessageId | null)[] = [null, 'ifReplay.endOneSide', 'ifReplay.endCease', 'ifReplay.endTime'];

/** By direction (area-map.ts DIR_NAMES: N, E, S, W). */
export const DIR_MSG: readonly MessageId[] = ['ifReplay.dirN', 'ifReplay.dirE', 'ifReplay.dirS', 'ifReplay.dirW'];

/** By spoil SP_* (decisions.ts). */
export const SPOIL_MSG: readonly MessageId[] = ['ifReplay.spoilData', 'ifReplay.spoilHeldData', 'ifReplay.spoilTool', 'ifReplay.spoilContact'];
