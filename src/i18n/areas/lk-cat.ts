/**
 * Messages of area `lkCat.*` (issue 26): the 超人ロック catalogue lines `balance-lab list` prints (characters, the
 * deck, special attacks) — src/rules/chojin-locke/catalogue-lines.ts. Ids and card names are written as the seed
 * and the files write them, in both languages.
 */
export const en = {
  'lkCat.character': 'character {id} ({ja}): Lv {level}, power {power}, durability {durability}, willpower {willpower}{extras}',
  'lkCat.minions': ', {n} minion(s)',
  'lkCat.mirror': ', mirror Lv{level}',
  'lkCat.psychopod': ', psycho-pod Lv{level}',
  'lkCat.disintegration': ', disintegration',
  'lkCat.card': 'card {kind} {name} Lv{level}: {copies}{powers}',
  'lkCat.oneCopy': '1 copy',
  'lkCat.copies': '{n} copies',
  'lkCat.powers': ' (power {powers})',
  'lkCat.special': 'special {kind}: Lv{level}, power {powers}, {uses}{dud}',
  'lkCat.uses': '{n} use(s)',
  'lkCat.everyRound': 'every round',
  'lkCat.dud': ', nothing on 2D6 {rolls}',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'lkCat.character': 'キャラクター {id}（{ja}）: Lv {level}、パワー {power}、耐久力 {durability}、精神力 {willpower}{extras}',
  'lkCat.minions': '、手下 {n}',
  'lkCat.mirror': '、ラフノールの鏡 Lv{level}',
  'lkCat.psychopod': '、サイコポッド Lv{level}',
  'lkCat.disintegration': '、分解消去',
  'lkCat.card': 'カード {kind} {name} Lv{level}: {copies}{powers}',
  'lkCat.oneCopy': '1 枚',
  'lkCat.copies': '{n} 枚',
  'lkCat.powers': '（パワー {powers}）',
  'lkCat.special': '特殊攻撃 {kind}: Lv{level}、パワー {powers}、{uses}{dud}',
  'lkCat.uses': '使用 {n} 回',
  'lkCat.everyRound': '毎ラウンド',
  'lkCat.dud': '、2D6 が {rolls} なら効果なし',
};
