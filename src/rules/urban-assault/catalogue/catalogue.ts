/**
 * The seed's equipment and member catalogue (§26–§28, §32–§33) as data.
 * Costs are in magazines (弾倉). Japanese names are kept beside the English
 * ids so a designer can find the clause.
 */

/** Leader sub-abilities (副能力値 §13–§14). */
export const SUB_ABILITIES = ['melee', 'dexterity', 'shooting', 'command'] as const;
export type SubAbility = (typeof SUB_ABILITIES)[number];
export const SUB_ABILITY_JA: Record<SubAbility, string> = { melee: '格闘点', dexterity: '器用点', shooting: '射撃点', command: '指揮点' };

/** Guns (個人武装 §28). */
export interface WeaponDef {
  readonly id: string;
  readonly ja: string;
  readonly cost: number;
  /** 射撃回数: attack rolls per round. */
  readonly shots: number;
  /** Attack-roll modifier. */
  readonly attackMod: number;
  /** Extra magazines per shot bought with the modifier (LMG). */
  readonly extraAmmo: number;
  /** Penalty when fired one-handed (shield held); SMG has none. */
  readonly oneHandedMod: number;
  readonly outdoorMod: number;
  /** DMR: an odd achieved value lets the shooter choose the target. */
  readonly oddChoosesTarget: boolean;
  /** ［両手］: cannot be fired with a shield (seed DMR). */
  readonly twoHanded: boolean;
  /** Magazines one shot costs (アンチマテリアルライフル: 3). */
  readonly magsPerShot: number;
  /** Damage of a hit on a soldier group / unarmoured target, and on an armoured (「装甲」) target. */
  readonly damage: number;
  readonly armouredDamage: number;
  /** Rounds of 装填 after each shot before it fires again (0: none). */
  readonly reloadRounds: number;
  /** 持ち物枠 the gun takes (§27; the AMR: 2). */
  readonly slots: number;
  /** One-handed modifier while the leader has a 負傷 (public SMG: 「負傷をしていない限り」); equal to oneHandedMod otherwise. */
  readonly oneHandedModWounded: number;
}

/** Defaults of the weapon fields the seed's guns share (so a ruleset lists only what differs). */
export const WEAPON_DEFAULTS = { twoHanded: false, magsPerShot: 1, damage: 1, armouredDamage: 1, reloadRounds: 0, slots: 1 } as const;

export const WEAPONS: Record<string, WeaponDef> = {
  SMG: { id: 'SMG', ja: 'サブマシンガン', cost: 2, shots: 1, attackMod: 0, extraAmmo: 0, oneHandedMod: 0, outdoorMod: -1, oddChoosesTarget: false, ...WEAPON_DEFAULTS, oneHandedModWounded: 0 },
  AR: { id: 'AR', ja: 'アサルトライフル', cost: 5, shots: 1, attackMod: 0, extraAmmo: 0, oneHandedMod: -1, outdoorMod: 0, oddChoosesTarget: false, ...WEAPON_DEFAULTS, oneHandedModWounded: -1 },
  LMG: { id: 'LMG', ja: 'ライトマシンガン', cost: 8, shots: 2, attackMod: 1, extraAmmo: 1, oneHandedMod: -2, outdoorMod: 0, oddChoosesTarget: false, ...WEAPON_DEFAULTS, oneHandedModWounded: -2 },
  DMR: { id: 'DMR', ja: 'マークスマンライフル', cost: 7, shots: 1, attackMod: 1, extraAmmo: 0, oneHandedMod: -1, outdoorMod: 0, oddChoosesTarget: true, ...WEAPON_DEFAULTS, twoHanded: true, oneHandedModWounded: -1 },
};

