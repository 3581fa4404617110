/**
 * `default`: a sensible leader. Reads the reaction when the table favours it,
 * focuses fire on the weakest unit (to trigger withdrawal), spends AT4/C4 on
 * armour, frag grenades on crowds, skills when they pay, and retreats when his
 * life falls to the threshold.
 */
import * as D from '../../rules/urban-assault/decisions.js';
import type { UaObservation } from '../../rules/urban-assault/combat/state.js';
import { indoorHelps, scriptedPolicy, threat, type LeaderRule, type Params } from './scripted.js';
import type { ParamDef, UaPolicyInfo } from '../../rules/urban-assault/decisions.js';

const hasArmour = (o: UaObservation) => {
  for (let u = 0; u < o.nUnits; u++) if (o.unitLeft[u] > 0 && (o.eng.units[u].armoured || o.eng.units[u].htt)) return true;
  return false;
};
const crowd = (o: UaObservation, size: number) => {
  for (let u = 0; u < o.nUnits; u++) if (o.unitLeft[u] >= size && !o.eng.units[u].htt && o.targetable(u)) return true;
  return false;
};

/** The default leader's priorities, first match wins. */
export const DEFAULT_RULES: readonly LeaderRule[] = [
  { action: 'special round-0 use of an expendable (scenario)', kind: D.K_R0_USE, target: 'any', when: () => true },
  { action: 'retreat', kind: D.K_RETREAT, target: 'any', when: (o, p) => o.life <= p.retreat_life && threat(o) >= 2 },
  { action: 'negotiate', kind: D.K_NEGOTIATE, target: 'any', when: () => true },
  { action: 'first-aid', kind: D.K_FIRST_AID, target: 'any', when: (o) => (o.woundTrack ? o.wounds >= 2 : o.life <= o.lifeMax - 2) },
  { action: 'medkit on 負傷 (2026-03 rules)', kind: D.K_MEDKIT, target: 'any', when: (o, p) => o.wounds >= p.cure_wounds_at },
  { action: 'engineer IED on a vehicle', kind: D.K_IED, target: 'armoured', when: hasArmour },
  { action: 'AT4 on armour', kind: D.K_AT4, target: 'armoured', when: hasArmour },
  { action: 'C4 before the fight on armour', kind: D.K_C4_PRE, target: 'armoured', when: hasArmour },
  { action: 'frag grenade on a crowd', kind: D.K_FRAG, target: 'largest', when: (o) => crowd(o, 3) },
  { action: 'fortify the members', kind: D.K_FORTIFY_MEMBERS, target: 'any', when: (o) => o.round === 0 && o.withSquad() >= 3 },
  { action: 'fortify the leader', kind: D.K_FORTIFY_LEADER, target: 'any', when: (o) => o.round === 0 },
  { action: 'barricade an outdoor fight that indoor would favour', kind: D.K_BARRICADE, target: 'any', when: (o) => o.nSpecial > 0 && threat(o) >= 3 && indoorHelps(o) },
  { action: 'acoustic device on the largest group', kind: D.K_ACOUSTIC, target: 'largest', when: (o, p) => o.nSpecial > 0 && threat(o) >= (o.round === 0 ? p.acoustic_threat_r0 : p.acoustic_threat) },
  { action: 'stun the largest group', kind: D.K_STUN_SKILL, target: 'largest', when: (o) => threat(o) >= 4 },
  { action: 'flashbang the largest group', kind: D.K_FLASHBANG, target: 'largest', when: (o) => threat(o) >= 4 },
  { action: 'grenade (skill) on a high-threat target', kind: D.K_GRENADE, target: 'armoured', when: hasArmour },
  { action: 'shotgun indoors into a crowd', kind: D.K_SHOTGUN, target: 'largest', when: (o) => o.indoorNow && crowd(o, 2) },
  { action: 'rapid fire', kind: D.K_RAPID, target: 'focus', when: (o, p) => o.magazines >= p.reserve + 2 },
  { action: 'precise shot', kind: D.K_PRECISE, target: 'focus', when: (o, p) => o.magazines > p.reserve },
  { action: 'full-power attack', kind: D.K_FULL_POWER, target: 'focus', when: (o) => o.subCur >= 3 },
  { action: 'shoot', kind: D.K_SHOOT, target: 'focus', when: (o, p) => o.magazines > p.reserve },
  { action: 'melee', kind: D.K_MELEE, target: 'focus', when: () => true },
];

