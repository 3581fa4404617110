/**
 * The readings chosen where seed 002 and the public sources are silent or
 * disagree. Each has an id explained in docs/rules/axis-allies-miniatures.md
 * (quoted clause, gap, choice, alternatives, why). These can be switched per
 * experiment or per variant:
 *
 * ```yaml
 * rulings:
 *   damaged_again: no-effect
 * ```
 */
import { defaultSettings, type RulingDef, type RulingSettingsOf } from '../../sim/core/ruling-def.js';
/** The shared ruling shape (src/sim/core/ruling-def.ts). */
export type AamRulingDef = RulingDef;

export const AAM_RULINGS = [
  { id: 'AAM-R01', key: 'damaged_again', clause: 'seed 負傷フェイズ 4「ダメージカウンターが置かれている車両は、1ダメージ受けます」', options: ['destroyed', 'no-effect'],
    summary: { destroyed: 'a vehicle already damaged that takes another damage is destroyed', 'no-effect': 'a second damage leaves a damaged vehicle damaged' } },
  { id: 'AAM-R02', key: 'penalties_stack', clause: 'disrupted and damaged: −1 defence, −1 per attack die', options: ['stack', 'max-one'],
    summary: { stack: 'disrupted and damaged together give −2 defence and −2 per attack die', 'max-one': 'disrupted and damaged together give −1 only' } },
  { id: 'AAM-R03', key: 'same_hex_defense', clause: 'vehicle facing: front/rear defence when the attacker shares the hex', options: ['rear', 'front'],
    summary: { rear: 'an attacker in the same hex attacks a vehicle\'s rear defence', front: 'an attacker in the same hex attacks a vehicle\'s front defence' } },
  { id: 'AAM-R04', key: 'points_victory', clause: 'turn-10 points comparison', options: ['destroyed', 'surviving'],
    summary: { destroyed: 'at turn 10 the side that destroyed more enemy points wins', surviving: 'at turn 10 the side with more surviving points wins' } },
  { id: 'AAM-R05', key: 'hill_los', clause: 'line of sight over hills', options: ['blocks-unless-on-hill', 'never-blocks'],
    summary: { 'blocks-unless-on-hill': 'a hill hex between the units blocks LOS unless the attacker or the target is on a hill', 'never-blocks': 'hills never block LOS' } },
  { id: 'AAM-R06', key: 'aa_attack', clause: '「Soldiers and Vehicles may attack Aircraft during the assault phase」', options: ['vs-vehicle', 'vs-soldier', 'none'],
    summary: { 'vs-vehicle': 'ground units attack aircraft with their attack values vs Vehicles', 'vs-soldier': 'ground units attack aircraft with their attack values vs Soldiers', none: 'aircraft cannot be attacked' } },
  { id: 'AAM-R07', key: 'airstrike_defense', clause: 'airstrikes against vehicles', options: ['rear', 'front'],
    summary: { rear: 'an airstrike attacks a vehicle\'s rear defence', front: 'an airstrike attacks a vehicle\'s front defence' } },
  { id: 'AAM-R08', key: 'disrupted_control', clause: 'objective control by disrupted units', options: ['counts', 'does-not-count'],
    summary: { counts: 'a disrupted unit on or next to the objective counts for control', 'does-not-count': 'only non-disrupted units count for objective control' } },
  { id: 'AAM-R09', key: 'annihilation', clause: 'a side with no soldiers or vehicles left', options: ['ends-game', 'play-on'],
    summary: { 'ends-game': 'a side with no soldiers or vehicles left loses at the end of that turn', 'play-on': 'play on to the objective / points conditions' } },
  { id: 'AAM-R10', key: 'cover_rolls', clause: 'cover from defensive terrain', options: ['on', 'off'],
    summary: { on: 'units in forest, hill or town make cover rolls', off: 'no cover rolls (to measure what cover is worth)' } },
  { id: 'AAM-R11', key: 'min_move', clause: 'terrain movement costs above a unit\'s speed', options: ['one-hex', 'none'],
    summary: { 'one-hex': 'a unit with speed ≥ 1 may always move one hex, whatever it costs', none: 'a hex costing more than the speed left cannot be entered' } },
] as const satisfies readonly AamRulingDef[];

export type AamRulingKey = (typeof AAM_RULINGS)[number]['key'];
export type AamRulings = RulingSettingsOf<typeof AAM_RULINGS>;

/** Default settings: the first option of each ruling. */
export function defaultAamRulings(): AamRulings {
  return defaultSettings(AAM_RULINGS);
}
