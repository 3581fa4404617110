/**
 * Catalogue ids the Axis & Allies Miniatures replay narration picks by engine
 * code, indexed like the constants they name (config.ts sides and kinds,
 * hexmap.ts terrain, combat.ts range bands, state.ts end reasons). The text
 * lives in src/i18n/areas/aam-replay.ts.
 */
import type { MessageId } from '../../i18n/messages-en.js';

/** By side BLUE, RED (config.ts SIDE_NAMES). */
export const SIDE_MSG: readonly MessageId[] = ['aamReplay.blue', 'aamReplay.red'];

/** By unit kind (config.ts KIND_NAMES). */
export const KIND_MSG: readonly MessageId[] = ['aamReplay.kindSoldier', 'aamReplay.kindVehicle', 'aamReplay.kindAircraft'];

/** By terrain (hexmap.ts TERRAIN_NAMES). */
export const TERRAIN_MSG: readonly MessageId[] = ['aamReplay.terrainClear', 'aamReplay.terrainForest', 'aamReplay.terrainHill', 'aamReplay.terrainTown'];

/** By range band (combat.ts BAND_NAMES). */
export const BAND_MSG: readonly MessageId[] = ['aamReplay.bandShort', 'aamReplay.bandMedium', 'aamReplay.bandLong'];

/** By end reason END_* (state.ts END_NAMES). */
export const END_MSG: readonly MessageId[] = ['aamReplay.endUndecided', 'aamReplay.endObjective', 'aamReplay.endAnnihilation', 'aamReplay.endPoints', 'aamReplay.endTurnLimit'];