/** Body armour (防護装備 §28); only one is worn (§27). */
export interface ArmourDef {
  readonly id: string;
  readonly ja: string;
  readonly cost: number;
  readonly life: number;
  readonly defence: number;
  readonly attack: number;
  readonly detect: number;
  /** 対爆スーツ: explosion/trap damage −1. */
  readonly blastReduction: number;
  /** ボディアーマー: −1 to the undefined "先制判定" (see ruling UA-R05). */
  readonly initiative: number;
  /** Modifier on the 反応表 roll when the squad reads the reaction (dev 2026-05 ボディアーマー 「【反応ロール】 +1」). */
  readonly reaction: number;
}

export const ARMOURS: Record<string, ArmourDef> = {
  soft_armor: { id: 'soft_armor', ja: 'ソフトアーマー', cost: 2, life: 1, defence: 0, attack: 0, detect: 1, blastReduction: 0, initiative: 0, reaction: 0 },
  plate_carrier: { id: 'plate_carrier', ja: 'プレートキャリア', cost: 4, life: 1, defence: 1, attack: 0, detect: 0, blastReduction: 0, initiative: 0, reaction: 0 },
  body_armor: { id: 'body_armor', ja: 'ボディアーマー', cost: 6, life: 2, defence: 1, attack: 0, detect: 0, blastReduction: 0, initiative: -1, reaction: 0 },
  eod_suit: { id: 'eod_suit', ja: '対爆スーツ', cost: 8, life: 2, defence: 0, attack: -1, detect: -1, blastReduction: 1, initiative: 0, reaction: 0 },
};

/** Shields: occupy a hand (one-handed shooting), defence +1 vs shooting only. */
export interface ShieldDef {
  readonly id: string;
  readonly ja: string;
  readonly cost: number;
  readonly life: number;
  readonly defenceVsShooting: number;
}
export const SHIELDS: Record<string, ShieldDef> = {
  riot_shield: { id: 'riot_shield', ja: 'ライオットシールド', cost: 3, life: 1, defenceVsShooting: 1 },
  ballistic_shield: { id: 'ballistic_shield', ja: 'バリスティックシールド', cost: 5, life: 2, defenceVsShooting: 1 },
};

/** Expendables (消耗装備): index in the state's item counters. */
export const EXPENDABLES = ['flashbang', 'frag_grenade', 'c4', 'at4', 'medkit'] as const;
export type ExpendableId = (typeof EXPENDABLES)[number];
export const EXP_FLASHBANG = 0, EXP_FRAG = 1, EXP_C4 = 2, EXP_AT4 = 3, EXP_MEDKIT = 4;
export const EXPENDABLE_DEFS: Record<ExpendableId, { ja: string; cost: number; maxCarried: number }> = {
  flashbang: { ja: 'フラッシュバン／スタングレネード', cost: 2, maxCarried: 99 },
  frag_grenade: { ja: 'フラググレネード', cost: 3, maxCarried: 99 },
  c4: { ja: 'C4爆薬', cost: 4, maxCarried: 99 },
  at4: { ja: 'AT4', cost: 5, maxCarried: 1 },
  medkit: { ja: '医療キット', cost: 2, maxCarried: 99 },
};
/** Name aliases accepted in experiment files (the catalogue lists スタングレネード, the detail text フラッシュバン: ruling UA-R04). */
export const EXPENDABLE_ALIASES: Record<string, ExpendableId> = { stun_grenade: 'flashbang' };

/** Standing equipment (常備装備); attachments go on a gun and do not count toward the carry limit. */
export interface EquipmentDef {
  readonly ja: string;
  readonly cost: number;
  readonly attachment: boolean;
  /** An attachment's modifier on the leader's gun 攻撃ロール: always, indoors only, and in round 1 after the squad's 先制攻撃. */
  readonly attack: number;
  readonly indoorAttack: number;
  readonly firstStrikeAttack: number;
}
const EQ0 = { attack: 0, indoorAttack: 0, firstStrikeAttack: 0 } as const;
export const EQUIPMENT: Record<string, EquipmentDef> = {
  nvg: { ja: 'NVG', cost: 3, attachment: false, ...EQ0 },
  laser_sight: { ja: 'レーザーサイト', cost: 3, attachment: true, ...EQ0, indoorAttack: 1 },
  flashlight: { ja: 'フラッシュライト', cost: 1, attachment: true, ...EQ0 },
  tie_wraps: { ja: 'タイラップ', cost: 1, attachment: false, ...EQ0 },
  rope: { ja: '降下ロープ', cost: 1, attachment: false, ...EQ0 },
  suppressor: { ja: 'サプレッサー', cost: 3, attachment: true, ...EQ0, attack: -1 },
};

