/**
 * The fixed vocabulary of seed 001 (the IF battle-scene chapter): skills
 * (≪技能≫), the eleven bugs (バグ表), the six fields (フィールド表), and the
 * sample memories (メモリ) the engine ships with. The seed names main,
 * additional and auto memories without listing any (ruling IF-F10): the
 * samples below are data, and an experiment adds or overrides memories under
 * `memories:` without code.
 */

/** Skills used by the chapter (bug recovery, field checks) and by the sample memories. */
export const SKILLS = [
  'running', // 走法
  'impact', // 衝撃
  'offset', // 相殺
  'freeze', // 冷凍
  'barrier', // 結界
  'flame', // 火炎
  'healing', // 治癒
  'wave', // 波動
  'aim', // 照準
  'mimic', // 摸倣
  'word', // 言霊
  'swimming', // 水泳
  'flight', // 飛行
] as const;
export const SKILL_JA = ['走法', '衝撃', '相殺', '冷凍', '結界', '火炎', '治癒', '波動', '照準', '摸倣', '言霊', '水泳', '飛行'];
export const SK_RUNNING = 0, SK_IMPACT = 1, SK_OFFSET = 2, SK_FREEZE = 3, SK_BARRIER = 4, SK_FLAME = 5, SK_HEALING = 6, SK_WAVE = 7, SK_AIM = 8, SK_MIMIC = 9, SK_WORD = 10, SK_SWIMMING = 11, SK_FLIGHT = 12;
export const N_SKILLS = SKILLS.length;

/** The bug table (バグ表), in table order 0..10. */
export const BUGS = ['confusion', 'bind', 'drain', 'burn', 'injury', 'frostbite', 'laceration', 'miasma', 'darkness', 'paralysis', 'silence'] as const;
export const BUG_JA = ['混乱', '呪縛', '脱気', '火傷', '損傷', '凍傷', '裂傷', '瘴気', '暗闇', '麻痺', '沈黙'];
/** 0 混乱: no additional memories except auto memories. */
export const B_CONFUSION = 0;
/** 1 呪縛: no area movement. */
export const B_BIND = 1;
/** 2 脱気: every cost payment costs 1 more. */
export const B_DRAIN = 2;
/** 3 火傷: パワー rank −1. */
export const B_BURN = 3;
/** 4 損傷: ガード rank −1. */
export const B_INJURY = 4;
/** 5 凍傷: フォース rank −1. */
export const B_FROSTBITE = 5;
/** 6 裂傷: レジスト rank −1. */
export const B_LACERATION = 6;
/** 7 瘴気: life −1 every time the bearer makes a check. */
export const B_MIASMA = 7;
/** 8 暗闇: hit-check rank +1. */
export const B_DARKNESS = 8;
/** 9 麻痺: counter-check rank +1. */
export const B_PARALYSIS = 9;
/** 10 沈黙: rank +1 on every check other than hit and counter checks. */
export const B_SILENCE = 10;
export const N_BUGS = 11;
/** Recovery skill of each bug (バグ回復≪技能≫ column). */
export const BUG_RECOVERY_SKILL = [SK_RUNNING, SK_IMPACT, SK_OFFSET, SK_FREEZE, SK_BARRIER, SK_FLAME, SK_HEALING, SK_WAVE, SK_AIM, SK_MIMIC, SK_WORD];

/** The field table (フィールド表), 1D6 − 1 = index. */
export const FIELDS = ['plain', 'water', 'air', 'ice', 'closed', 'burning'] as const;
export const FIELD_JA = ['平地', '水中', '空中', '氷上', '閉所', '炎上'];
export const F_PLAIN = 0, F_WATER = 1, F_AIR = 2, F_ICE = 3, F_CLOSED = 4, F_BURNING = 5;

/** Memory classes (分類). */
export const M_MAIN = 0, M_ADDITIONAL = 1, M_AUTO = 2;
export const MEMORY_TYPES = ['main', 'additional', 'auto'] as const;

