/**
 * Messages of area `input.*` (validation of experiment and scenario files), in English and Japanese. The type of
 * `ja` makes a missing id a compile error.
 */
export const en = {
  'input.allowed': '(allowed: {allowed})',
  'input.expectedMapping': 'expected a mapping, got {got}',
  'input.unknownKey': 'unknown key "{key}"',
  'input.missingKey': 'missing required key "{key}"',
  'input.missingList': 'missing list',
  'input.expectedList': 'expected a list, got {got}',
  'input.tooFewItems': 'expected at least {min} item(s), got {got}',
  'input.missingValue': 'missing value',
  'input.expectedString': 'expected a string, got {got}',
  'input.unknownValue': 'unknown value "{value}"',
  'input.expectedNumber': 'expected a number, got {got}',
  'input.expectedInteger': 'expected an integer, got {got}',
  'input.belowMin': '{value} is below the minimum',
  'input.aboveMax': '{value} is above the maximum',
  'input.aString': 'a string',
  'input.anInteger': 'an integer',
  'input.aNumber': 'a number',
  'input.andAtMost': ' and ≤ {max}',
  'input.expectedBoolean': 'expected true or false, got {got}',
  'input.fullWidthChar': 'full-width character "{char}" (U+{code}) where YAML expects ASCII: replace it with "{ascii}"',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'input.allowed': '（使える値: {allowed}）',
  'input.expectedMapping': 'マッピング（キー: 値）が必要ですが、{got} です',
  'input.unknownKey': '知らないキー "{key}" です',
  'input.missingKey': '必須のキー "{key}" がありません',
  'input.missingList': 'リストがありません',
  'input.expectedList': 'リストが必要ですが、{got} です',
  'input.tooFewItems': '少なくとも {min} 項目が必要ですが、{got} 項目です',
  'input.missingValue': '値がありません',
  'input.expectedString': '文字列が必要ですが、{got} です',
  'input.unknownValue': '知らない値 "{value}" です',
  'input.expectedNumber': '数値が必要ですが、{got} です',
  'input.expectedInteger': '整数が必要ですが、{got} です',
  'input.belowMin': '{value} は最小値より小さいです',
  'input.aboveMax': '{value} は最大値より大きいです',
  'input.aString': '文字列',
  'input.anInteger': '整数',
  'input.aNumber': '数値',
  'input.andAtMost': ' かつ ≤ {max}',
  'input.expectedBoolean': 'true か false が必要ですが、{got} です',
  'input.fullWidthChar': 'YAML が半角文字を求める所に全角文字「{char}」(U+{code}) があります。「{ascii}」に置き換えてください',
};