/** Member roles (隊員 §28). Index order is the state's role index. */
export const ROLES = ['medic', 'scout', 'engineer', 'marksman', 'assault', 'gunner', 'sniper', 'spotter', 'k9', 'interpreter', 'porter'] as const;
export type RoleId = (typeof ROLES)[number];
export const R_MEDIC = 0, R_SCOUT = 1, R_ENGINEER = 2, R_MARKSMAN = 3, R_ASSAULT = 4, R_GUNNER = 5, R_SNIPER = 6, R_SPOTTER = 7, R_K9 = 8, R_INTERPRETER = 9, R_PORTER = 10;
export const N_ROLES = ROLES.length;

export interface RoleDef {
  readonly id: RoleId;
  readonly ja: string;
  readonly cost: number;
  readonly skill: number;
  readonly shots: number;
  /** Fights with the squad and is on the hit table (§36). */
  readonly combatant: boolean;
  /** Waits at the sniper point (狙撃ポイント, max 2). */
  readonly sniperPoint: boolean;
  /** 被弾テーブル number, 0 if not on the table. */
  readonly hitTable: number;
  /** 生命点 (0: 「-」, the seed's sniper and spotter). */
  readonly life: number;
  /**
   * 持ち物上限 added while the member is with the squad (§28). Absent: the role's text up to 2026-05 (ポーター +2,
   * others 0); a ruleset gives it where a revision changed it (v1.01: K9 +1, ポーター +3), so older compiled
   * variants keep their exact JSON.
   */
  readonly carry?: number;
}

/** 持ち物上限 a member of role `r` adds (§28): its ruleset `carry`, else ポーター +2 (to 2026-05). */
export function roleCarry(r: RoleDef): number {
  return r.carry ?? (r.id === 'porter' ? 2 : 0);
}

export const ROLE_DEFS: readonly RoleDef[] = [
  { id: 'medic', ja: 'メディック', cost: 4, skill: 0, shots: 1, combatant: true, sniperPoint: false, hitTable: 1, life: 1 },
  { id: 'scout', ja: 'スカウト', cost: 0, skill: 0, shots: 1, combatant: true, sniperPoint: false, hitTable: 2, life: 1 },
  { id: 'engineer', ja: 'コンバットエンジニア', cost: 0, skill: 0, shots: 1, combatant: true, sniperPoint: false, hitTable: 3, life: 1 },
  { id: 'marksman', ja: 'マークスマン', cost: 3, skill: 1, shots: 1, combatant: true, sniperPoint: false, hitTable: 4, life: 1 },
  { id: 'assault', ja: 'アサルト', cost: 0, skill: 1, shots: 1, combatant: true, sniperPoint: false, hitTable: 5, life: 1 },
  { id: 'gunner', ja: 'ガンナー', cost: 3, skill: 0, shots: 2, combatant: true, sniperPoint: false, hitTable: 6, life: 1 },
  { id: 'sniper', ja: 'スナイパー', cost: 5, skill: 2, shots: 1, combatant: true, sniperPoint: true, hitTable: 0, life: 0 },
  { id: 'spotter', ja: 'スポッター', cost: 2, skill: 0, shots: 0, combatant: false, sniperPoint: true, hitTable: 0, life: 0 },
  { id: 'k9', ja: 'K9', cost: 1, skill: 0, shots: 0, combatant: false, sniperPoint: false, hitTable: 0, life: 1 },
  { id: 'interpreter', ja: '現地協力者（通訳）', cost: 1, skill: 0, shots: 0, combatant: false, sniperPoint: false, hitTable: 0, life: 1 },
  { id: 'porter', ja: '現地協力者（ポーター）', cost: 1, skill: 0, shots: 0, combatant: false, sniperPoint: false, hitTable: 0, life: 1 },
];