/** Decision parameters shared by the scripted policies. */
export const COMMON_PARAMS: Record<string, ParamDef> = {
  retreat_life: { default: 1, min: 0, max: 20, doc: 'retreat when the leader\'s life is at or below this (0 = never)' },
  read_threshold: { default: 0.34, min: 0, max: 1.01, doc: 'read the reaction when at least this share of faces avoids a fight' },
  max_bribe: { default: 2, min: 0, max: 99, doc: 'pay extortion up to this many magazines' },
  seize: { default: 1, min: 0, max: 1, doc: 'use 先制射撃 to seize the first turn (1 = yes)' },
  odd_to_members_min: { default: 2, min: 0, max: 20, doc: 'send the odd attack to the members when at least this many stand…' },
  odd_to_members_life: { default: 99, min: 0, max: 99, doc: '…and the leader\'s life is at or below this' },
  eat_below: { default: 2, min: 0, max: 20, doc: 'eat an MRE for a 1-point wound when life is at or below this' },
  member_reserve: { default: 0, min: 0, max: 99, doc: 'members shoot only while more magazines than this remain (the others melee)' },
  reserve: { default: 0, min: 0, max: 99, doc: 'magazines the leader keeps back (he melees instead of shooting at or below it)' },
  first_aid_keep: { default: 1, min: 0, max: 20, doc: 'between fights, use ファーストエイド only while more 指揮点 than this remain' },
  life_value: { default: 3, min: 0, max: 50, doc: 'operations: a point of leader life is worth this many magazines when weighing event options' },
  sub_point_value: { default: 0.5, min: 0, max: 20, doc: 'operations: the price (in magazines) of spending a sub-ability point on an event check' },
  detect_threat: { default: 3, min: 0, max: 4, doc: 'operations: try 察知 on tiles at least this threatening (0 benign, 1 check/trap/choice, 2 enemy group, 3 high-threat target; 4 = never)' },
  detect_min_sub: { default: 2, min: 1, max: 20, doc: 'operations: …only while at least this many 器用点 remain' },
  detect_fewer_below: { default: 3, min: 0, max: 4, doc: 'operations: when a successful 察知 may also buy 敵数−1 (scenario detect_options), take it on tiles less threatening than this (2 enemy group, 3 high-threat target) and re-roll the map on the others (0 = always re-roll)' },
  sell_surplus: { default: 1, min: 0, max: 2, doc: 'campaigns: between operations sell at half price (§39) — 0 nothing, 1 expendables beyond the loadout, 2 also standing equipment got during the campaign (NVG, タイラップ)' },
  local_supply_keep: { default: 1, min: 0, max: 9, doc: '現地調達 (§23): a 器用 leader adds +1 to a loot roll of 1–2 while more than this many 器用点 remain' },
  growth_first: { default: 1, min: 1, max: 4, doc: 'campaigns: experience goes first to 1 life, 2 sub-ability, 3 skill or 4 squad size (then life, sub-ability, skill)' },
  item_kill_min: { default: 3, min: 1, max: 20, doc: 'operations: use a scenario kill item (IRストロボ) once at least this many group soldiers stand' },
  hit_adjust_from: { default: 6, min: 2, max: 7, doc: 'operations: use the 部隊再編 hit-table −1 on a roll at least this high (7 = never)' },
  acoustic_threat_r0: { default: 3, min: 0, max: 99, doc: 'special equipment: in round 0 (no attack is given up) use the acoustic device on the largest group when the enemy has at least this many attacks (99 = never)' },
  acoustic_threat: { default: 6, min: 0, max: 99, doc: 'special equipment: from round 1 use the acoustic device instead of attacking when the enemy has at least this many attacks this round (99 = never)' },
  ap_rounds: { default: 1, min: 0, max: 2, doc: 'special equipment: load AP rounds 0 never, 1 while a high-threat or armoured target stands, 2 for every gun action' },
  shield_life: { default: 99, min: 0, max: 99, doc: 'special equipment: raise the prototype shield on a defence roll against shooting while the leader\'s life is at most this (99 = always)' },
  drone_threat: { default: 2, min: 0, max: 99, doc: 'special equipment: activate a combat drone in a fight whose incoming attacks are at least this many (99 = never)' },
  extra_medkits: { default: 0, min: 0, max: 20, doc: 'campaigns: before an operation, after restocking the loadout, buy up to this many medkits beyond it while 軍票 pays for them' },
  extra_frags: { default: 0, min: 0, max: 20, doc: 'campaigns: …then up to this many frag grenades beyond the loadout while 軍票 pays for them' },
  cure_wounds_at: { default: 2, min: 1, max: 4, doc: '負傷 (2026-03 rules): use a medkit in combat (負傷 −1, the leader\'s action) at this 負傷 level or above (4 = never), and one on the map (負傷 → 0) at this level or above, 3 at most' },
  medic_aid_at: { default: 2, min: 1, max: 4, doc: '負傷 (2026-03 rules): the medic gives 応急処置 (1 magazine instead of its shot, 負傷 −1) at this 負傷 level or above (4 = never); 戦場治療 on a tile without a fight at any 負傷 while magazines stay above the reserve' },
  fumble_wound_below: { default: 2, min: 0, max: 4, doc: '負傷 (2026-03 rules): when a member\'s defence fumbles, the leader takes 負傷+1 to spare the member while his 負傷 is below this (0 = always lose the member; 4 = also at 負傷 3, where procedures member_fumble: wound-always offers it, UA-V05)' },
  withhold: { default: 0, min: 0, max: 255, doc: 'never use (sum of): 1 AT4, 2 frag grenades (and a scenario\'s round_zero_use, Black Sun\'s frag), 4 C4, 8 the engineer\'s IED, 16 scenario items in combat (air support), 32 the grenade skill, 64 flashbangs and the stun skill, 128 precise shot (精密射撃); the paired counterfactual of "magazines saved by an item"' },
  exchange_special: { default: 1, min: 0, max: 2, doc: 'campaigns: exchange special equipment for magazines between operations — 0 never, 1 pieces this leader cannot use (a scanner without 器用), 2 every piece' },
};

export const defaultPolicy: UaPolicyInfo = {
  id: 'default',
  summary: 'sensible leader: reads favourable reactions, focuses fire, spends expendables and skills when they pay, retreats at low life',
  defaults: COMMON_PARAMS,
  create: (p: Params) => scriptedPolicy(DEFAULT_RULES, p),
};
