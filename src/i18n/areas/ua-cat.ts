/**
 * Messages of area `uaCat.*` (issue 26): the URBAN ASSAULT catalogue lines `balance-lab list` prints (weapons,
 * armour, shields, expendables, equipment, squad members) — src/rules/urban-assault/catalogue/lines.ts. Item names
 * keep their id and Japanese name in both languages.
 */
export const en = {
  'uaCat.weapon': 'weapon {id} ({ja}): {cost} magazines, {shots} shot(s), attack {mod}',
  'uaCat.armour': 'armour {id} ({ja}): {cost} magazines, life +{life}, defence +{defence}',
  'uaCat.shield': 'shield {id} ({ja}): {cost} magazines, life +{life}, defence vs shooting +{defence}',
  'uaCat.expendable': 'expendable {id} ({ja}): {cost} magazines',
  'uaCat.equipment': 'equipment {id} ({ja}): {cost} magazines{attachment}',
  'uaCat.attachment': ', attachment',
  'uaCat.member': 'member {id} ({ja}): {cost} magazines, skill {skill}, shots {shots}{nonCombatant}{sniperPoint}',
  'uaCat.nonCombatant': ', non-combatant',
  'uaCat.sniperPoint': ', sniper point',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'uaCat.weapon': '武器 {id}（{ja}）: 弾倉 {cost}、射撃回数 {shots}、攻撃 {mod}',
  'uaCat.armour': 'アーマー {id}（{ja}）: 弾倉 {cost}、生命点 +{life}、防御 +{defence}',
  'uaCat.shield': 'シールド {id}（{ja}）: 弾倉 {cost}、生命点 +{life}、射撃に対する防御 +{defence}',
  'uaCat.expendable': '消耗品 {id}（{ja}）: 弾倉 {cost}',
  'uaCat.equipment': '装備 {id}（{ja}）: 弾倉 {cost}{attachment}',
  'uaCat.attachment': '、アタッチメント',
  'uaCat.member': '隊員 {id}（{ja}）: 弾倉 {cost}、技量 {skill}、射撃回数 {shots}{nonCombatant}{sniperPoint}',
  'uaCat.nonCombatant': '、非戦闘員',
  'uaCat.sniperPoint': '、狙撃ポイント',
};