/** Roles by hit-table number 1..6 (§36 被弾テーブル). */
export const HIT_TABLE_ROLES = [-1, R_MEDIC, R_SCOUT, R_ENGINEER, R_MARKSMAN, R_ASSAULT, R_GUNNER];

/** Shooting skills (射撃技能 §19). */
export const SHOOTING_SKILLS = ['stun_grenade', 'shotgun', 'grenade', 'preemptive_fire', 'rapid_fire', 'dodge'] as const;
export type ShootingSkill = (typeof SHOOTING_SKILLS)[number];
export const SHOOTING_SKILL_JA: Record<ShootingSkill, string> = {
  stun_grenade: 'スタングレネード', shotgun: 'ショットガン', grenade: 'グレネード', preemptive_fire: '先制射撃', rapid_fire: 'ラピッドファイア', dodge: '見切り',
};
/** Command skills (指揮技能 §21). */
export const COMMAND_SKILLS = ['fortify', 'first_aid', 'negotiation', 'foraging', 'supply_request', 'political'] as const;
export type CommandSkill = (typeof COMMAND_SKILLS)[number];
export const COMMAND_SKILL_JA: Record<CommandSkill, string> = {
  fortify: '拠点構築', first_aid: 'ファーストエイド', negotiation: 'ネゴシエーション', foraging: '食料調達', supply_request: '物資支援要請', political: '政治工作',
};

/** Skill bit flags in the compiled squad. */
export const SK_STUN = 1 << 0, SK_SHOTGUN = 1 << 1, SK_GRENADE = 1 << 2, SK_PREEMPT = 1 << 3, SK_RAPID = 1 << 4, SK_DODGE = 1 << 5;
export const SK_FORTIFY = 1 << 6, SK_FIRST_AID = 1 << 7, SK_NEGOTIATION = 1 << 8, SK_FORAGING = 1 << 9, SK_SUPPLY = 1 << 10, SK_POLITICAL = 1 << 11;
export function skillFlag(id: ShootingSkill | CommandSkill): number {
  const s = SHOOTING_SKILLS.indexOf(id as ShootingSkill);
  if (s >= 0) return 1 << s;
  return 1 << (6 + COMMAND_SKILLS.indexOf(id as CommandSkill));
}

/** Starting kit per sub-ability (§26). */
export const STARTING_KIT: Record<SubAbility, { weapon: string; armour: string; attachment: string | null; expendables: Partial<Record<ExpendableId, number>>; equipment: string[] }> = {
  melee: { weapon: 'SMG', armour: 'plate_carrier', attachment: null, expendables: { flashbang: 1 }, equipment: [] },
  shooting: { weapon: 'AR', armour: 'soft_armor', attachment: 'laser_sight', expendables: {}, equipment: [] },
  dexterity: { weapon: 'DMR', armour: 'soft_armor', attachment: null, expendables: {}, equipment: ['tie_wraps'] },
  command: { weapon: 'AR', armour: 'soft_armor', attachment: null, expendables: { medkit: 1 }, equipment: [] },
};

/** XP growth table (§15): cost per point, maximum bonus, base value. */
export const GROWTH = {
  skill: { base: 0, costPerPoint: 4, maxBonus: 2 },
  life: { base: 4, costPerPoint: 1, maxBonus: 4 },
  sub: { base: 2, costPerPoint: 1, maxBonus: 4 },
  squad_size: { base: 7, costPerPoint: 2, maxBonus: 2 },
} as const;