/** Which attacking / defending rank a damaging memory uses. */
export const ST_POWER = 0, ST_FORCE = 1;
export const STAT_NAMES = ['power', 'force'] as const;

/**
 * One memory as data. A main memory with `damage ≥ 0` is an attack on one
 * opponent within `range` areas (hit check with `skill`, counter check by the
 * target); `move` moves the user up to that many areas (no extra cost);
 * `guard` raises its ガード and レジスト until its next turn-up; `field`
 * changes the field. An additional memory (`boost`) adds damage to this turn's
 * next attack. An auto memory (`reduce`) lowers every memory damage its owner
 * takes.
 */
export interface MemoryDef {
  readonly id: string;
  readonly ja: string;
  /** M_MAIN, M_ADDITIONAL or M_AUTO. */
  readonly type: number;
  readonly cost: number;
  /** Skill index of the hit check (attacks only), −1 otherwise. */
  readonly skill: number;
  /** Range in areas (Manhattan distance, ruling IF-F05), attacks only. */
  readonly rangeMin: number;
  readonly rangeMax: number;
  /** Damage of an attack (−1: not an attack). */
  readonly damage: number;
  /** ST_POWER (vs ガード) or ST_FORCE (vs レジスト). */
  readonly stat: number;
  /** Bug inflicted on a landed attack (−1 none) and its points. */
  readonly bug: number;
  readonly bugPoints: number;
  readonly move: number;
  readonly guard: number;
  /** Field index this memory changes the field to (−1 none). */
  readonly field: number;
  readonly boost: number;
  readonly reduce: number;
}

const base = { cost: 0, skill: -1, rangeMin: 0, rangeMax: 0, damage: -1, stat: ST_POWER, bug: -1, bugPoints: 0, move: 0, guard: 0, field: -1, boost: 0, reduce: 0 };

/** The sample memory set (ruling IF-F10). */
export function sampleMemories(): MemoryDef[] {
  return [
    { ...base, id: 'strike', ja: '打撃', type: M_MAIN, cost: 1, skill: SK_IMPACT, rangeMin: 0, rangeMax: 1, damage: 3, stat: ST_POWER },
    { ...base, id: 'flame_shot', ja: '火炎弾', type: M_MAIN, cost: 2, skill: SK_FLAME, rangeMin: 1, rangeMax: 4, damage: 2, stat: ST_FORCE },
    { ...base, id: 'snipe', ja: '狙撃', type: M_MAIN, cost: 3, skill: SK_AIM, rangeMin: 2, rangeMax: 8, damage: 2, stat: ST_FORCE },
    { ...base, id: 'hex', ja: '呪詛', type: M_MAIN, cost: 2, skill: SK_WORD, rangeMin: 1, rangeMax: 4, damage: 1, stat: ST_FORCE },
    { ...base, id: 'miasma_wave', ja: '瘴気波', type: M_MAIN, cost: 2, skill: SK_WAVE, rangeMin: 0, rangeMax: 3, damage: 1, stat: ST_FORCE, bug: B_MIASMA, bugPoints: 3 },
    { ...base, id: 'binding_chain', ja: '呪縛鎖', type: M_MAIN, cost: 2, skill: SK_IMPACT, rangeMin: 1, rangeMax: 3, damage: 0, stat: ST_POWER, bug: B_BIND, bugPoints: 2 },
    { ...base, id: 'dash', ja: '疾走', type: M_MAIN, cost: 1, move: 3 },
    { ...base, id: 'brace', ja: '防御態勢', type: M_MAIN, cost: 1, guard: 2 },
    { ...base, id: 'ignite', ja: '点火', type: M_MAIN, cost: 3, field: F_BURNING },
    { ...base, id: 'charge_up', ja: '充填', type: M_ADDITIONAL, cost: 1, boost: 2 },
    { ...base, id: 'iron_skin', ja: '鉄皮', type: M_AUTO, reduce: 1 },
  ];
}

/** Is this memory an attack on an opponent? */
export const isAttack = (m: MemoryDef): boolean => m.type === M_MAIN && m.damage >= 0;
