/**
 * Messages of area `lockeCompile.*` (超人ロック experiments (chojin-locke compile)), in English and Japanese. The type of
 * `ja` makes a missing id a compile error. Keys and values of files stay as the files spell them.
 */
export const en = {
  'lockeCompile.attackCardNeedsPower': 'an attack card needs a power',
  'lockeCompile.cardsMost2000': '{outCount} cards: at most 2000',
  'lockeCompile.expected11Entries2D6': '{what}: expected 11 entries (2D6 = 2..12), got {lCount}',
  'lockeCompile.firstRatioMust0': 'the first ratio must be 0',
  'lockeCompile.ascendingRatiosStarting0': 'ascending ratios starting at 0',
  'lockeCompile.ratiosMustAscendEntry': 'ratios must ascend (entry {i})',
  'lockeCompile.columnsRatios': '{dlCount} columns for {ratiosCount} ratios',
  'lockeCompile.oneDamageColumnPer': 'one damage column per ratio',
  'lockeCompile.esperWithoutCharacterNeeds': 'an esper without "character" needs {k}',
  'lockeCompile.characterOneLevelPower': 'character: one of {CHARACTERS}, or level, power, durability, willpower',
  'lockeCompile.notValidEsperName': '"{name}" is not a valid esper name',
  'lockeCompile.handCardsMoreThan': 'a hand of {handSize} + {minions} cards is more than the engine holds ({MAX_HAND})',
  'lockeCompile.specialWeaponsMost': '{specialsCount} special weapons: at most {MAX_SPECIALS}',
  'lockeCompile.no': 'no {label}',
  'lockeCompile.listEspers': 'a list of espers: { character, policy, … }',
  'lockeCompile.esperNameUsedTwice': 'esper name "{name}" used twice in the {label}',
  'lockeCompile.giveDistinctName': 'give a distinct name:',
  'lockeCompile.espersEngineHoldsMost': '{value} espers: the engine holds at most {MAX_ESPERS}',
  'lockeCompile.elevenIntegers': '11 integers {min}..{max}',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'lockeCompile.attackCardNeedsPower': '攻撃カードにはパワーが必要です',
  'lockeCompile.cardsMost2000': 'カードが {outCount} 枚あります。上限は 2000 枚です',
  'lockeCompile.expected11Entries2D6': '{what}: 11 項目（2D6 = 2..12）が必要ですが、{lCount} 項目です',
  'lockeCompile.firstRatioMust0': '最初の比率は 0 でなければなりません',
  'lockeCompile.ascendingRatiosStarting0': '0 から始まる昇順の比率',
  'lockeCompile.ratiosMustAscendEntry': '比率は昇順でなければなりません（{i} 番目の項目）',
  'lockeCompile.columnsRatios': '比率 {ratiosCount} 個に対して列が {dlCount} 個あります',
  'lockeCompile.oneDamageColumnPer': '比率 1 つにダメージの列 1 つ',
  'lockeCompile.esperWithoutCharacterNeeds': '"character" のないエスパーには {k} が必要です',
  'lockeCompile.characterOneLevelPower': 'character: {CHARACTERS} のいずれか、または level、power、durability、willpower',
  'lockeCompile.notValidEsperName': '"{name}" はエスパー名として使えません',
  'lockeCompile.handCardsMoreThan': '手札 {handSize} + {minions} 枚は、エンジンが持てる枚数（{MAX_HAND}）を超えています',
  'lockeCompile.specialWeaponsMost': '特殊武器が {specialsCount} 個あります。上限は {MAX_SPECIALS} 個です',
  'lockeCompile.no': '{label} がいません',
  'lockeCompile.listEspers': 'エスパーのリスト: { character, policy, … }',
  'lockeCompile.esperNameUsedTwice': 'エスパー名 "{name}" が {label} の中で 2 回使われています',
  'lockeCompile.giveDistinctName': '別の名前を付けてください:',
  'lockeCompile.espersEngineHoldsMost': 'エスパーが {value} 人います。エンジンが扱えるのは最大 {MAX_ESPERS} 人です',
  'lockeCompile.elevenIntegers': '{min}..{max} の整数 11 個',
};