/**
 * The numbers an experiment may override (`catalogue:` in the experiment file),
 * so a designer can test a rules change — e.g. the LMG without its +1 — without
 * touching code. Plain JSON, carried in the compiled game.
 */
export interface Catalogue {
  readonly weapons: Readonly<Record<string, WeaponDef>>;
  readonly armours: Readonly<Record<string, ArmourDef>>;
  readonly shields: Readonly<Record<string, ShieldDef>>;
  /** Price per expendable id (the fixed five and any a ruleset adds). */
  readonly expendableCosts: Readonly<Record<string, number>>;
  /** 最大携行数 per expendable (§28 AT4: 1). */
  readonly expendableMax: Readonly<Record<string, number>>;
  /**
   * Every expendable, in state order: the fixed five (EXPENDABLES) then those a ruleset adds, each with the index of
   * the fixed one whose procedure it is played by (`use_as`; a fixed one: itself) and its Japanese name.
   */
  readonly expendableList: readonly ExpendableEntry[];
  readonly equipmentCosts: Readonly<Record<string, number>>;
  readonly equipment: Readonly<Record<string, EquipmentDef>>;
  readonly roles: readonly RoleDef[];
  /**
   * Member roles a ruleset adds (隊員 beyond §28's list): combatants without special abilities, played as a
   * scenario's own member types are (their squad slots follow the scenario's, N_ROLES + i; 4 in all at most).
   */
  readonly extraRoles: readonly MemberTypeDef[];
}

/** One expendable of a catalogue (the fixed five first, then added ones). */
export interface ExpendableEntry {
  readonly id: string;
  readonly ja: string;
  /** Index (EXPENDABLES) of the fixed expendable whose procedure plays this one. */
  readonly useAs: number;
}

/** Most expendables a ruleset may add (the state's counters beyond the fixed five). */
export const MAX_ADDED_EXPENDABLES = 7;

/** Member types a squad holds beyond the fixed roles: a scenario's own (Dボーイズ) and a ruleset's added roles. */
export const MAX_MEMBER_TYPES = 4;

/**
 * A member type without special abilities (a scenario's own or a ruleset's added role): a combatant with fixed
 * numbers. Recruited at squad building (counts toward 分隊規模) in laps `fromLap` and later.
 */
export interface MemberTypeDef {
  readonly id: string;
  readonly name: string;
  /** Price (magazines or 軍票, the version's currency; a scenario may give none: 0). */
  readonly cost: number;
  readonly skill: number;
  readonly life: number;
  readonly shots: number;
  /** Hit-table number (1..6) it answers to, as the roles of §36 do (ties: the squad chooses). */
  readonly hitTable: number;
  /** Added to every reaction roll while at least one is with the squad; several do not add up (result capped at 6). */
  readonly reactionMod: number;
  /** First lap (1-based) in which it may be recruited. */
  readonly fromLap: number;
}

/** A fresh copy of the seed's catalogue. */
export function baseCatalogue(): Catalogue {
  const copy = <T extends object>(r: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, { ...v }]));
  return {
    weapons: copy(WEAPONS),
    armours: copy(ARMOURS),
    shields: copy(SHIELDS),
    expendableCosts: Object.fromEntries(EXPENDABLES.map((e) => [e, EXPENDABLE_DEFS[e].cost])) as Record<ExpendableId, number>,
    expendableMax: Object.fromEntries(EXPENDABLES.map((e) => [e, EXPENDABLE_DEFS[e].maxCarried])) as Record<ExpendableId, number>,
    equipmentCosts: Object.fromEntries(Object.entries(EQUIPMENT).map(([k, v]) => [k, v.cost])),
    equipment: copy(EQUIPMENT),
    roles: ROLE_DEFS.map((r) => ({ ...r })),
    expendableList: EXPENDABLES.map((id, i) => ({ id, ja: EXPENDABLE_DEFS[id].ja, useAs: i })),
    extraRoles: [],
  };
}
