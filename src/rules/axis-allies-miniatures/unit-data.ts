/**
 * Unit data for the Axis & Allies Miniatures engine: one plain record per stat
 * card, as printed (numbers only; the engine never reads the prose). This file
 * is data, kept as a TypeScript literal so the compiled dist/ carries it without
 * a JSON import (Node 20 warns on JSON modules).
 *
 * Fields: cost in points; defence front/rear (soldiers and aircraft have one
 * value, written twice); speed in hexes (aircraft 0: they are placed, not
 * moved); attack values vs soldiers and vs vehicles at short (0–1), medium
 * (2–4) and long (5–8) range, 0 for "–". `abilities` lists every special
 * ability on the card; the engine models those in `modelled` (see
 * docs/rules/axis-allies-miniatures.md, AAM-R30) and ignores the rest.
 *
 * `source` names where the numbers were read; `assumed: true` marks a record
 * whose numbers could not be found in a public source and are placeholders
 * (the experiment file can override any field under `units:`).
 */

export type UnitKind = 'soldier' | 'vehicle' | 'aircraft';

export interface UnitRecord {
  readonly name: string;
  readonly nation: string;
  readonly kind: UnitKind;
  readonly cost: number;
  readonly defence: readonly [number, number];
  readonly speed: number;
  readonly vsSoldier: readonly [number, number, number];
  readonly vsVehicle: readonly [number, number, number];
  /** Close Assault X: attack value X against Vehicles in its own hex, ignoring cover (0 = none). */
  readonly closeAssault?: number;
  /** Superior Armor X: an attack must beat the defence by X to score two hits (0 = none, i.e. by 1). */
  readonly superiorArmor?: number;
  /** Commander: initiative bonus (0 = not a commander). */
  readonly initiative?: number;
  /** Extended Range X: long range against Vehicles is 5–X hexes (0 = none). */
  readonly extendedRange?: number;
  /** Guard Crew: after rolling attack dice, may re-roll a single die showing 1. */
  readonly guardCrew?: boolean;
  /** Bravery Enforcement (commander effect): friendly disrupted Soldiers adjacent to this unit do not take −1 on attack dice. */
  readonly braveryEnforcement?: boolean;
  /** Every special ability printed on the card (modelled or not). */
  readonly abilities: readonly string[];
  readonly source: string;
  readonly assumed?: boolean;
}

const WOTC_PREVIEW_1939 = 'wizards.com Opening Salvo 1939-1945 Pt. 1 (ah20070914c): Panzer IV Ausf. F2 22 pts, stats identical to the SS variant (32 pts)';
const FAN_SEED = 'public fan implementation of AAM unit cards (GitHub, Seed.unitCards: cost/speed/defence/attacks)';

