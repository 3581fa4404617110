/**
 * Public data of the 超人ロック card game used by the `chojin-locke` engine:
 * the combat cards (コンバットカード) and the characters' stat lines
 * (ESP level / power / durability / willpower). Sources are cited in
 * docs/rules/chojin-locke.md (KMC rulebook ch. 2 表2.1 and ch. 5 表5.1); the
 * deck's composition is not public and is ruling LK-F02 (replaceable under
 * `deck:` in an experiment).
 */

/** Card kinds. */
export const CK_ATTACK = 0, CK_LIGHT_SWORD = 1, CK_DEFENCE = 2, CK_TELEPORT = 3, CK_ILLUSION = 4, CK_CONTACT = 5;
export const CARD_KIND_IDS = ['attack', 'light-sword', 'defence', 'teleport', 'illusion', 'contact'] as const;

/** One kind of card in the deck, `count` copies per power value. */
export interface CardType {
  /** Kind id (CARD_KIND_IDS). */
  readonly kind: number;
  readonly name: string;
  readonly level: number;
  /** Attack power of each copy (attack / light sword); one copy per entry. Others: zeros, one per copy. */
  readonly powers: readonly number[];
}

/** Attack cards of 表5.1 (one copy per printed power value). */
const ATTACKS: CardType[] = [
  { kind: CK_ATTACK, name: 'レイガン', level: 1, powers: [1, 2, 3] },
  { kind: CK_ATTACK, name: 'ブラスター', level: 2, powers: [4, 5, 6] },
  { kind: CK_ATTACK, name: 'バズーカ', level: 3, powers: [7, 8, 9, 10] },
  { kind: CK_ATTACK, name: 'ビームキャノン', level: 4, powers: [12, 14, 16, 18, 20] },
  { kind: CK_ATTACK, name: 'G弾', level: 5, powers: [25, 30, 35] },
  { kind: CK_ATTACK, name: 'D弾', level: 6, powers: [40, 50] },
  { kind: CK_ATTACK, name: 'ジオイド弾', level: 7, powers: [100] },
  { kind: CK_LIGHT_SWORD, name: '光の剣', level: 5, powers: [30] },
  { kind: CK_LIGHT_SWORD, name: '光の剣', level: 6, powers: [50] },
  { kind: CK_LIGHT_SWORD, name: '光の剣', level: 7, powers: [100] },
];

const copies = (n: number): number[] => new Array<number>(n).fill(0);

/** Default deck (ruling LK-F02): 表5.1's attack cards once each, defence Lv1–6, teleport Lv1–7, illusion Lv2–6, contact telepathy. */
export const DEFAULT_DECK: readonly CardType[] = [
  ...ATTACKS,
  { kind: CK_DEFENCE, name: 'ESPシールド', level: 1, powers: copies(2) },
  { kind: CK_DEFENCE, name: 'ESPシールド', level: 2, powers: copies(2) },
  { kind: CK_DEFENCE, name: 'ESPスクリーン', level: 3, powers: copies(2) },
  { kind: CK_DEFENCE, name: 'ESPバリア', level: 4, powers: copies(2) },
  { kind: CK_DEFENCE, name: 'ESPバリア', level: 5, powers: copies(2) },
  { kind: CK_DEFENCE, name: 'ESPサイコポッド', level: 6, powers: copies(2) },
  { kind: CK_TELEPORT, name: 'テレポート', level: 1, powers: copies(2) },
  { kind: CK_TELEPORT, name: 'テレポート', level: 2, powers: copies(2) },
  { kind: CK_TELEPORT, name: 'テレポート', level: 3, powers: copies(2) },
  { kind: CK_TELEPORT, name: 'テレポート', level: 4, powers: copies(2) },
  { kind: CK_TELEPORT, name: 'テレポート', level: 5, powers: copies(2) },
  { kind: CK_TELEPORT, name: 'テレポート', level: 6, powers: copies(1) },
  { kind: CK_TELEPORT, name: 'テレポート', level: 7, powers: copies(1) },
  { kind: CK_ILLUSION, name: '幻覚', level: 2, powers: copies(1) },
  { kind: CK_ILLUSION, name: '幻覚', level: 3, powers: copies(1) },
  { kind: CK_ILLUSION, name: '幻覚', level: 4, powers: copies(1) },
  { kind: CK_ILLUSION, name: '幻覚', level: 5, powers: copies(1) },
  { kind: CK_ILLUSION, name: '幻覚', level: 6, powers: copies(1) },
  { kind: CK_CONTACT, name: '接触テレパス', level: 0, powers: copies(4) },
];

/** A character's stat line from 表2.1 (Lv / Pw / 耐 / 精) and the abilities the engine models. */
export interface CharacterData {
  readonly id: string;
  readonly ja: string;
  readonly level: number;
  readonly power: number;
  readonly durability: number;
  readonly willpower: number;
  /** ジェシカ's 分解消去 (10.7.1). */
  readonly disintegrate?: boolean;
  /** Level of the character's ラフノールの鏡 (0 = none). */
  readonly mirror?: number;
  /** Level of ナガト's サイコポッド (0 = none). */
  readonly psychopod?: number;
  /** 手下 (minions). */
  readonly minions?: number;
}

/** Characters with public stat lines (KMC rulebook 表2.1); mirror / psycho-pod levels are ruling LK-F09. */
export const CHARACTERS: readonly CharacterData[] = [
  { id: 'locke', ja: 'ロック1', level: 6, power: 50, durability: 6, willpower: 8 },
  { id: 'locke2', ja: 'ロック2', level: 6, power: 40, durability: 5, willpower: 7 },
  { id: 'locke3', ja: 'ロック3', level: 6, power: 30, durability: 5, willpower: 6 },
  { id: 'laiza', ja: 'ライザ', level: 6, power: 35, durability: 6, willpower: 6 },
  { id: 'riot', ja: 'ライオット', level: 6, power: 50, durability: 6, willpower: 5 },
  { id: 'elmi', ja: 'エルミ', level: 6, power: 40, durability: 3, willpower: 4 },
  { id: 'nagato', ja: 'ナガト', level: 5, power: 40, durability: 6, willpower: 6, psychopod: 5 },
  { id: 'amazona', ja: 'アマゾナ', level: 5, power: 25, durability: 5, willpower: 5 },
  { id: 'rag', ja: 'ラグ', level: 5, power: 30, durability: 5, willpower: 4 },
  { id: 'ran', ja: 'ラン', level: 5, power: 30, durability: 4, willpower: 6 },
  { id: 'francis', ja: 'フランシス', level: 4, power: 25, durability: 4, willpower: 5, mirror: 4 },
  { id: 'nia', ja: 'ニア', level: 4, power: 20, durability: 4, willpower: 5 },
  { id: 'cornelia', ja: 'コーネリア', level: 4, power: 20, durability: 4, willpower: 4, minions: 1 },
  { id: 'rema', ja: 'レマ', level: 4, power: 20, durability: 3, willpower: 4, mirror: 4 },
  { id: 'marian', ja: 'マリアン', level: 4, power: 20, durability: 3, willpower: 3, minions: 1 },
  { id: 'octavius', ja: 'オクタヴィアス', level: 4, power: 10, durability: 2, willpower: 3 },
  { id: 'yamaki2', ja: 'ヤマキ2', level: 2, power: 15, durability: 5, willpower: 9, minions: 1 },
  { id: 'jessica', ja: 'ジェシカ', level: 1, power: 10, durability: 2, willpower: 2, disintegrate: true },
];
