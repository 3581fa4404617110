/**
 * Messages of area `rsCat.*` (issue 26): the robot-skirmish catalogue lines `balance-lab list` prints (the base
 * construction rule, sizes, weapons, equipment) — src/rules/robot-skirmish/catalogue-lines.ts. Ids and Japanese
 * names are written as the catalogue writes them, in both languages.
 */
export const en = {
  'rsCat.base': 'base: move {move} + {movePerPoint}/point (min {minMove}), attack {attack} + {attackPerPoint}/point, defence {defence} + {defencePerPoint}/point, {hands} hands, unit cost {unitCost} + bonus (≤ {bonusMax}; move/attack/defence ≤ {statMax}), throw range {throwRange} per attack point',
  'rsCat.size': 'size {id} ({ja}): +{points} bonus point(s), base radius {radius}, hp {hp}, {slots} slots',
  'rsCat.weapon': 'weapon {id} ({ja}): {kind}, damage {damage}, {hands} hand(s), {slots} slot(s){barrels}{en}{move}',
  'rsCat.melee': 'melee',
  'rsCat.ranged': 'ranged {range}',
  'rsCat.barrels': ', {n} barrels',
  'rsCat.move': ', move {n}',
  'rsCat.en': ', EN',
  'rsCat.equipment': 'equipment {id} ({ja}): {slots} slot(s){move}',
  'rsCat.damageMin': ' (min {min})',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'rsCat.base': '基本: 移動力 {move} + 1 点につき {movePerPoint}（最低 {minMove}）、攻撃力 {attack} + 1 点につき {attackPerPoint}、防御力 {defence} + 1 点につき {defencePerPoint}、手 {hands}、ユニットコスト {unitCost} + ボーナス（≤ {bonusMax}、移動力/攻撃力/防御力 ≤ {statMax}）、投擲の射程は攻撃点 1 につき {throwRange}',
  'rsCat.size': 'サイズ {id}（{ja}）: ボーナス +{points} 点、ベース半径 {radius}、HP {hp}、スロット {slots}',
  'rsCat.weapon': '武器 {id}（{ja}）: {kind}、ダメージ {damage}、手 {hands}、スロット {slots}{barrels}{en}{move}',
  'rsCat.melee': '格闘',
  'rsCat.ranged': '射撃 射程 {range}',
  'rsCat.barrels': '、{n} 連装',
  'rsCat.move': '、移動力 {n}',
  'rsCat.en': '、EN',
  'rsCat.equipment': '装備 {id}（{ja}）: スロット {slots}{move}',
  'rsCat.damageMin': '（最低 {min}）',
};