export const UNIT_DATA: readonly UnitRecord[] = [
  {
    name: 'Mauser Kar 98k', nation: 'Germany', kind: 'soldier', cost: 3, defence: [4, 4], speed: 1,
    vsSoldier: [8, 6, 0], vsVehicle: [2, 0, 0], closeAssault: 6, abilities: ['Close Assault 6'],
    source: `issue brief stat line; ${FAN_SEED}`,
  },
  {
    name: 'M1 Garand Rifle', nation: 'USA', kind: 'soldier', cost: 4, defence: [4, 4], speed: 1,
    vsSoldier: [8, 7, 0], vsVehicle: [2, 0, 0], closeAssault: 7, abilities: ['Close Assault 7'],
    source: `issue brief stat line; ${FAN_SEED}; Close Assault 7 per a public AAM simulator's unit list`,
  },
  {
    name: 'Bazooka', nation: 'USA', kind: 'soldier', cost: 4, defence: [4, 4], speed: 1,
    vsSoldier: [4, 0, 0], vsVehicle: [9, 4, 0], closeAssault: 10, abilities: ['Close Assault 10'],
    source: 'pawnderings.blogspot.com "Axis & Allies -- Bazooka" (2009-12-15), Base Set 16/48',
  },
  {
    name: 'Vickers Machine-Gun Team', nation: 'UK', kind: 'soldier', cost: 8, defence: [4, 4], speed: 1,
    vsSoldier: [9, 8, 6], vsVehicle: [3, 3, 2], abilities: [],
    source: `${FAN_SEED} (special abilities not listed there)`,
  },
  {
    name: 'Commissar', nation: 'USSR', kind: 'soldier', cost: 5, defence: [4, 4], speed: 1,
    vsSoldier: [5, 0, 0], vsVehicle: [2, 0, 0], closeAssault: 6, initiative: 1, braveryEnforcement: true,
    abilities: ['Close Assault 6', 'Commander: Initiative +1', 'Commander: Bravery Enforcement'],
    source: 'pawnderings.blogspot.com "Axis and Allies Miniatures: Commissar" (2009-05-12), Base Set 3/48',
  },
  {
    name: 'M4A1 Sherman', nation: 'USA', kind: 'vehicle', cost: 21, defence: [5, 4], speed: 4,
    vsSoldier: [9, 9, 7], vsVehicle: [13, 11, 9], abilities: [],
    source: `issue brief stat line; ${FAN_SEED}; quick-start guide (13 vs Vehicles at short range)`,
  },
  {
    name: 'Panzer IV Ausf. F2', nation: 'Germany', kind: 'vehicle', cost: 22, defence: [5, 3], speed: 3,
    vsSoldier: [7, 7, 6], vsVehicle: [15, 13, 11], abilities: [],
    source: `issue brief stat line; ${WOTC_PREVIEW_1939}`,
  },
  {
    name: 'SS-Panzer IV Ausf. F2', nation: 'Germany', kind: 'vehicle', cost: 32, defence: [5, 3], speed: 3,
    vsSoldier: [7, 7, 6], vsVehicle: [15, 13, 11], abilities: ['SS Determination', 'Battlefield Awareness'],
    source: WOTC_PREVIEW_1939,
  },
  {
    name: 'T-34/76', nation: 'USSR', kind: 'vehicle', cost: 28, defence: [5, 5], speed: 4,
    vsSoldier: [7, 7, 6], vsVehicle: [13, 11, 10], abilities: ['Exposed Transport'],
    source: 'pawnderings.blogspot.com "Axis & Allies Miniatures: T-34 series tanks" (2009-07), Base Set 6/48',
  },
  {
    name: 'Guards T-34/76', nation: 'USSR', kind: 'vehicle', cost: 30, defence: [5, 5], speed: 4,
    vsSoldier: [7, 7, 6], vsVehicle: [13, 11, 10], superiorArmor: 2, guardCrew: true,
    abilities: ['Exposed Transport', 'Superior Armor 2', 'Guard Crew'],
    source: 'aamcardbase.com unit 103 (Counter Offensive 20/50)',
  },
  {
    name: 'Centurion A41', nation: 'UK', kind: 'vehicle', cost: 44, defence: [7, 4], speed: 3,
    vsSoldier: [8, 7, 6], vsVehicle: [16, 14, 11], superiorArmor: 2, extendedRange: 12,
    abilities: ['Robust', 'Superior Armor 2', 'Extended Range 12', 'Armor-Piercing Rounds'],
    source: 'aamcardbase.com unit 390 (Reserves 14/45)',
  },
  {
    name: 'Autoblinda AB 41', nation: 'Italy', kind: 'vehicle', cost: 8, defence: [2, 2], speed: 4,
    vsSoldier: [8, 8, 7], vsVehicle: [4, 3, 2], abilities: ['High Gear 2', 'Strike and Fade 2', 'Awareness'],
    source: 'aamcardbase.com unit 74 (Early War 41/50)',
  },
  {
    name: 'Humber Scout Car', nation: 'UK', kind: 'vehicle', cost: 8, defence: [3, 2], speed: 5,
    vsSoldier: [9, 8, 7], vsVehicle: [2, 2, 2], abilities: [],
    source: `${FAN_SEED} (special abilities not listed there)`,
  },
  {
    name: 'Sd Kfz 222', nation: 'Germany', kind: 'vehicle', cost: 8, defence: [2, 2], speed: 5,
    vsSoldier: [7, 6, 4], vsVehicle: [4, 3, 2], abilities: [],
    source: `${FAN_SEED} (special abilities not listed there)`,
  },
  {
    name: 'Ju 87 Stuka', nation: 'Germany', kind: 'aircraft', cost: 20, defence: [4, 4], speed: 0,
    vsSoldier: [8, 0, 0], vsVehicle: [10, 0, 0], abilities: [],
    source: 'no public stat line found (aircraft rules: axisandallies.org forum post 67505, Contested Skies); numbers are placeholders',
    assumed: true,
  },
];

/** The abilities the engine models (others on a card have no effect). */
export const MODELLED_ABILITIES = ['Close Assault', 'Superior Armor', 'Commander: Initiative', 'Extended Range', 'Guard Crew', 'Commander: Bravery Enforcement'] as const;
