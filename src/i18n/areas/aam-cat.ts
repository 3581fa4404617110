/**
 * Messages of area `aamCat.*` (issue 26): the Axis & Allies Miniatures stat lines `balance-lab list` prints —
 * src/rules/axis-allies-miniatures/catalogue-lines.ts. Unit, nation and special-ability names stay as the stat
 * cards print them (the game's own terms); the unit kind uses the replay's words (aamReplay.kind*).
 */
export const en = {
  'aamCat.unit': '{name} ({nation}, {kind}): {cost} pts, defence {front}/{rear}, speed {speed}, vs soldier {vsSoldier}, vs vehicle {vsVehicle}{abilities}{assumed}',
  'aamCat.abilities': '; {list}',
  'aamCat.assumed': ' [placeholder numbers]',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'aamCat.unit': '{name}（{nation}、{kind}）: {cost} 点、防御 {front}/{rear}、速度 {speed}、対兵士 {vsSoldier}、対車両 {vsVehicle}{abilities}{assumed}',
  'aamCat.abilities': '。特殊能力: {list}',
  'aamCat.assumed': '［仮の数値］',
};
